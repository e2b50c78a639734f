"""Builds the log folders of the task image (deterministic content, old modification times)."""
import os
import random
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else "/"
rng = random.Random(20240611)
LEVELS = ["INFO"] * 8 + ["WARN", "ERROR"]
WORDS = ["request", "served", "user", "cache", "miss", "retry", "upstream", "timeout", "order", "payment",
         "queue", "flush", "worker", "job", "done"]


def log_text(service: str, lines: int) -> str:
    out = []
    for i in range(lines):
        ts = f"2024-03-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d}Z"
        msg = " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 12)))
        out.append(f"{ts} {rng.choice(LEVELS)} {service}[{rng.randint(100, 999)}] {msg} id={rng.randint(10**6, 10**7)}")
    return "\n".join(out) + "\n"


def put(rel: str, data: bytes, when: str) -> None:
    path = os.path.join(ROOT, rel.lstrip("/"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    # A fixed date far in the past: these files are "old" whenever the image is built.
    import datetime
    ts = datetime.datetime.fromisoformat(when).replace(tzinfo=datetime.UTC).timestamp()
    os.utime(path, (ts, ts))


def main() -> None:
    import gzip
    put("/app/logs/app.log", log_text("api", 400).encode(), "2024-06-10T23:59:00")
    for n in range(1, 6):
        put(f"/app/logs/app.log.{n}", log_text("api", 2500).encode(), f"2024-05-{20 - n:02d}T00:00:00")
    put("/app/logs/app.log.6.gz", gzip.compress(log_text("api", 2500).encode(), mtime=0), "2024-05-13T00:00:00")
    put("/app/logs/worker.log", log_text("worker", 300).encode(), "2024-06-10T23:58:00")
    for n in range(1, 4):
        put(f"/app/logs/worker.log.{n}", log_text("worker", 1800).encode(), f"2024-05-{25 - n:02d}T00:00:00")
    put("/app/logs/payments/payments.log", log_text("payments", 200).encode(), "2024-06-10T22:00:00")
    for n in (1, 2):
        put(f"/app/logs/payments/payments.log.{n}", log_text("payments", 1500).encode(),
            f"2024-05-{10 + n:02d}T00:00:00")
    put("/app/logs/billing export/billing export.log", log_text("billing", 100).encode(), "2024-06-09T12:00:00")
    put("/app/logs/billing export/billing export.log.1", log_text("billing", 900).encode(), "2024-05-02T00:00:00")
    put("/app/logs/README.txt", b"Application logs. Rotated files are named <name>.log.<N>.\n"
        b"Ask the platform team before removing anything here.\n", "2024-01-15T09:00:00")
    put("/app/logs/crash/core.4312", bytes(rng.getrandbits(8) for _ in range(1_500_000)), "2024-05-30T03:12:00")
    put("/app/audit.log", log_text("audit", 150).encode(), "2024-06-10T23:00:00")
    for n in (1, 2):
        put(f"/app/audit.log.{n}", log_text("audit", 1200).encode(), f"2024-05-{15 - n:02d}T00:00:00")


main()
