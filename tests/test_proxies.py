"""Difficulty without a model: proxies from a task's files, recorded in task.toml, shown in docs/suite.md."""

from __future__ import annotations

import tomllib
from pathlib import Path

from realcli.runtime import TurnEstimate, difficulty_proxies, write_proxies
from realcli.runtime.authoring._shell import shell_commands, shell_functions
from realcli.taskformat import find_tasks, load_task
from tests._tasks import make_task
from tests.test_cli import realcli

TASKS = Path(__file__).resolve().parent.parent / "tasks"

TOML = """\
# A task written by hand: comments and order must survive.
version = "1.0"

[metadata]
category = "file-operations"   # kept
difficulty = "medium"

[verifier]
timeout_sec = 60
"""

SOLVE = """\
#!/bin/bash
# Reference solution: a comment is no command.
set -euo pipefail
cd /app
mkdir -p out && cp data/raw.csv out/raw.csv   # two commands
cat > /app/bin/clean.py <<'PY'
import sys; print("rm -rf /; curl x | sh")   # a heredoc's body is data
PY
python3 /app/bin/clean.py "a; b | c" \\
    --flag 'quoted
across lines; ls'
n=$(grep -c , out/raw.csv | wc -l)
case "$n" in
    0|1) echo few ;;
    *) sort -u out/raw.csv > out/sorted.csv ;;
esac
for f in out/*.csv; do gzip -k "$f"; done
if [[ -s out/sorted.csv && $n -gt 1 ]]; then helper; fi
helper() { /usr/bin/sha256sum out/sorted.csv; /app/bin/clean.py; }
"""

HELPER_PY = """\
import subprocess
subprocess.run(["openssl", "version"], check=True)
subprocess.check_output("tar -tzf x.tgz", shell=True)
"""

TESTS_PY = """\
import pytest

CASES = {"a": 1, "b": 2, "c": 3}


@pytest.mark.parametrize("x", [1, 2, 3, 4])
def test_four(x):
    assert x


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("seed", range(5))
def test_fifteen(name, seed):
    assert name


def test_one():
    assert True


class TestGroup:
    def test_method(self):
        assert True
"""

SCRIPT = {
    "schema_version": 1,
    "opening": "Hi",
    "slices": [
        {"id": "s1", "content": "Scratch that: the first line is a title.", "release": {"on": "start"}},
        {"id": "s2", "content": "Keep the raw file as it is.", "release": {"on": "start"}},
        {"id": "s3", "content": "Actually, forget what I said about sorting.", "release": {"on": "start"}},
    ],
    "probes": [
        {"id": "p1", "template": "2.1.a", "goal": "g", "trigger": {"on": "claims_done"}, "stimulus": "x"},
        {"id": "p2", "template": "3.1.a", "goal": "g", "trigger": {"on": "claims_done"}, "stimulus": "y"},
    ],
}


def proxies_task(tmp_path: Path) -> Path:
    root = make_task(tmp_path, "proxied", toml=TOML, solve=SOLVE, script=SCRIPT)
    (root / "solution" / "helper.py").write_text(HELPER_PY)
    (root / "solution" / "mutants").mkdir()
    (root / "solution" / "mutants" / "wrong.sh").write_text("#!/bin/bash\nrm -rf /app\n" * 50)
    (root / "tests" / "test_things.py").write_text(TESTS_PY)
    return root


def test_shell_commands_are_counted_as_a_shell_reads_them() -> None:
    assert [c[0] for c in shell_commands(SOLVE)] == [
        "set",
        "cd",
        "mkdir",
        "cp",
        "cat",
        "python3",
        "grep",
        "wc",
        "echo",
        "sort",
        "gzip",
        "[[",
        "helper",
        "/usr/bin/sha256sum",
        "/app/bin/clean.py",
    ]
    assert shell_functions(SOLVE) == {"helper"}


def test_a_substitution_inside_double_quotes_is_read_as_commands_with_quotes_of_its_own() -> None:
    script = 'when="$(utc "$(clf "$line")")"\necho "$(date -u +%s) done (ok)"\nprintf \'$(not run)\'\n'
    assert [c[0] for c in shell_commands(script)] == ["clf", "utc", "date", "echo", "printf"]


def test_difficulty_proxies_from_a_tasks_files(tmp_path: Path) -> None:
    p = difficulty_proxies(proxies_task(tmp_path))
    assert p.solution_commands == 15  # solve.sh's; the mutants are no part of the solution
    assert p.solution_lines == 17 + 3  # solve.sh without its shebang and comment lines, and helper.py
    # Programs, not builtins, the script's own functions or the task's own scripts; Python's subprocess calls too.
    assert p.tools == ("cat", "cp", "grep", "gzip", "mkdir", "openssl", "python3", "sha256sum", "sort", "tar", "wc")
    assert p.verifier_checks == 4 + 15 + 1 + 1  # parametrize cases multiply; a Test* method counts
    assert (p.slices, p.probes) == (3, 2)
    # "Scratch that" in the first slice revises nothing earlier; 2.1.a is a revision template, 3.1.a is not.
    assert (p.revising_slices, p.revision_probes, p.revisions) == (1, 1, 2)
    assert p.expected_turns_exec == 3 + 15 + 2 + 11 == TurnEstimate().exec_turns(15, 20, 21)
    assert p.expected_turns_collab == p.expected_turns_exec + 3 + 2 * 2 + 2 * 2 + 2


def test_proxies_are_written_into_task_toml_and_nothing_else_changes(tmp_path: Path) -> None:
    root = proxies_task(tmp_path)
    assert write_proxies(root) is True
    text = (root / "task.toml").read_text()
    assert text.startswith(TOML.split("[verifier]")[0])  # comments and order kept
    assert text.endswith("\n\n[verifier]\ntimeout_sec = 60\n")  # the table goes after [metadata], not at the end
    recorded = tomllib.loads(text)["metadata"]["proxies"]
    assert recorded == difficulty_proxies(root).to_builtins()
    assert recorded["distinct_tools"] == 11
    assert load_task(root).raw_config["metadata"]["proxies"] == recorded
    assert write_proxies(root) is False  # current already: not rewritten
    (root / "tests" / "test_more.py").write_text("def test_extra():\n    assert True\n")
    assert write_proxies(root) is True
    assert tomllib.loads((root / "task.toml").read_text())["metadata"]["proxies"]["verifier_checks"] == 22
    assert (root / "task.toml").read_text().count("[metadata.proxies]") == 1


def test_coverage_writes_proxies_and_the_suite_document_shows_them(tmp_path: Path) -> None:
    root = proxies_task(tmp_path)
    done = realcli("coverage", str(root), "--write-proxies", "--markdown")
    assert done.returncode == 0, done.stderr
    assert "wrote " in done.stderr
    assert "21 checks, 2 revisions" in done.stderr
    assert "| proxied | 20 | 15 | 11 | 21 | 2 | 31 | 44 |" in done.stdout
    assert "| expected turns EXEC | 31 | 31 | 31 | 31 | 600 turns, 6 h |" in done.stdout


def test_every_bundled_task_records_its_current_proxies() -> None:
    """Like docs/suite.md: a task changed without `realcli coverage tasks/ --write-proxies` fails here."""
    stale = {}
    for path in find_tasks([TASKS]):
        recorded = load_task(path).raw_config.get("metadata", {}).get("proxies")
        computed = difficulty_proxies(path).to_builtins()
        if recorded != computed:
            stale[path.name] = (recorded, computed)
    assert stale == {}, "stale [metadata.proxies]: realcli coverage tasks/ --write-proxies"
