#!/bin/bash
# Reference solution: a oneshot service and a persistent timer per job, timers enabled with
# systemctl enable (it works offline), cron file kept in /root/cron-migration and removed; checks.
set -euo pipefail
U=/etc/systemd/system

# name | user | ExecStart | OnCalendar lines (;-separated)
jobs=(
  "sync-inventory|app|/srv/ops/jobs/sync-inventory.sh|*-*-* *:00/15:00"
  "backup-db|postgres|/srv/ops/jobs/backup-db.sh --full|*-*-* 02:30:00"
  # cron runs a job whose day-of-month and day-of-week are both restricted when EITHER matches;
  # systemd ANDs the parts of one expression, so that needs two expressions.
  "rotate-keys|root|/srv/ops/jobs/rotate-keys.sh|*-*-01 04:00:00;Mon *-*-* 04:00:00"
  "report|app|/srv/ops/jobs/report.sh --title=Ops%%20Daily|Mon..Fri *-*-* 08..18/2:05:00"
  "weekly-cleanup|root|/srv/ops/jobs/weekly-cleanup.sh|Sun *-*-* 23:45:00"
)

for job in "${jobs[@]}"; do
    IFS='|' read -r name user exec calendars <<<"$job"
    cat > "$U/$name.service" <<UNIT
[Unit]
Description=Ops job $name (migrated from /etc/cron.d/ops-jobs)

[Service]
Type=oneshot
User=$user
ExecStart=$exec
UNIT
    {
        echo "[Unit]"
        echo "Description=Schedule of ops job $name"
        echo
        echo "[Timer]"
        IFS=';' read -ra cals <<<"$calendars"
        for c in "${cals[@]}"; do echo "OnCalendar=$c"; done
        echo "Persistent=true"
        echo
        echo "[Install]"
        echo "WantedBy=timers.target"
    } > "$U/$name.timer"
    chmod 0644 "$U/$name.service" "$U/$name.timer"
    systemd-analyze verify "$U/$name.service" "$U/$name.timer"
    systemctl enable "$name.timer" 2>&1
done

mkdir -p /root/cron-migration
cp -n /etc/cron.d/ops-jobs /root/cron-migration/ops-jobs
rm -f /etc/cron.d/ops-jobs

# Check the schedules and the links.
for job in "${jobs[@]}"; do
    IFS='|' read -r name _ _ calendars <<<"$job"
    IFS=';' read -ra cals <<<"$calendars"
    for c in "${cals[@]}"; do
        systemd-analyze calendar --iterations=2 "$c" | grep -E 'Normalized|Next|Iter'
    done
done
ls -l "$U/timers.target.wants/"
