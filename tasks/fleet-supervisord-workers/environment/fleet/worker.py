"""fleet worker: claims job files from $QUEUE_DIR/incoming, renders them with a helper process, files
them under $QUEUE_DIR/done.

usage: worker.py --id N

Signals: SIGINT drains (the current job finishes, then exit 0, "drained" on stdout); SIGTERM aborts at
once (the job in hand is lost, exit 143). Exit status 75 means the queue went away (try again later),
78 a configuration error (retrying cannot help).

Operations hooks (files in $QUEUE_DIR/../control, read once a second):
  worker-NN.exit   containing a number: exit with that status
  worker-NN.noise  containing a number of kilobytes: print that much to stdout and to stderr
  worker-NN.broken (present at start): the queue is unreachable, exit 75 at once
"""

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

HELPER = "import signal, sys, time\nsignal.signal(signal.SIGINT, lambda *a: sys.exit(0))\nwhile True:\n    time.sleep(0.2)\n"


def main() -> int:
    p = argparse.ArgumentParser(prog="worker")
    p.add_argument("--id", type=int, required=True)
    args = p.parse_args()
    name = f"worker-{args.id:02d}"
    queue = os.environ.get("QUEUE_DIR")
    if not queue or not Path(queue, "incoming").is_dir():
        print(f"{name}: QUEUE_DIR is not set or has no incoming/ folder", file=sys.stderr)
        return 78
    queue = Path(queue)
    control = queue.parent / "control"
    if (control / f"{name}.broken").exists():
        print(f"{name}: queue unreachable ({control / (name + '.broken')} is there)", file=sys.stderr, flush=True)
        time.sleep(0.5)
        return 75
    draining = False

    def drain(signum, frame):
        nonlocal draining
        draining = True
        print(f"{name}: SIGINT, draining", flush=True)

    signal.signal(signal.SIGINT, drain)
    signal.signal(signal.SIGTERM, lambda *a: (print(f"{name}: SIGTERM, job lost", flush=True), os._exit(143)))
    helper = subprocess.Popen([sys.executable, "-c", HELPER, "fleet-helper", name])
    print(f"{name}: started pid {os.getpid()} helper {helper.pid} user {os.getuid()}", flush=True)
    while not draining:
        stop = control / f"{name}.exit"
        if stop.exists():
            code = int(stop.read_text().strip() or "0")
            stop.unlink()
            print(f"{name}: told to exit {code}", flush=True)
            helper.kill()
            return code
        noise = control / f"{name}.noise"
        if noise.exists():
            kb = int(noise.read_text().strip() or "0")
            noise.unlink()
            line = f"{name}: " + "x" * 1000
            for _ in range(kb):
                print(line, flush=False)
                print(line, file=sys.stderr, flush=False)
            sys.stdout.flush()
            sys.stderr.flush()
        jobs = sorted((queue / "incoming").glob("*.job"))
        for job in jobs[:1]:
            claimed = job.with_suffix(f".{name}")
            try:
                job.rename(claimed)
            except OSError:
                continue
            time.sleep(0.3)
            claimed.rename(queue / "done" / job.name)
            print(f"{name}: done {job.name}", flush=True)
        time.sleep(0.5 if not jobs else 0.05)
    time.sleep(1.0)  # the job in hand finishes
    helper.send_signal(signal.SIGINT)
    helper.wait(timeout=10)
    print(f"{name}: drained", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
