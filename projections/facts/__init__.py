"""The fold of a run: its recorded events, one at a time, into ``RunFacts``.

    facts = fold(run_id, records)      # or state = evolve(state, rec), event by event

``RunFacts`` holds the run's header, one ``TrialFacts`` per trial and one ``JudgeFacts`` per judge
stream; every other part of ``realcli.projections`` reads these facts, never the events.
"""

from realcli.projections.facts._fold import RunFacts, evolve, fold, network_hint, processes_hint
from realcli.projections.facts._trial import (
    CommandRun,
    EvidenceKind,
    JudgeFacts,
    RetryStats,
    TraceEntry,
    TrialFacts,
    Usage,
)

__all__ = [
    "CommandRun",
    "EvidenceKind",
    "JudgeFacts",
    "RetryStats",
    "RunFacts",
    "TraceEntry",
    "TrialFacts",
    "Usage",
    "evolve",
    "fold",
    "network_hint",
    "processes_hint",
]
