"""Writes the (large) log of the last CI run of the old packaging job, deterministically."""
import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

out = Path(sys.argv[1])
out.parent.mkdir(parents=True, exist_ok=True)
rng = random.Random(1187)
t = datetime(2023, 11, 14, 22, 20, 0, tzinfo=timezone.utc)
PKGS = ["libpython3.11-minimal", "python3-minimal", "ca-certificates", "openssl", "libssl3", "tzdata",
        "libexpat1", "libsqlite3-0", "media-types", "readline-common", "libreadline8", "netbase"]
lines = []


def emit(text):
    global t
    t += timedelta(milliseconds=rng.randint(1, 40))
    lines.append(f"[{t.strftime('%Y-%m-%dT%H:%M:%SZ')}] {text}")


emit("Running with gitlab-runner 16.5.0 (853330f9) on ci-runner-04 sYxZ6nZa")
emit("Preparing the \"docker\" executor")
emit("Using docker image debian:bookworm for job package-deb (pipeline 1187)")
for i in range(1, 4001):
    pkg = rng.choice(PKGS)
    emit(f"Get:{i} http://deb.debian.org/debian bookworm/main amd64 {pkg} amd64 {rng.randint(1, 9)}.{rng.randint(0, 20)}-{rng.randint(1, 5)} [{rng.randint(20, 900)} kB]")
for i in range(30000):
    kind = rng.random()
    if kind < 0.5:
        emit(f"debug: fetching https://status.example.com/health attempt={rng.randint(1, 3)} latency_ms={rng.randint(12, 900)} cache=miss")
    elif kind < 0.8:
        emit(f"tests/test_sitecheck.py::test_case_{rng.randint(1, 400)} PASSED [{rng.randint(0, 100):3d}%]")
    elif kind < 0.95:
        emit(f"WARNING: retrying connection to mirror {rng.randint(1, 9)} (timeout {rng.randint(1, 30)}s)")
    else:
        emit(f"Unpacking {rng.choice(PKGS)} ({rng.randint(1, 9)}.{rng.randint(0, 9)}) over ({rng.randint(1, 9)}.{rng.randint(0, 9)}) ...")
emit("$ mkdir -p debian-root/DEBIAN debian-root/usr/bin")
emit("$ cp packaging/control packaging/postinst debian-root/DEBIAN/")
emit("$ cp bin/sitecheck debian-root/usr/bin/")
emit("$ dpkg-deb --build debian-root sitecheck_1.3.0-1_all.deb")
emit("dpkg-deb: error: maintainer script 'postinst' has bad permissions 644 (must be >=0555 and <=0775)")
emit("Cleaning up project directory and file based variables")
emit("ERROR: Job failed: exit code 2")
for i in range(5000):
    emit(f"debug: uploading artifact chunk {i} of 5000 (skipped: job failed)")
out.write_text("\n".join(lines) + "\n")
