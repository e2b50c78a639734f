"""How the warden tells that a command could not start a process (a sandbox at its pids limit)."""

from __future__ import annotations

from realcli.runtime.trials._warden_saturation import could_not_fork


def test_the_messages_of_a_failed_fork_are_recognised_and_others_are_not() -> None:
    assert could_not_fork("timeout: fork system call failed: Resource temporarily unavailable")
    assert could_not_fork("/tests/test.sh: fork: retry: Resource temporarily unavailable")
    assert could_not_fork("sh: 1: Cannot fork")  # dash: what CI saw when the verifier found a fork bomb at its limit
    assert could_not_fork("exec failed: fork/exec /proc/self/exe: resource temporarily unavailable")  # runc
    assert not could_not_fork("E   AssertionError: expected hello, got nothing")
    assert not could_not_fork("Resource temporarily unavailable")  # a socket's EAGAIN is not a fork
    assert not could_not_fork("forked 3 workers\nconnect: Resource temporarily unavailable")  # not on one line
