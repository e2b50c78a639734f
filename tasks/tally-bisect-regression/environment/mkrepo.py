"""Builds the tally project's git history (deterministic: fixed authors and dates), its bare origin,
and the timesheet the bug report talks about.

usage: python3 mkrepo.py REPO ORIGIN
"""

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(sys.argv[1])
ORIGIN = Path(sys.argv[2])
AUTHORS = [
    ("Maren Holt", "maren@tally.example"),
    ("Jonas Erikson", "jonas@tally.example"),
    ("Priya Natarajan", "priya@tally.example"),
    ("Tomás Ferreira", "tomas@tally.example"),
]
T0 = 1_696_150_800  # 2023-10-01 09:00 UTC
STEP = 3 * 86400 + 4111

files: dict[str, str] = {}
n = 0


def git(*args: str, env: dict[str, str] | None = None) -> str:
    full = {**os.environ, **(env or {})}
    return subprocess.run(["git", "-C", str(REPO), *args], check=True, capture_output=True, text=True, env=full).stdout


def commit(subject: str, body: str = "", author: int | None = None) -> None:
    global n
    for path, text in files.items():
        p = REPO / path
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    for p in list(REPO.rglob("*")):
        rel = p.relative_to(REPO).as_posix()
        if p.is_file() and not rel.startswith(".git/") and rel not in files:
            p.unlink()
    name, email = AUTHORS[(n if author is None else author) % len(AUTHORS)]
    when = f"@{T0 + n * STEP} +0000"
    env = {
        "GIT_AUTHOR_NAME": name,
        "GIT_AUTHOR_EMAIL": email,
        "GIT_AUTHOR_DATE": when,
        "GIT_COMMITTER_NAME": name,
        "GIT_COMMITTER_EMAIL": email,
        "GIT_COMMITTER_DATE": when,
    }
    git("add", "-A")
    git("commit", "-q", "-m", subject + ("\n\n" + body if body else ""), env=env)
    n += 1


def tag(name: str) -> None:
    when = f"@{T0 + (n - 1) * STEP + 600} +0000"
    env = {"GIT_COMMITTER_NAME": AUTHORS[0][0], "GIT_COMMITTER_EMAIL": AUTHORS[0][1], "GIT_COMMITTER_DATE": when}
    git("tag", "-a", name, "-m", f"tally {name[1:]}", env=env)


def edit(path: str, old: str, new: str) -> None:
    assert old in files[path], (path, old)
    files[path] = files[path].replace(old, new, 1)


DURATION_GOOD = '''"""Duration specs: "90s", "15m", "1h30m", "2d", "1w2d"."""

import re

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
_PART = re.compile(r"(\\d+)([smhdw])")


def parse(spec: str) -> int:
    """The number of seconds a duration spec stands for; ValueError if it is not one."""
    text = spec.strip().lower()
    if not text:
        raise ValueError("empty duration")
    pos = 0
    total = 0
    for m in _PART.finditer(text):
        if m.start() != pos:
            break
        total += int(m.group(1)) * UNITS[m.group(2)]
        pos = m.end()
    if pos != len(text):
        raise ValueError(f"not a duration: {spec!r}")
    return total
'''

ENTRIES = '''"""Timesheet entries: tab-separated lines of ISO start time, minutes, project, note."""

from datetime import datetime


def read(path):
    """The entries of a timesheet file, as (start, minutes, project, note) tuples."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\\n")
            if not line or line.startswith("#"):
                continue
            start, minutes, project, note = line.split("\\t", 3)
            out.append((datetime.fromisoformat(start), int(minutes), project, note))
    return out
'''

