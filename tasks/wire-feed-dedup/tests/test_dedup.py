"""Verifier for wire-feed-dedup: /app/out against an exact reference of the rules, and /app/dedup.py re-run on a fresh feed."""

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import reference as R  # noqa: E402

FEED = Path("/app/feed")
OUT = Path("/app/out")
FRESH = Path("/tmp/wfd-verifier")


def rows_of(path):
    return [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def on_feed():
    return R.dedup(FEED)


@pytest.fixture(scope="module")
def fresh():
    """A fresh feed (another week, another seed), the agent's command run on it, and the reference's answer."""
    subprocess.run(["rm", "-rf", str(FRESH)], check=True)
    subprocess.run(
        [sys.executable, str(HERE / "feedgen.py"), str(FRESH / "feed"), "--seed", "4711", "--stories", "700"],
        check=True,
    )
    run = subprocess.run(
        [sys.executable, "/app/dedup.py", str(FRESH / "feed"), str(FRESH / "out")],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    rows, keep, sh = R.dedup(FRESH / "feed")
    return {"rows": rows, "keep": keep, "sh": sh, "got_rows": rows_of(FRESH / "out" / "clusters.tsv"),
            "got_keep": (FRESH / "out" / "keep.txt").read_text(encoding="utf-8").split("\n")[:-1]}


def _groups(rows):
    return {frozenset(r) for r in rows}


def test_feed_clusters_and_keep_list_follow_the_rules(on_feed):
    """/app/out/clusters.tsv and /app/out/keep.txt are right for the feed as it is in /app/feed."""
    rows, keep, _ = on_feed
    assert rows_of(OUT / "clusters.tsv") == rows
    assert (OUT / "keep.txt").read_text(encoding="utf-8").split("\n")[:-1] == keep


def test_dedup_command_on_a_fresh_feed(fresh):
    """python3 /app/dedup.py FEED_DIR OUT_DIR writes the right clusters.tsv and keep.txt for any feed."""
    assert fresh["got_rows"] == fresh["rows"]
    assert fresh["got_keep"] == fresh["keep"]


@pytest.mark.parametrize("rule", ["tags", "entities", "footers"])
def test_body_normalisation(fresh, rule):
    """HTML tags are removed, entities decoded and syndication footer lines dropped before comparing."""
    without = _groups(R.dedup(FRESH / "feed", **{rule: False})[0])
    needs_rule = _groups(fresh["rows"]) - without
    assert needs_rule, "fixture: the rule matters"
    missing = needs_rule - _groups(fresh["got_rows"])
    assert not missing, f"{len(missing)} clusters missed, e.g. {sorted(next(iter(missing)))}"


def test_windows_1252_articles_read_as_windows_1252(fresh):
    """An article that is not valid UTF-8 is Windows-1252: its copies are found."""
    cp = set()
    for p in (FRESH / "feed").glob("*.txt"):
        try:
            p.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            cp.add(p.name)
    want = {g for g in _groups(fresh["rows"]) if g & cp}
    assert want and not want - _groups(fresh["got_rows"])


def test_clusters_are_transitive(fresh):
    """Duplicates of duplicates are one cluster, even when the ends of the chain are less similar than 0.8."""
    chains = set()
    for g in _groups(fresh["rows"]):
        names = sorted(g)
        if any(R.jaccard(fresh["sh"][a], fresh["sh"][b]) < 0.8 for a in names for b in names if a < b):
            chains.add(g)
    assert chains and not chains - _groups(fresh["got_rows"])


def test_similar_but_not_duplicate_articles_stay_apart(fresh):
    """Articles under Jaccard 0.8 (an updated story with a new paragraph, a shared headline) are not duplicates."""
    got = {n: i for i, r in enumerate(fresh["got_rows"]) for n in r}
    ref = {n: i for i, r in enumerate(fresh["rows"]) for n in r}
    wrong = [(a, b) for a in got for b in got if a < b and got[a] == got[b] and ref.get(a, a) != ref.get(b, b)]
    assert not wrong, wrong[:3]


def test_empty_bodies_are_never_duplicates_short_ones_are_one_shingle(fresh):
    """A body with no words is never a duplicate; a body under five words is one shingle of all its words."""
    got = {n for r in fresh["got_rows"] for n in r}
    empty = {n for n, s in fresh["sh"].items() if not s}
    short = {n for n, s in fresh["sh"].items() if len(s) == 1 and len(next(iter(s)).split()) < 5}
    assert empty and not empty & got
    assert short and {g for g in _groups(fresh["rows"]) if g & short} <= _groups(fresh["got_rows"])


def test_kept_article_is_the_earliest_published_then_longest(fresh):
    """The kept article is the earliest Published instant (time zones count), then the most words, then the smallest name."""
    ref = {frozenset(r): r[0] for r in fresh["rows"]}
    got = {frozenset(r): r[0] for r in fresh["got_rows"]}
    wrong = [(sorted(g), got[g], ref[g]) for g in got if g in ref and got[g] != ref[g]]
    assert got and not wrong, wrong[:3]


def test_output_format(fresh):
    """Tab-separated rows, kept article first then the rest by name, rows by kept name; keep.txt sorted, one name a line."""
    rows = fresh["got_rows"]
    assert rows and all(len(r) >= 2 and r[1:] == sorted(r[1:]) for r in rows)
    assert [r[0] for r in rows] == sorted(r[0] for r in rows)
    keep = fresh["got_keep"]
    assert keep == sorted(set(keep))
    dropped = [n for r in rows for n in r[1:]]
    assert sorted(keep + dropped) == sorted(p.name for p in (FRESH / "feed").glob("*.txt"))


def test_feed_left_as_it_is():
    """The feed itself is never edited: every article is still there, unchanged."""
    want = dict(line.split()[::-1] for line in (HERE / "feed.sha256").read_text().splitlines())
    late = dict(line.split()[::-1] for line in (HERE / "late.sha256").read_text().splitlines())
    have = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in FEED.iterdir()}
    assert {n: have.get(n) for n in want} == want
    assert all(late.get(n) == h for n, h in have.items() if n not in want), "only the evening sync adds articles"
