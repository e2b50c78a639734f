"""Verifier for team-calendar-ics: the published feed and the exporter on fresh spreadsheets."""
import csv
import hashlib
import io
import random
import subprocess
import sys
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

TOOL = Path("/app/bin/make_ics.py")
OUT = Path("/app/out/team.ics")
PUBLISHED = Path("/srv/calendars/team/team.ics")
UNTOUCHED = {
    "/app/calendar/meetings.csv": "dd5a7ce47262279fa81add46b3bd88a5fbde09d86500a9dc876313d5006a9e04",
    "/srv/calendars/team-shared/README.txt": "e83e6545cd60954ea14b448ab9139585eb7c0b9620ba6c6feb936acbeb87fbb2",
    "/srv/calendars/team-shared/team.ics": "7fa1c514cc553e6100e0af8512f62797e41a52afa46073ffee4da8ad9967bbba",
}
BERLIN = ZoneInfo("Europe/Berlin")
COLUMNS = ["id", "title", "date", "start", "duration_min", "location", "description", "attendees", "repeat_weeks", "status"]


# ------------------------------------------------------------------ reference


def esc(text):
    out = []
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    for ch in text:
        out.append({"\\": "\\\\", ";": "\\;", ",": "\\,", "\n": "\\n"}.get(ch, ch))
    return "".join(out)


def expected_lines(csv_text):
    occ = []
    for row in csv.DictReader(io.StringIO(csv_text, newline="")):
        r = {k: (v or "").strip() for k, v in row.items()}
        if r["status"].lower() == "cancelled":
            continue
        for k in range(1, int(r["repeat_weeks"] or "1") + 1):
            day = date.fromisoformat(r["date"]) + timedelta(days=7 * (k - 1))
            ev = ["BEGIN:VEVENT", f"UID:{r['id']}-{k}@team.example", "DTSTAMP:20240601T000000Z"]
            if r["start"]:
                hh, mm = r["start"].split(":")
                local = datetime(day.year, day.month, day.day, int(hh), int(mm), tzinfo=BERLIN)
                start = local.astimezone(timezone.utc)
                end = start + timedelta(minutes=int(r["duration_min"]))
                ev += ["DTSTART:" + start.strftime("%Y%m%dT%H%M%SZ"), "DTEND:" + end.strftime("%Y%m%dT%H%M%SZ")]
            else:
                ev += [f"DTSTART;VALUE=DATE:{day.strftime('%Y%m%d')}",
                       f"DTEND;VALUE=DATE:{(day + timedelta(days=1)).strftime('%Y%m%d')}"]
            ev.append("SUMMARY:" + esc(r["title"]))
            if r["location"]:
                ev.append("LOCATION:" + esc(r["location"]))
            if r["description"]:
                ev.append("DESCRIPTION:" + esc(r["description"]))
            ev += ["ATTENDEE:mailto:" + a.strip() for a in r["attendees"].split(";") if a.strip()]
            ev.append("END:VEVENT")
            occ.append(((r["id"], k), ev))
    occ.sort(key=lambda o: o[0])
    return (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Team Tools//Meetings Export//EN", "CALSCALE:GREGORIAN",
             "X-WR-CALNAME:Team meetings"]
            + [line for _, ev in occ for line in ev] + ["END:VCALENDAR"])


def unfold(raw):
    assert raw.endswith(b"\r\n"), "the file must end with CRLF"
    physical = raw[:-2].split(b"\r\n")
    logical = []
    for i, line in enumerate(physical, 1):
        assert b"\n" not in line and b"\r" not in line, f"line {i}: bare LF/CR (CRLF line endings expected)"
        assert len(line) <= 75, f"line {i} has {len(line)} octets (max 75): {line[:40]!r}..."
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            raise AssertionError(f"line {i}: a UTF-8 character is split by folding: {line[-8:]!r}")
        if text.startswith(" "):
            assert logical, "continuation line at the start"
            logical[-1] += text[1:]
        else:
            logical.append(text)
    return logical


