"""The pumpwatch rename as a reusable vim Ex script: the verifier runs /app/tools/rename.vim itself on
fresh copies of two trees (with no shell tools reachable), with the team's vimrc, and a second time,
and compares every file with what the rules give; it also checks the repository in /app."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from refactor_model import refactor

HERE = Path(__file__).parent
SCRIPT = Path("/app/tools/rename.vim")
OLD = 1_600_000_000_000_000_000  # mtime (ns) set on every input before a run


def files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def run_script(src: Path, dest: Path, vimrc: str = "NONE") -> subprocess.CompletedProcess[str]:
    """Copy src to dest (once), age every file, run the agent's script over all of them."""
    if not dest.exists():
        shutil.copytree(src, dest)
    for rel in files(dest):
        os.utime(dest / rel, ns=(OLD, OLD))
    env = {"PATH": "/nonexistent", "SHELL": "/bin/false", "HOME": str(dest.parent), "LANG": "C.UTF-8", "TERM": "dumb"}
    cmd = ["/usr/bin/vim", "-N", "-u", vimrc, "-i", "NONE", "-n", "-Es", "-S", str(SCRIPT), "--", *files(src)]
    return subprocess.run(cmd, cwd=dest, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path, subprocess.CompletedProcess[str]]]:
    assert SCRIPT.is_file(), "/app/tools/rename.vim is missing"
    base = tmp_path_factory.mktemp("runs")
    out = {}
    for name, src, vimrc in [
        ("orig", HERE / "orig", "NONE"),
        ("fresh", HERE / "fresh", "NONE"),
        ("team", HERE / "fresh", str(HERE / "team.vimrc")),
    ]:
        out[name] = (src, base / name, run_script(src, base / name, vimrc))
    return out


def changed(src: Path, dest: Path) -> list[str]:
    return [rel for rel in files(src) if (dest / rel).read_bytes() != refactor(rel, (src / rel).read_bytes())]


def only(names: list[str], pattern: str) -> list[str]:
    return [n for n in names if re.search(pattern, n)]


def test_script_exits_cleanly(runs) -> None:
    """The script runs over every file with `vim -N -u NONE -i NONE -n -Es -S tools/rename.vim -- FILE...`, writes and quits by itself, and exits 0."""
    for name, (_, _, proc) in runs.items():
        assert proc.returncode == 0, f"{name}: vim exited {proc.returncode}: {proc.stdout[-400:]} {proc.stderr[-400:]}"


def test_no_shell_out_in_script() -> None:
    """All of the editing is done by vim itself: no shell-outs (:!, system()) and no sed or perl."""
    code = "\n".join(line for line in SCRIPT.read_text(errors="replace").splitlines() if not line.lstrip().startswith('"'))
    assert not re.search(r"\bsystem(?:list)?\s*\(|\bjob_start\b|\bterm_start\b|\blibcall|\bsed\b|\bperl\b|\bawk\b|\bpython3?\b", code)
    assert not re.search(r"(?:^|[|:])\s*(?:silent!?\s+)?(?:r(?:ead)?|w(?:rite)?|\d*,?\d*|%)?\s*!\s*[a-z/]", code, re.M), "a :! filter"


def test_renames_are_whole_words_and_case_sensitive(runs) -> None:
    """get_level becomes sample_level, PumpStation LiftStation and PumpStationError LiftStationError, as whole words and case-sensitive (get_levels, get_level_raw, _get_level, forget_level, GET_LEVEL, pumpstation stay)."""
    for name in ("orig", "fresh"):
        src, dest, _ = runs[name]
        assert not only(changed(src, dest), r"\.py$"), f"{name}: Python files differ from the expected renames"


def test_ini_key_renamed_only_in_station_sections(runs) -> None:
    """In the INI files poll_interval becomes poll_seconds only in [station] and [station "name"] sections; other sections and comments keep it."""
    for name in ("orig", "fresh"):
        src, dest, _ = runs[name]
        assert not only(changed(src, dest), r"\.ini$"), f"{name}: INI files differ (sections, key or line endings)"


