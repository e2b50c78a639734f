"""Tests for the logslice command line (owned by QA: keep in sync with the CLI contract)."""
import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from logslice.cli import main  # noqa: E402

LOG = """\
2024-05-01T12:00:00Z DEBUG web: cache lookup key=user:7
2024-05-01T12:00:05Z INFO web: GET /api/items/1 200
2024-05-01T12:00:10Z WARNING db: slow query took 812ms
2024-05-01T12:00:20Z ERROR worker: job 17 failed: KeyError: 'sku'
Traceback (most recent call last):
KeyError: 'sku'
2024-05-01T12:00:30Z INFO db: connection 4 opened
2024-05-01T12:00:40Z CRITICAL db: replica lag 94s, failing over
"""


@pytest.fixture
def log(tmp_path):
    path = tmp_path / "app.log"
    path.write_text(LOG)
    return str(path)


def run(capsys, *argv):
    code = main(list(argv))
    return code, capsys.readouterr().out.splitlines()


def test_level_filter(capsys, log):
    code, out = run(capsys, "--level", "error", log)
    assert code == 0
    assert [line.split()[1] for line in out] == ["ERROR", "CRITICAL"]


def test_level_is_case_insensitive(capsys, log):
    code, out = run(capsys, "--level", "WARNING", log)
    assert code == 0
    assert len(out) == 3


def test_component_repeatable(capsys, log):
    code, out = run(capsys, "-c", "web", "-c", "worker", log)
    assert code == 0
    assert [line.split()[2] for line in out] == ["web:", "web:", "worker:"]


def test_since_compound_duration(capsys, log):
    code, out = run(capsys, "--now", "2024-05-01T13:30:30Z", "--since", "1h30m", log)
    assert code == 0
    assert out[0].startswith("2024-05-01T12:00:30Z")


def test_until_is_exclusive(capsys, log):
    code, out = run(capsys, "--until", "2024-05-01T12:00:10Z", log)
    assert code == 0
    assert len(out) == 2


def test_no_match_exits_1(capsys, log):
    code, out = run(capsys, "-c", "nosuchcomponent", log)
    assert code == 1
    assert out == []


def test_count(capsys, log):
    code, out = run(capsys, "--count", "--level", "info", log)
    assert code == 0
    assert out == ["5"]


def test_json_format(capsys, log):
    code, out = run(capsys, "--format", "json", "--level", "critical", log)
    assert code == 0
    assert json.loads(out[0]) == {
        "ts": "2024-05-01T12:00:40Z",
        "level": "critical",
        "component": "db",
        "message": "replica lag 94s, failing over",
    }
