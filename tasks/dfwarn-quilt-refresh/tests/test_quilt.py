"""Checks of dfwarn's patch series carried to 2.0: the tree in /app/dfwarn-2.0 as the agent left it,
and the series applied with quilt to a fresh copy of upstream's 2.0 tree kept here."""

import email.utils
import filecmp
import os
import re
import shutil
import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
UPSTREAM = HERE / "upstream" / "dfwarn-2.0"
OLD_DEBIAN = HERE / "upstream" / "debian-1.9"
NEW = Path("/app/dfwarn-2.0")
OLD = Path("/app/dfwarn-1.9")
TARBALL = Path("/app/upstream/dfwarn_2.0.orig.tar.gz")
PATCHES = NEW / "debian" / "patches"
SERIES = ["01-etc-config-path.patch", "03-syslog-tag-pid.patch", "04-manpage-typo.patch", "05-makefile-prefix.patch"]
MAINTAINER = "Dana Whitfield <dana@example.org>"
QUILT_ENV = {**os.environ, "QUILT_PATCHES": "debian/patches", "QUILTRC": "/dev/null", "LC_ALL": "C"}


def tree_files(root, skip=()):
    out = {}
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root)
        if rel.parts[0] in skip:
            continue
        if p.is_file() or p.is_symlink():
            out[str(rel)] = p.read_bytes()
    return out


def quilt(args, cwd):
    return subprocess.run(["quilt", "--quiltrc", "/dev/null", *args], cwd=cwd, env=QUILT_ENV, capture_output=True, text=True, timeout=120)


@pytest.fixture()
def applied(tmp_path):
    """A fresh copy of upstream 2.0 with the agent's debian/ and every patch pushed (fuzz 0)."""
    assert (NEW / "debian").is_dir(), "/app/dfwarn-2.0/debian missing"
    work = tmp_path / "dfwarn-2.0"
    shutil.copytree(UPSTREAM, work)
    shutil.copytree(NEW / "debian", work / "debian", symlinks=True)
    r = quilt(["push", "-a", "--fuzz=0"], work)
    assert r.returncode == 0, f"quilt push -a --fuzz=0 failed:\n{r.stdout}\n{r.stderr}"
    return work, r.stdout + r.stderr


def new_entry():
    text = (NEW / "debian" / "changelog").read_text()
    head, sep, rest = text.partition("\n -- ")
    assert sep, "no trailer line in debian/changelog"
    trailer, _, after = rest.partition("\n")
    return head, trailer, after


def entry_date():
    _, trailer, _ = new_entry()
    m = re.fullmatch(r"(.+?) <([^>]+)>  (.+)", trailer)
    assert m, f"trailer line not ' -- NAME <EMAIL>  DATE': {trailer!r}"
    when = email.utils.parsedate_to_datetime(m.group(3))
    assert when.tzinfo is not None, "trailer date has no UTC offset"
    return m, when


def test_tree_from_tarball():
    """/app/dfwarn-2.0 is upstream's 2.0 tarball unpacked, its files exactly as released: no patch
    left applied, no .pc directory, no .orig or .rej files."""
    assert NEW.is_dir(), "/app/dfwarn-2.0 missing"
    assert not (NEW / ".pc").exists(), ".pc left in /app/dfwarn-2.0 (patches still applied?)"
    got = tree_files(NEW, skip=("debian",))
    want = tree_files(UPSTREAM)
    extra = sorted(set(got) - set(want))
    assert not extra, f"files that are not upstream's: {extra}"
    changed = sorted(k for k in want if got.get(k) != want[k])
    assert not changed, f"upstream files differ from the tarball (patched or missing): {changed}"


def test_old_tree_and_tarball_untouched():
    """/app/dfwarn-1.9 and the tarball are left as they are."""
    assert TARBALL.is_file(), "the 2.0 tarball is gone"
    r = subprocess.run(["tar", "-xzOf", str(TARBALL), "dfwarn-2.0/dfwarn.py"], capture_output=True)
    assert r.returncode == 0 and r.stdout == (UPSTREAM / "dfwarn.py").read_bytes(), "the 2.0 tarball changed"
    assert tree_files(OLD / "debian") == tree_files(OLD_DEBIAN), "/app/dfwarn-1.9/debian changed"
    assert not (OLD / ".pc").exists(), "patches applied in /app/dfwarn-1.9"
    assert "1.9" in (OLD / "dfwarn.py").read_text() and "format_line" in (OLD / "dfwarn.py").read_text()


