"""The simulator-fidelity audit: did the user simulator play its script? (paper D.4, E.1)

    fidelity = audit_fidelity(trial_facts, dimension)     # dimension: CatalogView(catalog).dimension

Deterministic, from the ledger a COLLAB trial recorded, with the word-level checks of faithful
paraphrase and leaked slices.  Semantics are documented in docs/judging.md.
"""

from realcli.projections.fidelity._audit import DONT_KNOW_ANSWER, FIDELITY_CRITERIA, FidelityVerdict, audit_fidelity
from realcli.projections.fidelity._faithful import invented_tokens, leaked_slices, paraphrase_problems
from realcli.projections.fidelity._ledger import unmatched_asked

__all__ = [
    "DONT_KNOW_ANSWER",
    "FIDELITY_CRITERIA",
    "FidelityVerdict",
    "audit_fidelity",
    "invented_tokens",
    "leaked_slices",
    "paraphrase_problems",
    "unmatched_asked",
]
