#!/bin/bash
# Build step: fills /var/lib/mosquitto/mosquitto.db with the retained messages the plant broker
# has collected over the years (last values, setpoints, and what Hamburg and tests left behind).
set -euo pipefail
conf=$(mktemp)
printf 'listener 1883 127.0.0.1\nallow_anonymous true\npersistence true\npersistence_location /var/lib/mosquitto/\npid_file /run/mosquitto/seed.pid\n' > "$conf"
mkdir -p /var/lib/mosquitto /run/mosquitto && chown mosquitto: /var/lib/mosquitto /run/mosquitto
mosquitto -c "$conf" -d
for _ in $(seq 1 100); do (exec 3<>/dev/tcp/127.0.0.1/1883) 2>/dev/null && break; sleep 0.1; done
pub() { mosquitto_pub -h 127.0.0.1 -p 1883 -q 1 -r -t "$1" -m "$2"; }
i=0
for site in berlin:ber leipzig:lei graz:grz hamburg:ham; do
    name=${site%%:*} code=${site##*:}
    n=8; [ "$name" = hamburg ] && n=4
    for k in $(seq 1 $n); do
        i=$((i + 1))
        s=$(printf 's-%s-%02d' "$code" "$k")
        pub "site/$name/telemetry/$s/temp" "{\"v\": $((180 + i * 7 % 60))e-1, \"unit\": \"C\"}"
        [ $((k % 3)) = 0 ] && pub "site/$name/telemetry/$s/humidity" "{\"v\": $((30 + i * 11 % 40)), \"unit\": \"%\"}"
    done
    pub "site/$name/config/setpoint" "{\"temp\": 21.5}"
    pub "site/$name/status" "online"
done
pub site/hamburg/status "closing"
pub site/hamburg/commands/line-stop "1"
pub site/berlin/config/routes/hamburg '{"carrier": "rail", "days": [1, 4]}'
pub site/graz/telemetry/s-grz-02/test '{"selftest": "ok"}'
pub site/leipzig/commands/valve-3 "open"
pub test/ping "ping"
pub test/bridge/hello "hello from the first bridge try"
pub test/s-ber-01/temp "99.9"
pub tmp/mqtt-explorer/probe "x"
pid=$(cat /run/mosquitto/seed.pid)
kill "$pid"
for _ in $(seq 1 100); do [ -e /proc/"$pid" ] || break; sleep 0.1; done
rm -f "$conf" /run/mosquitto/seed.pid
test -s /var/lib/mosquitto/mosquitto.db
