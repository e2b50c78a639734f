"""Recorded terminal sessions, parsed: the recordings in tests/fixtures/sessions were made for real
(asciinema rec, script -T, an interactive bash with HISTTIMEFORMAT, zsh with EXTENDED_HISTORY) while
doing small CLI work, typos and failed commands included."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from realcli import ConfigError
from realcli.runtime import Session, parse_session, render_session
from realcli.runtime.authoring._synth_log import scrub_session
from realcli.runtime.authoring._terminal import TerminalScreen
from tests.test_cli import one_line_error, realcli

SESSIONS = Path(__file__).resolve().parent / "fixtures" / "sessions"


def texts(session: Session) -> list[str]:
    return [c.text for c in session.commands]


def test_an_asciinema_cast_is_cut_into_its_commands_with_times_typos_and_retries() -> None:
    s = parse_session(SESSIONS / "log-cleanup.cast")
    assert (s.format, s.source, s.started) == ("asciinema-v2", "log-cleanup.cast", "2026-12-04T20:19:24Z")
    assert texts(s) == [
        "ls -la logs",
        "du -sh logs",
        "fnd logs -name '*.log.*' -mtime +7",
        "find logs -name '*.log.[0-9]*' -mtime +7",  # typed '*.lgo', three backspaces, then the rest
        "find logs -empty -print -delete",
        "find logs -name '*.log.[0-9]' -mtime +7 -exec gzip {} +",
        "ls logs",
        "grep -c ERROR logs/app.log",
        "grep ERROR logs/app.log | tail -n 3",
        "du -sh logs",
    ]  # the final `exit` ends the recording: it is no work
    fnd, find = s.commands[2], s.commands[3]
    assert fnd.failed
    assert fnd.output == "bash: fnd: command not found"
    assert (find.failed, find.retry_of) == (False, 3)
    assert s.commands[4].output.splitlines() == ["logs/debug.log", "logs/worker.log.1", "logs/worker.log.2"]
    assert s.commands[7].output == "7"
    assert all(c.cwd == "~/logwork" for c in s.commands)
    starts = [c.started_at for c in s.commands]
    assert all(a is not None and b is not None and a < b for a, b in itertools.pairwise(starts))
    assert all(c.duration is not None and c.duration >= 0 for c in s.commands)
    assert "\x1b" not in json.dumps(s.to_builtins())  # no escape sequence survives rendering


def test_output_without_a_newline_and_output_that_arrives_while_a_command_is_typed(tmp_path: Path) -> None:
    """Recorded with asciinema --stdin: printf's output ends without a newline (the next prompt follows
    it on the same line), and a background job prints while the next command is being typed."""
    s = parse_session(SESSIONS / "interleaved.cast")
    assert texts(s) == [
        "printf 'total: %d' 42",
        "(sleep 1.2; echo 'backup finished') &",
        "ls -la /home/dev/intwork",
        "date -u +%Y",
    ]
    assert s.commands[0].output == "total: 42"  # not "total: " and a prompt of user "42dev"
    listing = s.commands[2].output.splitlines()
    assert listing[:2] == ["backup finished", "total 8"]  # the job's line, out of the command, into the output
    assert s.notes == ()
    # Without the keystrokes the screen is all there is: the command reads as the terminal showed it.
    keyless = tmp_path / "keyless.cast"
    keyless.write_text(
        "".join(line + "\n" for line in (SESSIONS / "interleaved.cast").read_text().splitlines() if '"i",' not in line)
    )
    assert parse_session(keyless).commands[2].text == "ls backup finished"


def test_a_typescript_with_its_timing_file() -> None:
    s = parse_session(SESSIONS / "csv-fix.typescript")  # csv-fix.typescript.timing or csv-fix.timing: found
    assert (s.format, s.timing, s.started) == ("typescript", "csv-fix.timing", "2026-12-04T20:20:12+00:00")
    assert len(s.commands) == 10
    broken, fixed = s.commands[5], s.commands[6]
    assert broken.failed
    assert "SyntaxError: invalid syntax" in broken.output
    assert fixed.retry_of == 6
    assert fixed.output == "9"
    assert s.commands[7].text == "awk 'NF' orders.csv | awk '!seen[$0]++' > orders.clean.csv"  # "clena", 2 x BS, "an"
    assert s.commands[1].output == "orders.csv: ASCII text, with CRLF line terminators"
    assert s.duration is not None
    assert 45 < s.duration < 60
    assert all(c.started_at is not None for c in s.commands)
    explicit = parse_session(SESSIONS / "csv-fix.typescript", timing=SESSIONS / "csv-fix.timing")
    assert explicit == s


def test_the_advanced_timing_format_reads_the_same(tmp_path: Path) -> None:
    """script's multi-stream format (O/I/H records) times the same output bytes as the classic one."""
    classic = (SESSIONS / "csv-fix.timing").read_text().splitlines()
    advanced = ["H 0.000000 START_TIME 2026-12-04 20:20:12", "H 0.000000 TERM xterm-256color"]
    for line in classic:
        delay, size = line.split()
        half = float(delay) / 2
        advanced += [f"I {half:.6f} 1", f"O {half:.6f} {size}"]  # input records' delays carry over
    advanced.append("S 0.000100 SIGCHLD")
    (tmp_path / "t.adv").write_text("\n".join(advanced) + "\n")
    a = parse_session(SESSIONS / "csv-fix.typescript", timing=tmp_path / "t.adv")
    b = parse_session(SESSIONS / "csv-fix.typescript")
    assert texts(a) == texts(b)
    assert [round(c.started_at or 0, 3) for c in a.commands] == [round(c.started_at or 0, 3) for c in b.commands]


