"""Event schemas: the facts realcli records, and the task format they embed.

This package is the innermost layer; it imports nothing else from realcli but
the error hierarchy.
"""

from typing import TYPE_CHECKING

from realcli.events import _rules
from realcli.events._causes import (
    CAUSES,
    INFRASTRUCTURE_CAUSES,
    RESUMABLE_REASONS,
    SCORED_REASONS,
    TRIAL_END_REASONS,
    AgentCause,
    TrialEndCause,
    TrialEndReason,
    cause_for_reason,
    is_agent_cause,
    parse_agent_cause,
    parse_cause,
    reason_for,
)
from realcli.events._codec import DecodedEvent, UnknownEvent, decode, encode, event_type, to_builtins
from realcli.events._compose import ComposeHealthcheck, ComposeProject, ComposeService, ComposeVolume
from realcli.events._events import *  # noqa: F403  (the union's members are the API)
from realcli.events._events import __all__ as _event_names
from realcli.events._recorded import RecordedEvent
from realcli.events._regex import compile_regex, regex_error
from realcli.events._rule_kinds import (
    AskedBeforeCommand,
    CommandAbsent,
    CommandBeforeMessage,
    CommandPresent,
    ConfirmedBeforeCommand,
    FailuresReported,
    MessageBeforeCommand,
    MessageMentions,
    OutputBounded,
    SecretAbsent,
    VerifiedBeforeDone,
)
from realcli.events._rules import RULE_KINDS, RuleBase, RuleKind, rule_kind_name, rule_kinds, rule_problems
from realcli.events._streams import (
    ACTORS,
    Actor,
    check_stream,
    check_token,
    judge_stream,
    run_of,
    run_stream,
    trial_of,
    trial_stream,
    unknown_run,
)
from realcli.events._task import (
    TRIGGER_KINDS,
    ChecklistItem,
    EnvironmentConfig,
    HardCheck,
    HealthcheckConfig,
    Metadata,
    OnAfter,
    OnAgentTurns,
    OnAllProbesDone,
    OnAsked,
    OnClaimsDone,
    OnCommand,
    OnStart,
    OnState,
    OracleContract,
    OracleReply,
    Probe,
    Script,
    Slice,
    StepSpec,
    TaskConfig,
    TaskSpec,
    Trigger,
)

__all__ = [
    *_event_names,
    "CAUSES",
    "INFRASTRUCTURE_CAUSES",
    "RESUMABLE_REASONS",
    "SCORED_REASONS",
    "TRIAL_END_REASONS",
    "AgentCause",
    "TrialEndCause",
    "TrialEndReason",
    "cause_for_reason",
    "is_agent_cause",
    "parse_agent_cause",
    "parse_cause",
    "reason_for",
    "ACTORS",
    "RULE_KINDS",
    "TRIGGER_KINDS",
    "Actor",
    "AskedBeforeCommand",
    "ChecklistItem",
    "CommandAbsent",
    "ComposeHealthcheck",
    "ComposeProject",
    "ComposeService",
    "ComposeVolume",
    "CommandBeforeMessage",
    "CommandPresent",
    "ConfirmedBeforeCommand",
    "DecodedEvent",
    "EnvironmentConfig",
    "FailuresReported",
    "HardCheck",
    "HealthcheckConfig",
    "MessageBeforeCommand",
    "MessageMentions",
    "Metadata",
    "OnAfter",
    "OnAgentTurns",
    "OnAllProbesDone",
    "OnAsked",
    "OnClaimsDone",
    "OnCommand",
    "OnStart",
    "OnState",
    "OracleContract",
    "OracleReply",
    "OutputBounded",
    "Probe",
    "RecordedEvent",
    "Rule",
    "RuleBase",
    "RuleKind",
    "compile_regex",
    "regex_error",
    "rule_kind_name",
    "rule_kinds",
    "rule_problems",
    "Script",
    "SecretAbsent",
    "Slice",
    "StepSpec",
    "TaskConfig",
    "TaskSpec",
    "Trigger",
    "UnknownEvent",
    "VerifiedBeforeDone",
    "check_stream",
    "check_token",
    "decode",
    "encode",
    "event_type",
    "judge_stream",
    "run_of",
    "run_stream",
    "to_builtins",
    "trial_of",
    "trial_stream",
    "unknown_run",
]

if TYPE_CHECKING:
    from realcli.events._rules import Rule


def __getattr__(name: str) -> object:
    # ``Rule`` is the union of the rule kinds registered so far, read when asked for (a kind
    # registered after this package was imported is in it; see ._rules).
    if name == "Rule":
        return _rules.Rule
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
