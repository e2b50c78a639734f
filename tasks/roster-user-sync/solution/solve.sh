#!/bin/bash
# Reference solution: install sync-users, keep copies of the account databases, run it on the
# current roster (exit 1 is expected: the roster has two bad rows), then check.
set -uo pipefail
install -m 0755 /solution/sync-users /usr/local/sbin/sync-users
mkdir -p /root/account-backup
for f in passwd shadow group gshadow; do cp -n -p "/etc/$f" "/root/account-backup/$f"; done
/usr/local/sbin/sync-users /srv/hr/roster.csv
echo "sync-users exit: $?"
/usr/local/sbin/sync-users /srv/hr/roster.csv
echo "second run exit: $? (no output above means nothing changed)"
getent passwd | awk -F: '$3 >= 2000 && $3 <= 2999'
getent group | grep '^team-'
