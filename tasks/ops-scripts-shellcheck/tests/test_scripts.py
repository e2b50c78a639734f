"""Verifier of the shellcheck triage of /app/ops.

The gate is run as CI runs it (and without any rc file), every suppression directive is read and
judged, and every script is run on fresh fixtures with stub rsync and ssh commands that record
what they were given.
"""

import os
import re
import stat
import subprocess
import time
from pathlib import Path

OPS = Path("/app/ops")
FILES = sorted([*OPS.glob("bin/*.sh"), *OPS.glob("lib/*.sh")])
LINT_SH = Path(__file__).with_name("lint.sh")
# The findings that are false positives, where a directive may silence them, and the command the
# directive must sit directly above.
ALLOWED = {
    "bin/sync-assets.sh": ({"SC2086"}, re.compile(r"\brsync\b")),
    "bin/offsite-prune.sh": ({"SC2029"}, re.compile(r"\bssh\b")),
    "lib/config.sh": ({"SC2034"}, re.compile(r"^\s*(?:export\s+|readonly\s+|declare\s+\S+\s+)?(?:DUMP_DIR|RETENTION_KEEP|OFFSITE_STAGE|REPORT_TITLE)=")),
}
DIRECTIVE = re.compile(r"^\s*#\s*shellcheck\s+(.*)$")


def run(args, **kw):
    kw.setdefault("capture_output", True)
    kw.setdefault("text", True)
    kw.setdefault("timeout", 120)
    return subprocess.run(args, **kw)


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items() if k != "SHELLCHECK_OPTS"}
    env.update(extra)
    return env


def directives():
    """Every shellcheck directive in the scripts: (file, line index, text)."""
    found = []
    for f in FILES:
        lines = f.read_text().splitlines()
        for i, line in enumerate(lines):
            m = DIRECTIVE.match(line)
            if m:
                found.append((str(f.relative_to(OPS)), i, lines, m.group(1)))
    return found


def disables(text):
    """The codes a directive's disable= names."""
    codes = set()
    for m in re.finditer(r"\bdisable=([A-Za-z0-9,]+)", text):
        codes |= {c.strip().upper() for c in m.group(1).split(",") if c.strip()}
    return codes


def is_command(line):
    s = line.strip()
    return bool(s) and not s.startswith("#")


def stub(tmp_path, name, body):
    """A command on PATH that records its arguments and working directory."""
    d = tmp_path / "stubbin"
    d.mkdir(exist_ok=True)
    p = d / name
    p.write_text("#!/bin/bash\n" + body)
    p.chmod(0o755)
    return str(d) + ":" + os.environ["PATH"]


def make_dumps(folder, n, start=1):
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    base = time.time() - 86400 * 40
    for k in range(start, start + n):
        name = f"shopdb 2026-10-{k:02d}.sql.gz"
        p = folder / name
        p.write_bytes(b"x" * (100 + k))
        os.utime(p, (base + k * 86400, base + k * 86400))
        names.append(name)
    return names  # oldest first


def test_ci_lint_gate_passes():
    """ci/lint.sh (shellcheck -x bin/*.sh lib/*.sh from /app/ops) exits 0 at the default severity, style and info included, without SHELLCHECK_OPTS."""
    r = run(["bash", "ci/lint.sh"], cwd=OPS, env=clean_env())
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-1000:]
    files = [str(f.relative_to(OPS)) for f in FILES]
    r = run(["shellcheck", "--norc", "-x", *files], cwd=OPS, env=clean_env())
    assert r.returncode == 0, r.stdout[-3000:]


def test_ci_lint_script_left_as_it_is():
    """Leave ci/lint.sh as it is."""
    assert (OPS / "ci/lint.sh").read_bytes() == LINT_SH.read_bytes()


def test_no_shellcheckrc():
    """No .shellcheckrc configures shellcheck around the findings."""
    places = [OPS, OPS / "bin", OPS / "lib", OPS / "ci", Path("/app"), Path("/"), Path.home()]
    xdg = Path(os.environ.get("XDG_CONFIG_HOME", str(Path.home() / ".config")))
    found = [str(p / n) for p in places for n in (".shellcheckrc", "shellcheckrc") if (p / n).exists()]
    found += [str(xdg / "shellcheckrc")] if (xdg / "shellcheckrc").exists() else []
    assert not found


def test_directives_silence_only_false_positives():
    """A directive silences a finding only where the code is right as it is (the rsync options, the remote command, the sourced settings), never a real defect."""
    bad = []
    for rel, i, _lines, text in directives():
        codes = disables(text)
        if not codes:
            continue
        allowed = ALLOWED.get(rel, (set(), None))[0]
        if "ALL" in codes or not codes <= allowed:
            bad.append(f"{rel}:{i + 1}: {text}")
    assert not bad


