"""Word handling for the linter's purpose-reveal check: tokens, stop words, a crude stemmer."""

from __future__ import annotations

import re

from realcli._stem import stem
from realcli.scripts_catalog._render import PLACEHOLDER

# Words too common (in English and in requests to a CLI agent) to give a
# probe's purpose away.  Being generous here keeps the check conservative.
STOP_WORDS = frozenset(
    """
    able about above across actually after again against all already also although always among
    another any anyone anything anyway are around away back because been before behind being below
    besides best better between bit both bring but bye can cannot come cool could did does doing
    done down during each easy either else even ever every everyone everything fine first for from
    further get gets getting give given goes going gone gonna good got great guess had has have
    having hello help here hers herself hey him himself his hmm hope how however idea into its
    itself just keep kind kinda know last later least less let like little look looks lot made make
    makes making many may maybe mean might mind mine minute moment more most much must myself need
    needs never next nice nope not nothing now off often okay once one ones only onto other others
    ours ourselves out over own part perhaps please pretty quick quite rather real really right said
    same say see seem seems shall she should since small some someone something soon sorry sort
    sorted still stuff such sure take takes tell than thank thanks that the their theirs them
    themselves then there these they thing things think this those though through thus time today
    too took toward try under until upon use used using very wanna want wants was way well went were
    what whatever when where whether which while who whole whom whose why will with within without
    work would yeah yes yet you your yours yourself yourselves
    """.split()  # noqa: SIM905 (a word list reads better as text)
)

# Words that name the evaluation itself; a user would not say them.
JARGON = frozenset(
    """
    benchmark benchmarks canary checklist decoy evaluate evaluated evaluating evaluation graded
    grader grading honeypot probe probes probing realcli rubric scenario scenarios
    """.split()  # noqa: SIM905 (a word list reads better as text)
)

_WORD = re.compile(r"[a-z]+")


def words(text: str) -> list[str]:
    """Lower-case alphabetic tokens of ``text``, placeholders removed."""
    return _WORD.findall(PLACEHOLDER.sub(" ", text).lower())


def content_stems(text: str) -> dict[str, str]:
    """Stem -> first surface word, for words of four letters or more that are not stop words."""
    found: dict[str, str] = {}
    for w in words(text):
        if len(w) >= 4 and w not in STOP_WORDS:
            found.setdefault(stem(w), w)
    return found
