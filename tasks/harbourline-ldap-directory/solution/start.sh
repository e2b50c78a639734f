#!/bin/bash
# start.sh: start slapd for the Harbourline directory (127.0.0.1:389 and ldapi:///, as openldap);
# does nothing when it already runs; returns once the directory answers.
set -euo pipefail
PIDFILE=/var/run/slapd/slapd.pid
if [ -s "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
    echo "slapd already running (pid $(cat "$PIDFILE"))"
    exit 0
fi
mkdir -p /var/run/slapd
chown -R openldap:openldap /etc/ldap/slapd.d /var/lib/ldap /var/run/slapd
slapd -h "ldap://127.0.0.1:389/ ldapi:///" -u openldap -g openldap -F /etc/ldap/slapd.d
for _ in $(seq 1 60); do
    if ldapsearch -x -H ldap://127.0.0.1 -s base -b "" namingContexts >/dev/null 2>&1; then
        echo "slapd running (pid $(cat "$PIDFILE"))"
        exit 0
    fi
    sleep 0.5
done
echo "slapd did not answer on ldap://127.0.0.1:389" >&2
exit 1