def test_a_plain_typescript_and_a_command_longer_than_the_terminal() -> None:
    s = parse_session(SESSIONS / "config-edit.typescript")
    assert (s.format, s.timing, s.duration) == ("typescript", "", None)
    assert all(c.started_at is None and c.duration is None for c in s.commands)
    assert s.commands[2].failed
    assert "unterminated `s' command" in s.commands[2].output
    assert s.commands[3].retry_of == 3
    # 180 characters on a 160-column terminal: readline wrapped it with " \r"; the command is whole.
    assert s.commands[6].text.endswith('print(p["server"]["port"], p["logging"]["level"], p["cache"]["level"])\'')
    assert s.commands[6].output == "8080 info debug"
    assert s.commands[5].output.splitlines()[:2] == ["3c3", "< port = 8000"]


def test_the_shells_own_refusals_are_failures() -> None:
    """bash refused an unquoted history expansion before running anything ("!now": event not found);
    the same echo with a space after the "!" ran.  (Recorded with script -T, typed ahead through a pipe.)"""
    s = parse_session(SESSIONS / "shell-errors.typescript")
    assert texts(s) == ["cd /tmp/rec", 'echo "backup done!now"', 'echo "backup done! now"', "ls nosuchdir"]
    refused, ran = s.commands[1], s.commands[2]
    assert (refused.failed, refused.output) == (True, "bash: !now: event not found")
    assert (ran.failed, ran.output) == (False, "backup done! now")
    assert s.commands[3].failed


def test_a_bash_history_with_timestamps() -> None:
    s = parse_session(SESSIONS / "small-build.bash_history")
    assert s.format == "bash-history"
    assert texts(s) == [
        "ls",
        "cat Makefile",
        "make",
        "sed -i '1i #include <stdio.h>' hello.c",
        "make",
        "./hello",
        "make clean && make CFLAGS='-O2 -Wall'",
        "./hello world",
    ]
    assert [c.started_at for c in s.commands] == [0, 3, 5, 10, 12, 14, 19, 22]
    assert s.commands[4].retry_of == 3  # make, a fix, make again: no output says it failed, the repeat does
    assert all(not c.output and c.duration is None for c in s.commands)


def test_a_zsh_extended_history_with_durations_and_a_multi_line_command() -> None:
    s = parse_session(SESSIONS / "site-backup.zsh_history")
    assert s.format == "zsh-history"
    assert s.commands[1].text == "tar czf site-backup.tar.gz site"
    assert s.commands[1].duration == 4.0
    assert s.commands[7].text == 'for f in *.tar.gz; do\n  tar tzf "$f" | wc -l\ndone'
    assert {c.cwd for c in s.commands} == {None}  # a history starts nowhere known; `cd backups` is relative
    assert texts(s)[-1] == "ls -l"


def test_parsing_is_deterministic() -> None:
    for path in sorted(SESSIONS.iterdir()):
        if path.suffix != ".timing":
            assert parse_session(path).to_builtins() == parse_session(path).to_builtins()
            assert render_session(parse_session(path)) == render_session(parse_session(path))


