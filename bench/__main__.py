"""Run every benchmark, one after the other: ``python -m bench [name ...]``.

Each prints its figures beside the raw floor it is compared with, measured in
the same run.  Names: eventlog, redaction, chain, trials, guard, layers, report, gateway, local, build, view, synth,
fidelity, sandbox.  Options of a single benchmark: ``python -m bench.bench_<name> --help``.
"""

from __future__ import annotations

import importlib
import sys
import time

BENCHES = {
    "eventlog": "bench.bench_eventlog",  # appends vs raw sqlite3 / publish_async, replay, tail latency
    "redaction": "bench.bench_redaction",  # the writer's redaction of secrets per event, beside the encode it rides on
    "chain": "bench.bench_chain",  # the hash chain's cost on append (vs the floor without it) and a 1M-event verify
    "trials": "bench.bench_trials",  # per-trial overhead vs bare Docker, `realcli run` throughput
    "guard": "bench.bench_guard",  # the verifier's protection per trial, beside the CLI floor of the same task
    "layers": "bench.bench_layers",  # btrfs layers: changes from the layer's record, removal by drop, vs the engine's
    "report": "bench.bench_report",  # report rebuild vs raw msgspec decode, rules re-judge time
    "gateway": "bench.bench_gateway",  # model gateway overhead vs a direct call
    "local": "bench.bench_local",  # a real small model on the CPU: speed, memory, usable turns
    "build": "bench.bench_build",  # image builds: the engine's BuildKit via the API vs the CLI and legacy builder
    "view": "bench.bench_view",  # viewer first render, append-to-browser latency, RSS vs the log's own read/subscribe
    "synth": "bench.bench_synth",  # synthesized interaction layers: time, tokens, share passing lint + pilot
    "fidelity": "bench.bench_fidelity",  # fidelity audit of a faithful LLM simulator; the oracle S with/without it
}


def main(argv: list[str]) -> int:
    chosen = argv or list(BENCHES)
    unknown = [n for n in chosen if n not in BENCHES and n != "sandbox"]
    if unknown:
        print(f"unknown benchmark(s) {', '.join(unknown)}; choose from {', '.join(BENCHES)}, sandbox", file=sys.stderr)
        return 2
    for name in chosen:
        module = importlib.import_module(BENCHES.get(name, "bench.bench_sandbox"))
        print(f"\n=== {name} " + "=" * 60, flush=True)
        started = time.monotonic()
        module.main([])
        print(f"(=== {name}: {time.monotonic() - started:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
