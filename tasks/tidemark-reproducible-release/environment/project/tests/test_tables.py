from datetime import datetime, timezone

from tidemark import cli, tables


def test_ports_load():
    ports = tables.load_ports()
    assert "KIRKWALL" in ports and ports["KIRKWALL"]["M2"][0] > 0.5


def test_two_high_waters_a_day():
    port = tables.load_ports()["ABERDEEN"]
    start = datetime(2026, 12, 7, tzinfo=timezone.utc)
    highs = [e for e in tables.extremes(port, start, days=1) if e[0] == "HW"]
    assert len(highs) in (1, 2, 3)


def test_version_line_without_build_info():
    assert cli.version_line().startswith("tidemark 1.4.2")
