"""The child process of ``LocalModelServer``: llama.cpp's server on loopback until it is terminated.

Run as ``python -m realcli.models._llama_server MODEL NAME PORT CTX PARALLEL THREADS PARENT_PID``;
nothing imports it, so the parent never loads llama.cpp itself.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading

_PR_SET_PDEATHSIG = 1


def _die_with_parent(parent: int) -> None:
    """Linux: a SIGTERM when the parent dies, even by SIGKILL, so no server outlives its owner."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(0)


def serve(model_path: str, name: str, port: int, ctx: int, parallel: int, threads: int, parent: int) -> None:
    """Serve until SIGTERM or SIGINT, then exit quietly (llama.cpp's threads die with the process)."""
    try:
        import xllamacpp
    except ImportError:
        print("realcli model serve needs the local extra: pip install 'realcli[local]'", file=sys.stderr)
        raise SystemExit(3) from None
    params = xllamacpp.CommonParams()
    params.model.path = model_path
    params.model_alias = {name}
    params.n_ctx = ctx  # shared by the parallel slots
    params.n_parallel = parallel
    params.port = port
    params.cpuparams.n_threads = threads
    params.cpuparams_batch.n_threads = threads
    params.verbosity = -1
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    _die_with_parent(parent)
    server = xllamacpp.Server(params)  # serves on its own threads
    stop.wait()
    # Tearing the server down in-process waits on its HTTP threads; ending the process is immediate and
    # takes them with it.
    os._exit(0 if server is not None else 1)


if __name__ == "__main__":
    serve(sys.argv[1], sys.argv[2], *(int(a) for a in sys.argv[3:8]))
