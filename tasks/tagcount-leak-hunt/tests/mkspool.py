"""Write a deterministic spool of tagcount request files: mkspool.py DIR SEED [FILES].

Realistic mess: mixed-case tags, comments and blank lines, negative amounts, GETs and DELs of
tags that exist and of tags that never did, tags deleted and counted again, and a few files with
a bad line in the middle (unknown operation, bad amount, tag too long, bad character, trailing
garbage, missing tag).
"""

import random
import sys
from pathlib import Path

BAD_LINES = [
    "INC build.failed 2",
    "INCR deploy.prod 3x",
    "INCR " + "queue.depth." * 4,
    "GET cache/hit",
    "DEL login.ok now",
    "INCR",
    "GET user.signup 4",
]


def main() -> None:
    out = Path(sys.argv[1])
    rng = random.Random(int(sys.argv[2]))
    files = int(sys.argv[3]) if len(sys.argv) > 3 else 36
    out.mkdir(parents=True, exist_ok=True)
    services = ["api", "web", "worker", "billing", "search", "auth"]
    events = ["hit", "miss", "error", "retry", "timeout", "ok", "slow"]
    tags = [f"{s}.{e}" for s in services for e in events] + ["deploy:prod", "deploy:staging", "queue_depth"]
    bad_files = set(rng.sample(range(files), max(2, files // 7)))
    for i in range(files):
        lines = []
        if rng.random() < 0.5:
            lines.append(f"# batch {i:03d} from collector-{rng.randint(1, 4)}")
        for _ in range(rng.randint(12, 40)):
            r = rng.random()
            tag = rng.choice(tags)
            if rng.random() < 0.2:
                tag = tag.upper() if rng.random() < 0.5 else tag.capitalize()
            if r < 0.60:
                amount = rng.choice(["", "", " 1", " 2", " 5", " -1", " 12", " -3"])
                lines.append(f"INCR {tag}{amount}")
            elif r < 0.75:
                lines.append(f"GET {tag}")
            elif r < 0.85:
                lines.append(f"DEL {tag}")
            elif r < 0.92:
                lines.append(f"GET never.seen.{rng.randint(1, 9)}")
            elif r < 0.96:
                lines.append("")
            else:
                lines.append("  # retried")
        if i in bad_files:
            lines.insert(rng.randint(1, len(lines) - 1), rng.choice(BAD_LINES))
        (out / f"batch-{i:03d}.req").write_text("\n".join(lines) + "\n")
    (out / "README.txt").write_text("not a request file: tagcountd ignores it\n")


if __name__ == "__main__":
    main()