def test_changelog_sections_keep_old_names(runs) -> None:
    """In Markdown the renames apply everywhere except the ## Changelog section, up to the next level-1 or level-2 heading."""
    for name in ("orig", "fresh"):
        src, dest, _ = runs[name]
        for rel in only(files(src), r"\.md$"):
            text = (dest / rel).read_text()
            want = refactor(rel, (src / rel).read_bytes()).decode()
            for part, ok in zip(text.split("## Changelog")[1:], want.split("## Changelog")[1:]):
                assert part.split("\n## ")[0] == ok.split("\n## ")[0], f"{name}: {rel}: the Changelog section changed"


def test_overview_paragraphs_rewrapped(runs) -> None:
    """The prose paragraphs of each ## Overview are re-wrapped at 79 columns after the renames, one space between words; code fences, lists, the modeline and other sections stay as they are."""
    for name in ("orig", "fresh"):
        src, dest, _ = runs[name]
        assert not only(changed(src, dest), r"\.md$"), f"{name}: Markdown files differ from the expected result"


def test_binary_files_untouched(runs) -> None:
    """Binary files (with a NUL byte) given to the script stay byte for byte as they were, and are not rewritten."""
    for name, (src, dest, _) in runs.items():
        for rel in files(src):
            data = (src / rel).read_bytes()
            if b"\x00" in data:
                assert (dest / rel).read_bytes() == data, f"{name}: {rel} changed"
                assert (dest / rel).stat().st_mtime_ns == OLD, f"{name}: {rel} was rewritten"


def test_final_newline_and_line_endings_kept(runs) -> None:
    """A file without a final newline still has none, and CRLF files keep CRLF."""
    for name in ("orig", "fresh"):
        src, dest, _ = runs[name]
        for rel in files(src):
            a, b = (src / rel).read_bytes(), (dest / rel).read_bytes()
            if b"\x00" not in a:
                assert a.endswith(b"\n") == b.endswith(b"\n"), f"{name}: {rel}: final newline"
                assert (b"\r\n" in a) == (b"\r\n" in b), f"{name}: {rel}: line endings"


def test_unchanged_files_not_rewritten(runs) -> None:
    """A file with nothing to change is not written: its modification time stays."""
    for name in ("orig", "fresh"):
        src, dest, _ = runs[name]
        for rel in files(src):
            data = (src / rel).read_bytes()
            if refactor(rel, data) == data:
                assert (dest / rel).stat().st_mtime_ns == OLD, f"{name}: {rel} was rewritten"


def test_same_result_with_team_vimrc(runs) -> None:
    """Run with the team's vimrc (-u tools/team.vimrc: ignorecase, smartcase, gdefault, joinspaces, textwidth=100) the script gives the same result."""
    src, dest, _ = runs["team"]
    assert changed(src, dest) == []


def test_second_run_changes_nothing(runs) -> None:
    """Run a second time on its own output, the script changes nothing and rewrites no file."""
    src, dest, _ = runs["fresh"]
    proc = run_script(src, dest)
    assert proc.returncode == 0
    assert changed(src, dest) == []
    assert all((dest / rel).stat().st_mtime_ns == OLD for rel in files(src)), "a file was rewritten on the second run"


def test_repository_refactored() -> None:
    """The script was run on the repository in /app (every file outside tools/), with the result the rules give."""
    wrong = [rel for rel in files(HERE / "orig") if not (Path("/app") / rel).is_file() or (Path("/app") / rel).read_bytes() != refactor(rel, (HERE / "orig" / rel).read_bytes())]
    assert wrong == [], f"not as expected in /app: {wrong}"


def test_no_leftover_files() -> None:
    """No swap, backup or scratch copies are left in the repository (a module a colleague adds, src/pumpwatch/export.py, may be there)."""
    extra = [rel for rel in files(Path("/app")) if rel not in files(HERE / "orig") and not rel.startswith("tools/")]
    assert [rel for rel in extra if rel != "src/pumpwatch/export.py"] == [], f"left in /app: {extra}"

