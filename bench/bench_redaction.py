"""The writer's redaction of secrets (``runtime.Redactor``), beside the floor measured in the same run.

Every event a trial writes goes through the redactor when the run was given
host values (``--task-env``).  Measured per event, on a ``CommandFinished``
carrying 4 KiB and 64 KiB of output: no secret configured, three configured
but absent (the common case: one encode and a search), three configured and
one present (the event is rebuilt with the value replaced).  The floor is
the JSON encode of the same event, which the log's append does anyway.

Run: ``.venv/bin/python -m bench.bench_redaction [--repeat N]``.
"""

from __future__ import annotations

import argparse
import timeit
from collections.abc import Callable, Sequence

import msgspec

from realcli import events as ev
from realcli.runtime import Redactor

SECRETS = ("sk-live-0123456789abcdef", "hunter2hunter2", "xoxb-1111-2222-3333")


def per_call(fn: Callable[[], object], number: int, repeat: int) -> float:
    """The best of ``repeat`` rounds of ``number`` calls, in microseconds per call."""
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e6


def finished(size: int, secret: str = "") -> ev.CommandFinished:
    """A command's end with ``size`` bytes of output, ``secret`` in its middle."""
    text = ("lorem ipsum dolor sit amet " * (size // 27 + 1))[:size]
    text = text[: size // 2] + secret + text[size // 2 :]
    return ev.CommandFinished(
        command_id="c1", exit_code=0, stdout=ev.Output(text=text, total_bytes=len(text), kept_bytes=len(text))
    )


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    encoder = msgspec.json.Encoder()
    print(f"{'output':>7}  {'case':<24} {'redactor':>12} {'floor (encode)':>15} {'ratio':>7}")
    for size in (4096, 65536):
        clean, dirty = finished(size), finished(size, SECRETS[0])
        number = 20_000 if size < 16384 else 2_000
        floor = per_call(lambda e=clean: encoder.encode(e), number, args.repeat)  # type: ignore[misc]
        cases = (
            ("none configured", Redactor(), clean),
            ("3 configured, absent", Redactor(SECRETS), clean),
            ("3 configured, present", Redactor(SECRETS), dirty),
        )
        for label, redactor, event in cases:
            cost = per_call(lambda r=redactor, e=event: r.event(e), number, args.repeat)  # type: ignore[misc]
            print(f"{size // 1024:>4} KiB  {label:<24} {cost:9.1f} µs {floor:12.1f} µs {cost / floor:6.1f}x")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