def test_directives_cover_one_command_not_the_file():
    """Each directive sits on the line directly above the one command it covers, never above the first command of a file (file-wide)."""
    bad = []
    for rel, i, lines, text in directives():
        if not disables(text):
            continue
        first = next(k for k, line in enumerate(lines) if is_command(line))
        if i < first:
            bad.append(f"{rel}:{i + 1}: above the first command (file-wide)")
            continue
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        pattern = ALLOWED.get(rel, (set(), re.compile("$^")))[1]
        if not is_command(nxt) or not pattern.search(nxt):
            bad.append(f"{rel}:{i + 1}: not directly above the command it covers")
    assert not bad


def test_directives_give_their_reason():
    """Each directive names only the code(s) it silences, with its reason after the codes on the same line."""
    bad = []
    for rel, i, _lines, text in directives():
        if not disables(text):
            continue
        m = re.match(r"disable=[A-Za-z0-9,]+\s*#\s*(.+)$", text.strip())
        if not m or len(re.findall(r"[A-Za-z]{2,}", m.group(1))) < 3:
            bad.append(f"{rel}:{i + 1}: {text}")
    assert not bad


def test_style_findings_fixed_not_silenced():
    """Style findings (SC2004, SC2181) are fixed, not silenced."""
    text = "\n".join(t for _r, _i, _l, t in directives())
    assert "SC2004" not in text.upper() and "SC2181" not in text.upper()
    files = [str(f.relative_to(OPS)) for f in FILES]
    r = run(["shellcheck", "--norc", "-x", "-i", "SC2004,SC2181", "-f", "gcc", *files], cwd=OPS, env=clean_env())
    assert r.stdout.strip() == ""


def test_sourced_files_followed_not_silenced():
    """SC1091 is not silenced: source directives tell shellcheck where the sourced files are."""
    assert not any("SC1091" in disables(t) for _r, _i, _l, t in directives())
    files = [str(f.relative_to(OPS)) for f in OPS.glob("bin/*.sh")]
    r = run(["shellcheck", "--norc", "-x", "-i", "SC1091", "-f", "gcc", *files], cwd=OPS, env=clean_env())
    assert r.stdout.strip() == ""


def test_scripts_keep_names_and_stay_executable():
    """The scripts keep their names and run with bash."""
    for name in ("rotate-dumps.sh", "sync-assets.sh", "offsite-prune.sh", "dump-report.sh"):
        p = OPS / "bin" / name
        assert p.is_file() and p.stat().st_mode & stat.S_IXUSR, name
        assert p.read_text().startswith("#!/bin/bash"), name


def test_rotate_dumps_with_spaces_moves_older_to_archive(tmp_path):
    """rotate-dumps.sh keeps the KEEP newest dumps in DIR (spaces in DIR and the names) and moves the older ones into DIR/archive/, never deleting any, other files left alone."""
    d = tmp_path / "nightly dumps"
    names = make_dumps(d, 6)
    (d / "notes for ops.txt").write_text("keep me\n")
    r = run(["bin/rotate-dumps.sh", str(d), "2"], cwd=OPS)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in d.glob("*.sql.gz")) == sorted(names[-2:])
    assert sorted(p.name for p in (d / "archive").glob("*.sql.gz")) == sorted(names[:-2])
    assert (d / "notes for ops.txt").read_text() == "keep me\n"
    assert not (d / "old").exists()


def test_rotate_dumps_defaults_and_keep_or_fewer(tmp_path):
    """DIR defaults to DUMP_DIR and KEEP to RETENTION_KEEP (7); with KEEP or fewer dumps it moves nothing."""
    root = tmp_path / "backup root"
    names = make_dumps(root / "dumps", 9)
    r = run(["bin/rotate-dumps.sh"], cwd=OPS, env={**os.environ, "BACKUP_ROOT": str(root)})
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in (root / "dumps").glob("*.sql.gz")) == sorted(names[-7:])
    assert sorted(p.name for p in (root / "dumps" / "archive").glob("*.sql.gz")) == sorted(names[:2])
    few = tmp_path / "few"
    names = make_dumps(few, 3)
    r = run(["bin/rotate-dumps.sh", str(few), "3"], cwd=OPS)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in few.glob("*.sql.gz")) == sorted(names)
    assert not (few / "archive").exists() or not any((few / "archive").iterdir())


def test_sync_assets_passes_rsync_opts_as_separate_arguments(tmp_path):
    """sync-assets.sh runs rsync $RSYNC_OPTS ./ DEST/ inside SRC: the options reach rsync as separate arguments, exactly as written, in that order; SRC may contain spaces."""
    log = tmp_path / "rsync.args"
    path = stub(tmp_path, "rsync", f'pwd > "{log}"; printf "%s\\n" "$@" >> "{log}"\n')
    src = tmp_path / "web assets"
    src.mkdir()
    (src / "app.css").write_text("body{}\n")
    opts = "--archive --delete --exclude=*.tmp --chmod=F644,D755"
    r = run(["bin/sync-assets.sh", str(src), "/srv/cdn origin"], cwd=OPS, env={**os.environ, "PATH": path, "RSYNC_OPTS": opts})
    assert r.returncode == 0, r.stderr
    got = log.read_text().splitlines()
    assert got[0] == str(src)
    assert got[1:] == ["--archive", "--delete", "--exclude=*.tmp", "--chmod=F644,D755", "./", "/srv/cdn origin/"]


