"""Regression tests for the option fixes (kept apart from QA's test_cli.py)."""
import pytest

from test_cli import LOG, log, main, run  # noqa: F401


def test_comma_separated_components(capsys, log):
    code, out = run(capsys, "-c", "web,db", "--level", "info", log)
    assert code == 0
    assert [line.split()[2] for line in out] == ["web:", "db:", "db:", "db:"]


def test_max_lines_total_and_count(capsys, log):
    code, out = run(capsys, "-n", "2", "--count", log, log)
    assert (code, out) == (0, ["2"])


@pytest.mark.parametrize("value", ["0", "-1", "x"])
def test_max_lines_must_be_positive(capsys, log, value):
    with pytest.raises(SystemExit) as exc:
        main(["-n", value, log])
    assert exc.value.code == 2


def test_date_and_days(capsys, log):
    code, out = run(capsys, "--since", "2024-05-01", "--until", "1d", "--now", "2024-05-02T12:00:30Z", log)
    assert code == 0
    assert len(out) == 4
