#!/bin/bash
# Reference solution: haproxy.cfg built section by section, a start script, then checks by requests.
set -euo pipefail
CFG=/etc/haproxy/haproxy.cfg
# Global and defaults: Debian's global section, HTTP mode, X-Forwarded-For, retries that redispatch.
cat > "$CFG" <<'EOF'
global
	log /dev/log	local0
	log /dev/log	local1 notice
	chroot /var/lib/haproxy
	stats socket /run/haproxy/admin.sock mode 660 level admin
	stats timeout 30s
	user haproxy
	group haproxy
	daemon

defaults
	log	global
	mode	http
	option	httplog
	option	dontlognull
	option	forwardfor
	option	redispatch 1
	retries	3
	timeout connect 3s
	timeout client  30s
	timeout server  30s
EOF
# The frontend on port 8080: /admin to its own backend, everything else to the pool.
cat >> "$CFG" <<'EOF'

frontend shop
	bind :8080
	acl is_admin path_beg /admin
	use_backend shop_admin if is_admin
	default_backend shop_app
EOF
# The pool: round robin over app1 and app2 with health checks and the SRV cookie; app3 as backup.
cat >> "$CFG" <<'EOF'

backend shop_app
	balance roundrobin
	cookie SRV insert indirect nocache
	option httpchk GET /healthz
	http-check expect status 200
	default-server inter 1s fall 2 rise 2 maxconn 50
	server app1 127.0.0.1:8081 check cookie app1
	server app2 127.0.0.1:8082 check cookie app2
	server app3 127.0.0.1:8083 check cookie app3 backup
EOF
# The back-office: app1 only, never another instance.
cat >> "$CFG" <<'EOF'

backend shop_admin
	option httpchk GET /healthz
	http-check expect status 200
	server app1 127.0.0.1:8081 check inter 1s fall 2 rise 2 maxconn 50
EOF
# The stats page: loopback only, the password from the environment (never in the file).
cat >> "$CFG" <<'EOF'

listen stats
	bind 127.0.0.1:8404
	stats enable
	stats uri /stats
	stats refresh 5s
	stats auth "ops:${STATS_PASSWORD}"
EOF
# The start script: backends, then HAProxy (a reload when it already runs).
cat > /app/lb/start.sh <<'EOF'
#!/bin/bash
# start.sh: start the app instances and HAProxy; reload HAProxy when it already runs.
set -euo pipefail
CFG=/etc/haproxy/haproxy.cfg
PIDFILE=/run/haproxy.pid
/app/lb/backends.sh start
mkdir -p /run/haproxy
STATS_PASSWORD=$(cat /app/lb/secrets/stats-password)
export STATS_PASSWORD
haproxy -c -q -f "$CFG"
if [ -s "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
    haproxy -D -f "$CFG" -p "$PIDFILE" -sf $(cat "$PIDFILE")
else
    haproxy -D -f "$CFG" -p "$PIDFILE"
fi
for _ in $(seq 100); do
    curl -s -o /dev/null http://127.0.0.1:8080/ && exit 0
    sleep 0.1
done
echo "start.sh: nothing answers on port 8080" >&2
exit 1
EOF
chmod 0755 /app/lb/start.sh
/app/lb/start.sh
# Checks: both instances take turns, /admin stays on app1, the stats page wants the password.
for i in 1 2 3 4; do curl -s http://127.0.0.1:8080/ | python3 -c 'import json,sys; print(json.load(sys.stdin)["server"])'; done
curl -s http://127.0.0.1:8080/admin/ | grep -q '"server": "app1"'
test "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8404/stats)" = 401
