"""Whether a simulated user's words stay faithful to its script: deterministic checks on concrete tokens.

An LLM simulator may paraphrase a slice, and answers questions in its own
words.  Three checks keep what reaches the agent the script's meaning, with
nothing leaked early and nothing invented (paper D.3, D.4):

* ``paraphrase_problems(source, paraphrase)``: every *concrete token* of the
  source (numbers, paths, identifiers such as ``app.log.3``, ``LOG_DIR``,
  ``--flag``, quoted names) is in the paraphrase, no concrete token is added,
  the requirement keeps its force (``meaning_shifts``: no hedge or
  optionality added, as many negations, the same bounds, numbers with their
  units), and at least ``PARAPHRASE_MIN_COVERAGE`` of the source's content
  words (stop words dropped, crude stems) survive.  The last two catch a
  changed rule with no concrete token in it ("the file whose name sorts
  last" -> "the file with the most IDs"; "never deleted" -> "can go";
  "... that said, this one is optional").
* ``leaked_slices(message, unreleased, known)``: a message carries a slice
  that was not released yet when it holds one of that slice's concrete
  tokens that nothing said so far contains, or at least ``LEAK_NGRAM_SHARE``
  of the slice's word trigrams.
* ``invented_tokens(message, script_text, known)``: concrete tokens that
  appear neither in the script nor in anything the agent has said or run.

The LLM simulator runs the same checks on its own output and falls back to
the verbatim slice (or the fixed "don't know" answer), so the audit finding a
deviation means a simulator that did not.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Final

from realcli._stem import stem
from realcli.projections.fidelity._meaning import meaning_shifts

__all__ = [
    "LEAK_NGRAM_SHARE",
    "PARAPHRASE_MIN_COVERAGE",
    "concrete_tokens",
    "content_words",
    "invented_tokens",
    "leaked_slices",
    "paraphrase_problems",
    "word_stems",
]

PARAPHRASE_MIN_COVERAGE: Final = 0.7
"""Share of a slice's content words a paraphrase must keep (a failing paraphrase costs little: the
simulator sends the slice verbatim instead)."""

LEAK_NGRAM_SHARE: Final = 0.5
"""Share of an unreleased slice's word trigrams that makes a message carry it."""

_TOKEN = re.compile(
    r"`[^`\n]{1,80}`"  # `quoted`
    r"|(?:~|\.{1,2})?/[\w.+@%-]+(?:/[\w.+@%*-]*)*"  # paths
    r"|--?[A-Za-z][\w-]*"  # options
    r"|\$\{?[A-Za-z_]\w*\}?"  # $VARS
    r"|\b\d+(?:[.:,]\d+)*%?"  # numbers, times, versions
    r"|\b\w*[A-Za-z]\w*(?:[._]\w+)+\b"  # dotted and snake_case identifiers, file names
    r"|\b[A-Z][A-Z0-9]{1,}\b"  # ALLCAPS names
)
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_STOP_WORDS: Final = """
a about above after again all also am an and any are as at be because been before being below between both but
by can could did do does doing don done down during each else even ever every few for from further get got had
has have having he her here hers him his how i if in into is it its itself just let like made make many may me
might more most much must my need no nor not now of off on once one only or other our ours out over own please
same she should so some such than that the their them then there these they this those through to too under
until up us use used very want was we were what when where which while who whom whose why will with within
without would yes yet you your yours
"""
_STOP: Final = frozenset(_STOP_WORDS.split())
_ABBREVIATIONS: Final = frozenset({"i.e", "e.g", "etc", "vs", "ok"})


def _clean(token: str) -> str:
    return token.strip("`").rstrip(".,;:)!?'\"").lower()


@lru_cache(maxsize=4096)
def concrete_tokens(text: str) -> frozenset[str]:
    """Numbers, paths, identifiers, options, variables and quoted names in ``text`` (lower-cased).

    Sentence words are not concrete tokens, and neither are capitalised stop
    words or ``OK``.
    """
    out = set()
    for match in _TOKEN.finditer(text):
        token = _clean(match.group(0))
        if token and token not in _STOP and token not in _ABBREVIATIONS:
            out.add(token)
    return frozenset(out)


@lru_cache(maxsize=4096)
def word_stems(text: str) -> frozenset[str]:
    """The stems of every word of ``text``, stop words included."""
    return frozenset(stem(w.lower().strip("'-")) for w in _WORD.findall(text))


@lru_cache(maxsize=4096)
def content_words(text: str) -> frozenset[str]:
    """The stems of the words that carry meaning (stop words and one- or two-letter words dropped)."""
    words = (w.lower().strip("'-") for w in _WORD.findall(text))
    return frozenset(stem(w) for w in words if len(w) > 2 and w not in _STOP)


def paraphrase_problems(source: str, paraphrase: str) -> list[str]:
    """What a paraphrase lost or added; empty when it is faithful by these checks."""
    problems = []
    src, para = concrete_tokens(source), concrete_tokens(paraphrase)
    missing, added = sorted(src - para), sorted(para - src)
    if missing:
        problems.append(f"lost {', '.join(repr(t) for t in missing[:5])}")
    if added:
        problems.append(f"added {', '.join(repr(t) for t in added[:5])}")
    problems += meaning_shifts(source, paraphrase)
    words = content_words(source)
    if words:
        kept = len(words & content_words(paraphrase)) / len(words)
        if kept < PARAPHRASE_MIN_COVERAGE:
            dropped = sorted(words - content_words(paraphrase))
            problems.append(
                f"kept {kept:.0%} of the content words (< {PARAPHRASE_MIN_COVERAGE:.0%}; "
                f"missing {', '.join(dropped[:6])})"
            )
    return problems


def _trigrams(text: str) -> set[tuple[str, str, str]]:
    words = [w.lower() for w in _WORD.findall(text)]
    return {(a, b, c) for a, b, c in zip(words, words[1:], words[2:], strict=False)}


def leaked_slices(message: str, unreleased: Mapping[str, str], known: str) -> list[tuple[str, str]]:
    """``(slice id, why)`` for every unreleased slice whose content ``message`` carries.

    ``known`` is everything said or shown so far that may be repeated freely
    (the opening, released slices, delivered probes, the agent's own words).
    """
    said = concrete_tokens(message)
    seen = concrete_tokens(known)
    grams = _trigrams(message)
    out = []
    for slice_id, content in sorted(unreleased.items()):
        own = concrete_tokens(content) - seen
        shared = sorted(own & said)
        if shared:
            out.append((slice_id, f"says {', '.join(repr(t) for t in shared[:3])}"))
            continue
        theirs = _trigrams(content)
        if theirs and len(theirs & grams) / len(theirs) >= LEAK_NGRAM_SHARE:
            out.append((slice_id, f"repeats {len(theirs & grams)}/{len(theirs)} of its word trigrams"))
    return out


def invented_tokens(message: str, script_text: str, known: Iterable[str]) -> list[str]:
    """Concrete tokens in ``message`` found neither in the script nor in ``known`` (the agent's words)."""
    allowed = concrete_tokens(script_text) | frozenset().union(*(concrete_tokens(k) for k in known))
    return sorted(concrete_tokens(message) - allowed)
