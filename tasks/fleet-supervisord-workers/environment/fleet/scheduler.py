"""fleet scheduler: drops a job file into $QUEUE_DIR/incoming every two seconds."""

import os
import sys
import time
from pathlib import Path


def main() -> int:
    queue = os.environ.get("QUEUE_DIR")
    if not queue or not Path(queue, "incoming").is_dir():
        print("scheduler: QUEUE_DIR is not set or has no incoming/ folder", file=sys.stderr)
        return 78
    n = 0
    print(f"scheduler: started pid {os.getpid()}", flush=True)
    while True:
        n += 1
        tmp = Path(queue, "incoming", f".{n:06d}.tmp")
        tmp.write_text(f"job {n}\n")
        tmp.rename(tmp.with_name(f"{int(time.time())}-{n:06d}.job"))
        print(f"scheduler: queued job {n}", flush=True)
        time.sleep(2)


if __name__ == "__main__":
    sys.exit(main())
