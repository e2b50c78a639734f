#!/bin/bash
# Reference solution: an anchored fail2ban filter, the jail in jail.d, and a report script that
# replays the log through the same filter (fail2ban-regex -o) and applies the ban rule in awk.
set -euo pipefail

# 1. The filter: failed logins (any reason) and invalid tokens; the address is the one at the end of
#    the line, so a user name carrying "from ... port ... (...)" cannot pick it.
cat > /etc/fail2ban/filter.d/ledgerd-auth.conf <<'EOF'
# fail2ban filter for ledgerd's /var/log/ledgerd/auth.log
[Definition]
failregex = ^\s*WARN\s+\[auth\] login failed for user ".*" from <HOST> port \d+ \([^()]*\)$
            ^\s*WARN\s+\[api\] token rejected from <HOST> port \d+ \(invalid\)$
ignoreregex =
datepattern = ^%%Y-%%m-%%d %%H:%%M:%%S,%%f
EOF

# 2. The jail, next to the platform team's jail.local, which stays as it is.
cat > /etc/fail2ban/jail.d/ledgerd.local <<'EOF'
[ledgerd-auth]
enabled = true
filter = ledgerd-auth
logpath = /var/log/ledgerd/auth.log
port = 8443
maxretry = 4
findtime = 10m
bantime = 1h
ignoreip = 127.0.0.1/8 ::1 10.0.0.0/8
EOF

# 3. The report script: who would be banned, when, and how many failures they had.
cat > /app/ban-report.sh <<'EOF'
#!/bin/bash
# ban-report.sh [LOG]: replay ledgerd's auth log through the ledgerd-auth filter and print, for every
# address the jail would ban, "address<TAB>time of the failure that trips the ban<TAB>failures".
set -euo pipefail
log=${1:-/var/log/ledgerd/auth.log}
# Pair each failure's address with its timestamp: the matched lines, in log order.
fail2ban-regex -o row "$log" /etc/fail2ban/filter.d/ledgerd-auth.conf |
    sed -E "s/^\['([^']*)',\s*([0-9]+)\.[0-9]+,.*/\1 \2/" > /tmp/ban-report.$$.rows
python3 - /tmp/ban-report.$$.rows <<'PY'
import ipaddress, sys, time
ignored = [ipaddress.ip_network(n) for n in ("127.0.0.0/8", "::1/128", "10.0.0.0/8")]
maxretry, findtime = 4, 600
times = {}
for line in open(sys.argv[1]):
    ip, t = line.split()
    a = ipaddress.ip_address(ip)
    if any(a.version == n.version and a in n for n in ignored):
        continue
    times.setdefault(ip, []).append(int(t))
out = []
for ip, ts in times.items():
    ts.sort()
    for k in range(maxretry - 1, len(ts)):
        if ts[k] - ts[k - maxretry + 1] <= findtime:
            out.append((time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(ts[k])), ip, len(ts)))
            break
for when, ip, n in sorted(out):
    print(f"{ip}\t{when}\t{n}")
PY
rm -f /tmp/ban-report.$$.rows
EOF
chmod 0755 /app/ban-report.sh

# 4. Today's report.
/app/ban-report.sh > /app/ban-report.tsv

# 5. Check: the jail parses, the filter matches, the report lists the bans.
fail2ban-client -d | grep "'ledgerd-auth'" | grep -E "maxretry|findtime|bantime|ignoreip" | head
fail2ban-regex /var/log/ledgerd/auth.log /etc/fail2ban/filter.d/ledgerd-auth.conf | grep '^Lines'
cat /app/ban-report.tsv
