"""Small task directories written by tests (the format of docs/task-format.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DEBIAN = "FROM debian:bookworm-slim\nWORKDIR /app\n"

# A verifier in plain sh: reward 1 when /app/out holds the expected word.
OUT_IS = """#!/bin/sh
mkdir -p /logs/verifier
if grep -qx '{word}' /app/out 2>/dev/null; then reward=1; else reward=0; fi
echo $reward > /logs/verifier/reward.txt
"""


def make_task(
    parent: Path,
    name: str,
    *,
    word: str = "hello",
    solve: str | None = None,
    toml: str = "[verifier]\ntimeout_sec = 60\n",
    dockerfile: str = DEBIAN,
    script: dict[str, Any] | None = None,
    oracle: dict[str, Any] | None = None,
    traps: dict[str, str] | None = None,
    instruction: str | None = None,
) -> Path:
    """A task whose verifier wants ``word`` in /app/out; ``solve`` defaults to writing it."""
    root = parent / name
    for sub in ("environment", "tests", "solution"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    (root / "task.toml").write_text(toml)
    (root / "instruction.md").write_text(instruction or f"Write the word {word} into /app/out.\n")
    (root / "environment" / "Dockerfile").write_text(dockerfile)
    (root / "tests" / "test.sh").write_text(OUT_IS.format(word=word))
    (root / "solution" / "solve.sh").write_text(solve or f"#!/bin/sh\necho {word} > /app/out\n")
    if script is not None:
        (root / "interaction" / "traps").mkdir(parents=True, exist_ok=True)
        (root / "interaction" / "script.json").write_text(json.dumps(script, indent=2))
        (root / "interaction" / "oracle_contract.json").write_text(json.dumps(oracle or {}, indent=2))
        for rel, content in (traps or {}).items():
            (root / "interaction" / rel).write_text(content)
    return root


def turn(*commands: str, message: str = "", question: bool = False, done: bool = False) -> str:
    """A Terminus turn as the model would write it."""
    return json.dumps(
        {
            "analysis": "looking",
            "plan": "act",
            "commands": [{"command": c, "timeout_sec": 30} for c in commands],
            "message": message,
            "question": question,
            "done": done,
        }
    )
