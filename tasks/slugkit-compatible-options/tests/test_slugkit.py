"""Verifier for slugkit-compatible-options: 1.4.0 behaviour kept exactly, the new options, the release bookkeeping."""
import inspect
import random
import re
import shutil
import subprocess
import sys
import tomllib
import warnings
from pathlib import Path

import pytest

sys.path.insert(0, "/app/slugkit")
import slugkit  # noqa: E402
from slugkit import make_slug, slugify  # noqa: E402

REPO = Path("/app/slugkit")
HERE = Path(__file__).resolve().parent

_OLD = re.compile(r"[^A-Za-z0-9]+")


def old_slugify(text, lowercase=True):
    """slugkit 1.4.0, verbatim."""
    if lowercase:
        text = text.lower()
    return _OLD.sub("-", text).strip("-")


POOL = list("abcXYZ019 -_.,!?/\t\n") + ["é", "È", "ß", "æ", "Ø", "ł", "Þ", "中", "文", "ﬁ", "İ", "K", "²", "😀", "ñ", "ü", "\u0301", "ẞ"]
CORPUS = ["", "---", "Crème brûlée", "Straße", "Ærøskøbing", "Łódź", "naïve café 中文 ok", "ﬁnal ﬁx", "İstanbul", "KELVIN sign"]
rng = random.Random(1500)
CORPUS += ["".join(rng.choice(POOL) for _ in range(rng.randint(1, 24))) for _ in range(400)]


# ------------------------------------------------------------------ backward compatibility


def test_defaults_unchanged_for_every_input():
    """With the defaults of the new options, slugify returns exactly what 1.4.0 returns for every input, non-ASCII text included ("Crème brûlée" stays "cr-me-br-l-e")."""
    wrong = [(t, slugify(t), old_slugify(t)) for t in CORPUS if slugify(t) != old_slugify(t)]
    assert not wrong, f"default results changed (text, now, 1.4.0): {wrong[:5]}"


def test_lowercase_false_unchanged_positional_and_keyword():
    wrong = [t for t in CORPUS if slugify(t, False) != old_slugify(t, False) or slugify(t, lowercase=False) != old_slugify(t, False)]
    assert not wrong, f"lowercase=False results changed for: {wrong[:5]}"
    assert slugify(text="A B", lowercase=True) == "a-b"


def test_signature_keeps_positional_parameters_and_new_ones_are_keyword_only():
    params = inspect.signature(slugify).parameters
    assert list(params)[:2] == ["text", "lowercase"]
    assert params["lowercase"].default is True
    for name, default in (("separator", "-"), ("max_length", None), ("transliterate", False)):
        assert name in params, f"missing option {name}"
        assert params[name].kind is inspect.Parameter.KEYWORD_ONLY, f"{name} is not keyword-only"
        assert params[name].default == default
    with pytest.raises(TypeError):
        slugify("a b", True, "_")


def test_make_slug_same_result_and_deprecation_warning():
    for text in CORPUS[:60]:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = make_slug(text)
        assert result == old_slugify(text)
        deprecations = [w for w in caught if issubclass(w.category, DeprecationWarning)]
        assert len(deprecations) == 1, f"make_slug({text!r}) emitted {len(deprecations)} DeprecationWarning(s)"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        line = inspect.currentframe().f_lineno + 1
        make_slug("Hello")
    warning = [w for w in caught if issubclass(w.category, DeprecationWarning)][0]
    assert "slugify" in str(warning.message)
    assert (Path(warning.filename).resolve(), warning.lineno) == (Path(__file__).resolve(), line), (
        "the warning is not attributed to the caller's line (stacklevel=2)"
    )


