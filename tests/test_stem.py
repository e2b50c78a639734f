"""The one stemmer the linter, the aligner and the fidelity audit match words by."""

from __future__ import annotations

import pytest

from realcli._stem import stem


@pytest.mark.parametrize(
    "forms",
    [
        ("delete", "deletes", "deleted", "deleting"),
        ("verify", "verifies", "verified"),
        ("pass", "passes", "passed", "passing"),
        ("compress", "compressed", "compresses"),
        ("process", "processes", "processed"),
        ("copy", "copies", "copied"),
        ("release", "releases", "released"),
    ],
)
def test_inflections_of_one_word_share_a_stem(forms: tuple[str, ...]) -> None:
    assert len({stem(w) for w in forms}) == 1, {w: stem(w) for w in forms}


@pytest.mark.parametrize(("a", "b"), [("pass", "past"), ("class", "clas"), ("access", "acces"), ("use", "us")])
def test_different_words_keep_different_stems(a: str, b: str) -> None:
    assert stem(a) != stem(b)


def test_short_words_are_left_alone() -> None:
    assert [stem(w) for w in ("is", "was", "use", "red", "bed")] == ["is", "was", "use", "red", "bed"]
