"""Writes /var/log/ops-jobs.log: months of job output (about 6 MB), one lock error among it."""
import random

rng = random.Random(2207)
JOBS = ["sync-inventory", "backup-db", "rotate-keys", "report", "weekly-cleanup"]
MSGS = ["started", "finished in {}s", "synced {} hosts", "wrote {} rows", "uploaded {} objects", "nothing to do"]
with open("/var/log/ops-jobs.log", "w") as f:
    for i in range(90000):
        day, minute = divmod(i, 1000)
        ts = f"2024-{1 + day // 28 % 12:02d}-{1 + day % 28:02d}T{minute // 60 % 24:02d}:{minute % 60:02d}:{rng.randint(0, 59):02d}Z"
        job = rng.choice(JOBS)
        if i == 61337:
            f.write(f"{ts} ERROR backup-db[4242]: could not obtain lock on /var/lib/postgresql/backup.lock "
                    f"(held by rotate-keys[4170] since 04:00); backup skipped\n")
            continue
        msg = rng.choice(MSGS).format(rng.randint(1, 5000))
        f.write(f"{ts} INFO {job}[{rng.randint(1000, 9999)}]: {msg} run_id={rng.getrandbits(64):016x}\n")