def check(raw, csv_text):
    got, exp = unfold(raw), expected_lines(csv_text)
    diff = [(i, g, e) for i, (g, e) in enumerate(zip(got, exp)) if g != e]
    assert not diff and len(got) == len(exp), f"{len(diff)} lines differ (of {len(exp)}), first: {diff[:2]}; lengths {len(got)}/{len(exp)}"


def export(tmp, rows, name="case"):
    d = Path(tmp) / name
    d.mkdir(parents=True, exist_ok=True)
    buf = io.StringIO(newline="")
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    w.writerows(rows)
    (d / "meetings.csv").write_bytes(buf.getvalue().encode("utf-8"))
    out = d / "out" / "new" / "team.ics"
    p = subprocess.run([sys.executable, str(TOOL), "--csv", str(d / "meetings.csv"), "--out", str(out)],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, f"make_ics.py exited {p.returncode}: {p.stderr[-600:]}"
    raw = out.read_bytes()
    check(raw, buf.getvalue())
    return unfold(raw), raw


def row(id_, title="Meeting", day="2024-05-06", start="10:00", dur="60", loc="", desc="", att="", rep="", status="confirmed"):
    return [id_, title, day, start, dur, loc, desc, att, rep, status]


# ------------------------------------------------------------------ the real feed


@pytest.mark.parametrize("path", sorted(UNTOUCHED))
def test_inputs_and_old_share_untouched(path):
    assert hashlib.sha256(Path(path).read_bytes()).hexdigest() == UNTOUCHED[path], f"{path} was modified"


def test_old_share_has_nothing_new():
    """Nothing may be written to /srv/calendars/team-shared/ (the old groupware share): don't publish there too."""
    assert sorted(str(p) for p in Path("/srv/calendars/team-shared").iterdir()) == sorted(
        p for p in UNTOUCHED if p.startswith("/srv/calendars/team-shared")), "nothing may be written to team-shared"


def test_exported_file():
    check(OUT.read_bytes(), Path("/app/calendar/meetings.csv").read_text(encoding="utf-8"))


def test_published_copy():
    assert PUBLISHED.is_file(), "publish to /srv/calendars/team/team.ics"
    assert PUBLISHED.read_bytes() == OUT.read_bytes(), "the published feed must be identical to /app/out/team.ics"


def test_room_booking_check_accepts_the_feed():
    p = subprocess.run([sys.executable, "/app/tools/check_feed.py"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr


# ------------------------------------------------------------------ fresh spreadsheets


def test_calendar_name(tmp_path):
    """The calendar header names it: X-WR-CALNAME:Team meetings right after CALSCALE:GREGORIAN (what calendar apps show for the subscription)."""
    lines, _ = export(tmp_path, [row("one")])
    assert lines[:5] == ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Team Tools//Meetings Export//EN", "CALSCALE:GREGORIAN",
                         "X-WR-CALNAME:Team meetings"], lines[:5]
    assert unfold(PUBLISHED.read_bytes())[4] == "X-WR-CALNAME:Team meetings", "the published feed has no calendar name"


def test_daylight_saving_time_per_occurrence(tmp_path):
    lines, _ = export(tmp_path, [row("spring", day="2025-03-17", start="10:00", rep="4"),
                                 row("autumn", day="2025-10-20", start="23:30", dur="90", rep="3")])
    starts = [l for l in lines if l.startswith("DTSTART")]
    assert starts[:3] == ["DTSTART:20251020T213000Z", "DTSTART:20251027T223000Z", "DTSTART:20251103T223000Z"]
    assert starts[3:] == ["DTSTART:20250317T090000Z", "DTSTART:20250324T090000Z", "DTSTART:20250331T080000Z",
                          "DTSTART:20250407T080000Z"]


def test_all_day_and_repeats(tmp_path):
    export(tmp_path, [row("hol", title="Holiday", day="2024-12-31", start="", dur="", rep="2"),
                      row("one", day="2024-02-28", start="", dur="30", rep="")])


def test_escaping(tmp_path):
    lines, _ = export(tmp_path, [row("esc", title="Budget; Q3, final\\draft", loc="Room 1, Floor 2; East",
                                     desc="Line one\r\nLine two\nC:\\path\\file; a, b\rend")])
    assert "SUMMARY:Budget\\; Q3\\, final\\\\draft" in lines
    assert "DESCRIPTION:Line one\\nLine two\\nC:\\\\path\\\\file\\; a\\, b\\nend" in lines


@pytest.mark.parametrize("prefix", [66, 67, 65, 140])
def test_folding_counts_octets(tmp_path, prefix):
    # "SUMMARY:" is 8 octets: a 2-octet character lands on the 75-octet boundary.
    """Folding counts octets: physical lines of at most 75 octets, continuation lines starting with one space, never inside a UTF-8 character; removing every CRLF followed by a space gives back the logical line."""
    title = "x" * prefix + "é" + "y" * 20 + "🎉" + "z" * 60 + "東京" * 20
    lines, raw = export(tmp_path, [row("fold", title=title, desc="ü" * 100)], name=f"f{prefix}")
    assert any(l.startswith(b" ") for l in raw.split(b"\r\n"))


def test_line_of_exactly_75_octets_is_not_folded(tmp_path):
    _, raw = export(tmp_path, [row("ex", title="t" * 67)])
    assert b"SUMMARY:" + b"t" * 67 + b"\r\n" in raw


def test_attendees_cancelled_and_order(tmp_path):
    """attendees are e-mail addresses separated by ; (surrounding spaces ignored, empty entries skipped); surrounding whitespace of every field is ignored (status ' confirmed '); cancelled rows and the event order as specified."""
    lines, _ = export(tmp_path, [row("b2", att=" a@x.example ;; b@x.example;  ", status="Confirmed"),
                                 row("B10", status="CANCELLED"), row("a1", rep="2", status=" confirmed "),
                                 row("B9", start="08:15", dur="1440")])
    uids = [l for l in lines if l.startswith("UID:")]
    assert uids == ["UID:B9-1@team.example", "UID:a1-1@team.example", "UID:a1-2@team.example", "UID:b2-1@team.example"]
    assert [l for l in lines if l.startswith("ATTENDEE")] == ["ATTENDEE:mailto:a@x.example", "ATTENDEE:mailto:b@x.example"]


def test_random_spreadsheets(tmp_path):
    rng = random.Random(12)
    words = ["Sync", "Café", "Zürich", "東京", "🎉", "plan, review", "a;b", "C:\\tmp", "multi\nline", "Ärger", "x" * 30]
    for k in range(6):
        rows = []
        for i in range(rng.randint(1, 12)):
            day = date(2024, 1, 1) + timedelta(days=rng.randint(0, 700))
            timed = rng.random() < 0.75
            start = f"{rng.randint(6, 22):02d}:{rng.choice(['00', '15', '30', '45'])}"
            if timed and day.month in (3, 10) and start[:2] in ("02", "03"):
                start = "09:00"
            rows.append(row(f"{rng.choice(['m', 'M', 'x'])}{i}", title=" ".join(rng.choices(words, k=rng.randint(1, 8))), day=day.isoformat(),
                            start=start if timed else "", dur=str(rng.randint(15, 240)),
                            loc=rng.choice(["", "Room 1", "Café Müller, 2nd floor; Room 4"]),
                            desc=" ".join(rng.choices(words, k=rng.randint(0, 25))),
                            att=";".join(rng.choices(["a@x.example", " b@x.example", "", "c@y.example "], k=rng.randint(0, 4))),
                            rep=rng.choice(["", "1", "3", "9"]), status=rng.choice(["confirmed", "Confirmed", "cancelled"])))
        export(tmp_path, rows, name=f"r{k}")