CLI = '''"""tally's command line."""

import argparse
import sys
from datetime import datetime

from . import __version__, duration, entries


def main(argv=None):
    p = argparse.ArgumentParser(prog="tally")
    p.add_argument("--version", action="version", version=f"tally {__version__}")
    sub = p.add_subparsers(dest="cmd", required=True)
    pd = sub.add_parser("parse-duration", help="print the seconds a duration spec stands for")
    pd.add_argument("spec")
    rp = sub.add_parser("report", help="sum the minutes per project")
    rp.add_argument("file")
    rp.add_argument("--since", help="only entries that started within this duration of --now")
    rp.add_argument("--now", help="the reference time (ISO), default: the current time")
    args = p.parse_args(argv)
    if args.cmd == "parse-duration":
        try:
            print(duration.parse(args.spec))
        except ValueError as e:
            print(f"tally: {e}", file=sys.stderr)
            return 2
        return 0
    now = datetime.fromisoformat(args.now) if args.now else datetime.now()
    rows = entries.read(args.file)
    if args.since:
        try:
            cutoff = now.timestamp() - duration.parse(args.since)
        except ValueError as e:
            print(f"tally: {e}", file=sys.stderr)
            return 2
        rows = [r for r in rows if r[0].timestamp() >= cutoff]
    totals = {}
    for _start, minutes, project, _note in rows:
        totals[project] = totals.get(project, 0) + minutes
    for project in sorted(totals):
        print(f"{project}\\t{totals[project]}")
    return 0
'''

TESTS_DURATION = '''from tally.duration import parse

import pytest


def test_single_units():
    assert parse("90s") == 90
    assert parse("15m") == 900
    assert parse("2h") == 7200
    assert parse("3d") == 259200
    assert parse("1w") == 604800


def test_case_and_spaces():
    assert parse(" 2H ") == 7200


@pytest.mark.parametrize("bad", ["", "abc", "5x", "h"])
def test_rejects(bad):
    with pytest.raises(ValueError):
        parse(bad)
'''

TESTS_CLI = '''import subprocess
import sys


def run(*args):
    return subprocess.run([sys.executable, "-m", "tally", *args], capture_output=True, text=True)


def test_parse_duration_prints_seconds():
    r = run("parse-duration", "45m")
    assert r.returncode == 0 and r.stdout == "2700\\n"


def test_parse_duration_rejects():
    r = run("parse-duration", "soon")
    assert r.returncode == 2 and "not a duration" in r.stderr
'''


