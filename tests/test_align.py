"""Specification-test alignment: the rule-based matcher, and its table in ``validate``."""

from __future__ import annotations

import ast
import json
import shutil
import textwrap
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from realcli.runtime import align_task, requirement_sentences
from realcli.runtime.authoring._align import MATCH_THRESHOLD, align, match_score, uncovered, verifier_checks
from tests._tasks import make_task
from tests.test_cli import realcli

TASKS = Path(__file__).resolve().parent.parent / "tasks"

INSTRUCTION = """\
# Rotate the logs

Write `/app/rotate.sh`. It compresses every rotated log older than
14 days with gzip; it never deletes a log.

- Compressed files keep their name plus `.gz`.
- The script prints one line per file it compresses.

```
compressed /app/logs/app.log.3
```
"""

TESTS = '''\
"""Verifier."""
import subprocess

SCRIPT = "/app/rotate.sh"
FIXTURE = """a very long fixture body that goes on and on ...""" * 10


def test_old_logs_compressed_with_gz_suffix():
    """Rotated logs older than 14 days are compressed, keeping their name plus .gz."""
    subprocess.run(["bash", SCRIPT], check=True)


def test_nothing_deleted():
    # a log older than 14 days is never deleted
    assert True


def test_prints_compressed_lines():
    out = subprocess.run(["bash", SCRIPT], capture_output=True, text=True).stdout
    assert out.startswith("compressed /app/logs/")


class TestExtra:
    def test_uses_systemd_timer(self):
        assert "OnCalendar=daily" in open("/etc/systemd/system/rotate.timer").read()
'''


def test_requirements_are_sentences_with_lines_and_code_blocks_attached() -> None:
    reqs = requirement_sentences(INSTRUCTION)
    assert [(r.line, r.text) for r in reqs] == [
        (3, "Write `/app/rotate.sh`."),
        (3, "It compresses every rotated log older than 14 days with gzip; it never deletes a log."),
        (6, "Compressed files keep their name plus `.gz`."),
        (7, "The script prints one line per file it compresses. compressed /app/logs/app.log.3"),
    ]  # the heading is context; the fenced example belongs to the sentence before it


def test_declared_untestable_sentences_are_not_gaps() -> None:
    reqs = requirement_sentences(INSTRUCTION, untestable=["write `/app/rotate.sh`"])
    assert [r.untestable for r in reqs] == [True, False, False, False]


def test_checks_read_name_docstring_literals_comments_and_module_constants(tmp_path: Path) -> None:
    (tmp_path / "test_rotate.py").write_text(TESTS)
    checks = {c.name: c for c in verifier_checks(tmp_path)}
    assert list(checks) == [
        "test_old_logs_compressed_with_gz_suffix",
        "test_nothing_deleted",
        "test_prints_compressed_lines",
        "test_uses_systemd_timer",
    ]
    first = checks["test_old_logs_compressed_with_gz_suffix"]
    assert first.docstring.startswith("Rotated logs older than 14 days")
    assert "/app/rotate.sh" in first.literals  # through the module constant SCRIPT
    assert not any("fixture body" in lit for lit in first.literals)  # long constants are fixtures, not values
    assert checks["test_nothing_deleted"].comments == "a log older than 14 days is never deleted"
    assert "compressed /app/logs/" in checks["test_prints_compressed_lines"].literals


def test_matcher_links_what_is_said_to_what_is_tested_and_flags_the_rest(tmp_path: Path) -> None:
    (tmp_path / "test_rotate.py").write_text(TESTS)
    result = align(requirement_sentences(INSTRUCTION), verifier_checks(tmp_path))
    assert result.checks_for(1)[0] == "test_old_logs_compressed_with_gz_suffix"
    assert "test_nothing_deleted" in result.checks_for(1)
    assert "test_prints_compressed_lines" in result.checks_for(3)
    # A check of something the instruction never says is flagged.
    assert [c.name for c in result.unmapped_checks] == ["test_uses_systemd_timer"]
    assert any("test_uses_systemd_timer" in w and "tests nothing instruction.md says" in w for w in result.warnings())