def run_pytest(cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def test_original_library_tests_pass(tmp_path):
    """tests/test_slugify.py keeps passing unchanged."""
    dest = tmp_path / "lib"
    shutil.copytree(REPO, dest, ignore=shutil.ignore_patterns(".git", "__pycache__", "tests"))
    (dest / "tests").mkdir()
    shutil.copy(HERE / "original_test_slugify.py", dest / "tests" / "test_slugify.py")
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], cwd=dest, capture_output=True, text=True,
        timeout=120, env={"PYTHONPATH": str(dest), "PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 0, proc.stdout[-2000:]


@pytest.mark.parametrize("service", ["/app/services/blog", "/app/services/shop"])
def test_services_still_pass(service):
    """The tests of both services (python3 -m pytest in /app/services/blog and in /app/services/shop) keep passing unchanged."""
    proc = run_pytest(Path(service))
    assert proc.returncode == 0, proc.stdout[-2000:]


def test_repository_tests_pass():
    proc = run_pytest(REPO)
    assert proc.returncode == 0, proc.stdout[-2000:]


# ------------------------------------------------------------------ separator


@pytest.mark.parametrize(
    "args, kwargs, expected",
    [
        (("Hello, World!",), {"separator": "_"}, "hello_world"),
        (("Hello, World!",), {"separator": "."}, "hello.world"),
        (("  a -- b__c..d  ",), {"separator": "_"}, "a_b_c_d"),
        (("Blue Mug XL", False), {"separator": "."}, "Blue.Mug.XL"),
        (("a_b",), {"separator": "-"}, "a-b"),
        (("",), {"separator": "_"}, ""),
    ],
)
def test_separator(args, kwargs, expected):
    assert slugify(*args, **kwargs) == expected


@pytest.mark.parametrize("bad", ["", "--", "/", " ", "+", "~", "ab", None, 0])
def test_bad_separator(bad):
    with pytest.raises(ValueError):
        slugify("a b", separator=bad)


# ------------------------------------------------------------------ max_length


@pytest.mark.parametrize(
    "text, kwargs, expected",
    [
        ("Hello World", {"max_length": 7}, "hello"),
        ("Hello World", {"max_length": 5}, "hello"),
        ("Hello World", {"max_length": 6}, "hello"),
        ("Hello World", {"max_length": 11}, "hello-world"),
        ("Hello World", {"max_length": 12}, "hello-world"),
        ("Hello World", {"max_length": 10}, "hello"),
        ("a b c d", {"max_length": 3}, "a-b"),
        ("a b c d", {"max_length": 4}, "a-b"),
        ("a b c d", {"max_length": 1}, "a"),
        ("one two three", {"max_length": 9, "separator": "_"}, "one_two"),
        ("Quarterly report: Q1 2024 (final)", {"max_length": 20}, "quarterly-report-q1"),
        ("x", {"max_length": None}, "x"),
    ],
)
def test_max_length(text, kwargs, expected):
    """max_length: a slug longer than max_length is shortened to at most max_length characters by dropping whole words from the end, never leaving a separator at the end ("hello" for max_length=7; "hello-world" stays with 11)."""
    result = slugify(text, **kwargs)
    assert result == expected
    limit = kwargs.get("max_length")
    assert limit is None or len(result) <= limit


@pytest.mark.parametrize(
    "text, kwargs, expected",
    [
        ("Supercalifragilistic", {"max_length": 5}, "super"),
        ("Supercalifragilistic word", {"max_length": 8}, "supercal"),
        ("Donaudampfschifffahrt ahoy", {"max_length": 6, "separator": "_"}, "donaud"),
    ],
)
def test_max_length_cuts_a_too_long_first_word(text, kwargs, expected):
    """Only if the first word alone is longer than max_length is that word cut to max_length characters (slugify("Supercalifragilistic", max_length=5) is "super")."""
    assert slugify(text, **kwargs) == expected


@pytest.mark.parametrize("bad", [0, -1, True, False, "5", 2.5])
def test_bad_max_length(bad):
    with pytest.raises(ValueError):
        slugify("a b", max_length=bad)


# ------------------------------------------------------------------ transliterate


@pytest.mark.parametrize(
    "args, kwargs, expected",
    [
        (("Crème brûlée",), {"transliterate": True}, "creme-brulee"),
        (("Ærøskøbing Straße",), {"transliterate": True}, "aeroskobing-strasse"),
        (("Łódź Þór", False), {"transliterate": True}, "Lodz-THor"),
        (("Œuvre Đakovo æøß",), {"transliterate": True}, "oeuvre-dakovo-aeoss"),
        (("naïve café 中文 ok",), {"transliterate": True}, "naive-cafe-ok"),
        (("ﬁnal",), {"transliterate": True}, "final"),
        (("Crème brûlée",), {"transliterate": False}, "cr-me-br-l-e"),
        (("Ærøskøbing Straße grüßt",), {"transliterate": True, "separator": "_", "max_length": 18}, "aeroskobing"),
        (("Ærøskøbing Straße grüßt",), {"transliterate": True, "max_length": 19}, "aeroskobing-strasse"),
    ],
)
def test_transliterate(args, kwargs, expected):
    """transliterate=True: the listed characters are replaced first (ß, æ, ø, œ, ł, đ, þ ...), then NFKD with the combining marks dropped; characters still not ASCII act as separators, as before (中文); lower-casing happens after transliteration."""
    assert slugify(*args, **kwargs) == expected


# ------------------------------------------------------------------ release bookkeeping


def test_version_bumped_everywhere():
    assert slugkit.__version__ == "1.5.0"
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert project["version"] == "1.5.0", "pyproject.toml still has the old version"


def test_changelog_entry():
    text = (REPO / "CHANGELOG.md").read_text()
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings[:2] == ["1.5.0", "1.4.0"], f"changelog sections: {headings}"
    section = text.split("## 1.5.0", 1)[1].split("## 1.4.0", 1)[0]
    for word in ("separator", "max_length", "transliterate", "make_slug"):
        assert word in section, f"the 1.5.0 entry does not mention {word}"