def test_other_packaging_files_unchanged():
    """The rest of debian/ (control, rules, copyright, source/format) is carried over unchanged."""
    for rel in ["control", "rules", "copyright", "source/format"]:
        p = NEW / "debian" / rel
        assert p.is_file(), f"debian/{rel} missing"
        assert filecmp.cmp(p, OLD_DEBIAN / rel, shallow=False), f"debian/{rel} changed"


def test_series():
    """The series is 01, 03, 04 and the new 05, in that order; 02 (taken upstream) is out of the series
    and its file deleted; debian/patches holds nothing else."""
    series = [ln.strip() for ln in (PATCHES / "series").read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    assert series == SERIES, f"series is {series}"
    files = sorted(p.name for p in PATCHES.iterdir())
    assert files == sorted([*SERIES, "series"]), f"debian/patches holds {files}"


def test_applies_with_fuzz_0_and_no_offsets(applied):
    """Every patch applies to the 2.0 tree exactly: fuzz 0, no offsets; and pops off again, leaving
    upstream's files."""
    work, out = applied
    assert not re.search(r"offset|fuzz", out), f"quilt push reported offsets or fuzz:\n{out}"
    r = quilt(["pop", "-a"], work)
    assert r.returncode == 0, r.stdout + r.stderr
    assert tree_files(work, skip=("debian", ".pc")) == tree_files(UPSTREAM)


def test_patch_format():
    """Patches are written the Debian way: a/ and b/ names, no timestamps, no Index: lines."""
    for name in SERIES:
        text = (PATCHES / name).read_text()
        assert not re.search(r"^Index: ", text, re.M), f"{name} has Index: lines"
        assert not re.search(r"^={10,}$", text, re.M), f"{name} has ==== separator lines"
        heads = re.findall(r"^(---|\+\+\+) (\S+)(.*)$", text, re.M)
        assert heads, f"{name} has no diff"
        for sign, path, rest in heads:
            want = "a/" if sign == "---" else "b/"
            assert path.startswith(want), f"{name}: {sign} {path} is not {want}..."
            assert rest.strip() == "", f"{name}: timestamp after {sign} {path}"


def test_config_path_patch(applied):
    """01 still moves the default configuration to /etc/dfwarn.conf, in the program and its man page."""
    work, _ = applied
    py = (work / "dfwarn.py").read_text()
    assert 'DEFAULT_CONFIG = "/etc/dfwarn.conf"' in py
    man = (work / "dfwarn.1").read_text()
    assert ".I /etc/dfwarn.conf" in man and "/usr/local/etc" not in man and "/usr/local/etc" not in py


def test_syslog_pid_patch_redone(applied):
    """03, redone on 2.0: every warning line carries the pid after the tag, tag[pid], in 2.0's new
    line format (render_warning)."""
    work, _ = applied
    code = (
        "import os, sys; sys.path.insert(0, '.'); import dfwarn; "
        "print(os.getpid()); print(dfwarn.render_warning('/var', 93, 'dfwarn', 90))"
    )
    r = subprocess.run(["python3", "-c", code], cwd=work, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    pid, line = r.stdout.splitlines()
    assert line == f"dfwarn[{pid}]: /var at 93% (threshold 90%)", line
    r = subprocess.run(["python3", "dfwarn.py", "--version"], cwd=work, capture_output=True, text=True, timeout=60)
    assert r.stdout.strip() == "2.0"


def test_manpage_typo_patch_kept(applied):
    """04 applies as it is and is left byte for byte as it was."""
    work, _ = applied
    assert "file system that is" in (work / "dfwarn.1").read_text()
    assert (PATCHES / "04-manpage-typo.patch").read_bytes() == (OLD_DEBIAN / "patches" / "04-manpage-typo.patch").read_bytes()


def test_makefile_prefix_patch(applied, tmp_path):
    """05 makes make install put dfwarn under /usr (DESTDIR honoured), and PREFIX can still be set."""
    work, _ = applied
    dest = tmp_path / "dest"
    r = subprocess.run(["make", "install", f"DESTDIR={dest}"], cwd=work, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert (dest / "usr/bin/dfwarn").is_file() and os.access(dest / "usr/bin/dfwarn", os.X_OK)
    assert (dest / "usr/share/man/man1/dfwarn.1").is_file()
    assert not (dest / "usr/local").exists()
    dest2 = tmp_path / "dest2"
    r = subprocess.run(["make", "install", f"DESTDIR={dest2}", "PREFIX=/opt/dfwarn"], cwd=work, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and (dest2 / "opt/dfwarn/bin/dfwarn").is_file()


def header(name):
    text = (PATCHES / name).read_text()
    head = re.split(r"^(?:---$|--- a/|diff |Index: )", text, maxsplit=1, flags=re.M)[0]
    fields = {}
    for line in head.splitlines():
        m = re.match(r"^([A-Za-z-]+):\s*(.*)$", line)
        if m:
            fields[m.group(1)] = m.group(2).strip()
    return head, fields


def test_dep3_headers():
    """Every patch has a DEP-3 header (Description first, Author, Forwarded); 03 keeps its header
    (description, Bug-Debian, Forwarded: no)."""
    for name in SERIES:
        head, f = header(name)
        assert head.startswith("Description: "), f"{name}: header does not start with Description:"
        assert f.get("Description"), f"{name}: empty Description"
        assert f.get("Author") == MAINTAINER, f"{name}: Author is {f.get('Author')!r}"
        assert "Forwarded" in f, f"{name}: no Forwarded"
    old = dict(re.findall(r"^([A-Za-z-]+):\s*(.*)$", (OLD_DEBIAN / "patches" / "03-syslog-tag-pid.patch").read_text(), re.M))
    _, new = header("03-syslog-tag-pid.patch")
    for key in ["Description", "Bug-Debian", "Forwarded"]:
        assert new.get(key) == old[key], f"03: {key} changed"
    assert "as syslog itself writes tag[pid]" in header("03-syslog-tag-pid.patch")[0], "03: description body changed"


def test_new_patch_forwarded():
    """05's header says it was forwarded upstream as pull request 41."""
    _, f = header("05-makefile-prefix.patch")
    assert f.get("Forwarded") == "https://github.com/dfwarn/dfwarn/pull/41", f.get("Forwarded")
    assert "/usr" in f.get("Description", "")


def test_last_update():
    """Patches that were refreshed, redone or added (01, 03, 05) have Last-Update set to the day of
    the new changelog entry (YYYY-MM-DD)."""
    _, when = entry_date()
    day = when.date().isoformat()
    for name in ["01-etc-config-path.patch", "03-syslog-tag-pid.patch", "05-makefile-prefix.patch"]:
        _, f = header(name)
        assert f.get("Last-Update") == day, f"{name}: Last-Update {f.get('Last-Update')!r}, entry day {day}"


def test_changelog_entry():
    """debian/changelog starts with a new 2.0-1 entry for experimental (urgency medium) that says it is a
    new upstream release and names the dropped, refreshed, redone and added patches; the old entries
    follow unchanged."""
    head, _, after = new_entry()
    first = head.splitlines()[0]
    assert first == "dfwarn (2.0-1) experimental; urgency=medium", first
    body = head.split("\n", 1)[1]
    assert re.search(r"^  \* New upstream release\.?$", body, re.M), "no '  * New upstream release.' line"
    for name in ["01-etc-config-path", "02-round-percent", "03-syslog-tag-pid", "05-makefile-prefix"]:
        assert name in body, f"the entry does not mention {name}"
    for line in body.strip("\n").splitlines():
        assert line == "" or line.startswith("  "), f"entry line not indented by two spaces: {line!r}"
    assert after.startswith("\n") and after[1:] == (OLD_DEBIAN / "changelog").read_text(), "older entries changed"


def test_changelog_trailer():
    """The entry is signed off by the maintainer from debian/control with an RFC 5322 date that is
    later than the 1.9-2 entry's and not in the future."""
    m, when = entry_date()
    assert f"{m.group(1)} <{m.group(2)}>" == MAINTAINER, m.group(0)
    assert email.utils.parsedate_to_datetime("Thu, 14 Sep 2023 18:02:11 +0200") < when
    assert when <= datetime.now(timezone.utc) + timedelta(days=1), f"date in the future: {m.group(3)}"
    assert re.fullmatch(r"(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d [+-]\d{4}", m.group(3)), m.group(3)