def test_score_threshold() -> None:
    assert match_score("Write the report to /app/out/report.csv", "test report written to /app/out/report.csv") >= (
        MATCH_THRESHOLD
    )
    assert match_score("Write the report to /app/out/report.csv", "test cron line installed") < MATCH_THRESHOLD


def test_coverage_catches_a_dropped_requirement() -> None:
    reqs = requirement_sentences(INSTRUCTION)
    full = [
        "Please write /app/rotate.sh.",
        "Compress every rotated log older than 14 days with gzip, never delete a log.",
        "Compressed files keep their name plus .gz; print one line per file compressed "
        "(compressed /app/logs/app.log.3).",
    ]
    assert uncovered(reqs, full) == []
    missing = uncovered(reqs, [full[0], full[2]])
    assert [r.line for r in missing] == [3]
    assert "14 days" in missing[0].text


def test_bundled_task_table_maps_most_checks() -> None:
    result = align_task(TASKS / "csv-report")
    assert len(result.checks) == 8
    assert result.unmapped_checks == []
    assert result.to_builtins()["unmapped_checks"] == []


def test_align_command_prints_the_table_and_json(tmp_path: Path) -> None:
    root = make_task(tmp_path, "rotate", instruction=INSTRUCTION)
    (root / "tests" / "test_rotate.py").write_text(TESTS)
    shown = realcli("align", str(root))
    assert shown.returncode == 0, shown.stderr
    assert "specification-test alignment" in shown.stdout
    assert "check test_uses_systemd_timer tests nothing instruction.md says" in shown.stdout
    data = json.loads(realcli("align", str(root), "--json").stdout)
    assert data["rotate"]["unmapped_checks"] == ["test_uses_systemd_timer"]


