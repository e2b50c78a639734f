"""Verifier for logslice-cli-args: the command line contract, on inputs made here, plus CI's check script."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path("/app/logslice")
BIN = REPO / "bin" / "logslice"
ORIGINAL_TESTS = Path(__file__).resolve().parent / "original_test_cli.py"

LOG = """\
2024-05-01T11:59:59Z DEBUG web: warmup done
2024-05-01T12:00:00Z INFO web: GET / 200
2024-05-01T12:00:00Z WARNING db: slow query took 812ms
2024-05-01T12:30:00Z ERROR worker: job 17 failed: KeyError: 'sku'
Traceback (most recent call last):
  File "jobs.py", line 3, in run
KeyError: 'sku'
2024-05-01T13:00:00Z INFO cache: hit ratio 0.93
not a log line at all
2024-05-02T00:00:00Z CRITICAL db: replica lag 94s, failing over
2024-05-02T09:15:00Z INFO web-api: GET /health 200
"""
RECORDS = [line for line in LOG.splitlines() if line[:4] == "2024"]


def rec(*indexes):
    return [RECORDS[i] for i in indexes]


@pytest.fixture
def log(tmp_path):
    path = tmp_path / "app.log"
    path.write_text(LOG)
    return str(path)


def run(*args, stdin=None, cwd=None):
    proc = subprocess.run([str(BIN), *args], input=stdin, capture_output=True, text=True, timeout=30, cwd=cwd)
    return proc.returncode, proc.stdout.splitlines(), proc.stderr


# ------------------------------------------------------------------ levels and components


@pytest.mark.parametrize(
    "value, expected",
    [
        ("error", [3, 5]),
        ("ERROR", [3, 5]),
        ("Warning", [2, 3, 5]),
        ("warn", [2, 3, 5]),
        ("WARN", [2, 3, 5]),
        ("critical", [5]),
        ("debug", [0, 1, 2, 3, 4, 5, 6]),
    ],
)
def test_level(log, value, expected):
    code, out, _ = run("--level", value, log)
    assert (code, out) == (0, rec(*expected))
    code, out, _ = run("-l", value, log)
    assert (code, out) == (0, rec(*expected))


def test_default_level_is_everything(log):
    assert run(log)[1] == RECORDS


def test_unknown_level_is_a_usage_error(log):
    code, out, err = run("--level", "verbose", log)
    assert code == 2 and out == [] and err


@pytest.mark.parametrize(
    "args, expected",
    [
        (["-c", "web"], [0, 1]),
        (["--component", "web", "-c", "worker"], [0, 1, 3]),
        (["-c", "db,cache"], [2, 4, 5]),
        (["-c", "web", "-c", "db,cache"], [0, 1, 2, 4, 5]),
        (["-c", "web-api"], [6]),
        (["-c", "Web"], None),
    ],
)
def test_components(log, args, expected):
    code, out, _ = run(*args, log)
    if expected is None:
        assert (code, out) == (1, [])
    else:
        assert (code, out) == (0, rec(*expected))


# ------------------------------------------------------------------ time filters


@pytest.mark.parametrize(
    "args, expected",
    [
        (["--since", "2024-05-01T12:00:00Z"], [1, 2, 3, 4, 5, 6]),
        (["--until", "2024-05-01T12:00:00Z"], [0]),
        (["--since", "2024-05-01T12:00:00Z", "--until", "2024-05-01T12:30:00Z"], [1, 2]),
        (["--since", "2024-05-02"], [5, 6]),
        (["--until", "2024-05-02"], [0, 1, 2, 3, 4]),
        (["--since", "2024-05-01", "--until", "2024-05-02"], [0, 1, 2, 3, 4]),
    ],
)
def test_absolute_times(log, args, expected):
    """--since TIME keeps records with timestamp >= TIME, --until TIME those < TIME (exclusive); a TIME may be a UTC timestamp YYYY-MM-DDTHH:MM:SSZ or a date YYYY-MM-DD, meaning midnight UTC at the start of that day."""
    assert run(*args, log)[:2] == (0, rec(*expected))


@pytest.mark.parametrize(
    "now, since, expected",
    [
        ("2024-05-01T12:01:30Z", "90s", [1, 2, 3, 4, 5, 6]),
        ("2024-05-01T12:15:00Z", "15m", [1, 2, 3, 4, 5, 6]),
        ("2024-05-01T13:30:00Z", "1h30m", [1, 2, 3, 4, 5, 6]),
        ("2024-05-02T00:30:00Z", "30m", [5, 6]),
        ("2024-05-03T00:00:00Z", "1d", [5, 6]),
        ("2024-05-03T00:00:00Z", "2d", [0, 1, 2, 3, 4, 5, 6]),
        ("2024-05-03T00:00:00Z", "1d12h", [1, 2, 3, 4, 5, 6]),
        ("2024-05-02T09:15:00Z", "0s", [6]),
    ],
)
def test_durations(log, now, since, expected):
    assert run("--now", now, "--since", since, log)[:2] == (0, rec(*expected))


def test_duration_until(log):
    assert run("--now", "2024-05-02T00:30:00Z", "--until", "12h", log)[:2] == (0, rec(0, 1, 2))


@pytest.mark.parametrize(
    "args",
    [
        ["--since", "yesterday"],
        ["--since", "15x"],
        ["--since", "1h30"],
        ["--until", "soon"],
        ["--now", "1h", "--since", "1h"],
        ["--now", "tomorrow"],
    ],
)
def test_bad_time_is_a_usage_error(log, args):
    code, out, err = run(*args, log)
    assert code == 2 and out == [] and err, (code, out)


# ------------------------------------------------------------------ limits, count, exit status


def test_max_lines_over_all_files(tmp_path, log):
    """-n N / --max-lines N: stop after N matching records in total (over all files)."""
    first = tmp_path / "first.log"
    first.write_text(RECORDS[3] + "\n")
    assert run("-n", "2", str(first), log)[:2] == (0, [RECORDS[3], RECORDS[0]])
    assert run("--max-lines", "3", "-l", "warning", log)[:2] == (0, rec(2, 3, 5))


@pytest.mark.parametrize("value", ["0", "-1", "two", "1.5"])
def test_max_lines_must_be_positive(log, value):
    """-n N / --max-lines N: N must be an integer >= 1; 0, negative numbers and non-numbers are usage errors (exit 2, nothing on stdout)."""
    code, out, err = run("-n", value, log)
    assert code == 2 and out == [] and err


def test_count(log):
    """--count: instead of the records, print only the number of matching records (limited by --max-lines like the output would be) as a bare integer on one line; with no match, 0 and exit 1."""
    assert run("--count", "-l", "error", log)[:2] == (0, ["2"])
    assert run("--count", log, log)[:2] == (0, ["14"])
    assert run("--count", "-n", "3", log, log)[:2] == (0, ["3"])
    assert run("--count", "-c", "nosuch", log)[:2] == (1, ["0"])


def test_no_match_exits_1(log):
    assert run("-c", "nosuch", log)[:2] == (1, [])
    assert run("--since", "2030-01-01", log)[:2] == (1, [])


def test_json_format_unchanged(log):
    code, out, _ = run("--format", "json", "-l", "critical", log)
    assert code == 0
    assert [json.loads(line) for line in out] == [
        {"ts": "2024-05-02T00:00:00Z", "level": "critical", "component": "db", "message": "replica lag 94s, failing over"}
    ]


def test_version():
    code, out, _ = run("--version")
    assert (code, out) == (0, ["logslice 0.9.1"])


@pytest.mark.parametrize("flag", ["-h", "--help"])
def test_help(flag):
    """-h/--help: as now (argparse's usage and option list on stdout, exit 0)."""
    code, out, _ = run(flag)
    assert code == 0 and out and out[0].startswith("usage: logslice"), out[:3]


# ------------------------------------------------------------------ input handling


def test_stdin_by_default_and_dash(tmp_path, log):
    """No FILE, or a FILE that is -, means standard input; every FILE is read in the order given."""
    assert run("-l", "error", stdin=LOG)[:2] == (0, rec(3, 5))
    assert run("-l", "error", "-", stdin=LOG)[:2] == (0, rec(3, 5))
    other = tmp_path / "other.log"
    other.write_text("2024-05-03T08:00:00Z ERROR auth: locked out\n")
    code, out, _ = run("-l", "error", str(other), "-", log, stdin="2024-05-02T10:00:00Z ERROR web: from stdin\n")
    assert code == 0
    assert out == ["2024-05-03T08:00:00Z ERROR auth: locked out", "2024-05-02T10:00:00Z ERROR web: from stdin", *rec(3, 5)]


def test_dash_twice_is_a_usage_error(log):
    """- may appear at most once: giving it twice is a usage error (exit 2, nothing on stdout)."""
    code, out, _ = run("-", "-", stdin=LOG)
    assert code == 2 and out == []


def test_double_dash_ends_options(tmp_path):
    """After --, every argument is a file, even one starting with -."""
    odd = tmp_path / "-odd.log"
    odd.write_text(LOG)
    assert run("-l", "critical", "--", "-odd.log", cwd=tmp_path)[:2] == (0, rec(5))


def test_unreadable_file(tmp_path, log):
    """If a file cannot be opened, logslice prints logslice: cannot read <FILE> to stderr, prints nothing on stdout and exits 2."""
    code, out, err = run(log, str(tmp_path / "missing.log"))
    assert code == 2
    assert out == [], "records were printed although a file could not be opened"
    assert f"logslice: cannot read {tmp_path / 'missing.log'}" in err
    assert "Traceback" not in err


# ------------------------------------------------------------------ the repository's tests and CI


def fresh_repo(tmp_path: Path) -> Path:
    dest = tmp_path / "repo"
    shutil.copytree(REPO, dest, ignore=shutil.ignore_patterns(".git", "__pycache__", ".pytest_cache"))
    return dest


def test_original_unit_tests_pass(tmp_path):
    repo = fresh_repo(tmp_path)
    shutil.copy(ORIGINAL_TESTS, repo / "tests" / "test_cli.py")
    proc = subprocess.run(
        ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_cli.py"],
        cwd=repo, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stdout[-3000:]


def test_repository_tests_pass():
    proc = subprocess.run(
        ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stdout[-3000:]


def test_check_script_passes_when_all_is_well(tmp_path):
    repo = fresh_repo(tmp_path)
    proc = subprocess.run(["bash", "scripts/check.sh"], cwd=repo, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert "check.sh: all good" in proc.stdout


def test_check_script_fails_on_a_failing_test(tmp_path):
    repo = fresh_repo(tmp_path)
    (repo / "tests" / "test_zz_planted.py").write_text("def test_planted():\n    assert 1 == 2\n")
    proc = subprocess.run(["bash", "scripts/check.sh"], cwd=repo, capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0, "check.sh exits 0 although a test fails"
    assert "check.sh: all good" not in proc.stdout


def test_check_script_fails_when_the_smoke_run_fails(tmp_path):
    repo = fresh_repo(tmp_path)
    (repo / "samples" / "app.log").write_text("2024-05-01T12:00:00Z INFO web: nothing wrong here\n")
    proc = subprocess.run(["bash", str(repo / "scripts/check.sh")], capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0, "check.sh exits 0 although its smoke run found no record"
