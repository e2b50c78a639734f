"""Checks of the plant-north Mosquitto broker, by connecting, publishing and subscribing.

The verifier starts the cloud stand-in and the plant broker itself, from the agent's files
(/etc/mosquitto, /var/lib/mosquitto/mosquitto.db), and talks MQTT to them as different users;
sync-users.sh is run again on a users list of its own.
"""

import csv
import os
import stat
import subprocess
import threading
import time
import uuid
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest

HERE = Path(__file__).parent
CONF_D = Path("/etc/mosquitto/conf.d")
PASSWD = Path("/etc/mosquitto/passwd")
PIDFILE = Path("/run/mosquitto/mosquitto.pid")
SYNC = Path("/app/broker/sync-users.sh")
CLOUD_PASS = Path("/app/broker/secrets/cloud.pass").read_text().strip()
PREFIX = "acme/plants/north/"
DEADLINE = 30.0


def parse_users(path: Path) -> dict[str, dict[str, str]]:
    """The users list as the instruction reads it: latest updated date wins, then the later row."""
    best: dict[str, tuple[tuple[str, int], dict[str, str]]] = {}
    with open(path, newline="", encoding="utf-8-sig") as f:
        rows = [r for r in csv.reader(f) if r and "".join(r).strip() and not r[0].lstrip().startswith("#")]
    for n, r in enumerate(rows[1:]):
        r = [c.strip() for c in r]
        user = r[0].lower()
        rec = {"role": r[1].lower(), "site": r[2].lower(), "status": r[3].lower(), "password": r[5]}
        key = (r[4], n)
        if user not in best or key >= best[user][0]:
            best[user] = (key, rec)
    return {u: rec for u, (_, rec) in best.items()}


USERS = parse_users(HERE / "users.csv")
ACTIVE = {u: r for u, r in USERS.items() if r["status"] == "active"}
# Facilities may have added rows to the live list since (appended, the original rows unchanged).
LIVE_CSV = Path("/app/broker/users.csv")
_live = LIVE_CSV.read_bytes() if LIVE_CSV.exists() else b""
LIVE_ACTIVE = (
    {u for u, r in parse_users(LIVE_CSV).items() if r["status"] == "active"}
    if _live.startswith((HERE / "users.csv").read_bytes())
    else set(ACTIVE)
)
ADMIN = ("admin-mq", USERS["admin-mq"]["password"])


def wait_for(predicate, what, deadline=DEADLINE):
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        try:
            if predicate():
                return
        except OSError:
            pass
        time.sleep(0.2)
    pytest.fail(f"not within {deadline:.0f} s: {what}")


def port_open(port: int) -> bool:
    import socket

    with socket.socket() as s:
        s.settimeout(2)
        return s.connect_ex(("127.0.0.1", port)) == 0


class Session:
    """One MQTT client connection (paho), with the messages it received."""

    def __init__(self, user, password, port=1883, client_id=None, clean=True):
        self.client = mqtt.Client(client_id=client_id or f"verify-{uuid.uuid4().hex[:10]}", clean_session=clean)
        if user is not None:
            self.client.username_pw_set(user, password)
        self.rc = None
        self.messages: list[tuple[str, bytes, bool]] = []
        self.lock = threading.Lock()
        self.subacks: set[int] = set()
        self.client.on_connect = self._on_connect
        self.client.on_message = self._on_message
        self.client.on_subscribe = lambda c, u, mid, q: self.subacks.add(mid)
        self.client.connect("127.0.0.1", port, 60)
        self.client.loop_start()
        end = time.monotonic() + DEADLINE
        while self.rc is None and time.monotonic() < end:
            time.sleep(0.05)

    def _on_connect(self, client, userdata, flags, rc):
        self.rc = rc

    def _on_message(self, client, userdata, msg):
        with self.lock:
            self.messages.append((msg.topic, msg.payload, bool(msg.retain)))

    @property
    def ok(self) -> bool:
        return self.rc == 0

    def subscribe(self, topic, qos=1):
        _, mid = self.client.subscribe(topic, qos)
        wait_for(lambda: mid in self.subacks, f"SUBACK for {topic}")

    def publish(self, topic, payload, qos=1, retain=False):
        info = self.client.publish(topic, payload, qos=qos, retain=retain)
        info.wait_for_publish(DEADLINE)

    def topics(self) -> list[str]:
        """Topics of the live (not retained) messages received so far."""
        with self.lock:
            return [t for t, _, retain in self.messages if not retain]

    def wait_topic(self, topic, deadline=DEADLINE):
        wait_for(lambda: topic in self.topics(), f"{topic} delivered", deadline)

    def close(self):
        self.client.disconnect()
        self.client.loop_stop()


