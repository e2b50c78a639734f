"""Whether a paraphrase keeps a requirement's force: hedges, optionality, negations, bounds and units.

``paraphrase_problems`` (``_faithful``) checks that a paraphrase keeps every
concrete token and most content words.  A paraphrase can do both and still
say something else: "that said, this one is optional, skip it if it is a
hassle" keeps every token of the slice it follows.  ``meaning_shifts``
compares the words that carry a requirement's force (paper D.3: the simulator
may reword a slice, never change what it asks for):

* *softeners* the paraphrase adds and the source does not have: optionality
  ("optional", "skip it", "no need", "if you want", "feel free", "up to
  you"), hedges ("maybe", "might", "ideally", "try to", "if possible") and
  downplaying ("don't worry", "not a priority", "no rush");
* *negations*: how many (no, not, never, none, nothing, without, cannot,
  n't): a dropped or an added "not" turns a rule around even when another
  negation stays;
* *bounds*: lower ("at least", "more than", "older than"), upper ("at most",
  "up to 5", "less than", "newer than"), exclusive ("only", "exactly",
  "nothing else") and universal ("every", "each", "always") wording, in
  either direction;
* *units*: a number keeps the unit it counts ("14 days" is not "14 hours").

Each marker is a whole-word pattern; a marker the source already has may
stay.  The checks err on the strict side: the LLM simulator sends the slice
verbatim when a paraphrase fails them, so a false finding costs a
paraphrase, never a fidelity verdict.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["meaning_shifts"]

_SOFTENERS: Final = (
    ("optional", r"\boptional(?:ly)?\b"),
    ("skip it", r"\bskip(?:ped|ping)?\b"),
    ("no need", r"\bno need\b|\bneedn'?t\b|\b(?:don'?t|do not|doesn'?t|does not) (?:really )?(?:have|need) to\b"),
    (
        "not required",
        r"\bnot (?:strictly )?(?:required|necessary|needed|essential|mandatory|a must|important|critical)\b",
    ),
    ("if you want", r"\bif (?:you|u) (?:want|like|wish|prefer|feel like)\b|\bwhatever you (?:think|prefer|like)\b"),
    (
        "if it is a hassle",
        r"\bif (?:it'?s|it is|that'?s|that is|this is|it gets|it turns out) (?:a (?:hassle|pain|problem|lot)|"
        r"too (?:much|hard|difficult|complicated|tricky)|hard|difficult|tricky|inconvenient)\b",
    ),
    ("if possible", r"\bif (?:possible|you can|feasible|convenient|time permits|you have (?:the )?time)\b"),
    ("feel free", r"\bfeel free\b"),
    ("nice to have", r"\bnice[- ]to[- ]have\b|\bbonus\b|\bextra credit\b"),
    ("maybe", r"\b(?:maybe|perhaps|possibly|probably)\b"),
    (
        "might/could",
        r"\bmight\b|\bcould\b(?! you\b| we\b| u\b)|\byou (?:may|can) (?:also )?(?:choose|decide|leave|ignore)\b",
    ),
    ("ideally", r"\b(?:ideally|preferably|if anything)\b"),
    ("try to", r"\btry to\b|\battempt to\b"),
    ("up to you", r"\bup to you\b|\byour (?:call|choice|decision)\b|\bat your discretion\b"),
    (
        "don't worry",
        r"\bdon'?t (?:worry|bother|sweat)\b|\bnot (?:a big deal|that important|a priority|urgent)\b|"
        r"\b(?:doesn'?t|does not) (?:really )?matter\b",
    ),
    ("low priority", r"\blow[- ]priority\b|\bno rush\b|\bwhen(?:ever)? you get (?:a chance|around to it)\b"),
)

_BOUNDS: Final = (
    (
        "a lower bound (at least, more than, older than ...)",
        r"\bat least\b|\bor more\b|\bno (?:less|fewer) than\b|\bminimum\b|(?<!no )\bmore than\b|\bover \d|"
        r"\babove \d|\b(?:older|longer|greater|larger|bigger) than\b|\bexceed",
    ),
    (
        "an upper bound (at most, less than, newer than ...)",
        r"\bat most\b|\bor (?:less|fewer)\b|\bno (?:more|later) than\b|\bmaximum\b|(?<!no )\b(?:less|fewer) than\b|"
        r"\bunder \d|\bbelow \d|\bup to \d|\bwithin \d|\b(?:newer|younger|shorter|smaller|earlier) than\b",
    ),
    (
        "an exclusive word (only, exactly, nothing else ...)",
        r"\bonly\b|\bexactly\b|\bsolely\b|\bnothing else\b|\bno other\b",
    ),
    ("a universal word (every, each, always)", r"\bevery\b|\beach\b|\balways\b"),
)

_NEGATIONS: Final = re.compile(r"(?i)\b(?:no|not|never|none|nothing|without|cannot)\b|n't\b")

_UNIT: Final = re.compile(
    r"(?i)\b(\d+(?:\.\d+)?)\s*(?:-\s*)?"
    r"(seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|ms|"
    r"bytes?|[kmgt]i?b|lines?|files?|times?|rows?|percent|%)(?![a-z])"
)
_UNIT_ALIASES: Final = {"sec": "second", "min": "minute", "hr": "hour"}


def _compiled(pairs: tuple[tuple[str, str], ...]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((label, re.compile(f"(?i){pattern}")) for label, pattern in pairs)


_SOFTENER_RX: Final = _compiled(_SOFTENERS)
_BOUND_RX: Final = _compiled(_BOUNDS)


def _markers(text: str, table: tuple[tuple[str, re.Pattern[str]], ...]) -> set[str]:
    return {label for label, rx in table if rx.search(text)}


def _units(text: str) -> set[tuple[str, str]]:
    out = set()
    for number, unit in _UNIT.findall(text):
        unit = unit.lower().rstrip("s") or unit.lower()
        out.add((number, _UNIT_ALIASES.get(unit, unit)))
    return out


def meaning_shifts(source: str, paraphrase: str) -> list[str]:
    """How a paraphrase changes a requirement's force (empty: no shift these rules see)."""
    problems = []
    added = sorted(_markers(paraphrase, _SOFTENER_RX) - _markers(source, _SOFTENER_RX))
    if added:
        problems.append(f"adds a hedge or optionality the slice does not have ({', '.join(repr(a) for a in added)})")
    negations = (len(_NEGATIONS.findall(source)), len(_NEGATIONS.findall(paraphrase)))
    if negations[0] != negations[1]:
        problems.append(
            f"has {negations[1]} negation(s) (no, not, never, don't, without) where the slice has {negations[0]}"
        )
    src_bounds, para_bounds = _markers(source, _BOUND_RX), _markers(paraphrase, _BOUND_RX)
    for label in sorted(src_bounds - para_bounds):
        problems.append(f"drops {label} the slice states")
    for label in sorted(para_bounds - src_bounds):
        problems.append(f"adds {label} the slice does not state")
    lost = sorted(_units(source) - _units(paraphrase))
    if lost:
        problems.append(f"changes what a number counts ({', '.join(f'{n} {u}' for n, u in lost[:4])})")
    return problems
