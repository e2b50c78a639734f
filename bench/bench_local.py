"""A real small model on this CPU: speed, memory, and how often Terminus can use its answers.

Rows, each beside its floor measured in the same run:

- ``turns``: ``--calls`` Terminus turns (its system prompt and a task instruction) sent to the
  local server, with and without the turn schema as the response format (``json_mode``), the
  two ways interleaved: the share that parses as a turn, wall per turn (p50/p99), prompt and
  generation tokens/s as llama.cpp reports them.  Floor: the same server answering a one-word
  prompt (the fixed cost of a request).
- ``server``: the server's resident memory after loading and its peak after the turns.
- ``trial``: wall time of one EXEC trial of a small task with Terminus on the local model
  (``--max-turns`` turns), beside the same trial with the no-op agent (the harness alone).

Run: ``.venv/bin/python -m bench.bench_local [--calls N] [--max-turns N]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx

from realcli.eventlog import open_log
from realcli.models import LocalModelServer, ModelEndpoint, resolve_local_model
from realcli.runtime import NoopAgent, RunPlan, TerminusAgent, TerminusOptions, start_run
from realcli.runtime.agents._terminus import TURN_FORMAT, parse_turn, system_prompt
from realcli.taskformat import load_task
from tests._tasks import make_task

INSTRUCTION = "Write the word hello into /app/out, then check the file."


@dataclass
class Turns:
    mode: str
    parsed: int = 0
    calls: int = 0
    walls: list[float] | None = None
    prompt_tps: list[float] | None = None
    gen_tps: list[float] | None = None

    def add(self, wall: float, body: dict[str, Any]) -> None:
        self.calls += 1
        self.walls = (self.walls or []) + [wall]
        timings = body.get("timings") or {}
        self.prompt_tps = (self.prompt_tps or []) + [float(timings.get("prompt_per_second", 0.0))]
        self.gen_tps = (self.gen_tps or []) + [float(timings.get("predicted_per_second", 0.0))]
        try:
            parse_turn(body["choices"][0]["message"]["content"])
            self.parsed += 1
        except (ValueError, KeyError):
            pass

    def row(self) -> str:
        walls = sorted(self.walls or [0.0])
        p99 = walls[min(len(walls) - 1, round(0.99 * (len(walls) - 1)))]
        return (
            f"{self.mode:<16} parsed {self.parsed}/{self.calls}  wall p50 {statistics.median(walls):6.2f} s "
            f"p99 {p99:6.2f} s  prompt {statistics.median(self.prompt_tps or [0]):6.1f} tok/s  "
            f"generation {statistics.median(self.gen_tps or [0]):5.1f} tok/s"
        )


def _rss_mib(pid: int) -> tuple[float, float]:
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


async def _turns(server: LocalModelServer, calls: int, max_tokens: int) -> None:
    system = system_prompt("/app", collab=False)
    messages = [{"role": "system", "content": system}, {"role": "user", "content": INSTRUCTION}]
    rows = {"json_mode": Turns("json_mode"), "free": Turns("free text"), "floor": Turns("floor: one word")}
    async with httpx.AsyncClient(timeout=300) as http:
        for _ in range(calls):
            for name, body in (
                ("json_mode", {"messages": messages, "response_format": TURN_FORMAT}),
                ("free", {"messages": messages}),
                ("floor", {"messages": [{"role": "user", "content": "Say OK."}], "max_tokens": 2}),
            ):
                started = time.monotonic()
                response = await http.post(
                    f"{server.base_url}/chat/completions",
                    json={"model": "smollm2", "max_tokens": max_tokens, "temperature": 0.7, **body},
                )
                rows[name].add(time.monotonic() - started, response.json())
    for row in rows.values():
        print(row.row())


async def _trial_wall(server: LocalModelServer, max_turns: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        task = load_task(make_task(Path(tmp), "bench-local"))
        endpoint = ModelEndpoint(
            base_url=server.base_url, model="smollm2", timeout_sec=300, params={"max_tokens": 256, "temperature": 0.2}
        )
        terminus = TerminusAgent(endpoint, TerminusOptions(context_tokens=4096, json_mode=True))
        for name, agent in (("terminus+local model", terminus), ("noop (floor)", NoopAgent())):
            plan = RunPlan(
                run_id=f"bench-{name.split()[0].replace('+', '-')}",
                tasks=[task],
                mode="exec",
                agent=agent.info,
                make_agent=lambda t, a=agent: a,  # type: ignore[misc]
                voice=None,
                max_turns=max_turns,
            )
            async with open_log(f"sqlite:{tmp}/{plan.run_id}.db") as log:
                started = time.monotonic()
                result = await start_run(log, plan)
                wall = time.monotonic() - started
            (outcome,) = result.outcomes
            print(f"trial {name:<22} {wall:6.1f} s  ({outcome.cause}, {max_turns} turns at most)")


async def _main(calls: int, max_tokens: int, max_turns: int) -> None:
    server = LocalModelServer(resolve_local_model(), ctx=4096)
    started = time.monotonic()
    async with server:
        print(f"server ready in {time.monotonic() - started:.2f} s ({server.threads} threads)")
        assert server.pid is not None
        rss, _ = _rss_mib(server.pid)
        await _turns(server, calls, max_tokens)
        _, peak = _rss_mib(server.pid)
        print(f"server RSS {rss:.0f} MiB after loading, peak {peak:.0f} MiB after the turns")
        await _trial_wall(server, max_turns)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench_local", description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--max-tokens", type=int, default=256)
    parser.add_argument("--max-turns", type=int, default=4)
    args = parser.parse_args(argv)
    anyio.run(_main, args.calls, args.max_tokens, args.max_turns)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
    print(json.dumps({"done": True}))
