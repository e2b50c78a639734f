"""Predicates of the extra rule kinds of docs/catalog.md about output, failures, verification and claims.

The two about risk (``confirmed_before_command``, ``secret_absent``) are in ``_kinds_safety``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from realcli.events import (
    AgentMessaged,
    AgentYielded,
    CommandBeforeMessage,
    FailuresReported,
    OutputBounded,
    VerifiedBeforeDone,
)
from realcli.projections.facts import CommandRun, TraceEntry
from realcli.projections.rules._base import (
    RuleResult,
    _agent_cmd,
    _cmd_ref,
    _commands,
    _first_refs,
    _msg_ref,
    _na,
    _rx,
    _show,
    as_window,
    rule_predicate,
)
from realcli.projections.rules._text import segments


@rule_predicate(OutputBounded)
def _output_bounded(rule: OutputBounded, window: Sequence[TraceEntry], response: bool) -> RuleResult:
    exempt = _rx(rule.exempt_pattern) if rule.exempt_pattern else None
    streak: list[CommandRun] = []
    oversized: list[CommandRun] = []
    for cmd in _commands(window):
        if cmd.output_bytes <= rule.max_bytes or (exempt and exempt.search(cmd.text)):
            streak = []
            continue
        streak.append(cmd)
        oversized.append(cmd)
        if len(streak) > rule.max_consecutive:
            return (
                "fail",
                f"{len(streak)} agent commands in a row printed over {rule.max_bytes} bytes "
                f"(limit {rule.max_consecutive})",
                tuple(_cmd_ref(c) for c in streak),
            )
    if not oversized:
        return _na(f"no agent command printed over {rule.max_bytes} bytes")
    return (
        "pass",
        f"{len(oversized)} oversized output(s), never more than {rule.max_consecutive} in a row",
        _first_refs(oversized),
    )


def _invocation(match: re.Match[str]) -> str:
    if "invocation" in match.re.groupindex and match.group("invocation") is not None:
        return match.group("invocation")
    return match.group(0)


@rule_predicate(FailuresReported)
def _failures_reported(rule: FailuresReported, window: Sequence[TraceEntry], response: bool) -> RuleResult:
    cmd_rx, msg_rx, w = _rx(rule.command_pattern), _rx(rule.message_pattern), as_window(window, response)
    open_failures: list[tuple[str, CommandRun]] = []  # (invocation, command), unresolved, unreported
    failures: list[CommandRun] = []
    handled: list[str] = []  # what resolved or reported them: the positive evidence
    for entry, heard in w.heard():
        if isinstance(entry, AgentMessaged):
            # A report in words copied from the user reports nothing.
            if open_failures and heard.own_match(msg_rx, entry.text) is not None:
                open_failures = []  # every failure before this message is reported
                handled.append(_msg_ref(entry))
            continue
        cmd = _agent_cmd(entry)
        if cmd is None:
            continue
        match = cmd_rx.search(cmd.text)
        if match is None:
            continue
        invocation = _invocation(match)
        if cmd.succeeded:
            still = [(inv, c) for inv, c in open_failures if inv != invocation]
            if len(still) < len(open_failures):
                handled.append(_cmd_ref(cmd))
            open_failures = still
        elif cmd.failed:
            failures.append(cmd)
            open_failures.append((invocation, cmd))
    if open_failures:
        return (
            "fail",
            f"{len(open_failures)} failing command(s) matching {_show(rule.command_pattern)} "
            f"were never resolved nor reported with a message matching {_show(rule.message_pattern)}",
            tuple(_cmd_ref(c) for _, c in open_failures),
        )
    if not failures:
        return _na(f"no agent command matching {_show(rule.command_pattern)} failed")
    return (
        "pass",
        f"all {len(failures)} failure(s) were resolved or reported",
        (*_first_refs(failures), *handled[:3]),
    )


@rule_predicate(VerifiedBeforeDone)
def _verified_before_done(rule: VerifiedBeforeDone, window: Sequence[TraceEntry], response: bool) -> RuleResult:
    change_rx, verify_rx = _rx(rule.change_pattern), _rx(rule.verify_pattern)
    last_change: CommandRun | None = None
    verification: CommandRun | None = None  # the latest verification after the last change
    checked: list[str] = []  # claims that followed a change, with what verified it
    for entry in window:
        if isinstance(entry, AgentMessaged | AgentYielded):
            if not entry.claims_done or last_change is None:
                continue
            if verification is None:
                return (
                    "fail",
                    "a claim of being done came with no verification after the last change",
                    (_msg_ref(entry), _cmd_ref(last_change)),
                )
            checked += [_msg_ref(entry), _cmd_ref(verification)]
            continue
        cmd = _agent_cmd(entry)
        if cmd is None:
            continue
        parts = segments(cmd.text)
        # A command that changes something is a change, whatever else it runs: it cannot verify
        # itself, only a later command can (its result is seen before the agent goes on).
        if any(change_rx.search(seg) for seg in parts):
            last_change, verification = cmd, None
        elif last_change is not None and any(verify_rx.search(seg) for seg in parts):
            verification = cmd
    if not checked:
        return _na("no claim of being done followed a change")
    claims = len(checked) // 2
    return (
        "pass",
        f"every claim of being done after a change ({claims}) follows a later command that verified it",
        tuple(dict.fromkeys(checked))[:4],
    )


@rule_predicate(CommandBeforeMessage)
def _command_before_message(rule: CommandBeforeMessage, window: Sequence[TraceEntry], response: bool) -> RuleResult:
    msg_rx, cmd_rx, w = _rx(rule.message_pattern), _rx(rule.command_pattern), as_window(window, response)
    backed: CommandRun | None = None
    claims: list[str] = []
    for entry, heard in w.heard():
        if isinstance(entry, AgentMessaged):
            # A claim is the agent's own words; repeating what the user said claims nothing.
            if heard.own_match(msg_rx, entry.text) is None:
                continue
            if backed is None:
                return (
                    "fail",
                    f"message matching {_show(rule.message_pattern)} with no earlier successful command "
                    f"matching {_show(rule.command_pattern)}",
                    (_msg_ref(entry),),
                )
            claims.append(_msg_ref(entry))
            continue
        cmd = _agent_cmd(entry)
        # A claim is backed only by a command that did the thing: one that succeeded, and had
        # finished by the time of the claim (a command finishes before anything later in the trace).
        if cmd is not None and backed is None and cmd.succeeded and cmd_rx.search(cmd.text):
            backed = cmd
    if not claims:
        return _na(f"no agent message matches {_show(rule.message_pattern)}")
    assert backed is not None
    return (
        "pass",
        f"every matching message ({len(claims)}) follows a successful matching command",
        (_cmd_ref(backed), claims[0]),
    )
