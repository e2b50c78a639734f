#!/usr/bin/env python3
"""Lay out the shop's web root as the old tar-as-root deploys left it: modes, owners and all.

Deterministic (seeded): the image build and the verifier make the same tree, so the verifier
knows what the tree looked like before anyone fixed it.  Usage: mkshop.py ROOT
"""

from __future__ import annotations

import base64
import os
import random
import sys
from pathlib import Path

R = random.Random(2611)
FILES: list[tuple[str, int, str, bytes]] = []  # (relative path, mode, owner:group, content)
DIRS: dict[str, tuple[int, str]] = {}


def words(n: int) -> str:
    vocab = "cart order price stock sku basket tax invoice refund shipping coupon view render route".split()
    return " ".join(R.choice(vocab) for _ in range(n))


def add(rel: str, mode: int, owner: str, content: bytes | str) -> None:
    FILES.append((rel, mode, owner, content.encode() if isinstance(content, str) else content))


def pem(kind: str) -> str:
    body = base64.b64encode(R.randbytes(1190)).decode()
    lines = "\n".join(body[i : i + 64] for i in range(0, len(body), 64))
    return f"-----BEGIN {kind}-----\n{lines}\n-----END {kind}-----\n"


def layout() -> None:
    root_owned = "root:root"
    # Directories as deploys left them: mostly root 0755, a few world-writable.
    for d in ["", "public", "public/assets", "public/assets/css", "public/assets/js", "public/assets/img",
              "src", "src/Controller", "src/Model", "src/Service", "templates", "templates/shop",
              "vendor", "bin", "config", "config/tls", "config/jwt"]:
        DIRS[d] = (0o755, root_owned)
    DIRS["src/Model"] = (0o750, "deploy:www-data")
    DIRS["public/assets/img"] = (0o777, root_owned)
    DIRS["templates/shop"] = (0o775, "deploy:deploy")
    for d in ["storage", "storage/uploads", "storage/uploads/avatars", "storage/uploads/invoices",
              "storage/cache", "storage/cache/twig", "storage/logs", "storage/logs/archive"]:
        DIRS[d] = (0o777, "www-data:www-data")
    DIRS["storage/logs/archive"] = (0o755, root_owned)
    DIRS["storage/cache/twig"] = (0o2770, "www-data:www-data")

    add("public/index.php", 0o644, root_owned, "<?php\nrequire __DIR__.'/../src/bootstrap.php';\n")
    add("public/.htaccess", 0o666, root_owned, "RewriteEngine On\nRewriteRule ^ index.php [L]\n")
    for i in range(24):
        add(f"public/assets/css/shop-{i:02d}.css", R.choice([0o644, 0o644, 0o664]), root_owned, f"/* {words(6)} */\n.c{i}{{color:#{R.randrange(16**6):06x}}}\n")
        add(f"public/assets/js/bundle-{i:02d}.js", R.choice([0o644, 0o666]), root_owned, f"// {words(8)}\nexport const v{i} = {R.randrange(1000)};\n")
    for i in range(30):
        add(f"public/assets/img/product-{i:03d}.png", 0o644, root_owned, b"\x89PNG\r\n\x1a\n" + R.randbytes(200))
    for sub, n in [("Controller", 14), ("Model", 12), ("Service", 10)]:
        for i in range(n):
            owner = "deploy:www-data" if sub == "Model" and i % 3 else root_owned
            mode = 0o640 if sub == "Model" and i % 3 else R.choice([0o644, 0o644, 0o664, 0o666])
            add(f"src/{sub}/{sub}{i:02d}.php", mode, owner, f"<?php\nnamespace Shop\\{sub};\n// {words(10)}\n")
    add("src/bootstrap.php", 0o644, root_owned, "<?php\n$env = parse_ini_file(__DIR__.'/../config/.env');\n")
    for i in range(18):
        add(f"templates/shop/page-{i:02d}.html.twig", R.choice([0o664, 0o640]), "deploy:deploy", f"{{# {words(5)} #}}\n<h1>{{{{ title }}}}</h1>\n")
    for pkg in ["monolog/monolog", "symfony/yaml", "twig/twig", "guzzle/guzzle", "stripe/stripe-php"]:
        DIRS[f"vendor/{pkg.split('/')[0]}"] = (0o755, root_owned)
        DIRS[f"vendor/{pkg}"] = (0o755, root_owned)
        DIRS[f"vendor/{pkg}/src"] = (0o755, root_owned)
        for i in range(16):
            add(f"vendor/{pkg}/src/File{i:02d}.php", 0o644, root_owned, f"<?php // {pkg} {words(7)}\n")
        add(f"vendor/{pkg}/LICENSE", 0o644, root_owned, "MIT License\n")
    add("bin/console.sh", 0o755, root_owned, "#!/bin/sh\nexec php /srv/shop/bin/console \"$@\"\n")
    add("bin/deploy.sh", 0o777, root_owned, "#!/bin/sh\nset -e\ntar -xzf \"$1\" -C /srv/shop\n")
    add("bin/clear-cache.sh", 0o2755, "root:www-data", "#!/bin/sh\nrm -rf /srv/shop/storage/cache/twig/*\n")
    # A root-owned setuid helper the nightly backup job leans on.
    add("bin/backup-helper", 0o4755, root_owned, Path("/bin/tar").read_bytes() if Path("/bin/tar").exists() else b"\x7fELF")
    add("config/app.ini", 0o644, root_owned, "[app]\nname = shop\nurl = https://shop.internal\ndebug = 0\n")
    add("config/.env", 0o644, root_owned,
        "APP_ENV=prod\nDB_HOST=db.internal\nDB_USER=shop\nDB_PASSWORD=Vq3-shop-db-9f2c81e7\n"
        "STRIPE_SECRET_KEY=sk_live_51MzQ8rLkT0bVx2YpWc9eHn4aJs7uD3fG\nAWS_ACCESS_KEY_ID=AKIAZ7QX2M4KD9TRWSHB\n"
        "JWT_KEY_PATH=/srv/shop/config/jwt/signing.key\n")
    add("config/tls/shop.crt", 0o644, root_owned, pem("CERTIFICATE"))
    add("config/tls/shop.key", 0o644, root_owned, pem("PRIVATE KEY"))
    add("config/jwt/signing.key", 0o600, root_owned, pem("PRIVATE KEY"))
    names = ["invoice 2024-03.pdf", "Rechnung Müller.pdf", "avatar.png", "scan (1).jpg", "receipt_final_FINAL.pdf"]
    for i in range(60):
        sub = "invoices" if i % 2 else "avatars"
        name = f"{i:03d}-" + R.choice(names)
        add(f"storage/uploads/{sub}/{name}", R.choice([0o666, 0o644, 0o600, 0o660]), R.choice(["www-data:www-data", "www-data:www-data", root_owned]), R.randbytes(64))
    for i in range(40):
        add(f"storage/cache/twig/{R.randrange(16**8):08x}.php", R.choice([0o644, 0o660]), "www-data:www-data", f"<?php // {words(4)}\n")
    add("storage/logs/app.log", 0o666, "www-data:www-data", "".join(f"2024-06-{d:02d}T10:00:00 INFO {words(6)}\n" for d in range(1, 29)))
    add("storage/logs/worker.log", 0o644, "www-data:www-data", "2024-06-28T02:00:00 INFO queue drained\n")
    for d in range(1, 15):
        add(f"storage/logs/archive/app-2024-05-{d:02d}.log.gz", 0o644, root_owned, R.randbytes(48))
    # A file whose owner no longer exists (an old contractor's uid).
    add("storage/uploads/invoices/import-legacy.csv", 0o640, "1007:1007", "id;amount\n1;12,50\n")


def build(root: Path) -> None:
    layout()
    for rel in sorted(DIRS, key=lambda d: d.count("/") if d else -1):
        (root / rel).mkdir(parents=True, exist_ok=True)
    for rel, mode, owner, content in FILES:
        p = root / rel
        p.write_bytes(content)
    # Symlinks users and deploys left: one inside the tree, one pointing out of it.
    os.symlink("../storage/uploads", root / "public/uploads")
    os.symlink("/etc/passwd", root / "storage/uploads/avatars/me.png")
    for rel, mode, owner, _ in FILES:
        apply(root / rel, mode, owner)
    for rel, (mode, owner) in DIRS.items():
        apply(root / rel if rel else root, mode, owner)


def apply(path: Path, mode: int, owner: str) -> None:
    user, group = owner.split(":")
    uid = int(user) if user.isdigit() else __import__("pwd").getpwnam(user).pw_uid
    gid = int(group) if group.isdigit() else __import__("grp").getgrnam(group).gr_gid
    os.chown(path, uid, gid)
    os.chmod(path, mode)  # after chown: chown clears setuid/setgid


if __name__ == "__main__":
    build(Path(sys.argv[1]))
