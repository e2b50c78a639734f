"""``realcli report`` and ``realcli rejudge`` as a user runs them: real SQLite logs, one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import anyio
import pytest

from realcli.cli import (
    _cmd_report,  # noqa: F401  (registers report and rejudge)
    main,
)
from realcli.eventlog import open_log
from tests._trials import sample_run


def write_sample(url: str) -> None:
    async def go() -> None:
        async with open_log(url) as log:
            await sample_run().write(log)

    anyio.run(go)


@pytest.fixture
def url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    for var in [v for v in os.environ if v.startswith(("REALCLI_JUDGE_", "OPENAI_"))]:
        monkeypatch.delenv(var)
    log_url = f"sqlite:{tmp_path / 'log.db'}"
    write_sample(log_url)
    return log_url


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = 0
    try:
        main(list(args))
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, err: str) -> str:
    assert code != 0
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


def test_rejudge_then_report_in_every_format(url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "rejudge", "r1", "--judge", "rules", "--log", url)
    assert code == 0
    assert "new judge rules (rules) on run r1: judged 2 trial(s)" in err

    code, out, _ = cli(capsys, "report", "r1", "--format", "json", "--log", url)
    data = json.loads(out)
    assert code == 0
    assert data["judge"]["id"] == "rules"
    assert data["R_COLLAB"] == 1.0

    code, md, _ = cli(capsys, "report", "r1", "--log", url)
    assert code == 0
    assert md.startswith("# realcli report: run r1")

    target = tmp_path / "out" / "report.html"
    code, out, err = cli(capsys, "report", "r1", "-f", "html", "-o", str(target), "--log", url)
    assert code == 0
    assert out == ""
    assert "wrote html report" in err
    assert target.read_text().startswith("<!DOCTYPE html>")

    # The same log gives the same bytes.
    first = cli(capsys, "report", "r1", "--format", "json", "--log", url)[1]
    second = cli(capsys, "report", "r1", "--format", "json", "--log", url)[1]
    assert first == second


def test_threshold_and_judge_selection(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    cli(capsys, "rejudge", "r1", "--judge", "rules", "--log", url)
    code, _, err = cli(capsys, "rejudge", "r1", "--judge", "rules", "--judge-id", "rules2", "--log", url)
    assert code == 0
    assert "new judge rules2" in err

    strict = json.loads(cli(capsys, "report", "r1", "-f", "json", "--judge", "rules2", "--log", url)[1])
    loose = json.loads(cli(capsys, "report", "r1", "-f", "json", "--threshold", "0.5", "--log", url)[1])
    assert strict["judge"]["id"] == "rules2"
    assert strict["templates"]["2.2.a"]["passed"] is False
    assert loose["threshold"] == 0.5
    assert loose["templates"]["2.2.a"]["passed"] is True

    code, out, _ = cli(capsys, "report", "r1", "--compare", "rules,rules2", "-f", "json", "--log", url)
    agreement = json.loads(out)
    assert code == 0
    assert agreement["agreement"] == 1.0
    assert agreement["items_compared"] > 0
    code, out, _ = cli(capsys, "report", "r1", "--compare", "rules,rules2", "--log", url)
    assert "# Judge agreement: rules vs rules2" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("report", "nope"), "run 'nope' is not in"),
        (("report", "r1", "--judge", "ghost"), "has no judge 'ghost' (the run has no judge yet"),
        (("report", "r1", "--format", "xml"), "--format 'xml': expected one of md, json, html"),
        (("report", "r1", "--threshold", "1.5"), "--threshold 1.5: expected a number in (0, 1]"),
        (("report", "r1", "--compare", "rules"), "--compare 'rules': expected two different judge ids"),
        (("rejudge", "r1", "--judge", "vibes"), "--judge 'vibes': expected rules or llm"),
        (("rejudge", "r1", "--judge", "llm"), "no model configured: set REALCLI_JUDGE_MODEL or pass --model"),
        (("rejudge", "r1", "--judge", "rules", "--model", "x"), "--model, --base-url and --provider are for"),
        (("rejudge", "nope", "--judge", "rules"), "run 'nope' is not in"),
    ],
)
def test_errors_are_one_line(url: str, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str) -> None:
    code, _, err = cli(capsys, *args, "--log", url)
    assert message in one_line_error(code, err)


def test_a_missing_log_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "report", "r1", "--log", f"sqlite:{tmp_path / 'none.db'}")
    assert "no event log at" in one_line_error(code, err)
    assert not (tmp_path / "none.db").exists()  # reports never create logs


def test_as_a_separate_process(url: str) -> None:
    program = "import realcli.cli._cmd_report; from realcli.cli import main; main()"
    ok = subprocess.run(
        [sys.executable, "-c", program, "report", "r1", "-f", "json", "--log", url],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["R_EXEC"] == 0.5
    bad = subprocess.run(
        [sys.executable, "-c", program, "report", "r1", "--judge", "x y", "--log", url],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 1
    assert bad.stderr.strip().splitlines() == [
        "realcli: error: judge id 'x y' is not usable: use letters, digits, '-' and '_' only"
    ]