def session(user, password, **kw) -> Session:
    s = Session(user, password, **kw)
    if not s.ok:
        s.close()
        pytest.fail(f"{user} could not connect (rc={s.rc})")
    return s


def refused(user, password, port=1883) -> bool:
    s = Session(user, password, port=port)
    s.close()
    return s.rc not in (None, 0)


def can_connect(user, password, port=1883) -> bool:
    s = Session(user, password, port=port)
    s.close()
    return s.ok


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return False


def stop_broker():
    if PIDFILE.exists():
        try:
            pid = int(PIDFILE.read_text().strip())
            os.kill(pid, 15)
            wait_for(lambda: not alive(pid), "broker stopped")
        except (ValueError, ProcessLookupError):
            pass
    subprocess.run(["pkill", "-x", "mosquitto"], check=False)
    time.sleep(0.5)


def start_broker():
    Path("/run/mosquitto").mkdir(exist_ok=True)
    subprocess.run(["chown", "mosquitto:", "/run/mosquitto"], check=True)
    PIDFILE.unlink(missing_ok=True)
    result = subprocess.run(
        ["mosquitto", "-c", "/etc/mosquitto/mosquitto.conf", "-d"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, f"mosquitto did not start: {result.stderr}"
    wait_for(lambda: port_open(1883), "the broker answers on 1883")


@pytest.fixture(scope="module", autouse=True)
def brokers():
    stop_broker()
    subprocess.run(["/app/broker/cloud/cloud.sh", "stop"], check=False, capture_output=True)
    subprocess.run(["/app/broker/cloud/cloud.sh", "start"], check=True, capture_output=True, timeout=60)
    start_broker()
    yield
    stop_broker()
    subprocess.run(["/app/broker/cloud/cloud.sh", "stop"], check=False, capture_output=True)


def retained_topics() -> set[str]:
    s = session(*ADMIN)
    s.subscribe("#")
    last = -1
    while True:  # retained messages come in one burst after the SUBACK; wait until it has ended
        time.sleep(3)
        n = len(s.messages)
        if n == last:
            break
        last = n
    s.close()
    return {t for t, _, retain in s.messages if retain}


def seeded_retained() -> set[str]:
    """What the build left retained under site/, test/ and tmp/ (environment/seed-retained.sh)."""
    out = set()
    for name, code, n in (("berlin", "ber", 8), ("leipzig", "lei", 8), ("graz", "grz", 8), ("hamburg", "ham", 4)):
        for k in range(1, n + 1):
            out.add(f"site/{name}/telemetry/s-{code}-{k:02d}/temp")
            if k % 3 == 0:
                out.add(f"site/{name}/telemetry/s-{code}-{k:02d}/humidity")
        out |= {f"site/{name}/config/setpoint", f"site/{name}/status"}
    out |= {
        "site/hamburg/commands/line-stop",
        "site/berlin/config/routes/hamburg",
        "site/graz/telemetry/s-grz-02/test",
        "site/leipzig/commands/valve-3",
        "test/ping",
        "test/bridge/hello",
        "test/s-ber-01/temp",
        "tmp/mqtt-explorer/probe",
    }
    return out


def test_retained_cleanup():
    """The retained messages of the closed Hamburg site (site/hamburg/...) and of the tests (test/...,
    tmp/...) are cleared from the persistence file; every other retained message is kept."""
    have = {t for t in retained_topics() if t.split("/")[0] in ("site", "test", "tmp")}
    gone = {t for t in seeded_retained() if t.startswith(("site/hamburg/", "test/", "tmp/"))}
    keep = seeded_retained() - gone
    assert not (have & gone), f"still retained: {sorted(have & gone)}"
    assert keep <= have, f"retained messages lost: {sorted(keep - have)}"


def test_debian_main_config_unchanged():
    """/etc/mosquitto/mosquitto.conf is left as Debian ships it; the configuration is in conf.d/."""
    out = subprocess.run(["dpkg-query", "-W", "-f=${Conffiles}", "mosquitto"], capture_output=True, text=True).stdout
    want = {line.split()[0]: line.split()[1] for line in out.splitlines() if line.strip()}
    got = subprocess.run(["md5sum", "/etc/mosquitto/mosquitto.conf"], capture_output=True, text=True).stdout.split()[0]
    assert want["/etc/mosquitto/mosquitto.conf"] == got, "mosquitto.conf was changed"
    assert list(CONF_D.glob("*.conf")), "no configuration in /etc/mosquitto/conf.d"


def test_listeners():
    """Devices connect on port 1883 on all addresses; the historian's listener 1884 is on 127.0.0.1 only."""
    out = subprocess.run(["ss", "-ltnH"], capture_output=True, text=True).stdout
    local = [line.split()[3] for line in out.splitlines()]
    assert any(a in ("0.0.0.0:1883", "*:1883", "[::]:1883") for a in local), local
    assert [a for a in local if a.endswith(":1884")] == ["127.0.0.1:1884"], local
    assert can_connect(*ADMIN, port=1884)


def test_anonymous_refused():
    """No anonymous clients, on either listener."""
    assert refused(None, None, 1883)
    assert refused(None, None, 1884)


def test_active_users_connect():
    """Every active account of the users list connects with its password (fields may carry spaces
    around them: trim them; usernames in lower case; when an account appears twice, the row with
    the latest updated date wins, on the same date the later row)."""
    for user, rec in ACTIVE.items():
        assert can_connect(user, rec["password"]), f"{user} refused"


def test_inactive_and_stale_refused():
    """Disabled accounts, superseded rows' passwords and wrong passwords are refused."""
    for user, rec in USERS.items():
        if rec["status"] != "active":
            assert refused(user, rec["password"]), f"disabled {user} can connect"
    assert refused("dash-wall", "F4kf7W2QmhFU3V"), "dash-wall was disabled by its newer row"
    assert refused("s-lei-05", "jsqsT3hJ5wEn7b"), "s-lei-05's old password still works"
    assert refused("op-graz", "mxkdPRNx28yj4j"), "op-graz's older row won"
    assert refused("grafana", "8cMsWmXxqTbSgx"), "grafana: on the same date the later row wins"
    assert refused("admin-mq", "wrong-password")


def test_passwords_hashed():
    """/etc/mosquitto/passwd holds the active accounts with hashed passwords, none in plain text."""
    text = PASSWD.read_text()
    names = {line.split(":", 1)[0] for line in text.splitlines() if line.strip()}
    assert names in (set(ACTIVE), LIVE_ACTIVE), sorted(names ^ set(ACTIVE))
    for rec in USERS.values():
        assert rec["password"] not in text
    for line in text.splitlines():
        if line.strip():
            assert line.split(":", 1)[1].startswith("$"), f"not hashed: {line.split(':')[0]}"


def test_sensor_publishes_only_its_own_topics():
    """A sensor publishes only under site/<its site>/telemetry/<its name>/; anything else it
    publishes is dropped."""
    watcher = session(*ADMIN)
    watcher.subscribe("site/#")
    sensor = session("s-ber-04", ACTIVE["s-ber-04"]["password"])
    sensor.publish("site/berlin/telemetry/s-ber-05/temp", "spoofed")
    sensor.publish("site/leipzig/telemetry/s-ber-04/temp", "wrong site")
    sensor.publish("site/berlin/commands/valve-1", "open")
    sensor.publish("site/berlin/telemetry/s-ber-04/temp", "20.5")
    watcher.wait_topic("site/berlin/telemetry/s-ber-04/temp")
    got = set(watcher.topics())
    sensor.close()
    watcher.close()
    assert got == {"site/berlin/telemetry/s-ber-04/temp"}, sorted(got)


def test_sensor_reads_nothing():
    """Sensors subscribe to nothing: they receive no messages."""
    sensor = session("s-grz-05", ACTIVE["s-grz-05"]["password"])
    sensor.subscribe("site/#")
    admin = session(*ADMIN)
    admin.publish("site/graz/commands/fan", "on")
    own = session("s-grz-05", ACTIVE["s-grz-05"]["password"], client_id="verify-s-grz-05-b")
    own.publish("site/graz/telemetry/s-grz-05/temp", "19.0")
    marker = session(*ADMIN)
    marker.subscribe("site/graz/#")
    admin.publish("site/graz/telemetry/s-grz-01/temp", "19.1")
    marker.wait_topic("site/graz/telemetry/s-grz-01/temp")
    time.sleep(1)
    got = [t for t, _, retain in sensor.messages if not retain]
    for c in (sensor, admin, own, marker):
        c.close()
    assert got == [], got
    assert not [t for t, _, retain in sensor.messages if retain], "a sensor received retained messages"


def test_dashboard_reads_telemetry_only():
    """Dashboards read the telemetry of every site and nothing else, and publish nothing."""
    dash = session("grafana", ACTIVE["grafana"]["password"])
    dash.subscribe("site/#")
    dash.subscribe("test/#")
    dash.publish("site/berlin/commands/valve-1", "open")
    admin = session(*ADMIN)
    admin.subscribe("site/berlin/commands/#")
    admin.publish("site/leipzig/commands/valve-2", "close")
    admin.publish("site/graz/config/setpoint", '{"temp": 20}')
    admin.publish("test/x", "x")
    for site in ("berlin", "leipzig", "graz"):
        admin.publish(f"site/{site}/telemetry/probe/temp", "1")
    for site in ("berlin", "leipzig", "graz"):
        dash.wait_topic(f"site/{site}/telemetry/probe/temp")
    live = [t for t, _, retain in dash.messages if not retain]
    stray = [t for t, _, _ in dash.messages if "/telemetry/" not in t]
    admin_got = admin.topics()
    dash.close()
    admin.close()
    assert sorted(live) == sorted(f"site/{s}/telemetry/probe/temp" for s in ("berlin", "leipzig", "graz")), live
    assert stray == [], stray
    assert "site/berlin/commands/valve-1" not in admin_got, "a dashboard published a command"


def test_operator_owns_its_site():
    """An operator reads and writes everything under its own site and nothing of other sites."""
    op = session("op-leipzig-kraus", ACTIVE["op-leipzig-kraus"]["password"])
    op.subscribe("site/#")
    admin = session(*ADMIN)
    admin.subscribe("site/+/commands/#")
    op.publish("site/berlin/commands/valve-1", "open")
    op.publish("site/leipzig/commands/valve-9", "open")
    admin.wait_topic("site/leipzig/commands/valve-9")
    admin.publish("site/berlin/config/setpoint", '{"temp": 22}')
    admin.publish("site/leipzig/config/setpoint", '{"temp": 22}')
    op.wait_topic("site/leipzig/config/setpoint")
    seen = [t for t, _, _ in op.messages]  # retained ones included
    admin_got = admin.topics()
    op.close()
    admin.close()
    assert "site/berlin/commands/valve-1" not in admin_got, "the Leipzig operator commanded Berlin"
    assert not [t for t in seen if not t.startswith("site/leipzig/")], "the Leipzig operator read another site"


def test_admin_reads_sys():
    """The admin account reads and writes everything, $SYS included (read); others get no $SYS."""
    admin = session(*ADMIN)
    admin.subscribe("$SYS/broker/version")
    dash = session("grafana", ACTIVE["grafana"]["password"])
    dash.subscribe("$SYS/broker/version")
    wait_for(lambda: admin.messages, "$SYS/broker/version delivered to the admin", 60)
    time.sleep(1)
    got = list(dash.messages)
    admin.close()
    dash.close()
    assert got == [], "a dashboard reads $SYS"


def cloud_session() -> Session:
    return session("plant-north", CLOUD_PASS, port=1885)


def bridge_reported_up() -> bool:
    s = Session("plant-north", CLOUD_PASS, port=1885)
    s.subscribe(PREFIX + "bridge/state")
    time.sleep(1)
    state = [p for t, p, _ in s.messages if t == PREFIX + "bridge/state"]
    s.close()
    return bool(state) and state[-1] == b"1"


@pytest.fixture(scope="module")
def bridge_up():
    """Waits, once, up to 60 s for the bridge to report state 1 on the cloud broker. A module
    fixture, so that a bridge that never came up fails every bridge test at once instead of each
    waiting out its own minute for it."""
    wait_for(bridge_reported_up, "bridge state 1 on the cloud broker", 60)


def test_bridge_state(bridge_up):
    """The bridge north-cloud is connected and reports its state retained on the cloud broker at
    acme/plants/north/bridge/state (1 while it is up)."""
    cloud = cloud_session()
    cloud.close()


def test_bridge_sends_telemetry_remapped(bridge_up):
    """Telemetry site/<site>/telemetry/... reaches the cloud broker as
    acme/plants/north/<site>/telemetry/...; commands and config do not leave the plant."""
    cloud = cloud_session()
    cloud.subscribe("#")
    wait_for(lambda: any(t == PREFIX + "bridge/state" for t, _, _ in cloud.messages), "bridge state on the cloud", 60)
    admin = session(*ADMIN)
    admin.publish("site/graz/commands/valve-4", "open")
    admin.publish("site/graz/config/setpoint", '{"temp": 23}')
    admin.publish("test/bridge/x", "x")
    sensor = session("s-grz-03", ACTIVE["s-grz-03"]["password"])
    sensor.publish("site/graz/telemetry/s-grz-03/temp", "18.2")
    cloud.wait_topic(PREFIX + "graz/telemetry/s-grz-03/temp", 60)
    topics = [t for t, _, retain in cloud.messages if not retain]
    for c in (cloud, admin, sensor):
        c.close()
    assert topics.count(PREFIX + "graz/telemetry/s-grz-03/temp") == 1, topics
    leaked = [t for t in topics if "/telemetry/" not in t and t != PREFIX + "bridge/state"]
    assert leaked == [], f"left the plant: {leaked}"


def test_bridge_receives_commands_remapped(bridge_up):
    """Commands the cloud publishes on acme/plants/north/<site>/commands/... arrive in the plant on
    site/<site>/commands/...; nothing else comes in from the cloud."""
    local = session(*ADMIN)
    local.subscribe("#")
    cloud = cloud_session()

    def ping_arrives():  # the bridge's subscription on the cloud side is in place
        cloud.publish(PREFIX + "leipzig/commands/ping", "1")
        time.sleep(1)
        return "site/leipzig/commands/ping" in local.topics()

    wait_for(ping_arrives, "a first command from the cloud arrives", 60)
    with local.lock:
        local.messages.clear()
    cloud.publish(PREFIX + "leipzig/telemetry/s-lei-01/temp", "99")
    cloud.publish(PREFIX + "leipzig/config/setpoint", '{"temp": 5}')
    cloud.publish("site/leipzig/commands/valve-1", "unprefixed")
    cloud.publish(PREFIX + "leipzig/commands/valve-1", "close")
    local.wait_topic("site/leipzig/commands/valve-1", 60)
    got = [(t, p) for t, p, retain in local.messages if not retain and not t.startswith("$") and t != "site/leipzig/commands/ping"]
    cloud.close()
    local.close()
    assert got == [("site/leipzig/commands/valve-1", b"close")], got


def test_bridge_password_only_in_root_file():
    """The bridge's cloud password is only in /etc/mosquitto/conf.d/bridge.conf, owned by root,
    mode 0600; no other file under /etc/mosquitto holds it."""
    bridge = CONF_D / "bridge.conf"
    st = bridge.stat()
    assert st.st_uid == 0 and stat.S_IMODE(st.st_mode) == 0o600, oct(st.st_mode)
    assert CLOUD_PASS in bridge.read_text()
    assert "connection north-cloud" in bridge.read_text().replace("\t", " ")
    for p in Path("/etc/mosquitto").rglob("*"):
        if p.is_file() and p != bridge:
            assert CLOUD_PASS not in p.read_text(errors="replace"), f"password in {p}"


def test_historian_queue_survives_night():
    """Messages for the historian's persistent session (on 1884, QoS 1) are queued while it is
    offline, up to 20000 of them."""
    hist = ("historian", ACTIVE["historian"]["password"])
    cid = f"historian-verify-{uuid.uuid4().hex[:6]}"
    h = session(*hist, port=1884, client_id=cid, clean=False)
    h.subscribe("site/+/telemetry/#", qos=1)
    h.close()
    sensor = session("s-lei-02", ACTIVE["s-lei-02"]["password"])
    n = 2500
    for i in range(n):
        sensor.client.publish("site/leipzig/telemetry/s-lei-02/seq", str(i), qos=1)
    sensor.publish("site/leipzig/telemetry/s-lei-02/seq", "end")
    sensor.close()
    h = session(*hist, port=1884, client_id=cid, clean=False)
    wait_for(lambda: b"end" in [p for _, p, _ in h.messages], "the queued messages delivered", 120)
    got = [p for t, p, _ in h.messages if t == "site/leipzig/telemetry/s-lei-02/seq"]
    h.close()
    assert len(got) >= n + 1, f"{len(got)} of {n + 1} queued messages delivered"


FRESH = """# re-export after the Graz extension\r
username,role,site,status,updated,password\r
  S-GRZ-11 ,Sensor,Graz,Active,2026-11-20,Grz11-fresh-a1\r
s-grz-12,sensor,graz,active,2026-11-20,Grz12-fresh-b2\r
s-grz-12,sensor,graz,disabled,2026-11-02,Grz12-older-zz\r
Op-Graz,operator,graz,active,2026-11-21,OpGraz-new-c3\r
\r
op-graz,operator,graz,active,2026-11-01,OpGraz-old-d4\r
viewer-2, DASHBOARD ,, active ,2026-11-22,View2-e5\r
viewer-2,dashboard,,DISABLED,2026-11-22,View2-f6\r
admin-mq,admin,,active,2026-11-20,Adm-fresh-g7\r
s-ber-01,sensor,berlin,disabled,2026-11-23,x\r
s-ber-01,sensor,berlin,active,2026-11-19,Ber01-h8\r
"""


def test_sync_script_on_a_new_list():
    """sync-users.sh, given another users list, rewrites the accounts and ACLs from it, and the
    running broker applies them without a restart."""
    assert SYNC.is_file() and os.access(SYNC, os.X_OK), "/app/broker/sync-users.sh missing or not executable"
    fresh = Path("/tmp/verify-users.csv")
    fresh.write_text(FRESH)
    pid = PIDFILE.read_text().strip()
    try:
        result = subprocess.run([str(SYNC), str(fresh)], capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        wait_for(lambda: can_connect("s-grz-11", "Grz11-fresh-a1"), "s-grz-11 can connect after the sync")
        assert PIDFILE.read_text().strip() == pid, "the broker was restarted"
        assert can_connect("s-grz-12", "Grz12-fresh-b2")
        assert can_connect("op-graz", "OpGraz-new-c3")
        assert refused("op-graz", "OpGraz-old-d4")
        assert refused("viewer-2", "View2-e5") and refused("viewer-2", "View2-f6")
        assert refused("s-ber-01", "x") and refused("s-ber-01", "Ber01-h8")
        assert refused("historian", ACTIVE["historian"]["password"]), "an account not in the list remains"
        watcher = session("admin-mq", "Adm-fresh-g7")
        watcher.subscribe("site/#")
        s11 = session("s-grz-11", "Grz11-fresh-a1")
        s11.publish("site/graz/telemetry/s-grz-12/temp", "spoof")
        s11.publish("site/graz/telemetry/s-grz-11/temp", "17.0")
        watcher.wait_topic("site/graz/telemetry/s-grz-11/temp")
        assert "site/graz/telemetry/s-grz-12/temp" not in watcher.topics()
        op = session("op-graz", "OpGraz-new-c3")
        op.publish("site/graz/commands/door", "open")
        watcher.wait_topic("site/graz/commands/door")
        for c in (watcher, s11, op):
            c.close()
    finally:
        subprocess.run([str(SYNC)], capture_output=True, timeout=120)
