"""The simulator-fidelity audit: did the user simulator play its script? (paper D.4, E.1)

    fidelity = audit_fidelity(trial_facts, CatalogView(catalog).dimension)

Deterministic, from the ledger a COLLAB trial recorded, with the word-level checks of faithful
paraphrase and leaked slices.  Semantics are documented in docs/judging.md.
"""

from realcli.projections.fidelity._audit import DONT_KNOW_ANSWER, FIDELITY_CRITERIA, FidelityVerdict, audit_fidelity
from realcli.projections.fidelity._faithful import (
    LEAK_NGRAM_SHARE,
    PARAPHRASE_MIN_COVERAGE,
    concrete_tokens,
    invented_tokens,
    leaked_slices,
    paraphrase_problems,
)
from realcli.projections.fidelity._ledger import AskedRelease, asks_about, is_question, topic_regex, unmatched_asked

__all__ = [
    "AskedRelease",
    "DONT_KNOW_ANSWER",
    "FIDELITY_CRITERIA",
    "FidelityVerdict",
    "LEAK_NGRAM_SHARE",
    "PARAPHRASE_MIN_COVERAGE",
    "asks_about",
    "audit_fidelity",
    "concrete_tokens",
    "invented_tokens",
    "is_question",
    "leaked_slices",
    "paraphrase_problems",
    "topic_regex",
    "unmatched_asked",
]