def test_sync_assets_stops_when_src_cannot_be_entered(tmp_path):
    """When SRC cannot be entered, sync-assets.sh stops with a non-zero exit code and does not run rsync."""
    log = tmp_path / "rsync.args"
    path = stub(tmp_path, "rsync", f'echo called > "{log}"\n')
    r = run(["bin/sync-assets.sh", str(tmp_path / "no such dir"), "/srv/cdn"], cwd=OPS, env={**os.environ, "PATH": path})
    assert r.returncode != 0
    assert not log.exists(), "rsync ran although SRC could not be entered"


def test_offsite_prune_expands_stage_on_this_host(tmp_path):
    """offsite-prune.sh runs ssh HOST with mkdir -p STAGE && find STAGE -type f -mtime +3 -delete, STAGE expanded on this host (/var/tmp/offsite-stage)."""
    log = tmp_path / "ssh.args"
    path = stub(tmp_path, "ssh", f'printf "%s\\n" "$@" > "{log}"\n')
    r = run(["bin/offsite-prune.sh", "backup2.example.net"], cwd=OPS, env={**os.environ, "PATH": path})
    assert r.returncode == 0, r.stderr
    assert log.read_text().splitlines() == [
        "backup2.example.net",
        "mkdir -p /var/tmp/offsite-stage && find /var/tmp/offsite-stage -type f -mtime +3 -delete",
    ]


def test_offsite_prune_fails_when_ssh_fails(tmp_path):
    """When ssh fails, offsite-prune.sh stops with a non-zero exit code and the message prune on HOST failed."""
    path = stub(tmp_path, "ssh", "exit 255\n")
    r = run(["bin/offsite-prune.sh", "backup2.example.net"], cwd=OPS, env={**os.environ, "PATH": path})
    assert r.returncode != 0
    assert "prune on backup2.example.net failed" in r.stderr


def test_load_conf_stops_when_file_cannot_be_read(tmp_path):
    """load_conf FILE prints the settings without comments and blank lines, and stops the calling script through die (exit code 1) when FILE cannot be read."""
    conf = tmp_path / "report.conf"
    conf.write_text("# settings\nlevel = summary  # one line\n\nmail = ops@example.net\n")
    r = run(["bash", "-c", '. lib/common.sh; load_conf "$1"; echo after', "x", str(conf)], cwd=OPS)
    assert r.stdout.splitlines() == ["level = summary  ", "mail = ops@example.net", "after"]
    r = run(["bash", "-c", '. lib/common.sh; load_conf "$1"; echo after', "x", str(tmp_path / "missing.conf")], cwd=OPS)
    assert r.returncode == 1
    assert "after" not in r.stdout


def test_config_keeps_its_settings():
    """lib/config.sh keeps its settings, names and values: DUMP_DIR, RETENTION_KEEP (7), OFFSITE_STAGE, REPORT_TITLE and the BACKUP_ROOT default."""
    show = '. lib/config.sh; printf "%s|" "$BACKUP_ROOT" "$DUMP_DIR" "$RETENTION_KEEP" "$OFFSITE_STAGE" "$REPORT_TITLE"'
    env = {k: v for k, v in os.environ.items() if k != "BACKUP_ROOT"}
    r = run(["bash", "-c", show], cwd=OPS, env=env)
    assert r.stdout == "/srv/backup|/srv/backup/dumps|7|/var/tmp/offsite-stage|Backup host report|"
    r = run(["bash", "-c", show], cwd=OPS, env={**env, "BACKUP_ROOT": "/mnt/b"})
    assert r.stdout.startswith("/mnt/b|/mnt/b/dumps|7|")


def test_dump_report_prints_one_line_as_today(tmp_path):
    """dump-report.sh [DIR] prints exactly one line, as today: Backup host report: N dumps, B bytes, newest: NAME (0 dumps, 0 bytes, newest: none without dumps)."""
    d = tmp_path / "report dumps"
    names = make_dumps(d, 4)
    size = sum((d / n).stat().st_size for n in names)
    r = run(["bin/dump-report.sh", str(d)], cwd=OPS)
    assert r.returncode == 0, r.stderr
    assert r.stdout == f"Backup host report: 4 dumps, {size} bytes, newest: {names[-1]}\n"
    empty = tmp_path / "empty"
    empty.mkdir()
    r = run(["bin/dump-report.sh", str(empty)], cwd=OPS)
    assert r.stdout == "Backup host report: 0 dumps, 0 bytes, newest: none\n"

