#!/bin/bash
# Reference solution: squid.conf written section by section, the cache created, squid started,
# then checks by requests as a build agent and as an outsider.
set -euo pipefail
CONF=/etc/squid/squid.conf
AGENT=(--interface 127.0.20.5 -x http://127.0.0.1:3128)
# The mirrors first: squid reads their names from /etc/hosts when it starts.
/app/farm/mirrors.sh start
# Port and name.
cat > "$CONF" <<'EOF'
# buildproxy.farm.lan: the build farm's download proxy (allowlist; Debian's original is squid.conf.dpkg-dist)
http_port 3128
visible_hostname buildproxy.farm.lan
EOF
# Who may use it, where to, and on which ports: only the agents, only the three mirrors by exact
# name (-n: a raw IP address is never looked up, so it never matches), HTTP on 80, CONNECT on 443.
cat >> "$CONF" <<'EOF'

acl build_agents src 127.0.20.0/24
acl farm_mirrors dstdomain -n deb.farm.lan pypi.farm.lan artifacts.farm.lan
acl plain_http port 80
acl tls_port port 443
acl CONNECT method CONNECT

http_access deny !build_agents
http_access deny !farm_mirrors
http_access deny CONNECT !tls_port
http_access deny !CONNECT !plain_http
http_access allow build_agents farm_mirrors
http_access deny all
EOF
# The mirrors never see the agents' addresses.
cat >> "$CONF" <<'EOF'

forwarded_for delete
EOF
# The security team's log, ops' native log beside it, and no query strings in either.
cat >> "$CONF" <<'EOF'

logformat buildfarm %{%Y-%m-%dT%H:%M:%SZ}tg %>a %{X-Build-Job}>h %rm %ru %>Hs %<st %Ss
access_log daemon:/var/log/squid/buildfarm.log buildfarm
access_log daemon:/var/log/squid/access.log squid
strip_query_terms on
EOF
# The disk cache, big enough for artifacts (the object size limit before cache_dir).
cat >> "$CONF" <<'EOF'

maximum_object_size 2 GB
cache_dir ufs /var/spool/squid 20000 16 256
coredump_dir /var/spool/squid
EOF
# Snapshots are never cached.
cat >> "$CONF" <<'EOF'

acl snapshots url_regex -i ^http://artifacts\.farm\.lan/snapshots/
cache deny snapshots
EOF
# Freshness: PyPI's index always revalidated, artifacts fresh for 30 days, Debian's defaults after.
cat >> "$CONF" <<'EOF'

refresh_pattern -i ^http://pypi\.farm\.lan/simple/ 0 0% 0
refresh_pattern -i \.(deb|whl|tar\.gz|jar)$ 43200 100% 43200
refresh_pattern ^ftp: 1440 20% 10080
refresh_pattern -i (/cgi-bin/|\?) 0 0% 0
refresh_pattern \/(Packages|Sources)(|\.bz2|\.gz|\.xz)$ 0 0% 0 refresh-ims
refresh_pattern \/Release(|\.gpg)$ 0 0% 0 refresh-ims
refresh_pattern \/InRelease$ 0 0% 0 refresh-ims
refresh_pattern . 0 20% 4320
EOF
squid -k parse -f "$CONF"
# The cache directories, then squid (a clean restart when one already runs).
if [ -s /run/squid.pid ] && kill -0 "$(cat /run/squid.pid)" 2>/dev/null; then
    squid -k shutdown
    for _ in $(seq 100); do pgrep -x squid >/dev/null || break; sleep 0.3; done
fi
squid -N -z -f "$CONF"
squid -f "$CONF"
for _ in $(seq 100); do
    curl -s -o /dev/null "${AGENT[@]}" http://deb.farm.lan/ && break
    sleep 0.2
done
# Checks: an agent gets the mirror, an outsider and a denied host get 403, the log has the job id.
curl -sf -o /dev/null -H 'X-Build-Job: setup-check-1' "${AGENT[@]}" http://deb.farm.lan/debian/dists/bookworm/Release
test "$(curl -s -o /dev/null -w '%{http_code}' "${AGENT[@]}" http://paste.example.net/)" = 403
test "$(curl -s -o /dev/null -w '%{http_code}' -x http://127.0.0.1:3128 http://deb.farm.lan/)" = 403
for _ in $(seq 50); do grep -q ' setup-check-1 GET ' /var/log/squid/buildfarm.log && break; sleep 0.2; done
grep ' setup-check-1 GET ' /var/log/squid/buildfarm.log
