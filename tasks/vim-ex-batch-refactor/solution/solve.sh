#!/bin/bash
# Reference solution: the rename as a vim Ex script in /app/tools/rename.vim, written one rule at a
# time (settings and renames, INI sections, Markdown Changelog and Overview re-wrap, the driver that
# skips binary files and writes only changed files), then run on the repository and run again to
# show that a second pass changes nothing.
set -euo pipefail
cd /app
mkdir -p /app/tools

# 1. Settings that make the result independent of the user's vimrc, and the three renames.
cat > /app/tools/rename.vim <<'VIM'
" tools/rename.vim: the pumpwatch rename (get_level -> sample_level, PumpStation -> LiftStation,
" PumpStationError -> LiftStationError; poll_interval -> poll_seconds in [station] sections) and
" the re-wrap of each Markdown file's Overview at 79 columns. Run it from the repository root:
"   vim -N -u NONE -i NONE -n -Es -S tools/rename.vim -- FILE... </dev/null
" (every file but tools/; binary files may be given, they are left alone).
set nocompatible
set noignorecase nosmartcase nogdefault nojoinspaces
set nofixendofline
set hidden
set nomodeline
let s:width = 79

function! s:Rename(line) abort
  let l = substitute(a:line, '\C\<get_level\>', 'sample_level', 'g')
  let l = substitute(l, '\C\<PumpStationError\>', 'LiftStationError', 'g')
  return substitute(l, '\C\<PumpStation\>', 'LiftStation', 'g')
endfunction

function! s:SetLine(n, l) abort
  if a:l !=# getline(a:n)
    call setline(a:n, a:l)
  endif
endfunction
VIM

# 2. INI files: the key is renamed only in [station] and [station "name"] sections.
cat >> /app/tools/rename.vim <<'VIM'

function! s:Ini() abort
  let station = 0
  for n in range(1, line('$'))
    let l = getline(n)
    if l =~# '^\s*\['
      let station = l =~# '^\[station\%( "[^"]*"\)\=\]\s*$'
    elseif station
      let l = substitute(l, '\C^\s*\zspoll_interval\ze\s*=', 'poll_seconds', '')
    endif
    call s:SetLine(n, s:Rename(l))
  endfor
endfunction
VIM

# 3. Markdown: no renames in ## Changelog; the Overview's prose paragraphs re-wrapped greedily at
#    79 columns with single spaces (fences, lists, headings and modelines are not prose; a "#"
#    line inside a fence is not a heading).
cat >> /app/tools/rename.vim <<'VIM'

function! s:Wrap(lines) abort
  let out = []
  let cur = ''
  for w in split(join(a:lines, ' '))
    if cur !=# '' && strchars(cur) + 1 + strchars(w) > s:width
      call add(out, cur)
      let cur = w
    else
      let cur = cur ==# '' ? w : cur . ' ' . w
    endif
  endfor
  if cur !=# ''
    call add(out, cur)
  endif
  return out
endfunction

function! s:Markdown() abort
  let section = ''
  let fence = 0
  let prose = []
  for n in range(1, line('$'))
    let l = getline(n)
    let isprose = 0
    if l =~# '^\s*```'
      let fence = !fence
    elseif fence
    elseif l =~# '^#\{1,2} '
      let section = substitute(l, '\s*$', '', '')
    elseif section ==# '## Overview' && l =~# '\S' && l !~# '^\s*\%([-*+]\|\d\+[.)]\)\s' && l !~# '\%(^\|\s\)\%(vi\|vim\|ex\):'
      let isprose = 1
    endif
    if section !=# '## Changelog'
      call s:SetLine(n, s:Rename(l))
    endif
    call add(prose, isprose)
  endfor
  " bottom up, so that the line numbers above a re-wrapped paragraph stay valid
  let n = line('$')
  while n >= 1
    if !prose[n - 1]
      let n -= 1
      continue
    endif
    let e = n
    while n > 1 && prose[n - 2]
      let n -= 1
    endwhile
    let old = getline(n, e)
    let new = s:Wrap(old)
    if new !=# old
      execute 'silent ' . n . ',' . e . 'delete _'
      call append(n - 1, new)
    endif
    let n -= 1
  endwhile
endfunction
VIM

# 4. The driver: binary files (a NUL byte) are skipped, a file whose text did not change is not
#    written (its mtime stays), every argument is processed, and vim quits by itself.
cat >> /app/tools/rename.vim <<'VIM'

function! s:Process() abort
  if search('\%x00', 'nw') > 0
    return
  endif
  let before = getline(1, '$')
  let ext = expand('%:e')
  if ext ==# 'md'
    call s:Markdown()
  elseif ext ==# 'ini'
    call s:Ini()
  else
    for n in range(1, line('$'))
      call s:SetLine(n, s:Rename(getline(n)))
    endfor
  endif
  if getline(1, '$') ==# before
    setlocal nomodified
  endif
  update
endfunction

argdo call s:Process()
qall!
VIM

# 5. Run it on the repository: every file but tools/ (binary files included, the script skips them).
find . -type f ! -path './tools/*' -print0 | sort -z | xargs -0 vim -N -u NONE -i NONE -n -Es -S tools/rename.vim --

# 6. Check: a second run (with the team's vimrc) changes nothing, and no old name is left outside
#    the Changelogs and the binary files.
before=$(find . -type f ! -path './tools/*' -print0 | sort -z | xargs -0 sha256sum)
find . -type f ! -path './tools/*' -print0 | sort -z | xargs -0 vim -N -u tools/team.vimrc -i NONE -n -Es -S tools/rename.vim --
test "$before" = "$(find . -type f ! -path './tools/*' -print0 | sort -z | xargs -0 sha256sum)"
grep -rnw -e get_level -e PumpStation -e PumpStationError --include='*.py' --include='*.ini' . || echo "no old names left in .py and .ini files"