def test_what_the_model_reads_clips_long_outputs_and_keeps_the_facts() -> None:
    text = render_session(parse_session(SESSIONS / "log-cleanup.cast"), output_lines=4)
    assert "[3] $ fnd logs -name '*.log.*' -mtime +7" in text
    assert "FAILED" in text
    assert "runs [3] again" in text
    assert "... 9 more lines ..." in text  # ls -la: 13 lines, 2 first and 2 last kept
    assert len(render_session(parse_session(SESSIONS / "log-cleanup.cast"), budget=600)) <= 600


def test_terminal_screen_line_editing() -> None:
    screen = TerminalScreen(width=20)
    screen.feed(0.0, "$ lss\b\x1b[K -la\r\n")  # a typo erased
    screen.feed(1.0, "abc\x1b[2D\x1b[@X\r\n")  # insert a character in the middle
    screen.feed(2.0, "0123456789012345678901234\r\n")  # wraps at 20 columns: still one line
    screen.feed(3.0, "\x1b]0;title\x07half \x1b[1")  # an escape sequence cut by a chunk
    screen.feed(4.0, ";31mred\x1b[0m\r\n")
    assert [line.text for line in screen.lines] == ["$ ls -la", "aXbc", "0123456789012345678901234", "half red"]
    assert (screen.lines[3].first, screen.lines[3].ended) == (3.0, 4.0)


def test_a_file_that_is_no_session_is_one_line(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("ls -la\ncd /tmp\n")  # a history without timestamps: refused, not guessed
    with pytest.raises(ConfigError, match=r"notes.txt: not a recorded session: expected an asciinema v2 cast"):
        parse_session(notes)
    line = one_line_error(realcli("synthesize", "task", "--from-log", str(notes), "--parse-only"))
    assert line.startswith(f"realcli: error: {notes}: not a recorded session")
    empty = tmp_path / "empty.cast"
    empty.write_text('{"version": 2, "width": 80, "height": 24}\n')
    with pytest.raises(ConfigError, match="no command in it"):
        parse_session(empty)
    v1 = tmp_path / "old.cast"
    v1.write_text('{"version": 1, "width": 80}\n')
    with pytest.raises(ConfigError, match="only asciinema v2"):
        parse_session(v1)


def test_secrets_a_session_shows_are_scrubbed() -> None:
    s = parse_session(SESSIONS / "small-build.bash_history")
    attacked = s.commands[0].__class__(
        index=99,
        text="export GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789 && curl -H 'Authorization: Bearer "
        "abcdefghijklmnop1234' --password hunter2secret https://x",
        output="AKIAABCDEFGHIJKLMNOP\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXkt\n"
        "-----END OPENSSH PRIVATE KEY-----\nsk-0123456789abcdefghij",
    )
    scrubbed = scrub_session(type(s)(**{**s.__dict__, "commands": (attacked,)}))
    dumped = json.dumps(scrubbed.to_builtins())
    for secret in ("ghp_abcdef", "abcdefghijklmnop1234", "hunter2secret", "AKIAABCDEF", "b3BlbnNzaC1rZXkt", "sk-0123"):
        assert secret not in dumped, secret
    assert "GITHUB_TOKEN=[REDACTED]" in dumped


def test_parse_only_prints_the_session_as_json() -> None:
    done = realcli("synthesize", "task", "--from-log", str(SESSIONS / "site-backup.zsh_history"), "--parse-only")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["format"] == "zsh-history"
    assert data["commands"][1]["text"] == "tar czf site-backup.tar.gz site"
    assert len(data["sha256"]) == 64


def test_keystrokes_become_the_lines_entered() -> None:
    from realcli.runtime.authoring._prompts import Typed, typed_lines

    events = [
        (1.0, "lss\x7f -la\r"),
        (2.0, "rm -rf x\x15echo ok\r"),
        (3.0, "git status\x17log\r"),
        (4.0, "\x1b[Amake\r"),
    ]
    assert typed_lines(events) == [
        Typed(1.0, "ls -la", True),
        Typed(2.0, "echo ok", True),  # Ctrl-U cleared the line
        Typed(3.0, "git log", True),  # Ctrl-W removed a word
        Typed(4.0, "make", False),  # an arrow key (history): the screen knows better what ran
    ]
