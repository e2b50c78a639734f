# Legacy helpers kept for the old shop templates. Do not import from new code.
import re, string
def old_slug(s):
  s=s.lower();r=''
  for ch in s:
    if ch in string.ascii_lowercase+string.digits: r+=ch
    elif r and r[-1]!='-': r+='-'
  return r.strip('-')
def old_trunc(s,n): return s if len(s)<=n else s[:n-3]+'...'
_WS=re.compile('\s+')
def squash(s): return _WS.sub(' ',s).strip()
