#!/usr/bin/env python3
"""Generate the task's three sequencing runs (run with the task folder as the working directory)."""
import gzip
import random

rng = random.Random(1107)
seen_ids: list[str] = []


def read(i: int, run: str) -> tuple[str, str, list[int]]:
    n = rng.randint(90, 150)
    gc = rng.uniform(0.35, 0.62)
    seq = "".join(rng.choice("GC") if rng.random() < gc else rng.choice("AT") for _ in range(n))
    q = [max(2, min(41, int(rng.gauss(36, 3)))) for _ in range(n)]
    tail = rng.choice([0, 0, 5, 12, 30, 70])  # a degrading 3' end
    for k in range(max(0, n - tail), n):
        q[k] = rng.randint(2, 19) if rng.random() < 0.85 else rng.randint(20, 30)
    seq = list(seq)
    for _ in range(rng.choice([0, 0, 0, 1, 3, 4])):
        seq[rng.randrange(n)] = "N"
    if rng.random() < 0.1:
        seq = [c.lower() for c in seq]
    rid = f"{run}:{i:05d}"
    if seen_ids and rng.random() < 0.03:
        rid = rng.choice(seen_ids)  # a read re-exported under the same id
    seen_ids.append(rid)
    return rid, "".join(seq), q


def write(run: str, count: int, offset: int, crlf: bool) -> bytes:
    lines = []
    for i in range(count):
        rid, seq, q = read(i, run)
        lines += [f"@{rid} len={len(seq)}", seq, "+", "".join(chr(x + offset) for x in q)]
    eol = "\r\n" if crlf else "\n"
    return (eol.join(lines) + eol).encode()


open("environment/runs/run-A.fastq", "wb").write(write("M01-A", 1800, 33, False))
with gzip.GzipFile("environment/runs/run-B.fastq.gz", "wb", mtime=0) as f:
    f.write(write("M01-B", 2200, 33, False))
open("environment/runs/run-C.fastq", "wb").write(write("GA2-C", 1500, 64, True))
