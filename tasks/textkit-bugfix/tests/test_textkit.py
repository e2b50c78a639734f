"""Verifier for textkit-bugfix: the fixes, edge cases, the unchanged API and the repo's own tests."""
import hashlib
import inspect
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, "/app")
import textkit
from textkit import slugify, truncate

ORIGINAL_TESTS = {
    "/app/tests/test_slug.py": "2d16440cf340409cdf56d9eaf0b254ffd22f6748c5f3d6df35aa25f1d0e56a22",
    "/app/tests/test_trim.py": "edf18aa15cdf8600d333d839a1edc38c7c67d24b000f09f68aa7265e381008ba",
}


def test_accents_transliterated():
    """Accents: slugify("Crème brûlée") must return "creme-brulee", not "cr-me-br-l-e": accented Latin letters are transliterated to their base letter (NFKD, combining marks dropped), with any sep."""
    assert slugify("Crème brûlée -- recipes!") == "creme-brulee-recipes"
    assert slugify("Ångström Über Café") == "angstrom-uber-cafe"
    assert slugify("naïve façade", sep="_") == "naive_facade"


def test_basic_behaviour_kept():
    """Behaviour that must stay: slugs are lower case; every run of characters other than a-z and 0-9 becomes one separator; no separator at the start or end; empty or all-punctuation input gives ""; characters with no ASCII equivalent (日本語) are dropped like punctuation."""
    assert slugify("Hello, World!") == "hello-world"
    assert slugify("  --Hello--  ") == "hello"
    assert slugify("Version 2.0 released") == "version-2-0-released"
    assert slugify("") == ""
    assert slugify("!!!") == ""
    assert slugify("日本語 text") == "text"


def test_multichar_separator():
    assert slugify("Hello, big World", sep="--") == "hello--big--world"
    assert slugify("Hello, World", sep="--", max_length=7) == "hello"


def test_max_length_with_other_separators():
    """max_length: the result is at most max_length characters and never starts or ends with the separator, whatever sep is (sep="_", sep="--")."""
    assert slugify("Hello, World", sep="_", max_length=6) == "hello"
    assert slugify("Hello big World", sep="_", max_length=10) == "hello_big"
    for sep in ("_", "--", "."):
        for n in range(0, 26):
            s = slugify("The quick brown fox jumps", sep=sep, max_length=n)
            assert len(s) <= n, (sep, n, s)
            assert not s.startswith(sep), (sep, n, s)
            assert not s.endswith(sep), (sep, n, s)


def test_max_length():
    """max_length: slugify("A long post title", max_length=7) is "a-long": cut to max_length, then remove separators from the end; at most max_length characters."""
    assert slugify("A long post title", max_length=7) == "a-long"
    assert slugify("short", max_length=50) == "short"
    for n in range(0, 30):
        s = slugify("The quick brown fox jumps over the lazy dog", max_length=n)
        assert len(s) <= n, (n, s)
        assert not s.endswith("-"), (n, s)
        assert not s.startswith("-"), (n, s)


def test_max_length_cuts_inside_word():
    """Cutting inside a word is fine: slugify("abcdef ghij", max_length=8) is "abcdef-g"."""
    assert slugify("abcdef ghij", max_length=8) == "abcdef-g"
    assert slugify("The quick brown fox", max_length=12) == "the-quick-br"
    assert slugify("Supercalifragilistic", max_length=5) == "super"


def test_truncate_fits_width():
    """truncate width: the result, ellipsis included, is at most width characters ("hello w…"); text that already fits is returned unchanged."""
    assert truncate("hello world", 8) == "hello w\u2026"
    assert truncate("hello world", 11) == "hello world"
    assert truncate("hello world", 10, ellipsis="...") == "hello w..."
    for n in range(0, 14):
        assert len(truncate("hello world!", n)) <= n


def test_truncate_edge_cases():
    """If width is smaller than the ellipsis, truncate returns the first width characters of the ellipsis (truncate("hello world", 2, ellipsis="...") is "..", width 0 gives "")."""
    assert truncate("hello", 5) == "hello"
    assert truncate("hello", 0) == ""
    assert truncate("hello world", 2, ellipsis="...") == ".."
    assert truncate("hello world", 4, ellipsis="") == "hell"


def test_public_api_unchanged():
    assert textkit.__all__ == ["slugify", "truncate"]
    assert textkit.__version__ == "1.4.0"
    assert str(inspect.signature(slugify)) == "(text, sep='-', max_length=None)"
    assert str(inspect.signature(truncate)) == "(text, width, ellipsis='\u2026')"


def test_repo_tests_unchanged_and_passing():
    for path, digest in ORIGINAL_TESTS.items():
        assert hashlib.sha256(Path(path).read_bytes()).hexdigest() == digest, f"{path} was modified"
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
                          cwd="/app", capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-1500:]