@pytest.mark.long
@pytest.mark.usefixtures("python_image")
@pytest.mark.docker
def test_validate_shows_the_alignment_table_for_a_bundled_task(tmp_path: Path) -> None:
    task = tmp_path / "config-hardening"
    shutil.copytree(TASKS / "config-hardening", task)
    result = realcli("validate", str(task), "--log", f"sqlite:{tmp_path / 'log.db'}", timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "specification-test alignment" in result.stdout
    lines = result.stdout.splitlines()
    row = next(line for line in lines if line.lstrip("│ ").startswith("config-hardening") and "/10" in line)
    assert "10/10" in row  # every check maps to a requirement
    data = json.loads(
        realcli("validate", str(task), "--json", "--log", f"sqlite:{tmp_path / 'log.db'}", timeout=900).stdout
    )
    assert data[0]["alignment"]["unmapped_checks"] == []
    assert data[0]["ok"] is True


def test_text_helpers() -> None:
    assert textwrap.dedent(INSTRUCTION) == INSTRUCTION


async def test_model_assisted_alignment_adds_links_and_is_recorded(tmp_path: Path) -> None:
    from realcli import events as ev
    from realcli.eventlog import open_log
    from realcli.models import ModelEndpoint
    from realcli.runtime import align_with_model
    from realcli.runtime.authoring._synth import synth_stream
    from tests.fakes import FakeModelServer, Text

    root = make_task(tmp_path, "rotate", instruction=INSTRUCTION)
    (root / "tests" / "test_rotate.py").write_text(TESTS)
    mapping = {
        "links": [
            {"requirement": 3, "checks": ["test_uses_systemd_timer", "test_made_up"]},
            {"requirement": 99, "checks": ["test_nothing_deleted"]},
        ],
        "untestable": [1],
    }
    url = f"sqlite:{tmp_path / 'log.db'}"
    with FakeModelServer([Text(json.dumps(mapping))]) as server:
        point = ModelEndpoint(base_url=server.openai_base_url, model="fake-align", max_retries=0)
        async with open_log(url) as log:
            result = await align_with_model(log, root, endpoint=point, synthesis_id="al1")
            events = [r.event async for r in log.read(synth_stream("al1"))]
        prompt_text = server.requests[0].last_user_text
    assert "1. Write `/app/rotate.sh`." in prompt_text
    assert "- test_uses_systemd_timer:" in prompt_text
    assert result.unmapped_checks == []  # the model linked the check the rules could not
    assert "test_uses_systemd_timer" in result.checks_for(2)
    assert not result.requirements[0].untestable  # a check tests it: the model cannot call it untestable
    repaired = next(e for e in events if isinstance(e, ev.SynthesisStageAnswered) and e.stage == "align:repaired")
    assert repaired.notes == [
        "align.links[0].checks: 'test_made_up' is no check of the verifier; dropped",
        "align.links[1].requirement: 99 is no requirement number; dropped",
    ]
    assert isinstance(events[0], ev.SynthesisStarted)
    assert events[0].kind == "align"
    assert isinstance(events[-1], ev.SynthesisFinished)


# ------------------------------------------------------------ the matcher's reading


def test_sentences_do_not_end_at_abbreviations_and_do_end_inside_emphasis() -> None:
    text = "**Never modify the exported orders.** Everything is derived from it, e.g. `12.37` is kept as written.\n"
    assert [r.text for r in requirement_sentences(text)] == [
        "**Never modify the exported orders.**",
        "Everything is derived from it, e.g. `12.37` is kept as written.",
    ]


def test_pointers_and_lead_ins_are_not_requirements() -> None:
    text = (
        "Rewrite it so that it does exactly what is described here.\n\n"
        "**Output and exit status.** It prints one line per file and exits 0.\n"
    )
    assert [r.text for r in requirement_sentences(text)] == ["It prints one line per file and exits 0."]


def test_flags_parametrize_cases_and_helper_constants_are_a_checks_literals(tmp_path: Path) -> None:
    (tmp_path / "test_cli.py").write_text(
        textwrap.dedent(
            """\
            import pytest

            def reference(values):
                # the baseline window is 400-450 nm
                return [v for v in values if 400 <= v <= 450]

            @pytest.fixture
            def expected():
                return reference([1])

            @pytest.mark.parametrize("args", [["-c", "web"], ["--component", "db,cache"]])
            def test_components(args):
                assert args

            def test_baseline(expected):
                assert expected == []
            """
        )
    )
    checks = {c.name: c for c in verifier_checks(tmp_path)}
    assert {"-c", "--component", "db,cache"} <= set(checks["test_components"].literals)
    assert {"400", "450"} <= set(checks["test_baseline"].literals)  # through the fixture, then the helper
    req = requirement_sentences("`-c NAME`, `--component NAME`: keep only records of these components.")
    assert align(req, list(checks.values())).checks_for(0) == ["test_components"]


def test_a_check_whose_name_the_requirement_holds_links_to_it(tmp_path: Path) -> None:
    (tmp_path / "test_make.py").write_text("def test_dist_tarball():\n    assert run('make', 'dist')\n")
    req = requirement_sentences("`make dist`: builds, then writes the release tarball.")
    assert align(req, verifier_checks(tmp_path)).checks_for(0) == ["test_dist_tarball"]


def test_what_the_other_side_holds_as_a_whole_is_no_finding(tmp_path: Path) -> None:
    """A check that tests a sentence through its fixture data (no shared words with the sentence) is
    not flagged, nor is the sentence; a check of something the instruction never mentions is."""
    instruction = "# Orders\n\nAmounts may use a comma as thousands separator.\n\nWrite the report.\n"
    tests = (
        'FIXTURE = "id,amount\\n1,\\"1,234.50\\"\\n"  # amounts with a thousands separator\n\n'
        "def test_report_exact():\n    assert FIXTURE\n\n"
        "def test_uses_systemd_timer():\n    assert 'OnCalendar=daily'\n"
    )
    root = make_task(tmp_path, "orders", instruction=instruction)
    (root / "tests" / "test_orders.py").write_text(tests)
    result = align_task(root)
    assert [r.text for r in result.unlinked_requirements] == ["Amounts may use a comma as thousands separator."]
    assert result.unmapped_requirements == []  # the verifier's fixture holds "amount", "thousand", "separator"
    assert [c.name for c in result.unmapped_checks] == ["test_uses_systemd_timer"]


# ------------------------------------------------------------ the bundled suite, and misaligned copies of it


def test_the_bundled_suite_has_no_alignment_finding() -> None:
    """What `make demo` and `make validate` print about the project's own tasks must be true: none
    of the bundled tasks has a check of something its instruction never says, or a requirement no
    check tests (those that cannot be tested are declared in task.toml)."""
    findings = {
        path.name: alignment.warnings()
        for path in sorted(p for p in TASKS.iterdir() if (p / "task.toml").is_file())
        if (alignment := align_task(path)).warnings()
    }
    assert findings == {}


# Requirements that lose their only check when a test function is removed, read by hand in the task.
# (task, test function removed, lines of instruction.md that are then untested; an empty set: every
# requirement the function tested is still tested by another check).
DROPPED_TESTS: list[tuple[str, str, set[int]]] = [
    ("nginx-static-api-gateway", "test_main_config_not_edited", {12}),
    ("logslice-cli-args", "test_help", {48}),
    ("notes-service", "test_token_file_private", {14}),
    ("sudoers-role-policy", "test_logfile_default_in_ops_file_and_in_force", {41}),
    ("textkit-bugfix", "test_public_api_unchanged", {29}),
    ("sshd-config-hardening", "test_include_line_kept", {9}),
    ("transit-route-planner", "test_export_and_board_untouched", {22}),
    ("q1-sales-summary", "test_no_formulas", {50}),
    ("python-sdist", "test_build_is_reproducible", {3}),  # line 24 (a copy of the project) stays tested
    ("terminal-quiz-fix", "test_deck_without_cards", {31}),
    ("roster-user-sync", "test_second_run_changes_nothing", {48}),
    ("sitecheck-deb-package", "test_script_builds_and_leaves_source_alone", set()),  # the real build tests both
    ("team-calendar-ics", "test_folding_counts_octets", set()),  # the real feed's unfolding tests it
]


def test_misaligned_copies_are_found_with_high_precision(tmp_path: Path) -> None:
    """Deliberately misaligned copies of the bundled tasks (their instruction, task.toml and tests):
    a check taken from a task of another category, a requirement taken from one, and a test function
    removed. A finding that is not the misalignment made is a false positive."""
    tally = _Tally()
    for case in _misaligned_copies(tmp_path):
        result = align_task(case.root)
        found = {f"check:{c.name}" for c in result.unmapped_checks}
        found |= {f"line:{r.line}" for r in result.unmapped_requirements}
        tally.add(case.kind, found, case.expected)
    print(tally.summary())
    # Measured on 48 tasks: precision 0.961 (95 of 99 findings), recall 0.925 (95 of 103 misalignments).
    assert tally.precision() >= 0.9, tally.summary()
    assert tally.recall() >= 0.85, tally.summary()
    assert tally.precision("foreign-check") == tally.precision("foreign-requirement") == 1.0, tally.summary()


@dataclass(frozen=True)
class _Case:
    kind: str  # foreign-check | foreign-requirement | dropped-test
    root: Path
    expected: frozenset[str]  # "check:<name>" and "line:<n>" findings a perfect aligner makes


@dataclass
class _Tally:
    counts: dict[str, list[int]] = field(default_factory=dict)  # kind -> [true positives, false positives, misses]

    def add(self, kind: str, found: set[str], expected: frozenset[str]) -> None:
        row = self.counts.setdefault(kind, [0, 0, 0])
        row[0] += len(found & expected)
        row[1] += len(found - expected)
        row[2] += len(expected - found)

    def _sum(self, kind: str | None) -> list[int]:
        rows = [r for k, r in self.counts.items() if kind in (None, k)]
        return [sum(col) for col in zip(*rows, strict=True)]

    def precision(self, kind: str | None = None) -> float:
        tp, fp, _ = self._sum(kind)
        return tp / (tp + fp) if tp + fp else 1.0

    def recall(self, kind: str | None = None) -> float:
        tp, _, fn = self._sum(kind)
        return tp / (tp + fn) if tp + fn else 1.0

    def summary(self) -> str:
        lines = [f"{kind}: {tp} found, {fp} false, {fn} missed" for kind, (tp, fp, fn) in sorted(self.counts.items())]
        return "; ".join([*lines, f"precision {self.precision():.3f}, recall {self.recall():.3f}"])


def _bundled() -> list[Path]:
    return sorted(p for p in TASKS.iterdir() if (p / "task.toml").is_file())


def _category(root: Path) -> str:
    return str(tomllib.loads((root / "task.toml").read_text())["metadata"]["category"])


def _copy_for_alignment(root: Path, dest: Path) -> Path:
    """What the aligner reads of a task: instruction.md, task.toml and tests/."""
    dest.mkdir(parents=True)
    for name in ("instruction.md", "task.toml"):
        shutil.copy(root / name, dest / name)
    shutil.copytree(root / "tests", dest / "tests")
    return dest


def _misaligned_copies(tmp: Path) -> list[_Case]:
    roots = _bundled()
    cases = []
    for i, root in enumerate(roots):
        # A task of another category, about a third of the suite further on.
        others = [roots[(i + k) % len(roots)] for k in range(13, 13 + len(roots))]
        donor = next(d for d in others if _category(d) != _category(root))
        cases.append(_with_foreign_check(root, donor, i, tmp / f"{root.name}--check"))
        cases.append(_with_foreign_requirement(root, donor, i, tmp / f"{root.name}--requirement"))
    for name, check, lines in DROPPED_TESTS:
        copy = _copy_for_alignment(TASKS / name, tmp / f"{name}--without-{check}")
        _remove_function(copy / "tests", check)
        cases.append(_Case("dropped-test", copy, frozenset(f"line:{n}" for n in lines)))
    return cases


def _with_foreign_check(root: Path, donor: Path, i: int, dest: Path) -> _Case:
    """The donor's i-th check (with its module's imports, constants and helpers), as tests/test_zz_foreign.py."""
    copy = _copy_for_alignment(root, dest)
    checks = verifier_checks(donor / "tests")
    check = checks[i % len(checks)]
    source = (donor / "tests" / check.file).read_text()
    tree = ast.parse(source)
    kept = [
        node
        for node in tree.body
        if not (isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name.lower().startswith("test"))
        or node.name == check.name
    ]
    name = check.name if check.name not in {c.name for c in verifier_checks(copy / "tests")} else f"{check.name}_2"
    text = "\n\n".join(ast.get_source_segment(source, node) or "" for node in kept)
    (copy / "tests" / "test_zz_foreign.py").write_text(text.replace(f"def {check.name}(", f"def {name}("))
    return _Case("foreign-check", copy, frozenset({f"check:{name}"}))


def _with_foreign_requirement(root: Path, donor: Path, i: int, dest: Path) -> _Case:
    """A requirement of the donor that names an exact value, appended to the instruction."""
    copy = _copy_for_alignment(root, dest)
    reqs = [r for r in requirement_sentences((donor / "instruction.md").read_text()) if "`" in r.text]
    text = (copy / "instruction.md").read_text().rstrip("\n") + "\n\n" + reqs[i % len(reqs)].text + "\n"
    (copy / "instruction.md").write_text(text)
    return _Case("foreign-requirement", copy, frozenset({f"line:{text.count(chr(10))}"}))


def _remove_function(tests: Path, name: str) -> None:
    for path in sorted(tests.glob("test_*.py")):
        source = path.read_text()
        node = next((n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.FunctionDef) and n.name == name), None)
        if node is not None:
            lines = source.splitlines(keepends=True)
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            path.write_text("".join(lines[: first - 1] + lines[node.end_lineno or node.lineno :]))
            return
    raise AssertionError(f"{tests}: no test function {name} (DROPPED_TESTS is out of date)")