def main() -> None:
    REPO.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(REPO)], check=True)
    git("config", "user.name", "Tally Maintainer")
    git("config", "user.email", "maintainers@tally.example")
    files.update(
        {
            "README.md": "# tally\n\nA small time-tracking report tool.\n\n```\npython3 -m tally report timesheet.tsv --since 1w\n```\n",
            "CHANGELOG.md": "# Changelog\n\n## 1.3.0\n\n- `report --since` takes a duration spec.\n",
            "pyproject.toml": '[project]\nname = "tally"\nversion = "1.3.0"\nrequires-python = ">=3.9"\n',
            "tally/__init__.py": '"""tally: time tracking reports."""\n\n__version__ = "1.3.0"\n',
            "tally/__main__.py": "import sys\n\nfrom .cli import main\n\nsys.exit(main())\n",
            "tally/duration.py": DURATION_GOOD,
            "tally/entries.py": ENTRIES,
            "tally/cli.py": CLI,
            "tests/test_duration.py": TESTS_DURATION,
            "tests/test_cli.py": TESTS_CLI,
            ".gitignore": "__pycache__/\n*.pyc\n.pytest_cache/\n",
        }
    )
    commit("Release 1.3.0")
    files["README.md"] += "\n## Timesheet format\n\nTab-separated: ISO start time, minutes, project, note. `#` starts a comment line.\n"
    commit("README: document the timesheet format")
    edit("tally/entries.py", '            start, minutes, project, note = line.split("\\t", 3)\n',
         '            parts = line.split("\\t", 3)\n            if len(parts) == 3:\n                parts.append("")\n            start, minutes, project, note = parts\n')
    commit("entries: a line without a note is fine")
    files["tests/test_entries.py"] = (
        "from tally import entries\n\n\ndef test_note_is_optional(tmp_path):\n"
        '    f = tmp_path / "t.tsv"\n    f.write_text("2024-01-02T09:00:00\\t30\\tops\\n")\n'
        '    assert entries.read(f)[0][3] == ""\n'
    )
    commit("tests: cover a line without a note")
    edit("tally/cli.py", '    p.add_argument("--version"', '    p.add_argument("-q", "--quiet", action="store_true", help="no header line")\n    p.add_argument("--version"')
    commit("cli: add --quiet (kept for the report header to come)")
    edit("CHANGELOG.md", "# Changelog\n", "# Changelog\n\n## 1.4.0\n\n- Timesheet lines may leave out the note.\n- `--quiet`.\n")
    edit("pyproject.toml", '"1.3.0"', '"1.4.0"')
    edit("tally/__init__.py", '"1.3.0"', '"1.4.0"')
    commit("Release 1.4.0")
    tag("v1.4.0")
    # --- after 1.4.0 ---
    files["docs/durations.md"] = "# Duration specs\n\nA number and a unit, repeated: `90s`, `15m`, `1h30m`, `2d`, `1w2d`.\nUnits: s, m, h, d, w.\n"
    commit("docs: explain duration specs")
    edit("tally/cli.py", '        print(f"{project}\\t{totals[project]}")', '        print(f"{project}\\t{totals[project]}")\n    if not args.quiet:\n        print(f"total\\t{sum(totals.values())}")')
    commit("cli: print a total line unless --quiet")
    files["tests/test_cli.py"] += (
        "\n\ndef test_report_total(tmp_path):\n"
        '    f = tmp_path / "t.tsv"\n'
        '    f.write_text("2024-01-02T09:00:00\\t30\\tops\\tx\\n2024-01-02T10:00:00\\t15\\tweb\\ty\\n")\n'
        '    r = run("report", str(f))\n'
        '    assert r.stdout.splitlines() == ["ops\\t30", "web\\t15", "total\\t45"]\n'
    )
    commit("tests: the report's total line")
    edit("README.md", "A small time-tracking report tool.", "A small time-tracking report tool: per-project minutes from a timesheet.")
    commit("README: say what the report shows")
    edit("tally/entries.py", "            if not line or line.startswith(\"#\"):", "            if not line.strip() or line.lstrip().startswith(\"#\"):")
    commit("entries: blank and indented comment lines are skipped")
    # the WIP model migration: the package cannot be imported for three commits
    edit("tally/__init__.py", '__version__ = "1.4.0"\n', '__version__ = "1.4.0"\n\nfrom .model import Entry  # noqa: F401  (re-exported)\n')
    commit("WIP: start moving entries to a dataclass", "The model module follows.")
    edit("tally/entries.py", '"""Timesheet entries', '"""Timesheet entries (Entry comes in tally.model)')
    commit("WIP: entries docstring points at the model")
    files["docs/model.md"] = "# Entry model\n\n(start, minutes, project, note), soon a dataclass.\n"
    commit("WIP: document the planned Entry model")
    files["tally/model.py"] = (
        '"""The timesheet entry."""\n\nfrom dataclasses import dataclass\nfrom datetime import datetime\n\n\n'
        "@dataclass(frozen=True)\nclass Entry:\n    start: datetime\n    minutes: int\n    project: str\n    note: str = \"\"\n"
    )
    commit("model: add the Entry dataclass (fixes the import)")
    files["tests/test_model.py"] = "from tally import Entry\n\n\ndef test_note_defaults_to_empty():\n    from datetime import datetime\n\n    assert Entry(datetime(2024, 1, 1), 5, \"ops\").note == \"\"\n"
    commit("tests: Entry defaults")
    edit("CHANGELOG.md", "# Changelog\n", "# Changelog\n\n## Unreleased\n\n- `report` prints a total line (`--quiet` hides it).\n- `tally.Entry`.\n")
    commit("CHANGELOG: unreleased changes so far")
    files[".editorconfig"] = "root = true\n\n[*]\nindent_style = space\nindent_size = 4\ninsert_final_newline = true\n"
    commit("add .editorconfig")
    # the regression: months come in, the parser is "simplified" to a single match
    files["tally/duration.py"] = '''"""Duration specs: "90s", "15m", "1h30m", "2d", "1w2d", "3mo"."""

import re

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800, "mo": 2592000}
_SPEC = re.compile(r"(\\d+)(mo|[smhdw])")


def parse(spec: str) -> int:
    """The number of seconds a duration spec stands for; ValueError if it is not one."""
    text = spec.strip().lower()
    m = _SPEC.match(text)
    if not m:
        raise ValueError(f"not a duration: {spec!r}" if text else "empty duration")
    return int(m.group(1)) * UNITS[m.group(2)]
'''
    edit("tests/test_duration.py", '    assert parse("1w") == 604800\n', '    assert parse("1w") == 604800\n    assert parse("2mo") == 5184000\n')
    commit("duration: months (mo), and a simpler parser", "A month is 30 days. One regular expression instead of the position loop.")
    edit("docs/durations.md", "Units: s, m, h, d, w.", "Units: s, m, h, d, w, mo (30 days).")
    commit("docs: months in duration specs")
    edit("CHANGELOG.md", "- `tally.Entry`.\n", "- `tally.Entry`.\n- Duration specs take months: `3mo`.\n")
    commit("CHANGELOG: months")
    edit("tally/entries.py", "def read(path):", "def read(path):  # noqa: C901")
    commit("entries: silence the complexity lint")
    files["tally/duration.py"] += '''

def humanize(seconds: int) -> str:
    """A short spec for a number of seconds: 5400 -> "1h30m"."""
    if seconds == 0:
        return "0s"
    out = []
    for unit in ("w", "d", "h", "m", "s"):
        size = UNITS[unit]
        if seconds >= size:
            out.append(f"{seconds // size}{unit}")
            seconds %= size
    return "".join(out)
'''
    commit("duration: humanize() for report headers")
    edit("tally/cli.py", "    totals = {}\n", "    if args.since and not args.quiet:\n        print(f\"# since {duration.humanize(duration.parse(args.since))}\")\n    totals = {}\n")
    commit("cli: a header line naming the --since window")
    files["tests/test_duration.py"] += '\n\ndef test_humanize():\n    from tally.duration import humanize\n\n    assert humanize(5400) == "1h30m"\n    assert humanize(0) == "0s"\n'
    commit("tests: humanize")
    edit("README.md", "--since 1w\n```", "--since 1w\npython3 -m tally report timesheet.tsv --since 3mo\n```")
    commit("README: a months example")
    edit("tally/entries.py", "    out = []\n", "    out = []  # (start, minutes, project, note)\n")
    commit("entries: comment the tuple layout")
    files["tests/test_entries.py"] += (
        "\n\ndef test_comments_and_blanks(tmp_path):\n"
        '    f = tmp_path / "t.tsv"\n    f.write_text("# week 1\\n\\n   # indented\\n2024-01-02T09:00:00\\t30\\tops\\tx\\n")\n'
        "    assert len(entries.read(f)) == 1\n"
    )
    commit("tests: comment and blank lines")
    files["CONTRIBUTING.md"] = "# Contributing\n\nRun `python3 -m pytest -q` before sending a change. One topic per commit.\nDon't push to main: open a branch, the maintainers review and merge.\n"
    commit("CONTRIBUTING: how changes get in")
    edit("tally/cli.py", 'help="sum the minutes per project"', 'help="sum the minutes per project (see docs/durations.md)"')
    commit("cli: point report --help at the duration docs")
    edit("docs/model.md", "soon a dataclass", "a frozen dataclass since the model commit")
    commit("docs: the model is a dataclass now")
    edit("pyproject.toml", 'requires-python = ">=3.9"\n', 'requires-python = ">=3.9"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    commit("pyproject: pytest finds the tests folder")
    edit("CHANGELOG.md", "- Duration specs take months: `3mo`.\n", "- Duration specs take months: `3mo`.\n- `report --since` prints a `# since` header.\n")
    commit("CHANGELOG: the header line")
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(ORIGIN)], check=True)
    git("remote", "add", "origin", str(ORIGIN))
    git("push", "-q", "origin", "main", "--tags")
    git("branch", "-u", "origin/main")
    print(f"{n} commits")


main()
