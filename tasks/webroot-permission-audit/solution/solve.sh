#!/bin/bash
# Reference solution: a policy script with a report mode; the report is taken before the fix.
set -euo pipefail
mkdir -p /app/audit
cat > /app/audit/fix-perms.sh <<'SCRIPT'
#!/bin/bash
# fix-perms.sh [--report] [ROOT]: bring the shop web root to the permission policy.
# --report only prints what differs (path, mode, owner:group), tab-separated, sorted.
set -euo pipefail
report=0
if [ "${1:-}" = --report ]; then report=1; shift; fi
root=${1:-/srv/shop}
root=${root%/}

want() {  # $1 relative path, $2 d|f -> "MODE OWNER"
    case "$1" in
        config/tls/shop.key) echo "0600 root:root" ;;
        storage|storage/*) if [ "$2" = d ]; then echo "2770 www-data:www-data"; else echo "0660 www-data:www-data"; fi ;;
        bin/*) if [ "$2" = d ]; then echo "0750 deploy:www-data"; else echo "0750 deploy:www-data"; fi ;;
        *) if [ "$2" = d ]; then echo "0750 deploy:www-data"; else echo "0640 deploy:www-data"; fi ;;
    esac
}

find "$root" \( -type f -o -type d \) -printf '%y\t%m\t%u:%g\t%p\n' | LC_ALL=C sort -t $'\t' -k4 |
while IFS=$'\t' read -r type mode owner path; do
    rel=${path#"$root"}; rel=${rel#/}; [ -n "$rel" ] || rel=.
    mode=$(printf '%04d' "$mode")
    read -r wmode wowner < <(want "$rel" "$type")
    [ "$mode $owner" = "$wmode $wowner" ] && continue
    if [ $report = 1 ]; then printf '%s\t%s\t%s\n' "$path" "$mode" "$owner"; continue; fi
    chown "$wowner" "$path"
    chmod "$wmode" "$path"
done
[ $report = 1 ] && exit 0
# ops reads the logs, read-only, also the ones written later (default ACL).
setfacl -R -m g:ops:rX "$root/storage/logs"
find "$root/storage/logs" -type d -exec setfacl -d -m g:ops:rX {} +
# ...and may pass through the two folders above them (search only, no listing).
setfacl -m g:ops:x "$root" "$root/storage"
SCRIPT
chmod 0750 /app/audit/fix-perms.sh
/app/audit/fix-perms.sh --report > /app/audit/before.tsv
/app/audit/fix-perms.sh
# Check: nothing left off the policy, ops reads a log written later, /etc/passwd untouched.
test "$(/app/audit/fix-perms.sh --report | wc -l)" = 0
su -s /bin/sh www-data -c 'echo check > /srv/shop/storage/logs/solve-check.log'
su -s /bin/sh monitor -c 'cat /srv/shop/storage/logs/solve-check.log' >/dev/null
rm /srv/shop/storage/logs/solve-check.log
stat -c '%a %U:%G' /etc/passwd | grep -qx '644 root:root'
wc -l < /app/audit/before.tsv
