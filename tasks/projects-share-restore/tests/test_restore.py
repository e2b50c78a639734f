"""The projects share restored to Thursday 7 November 2024 from its incremental chain, plus Friday's q3-final.pdf."""

import grp
import hashlib
import json
import os
import pwd
import stat
from pathlib import Path


SHARE = Path("/srv/projects")
BACKUP = Path("/backup/projects")
HERE = Path(__file__).parent
EXPECTED: dict[str, dict] = json.loads((HERE / "expected.json").read_text())
FILES = {k: v for k, v in EXPECTED.items() if v["type"] == "file"}
REPORT = [
    "projects-2024-11-03-full.tar.gz",
    "projects-2024-11-04-inc.tar.gz",
    "projects-2024-11-05-inc.tar.gz",
    "projects-2024-11-06-inc.tar.gz",
    "projects-2024-11-07-inc.tar.gz",
    "projects-2024-11-08-inc.tar.gz reports/q3-final.pdf",
]


def on_share() -> set[str]:
    found = {"."}
    for root, dirs, files in os.walk(SHARE):
        for name in dirs + files:
            found.add("./" + str((Path(root) / name).relative_to(SHARE)))
    return found


def sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def test_every_file_of_thursday_is_back_with_its_content() -> None:
    wrong = [k for k, v in FILES.items() if not (SHARE / k).is_file() or (SHARE / k).is_symlink() or sha(SHARE / k) != v["sha256"]]
    assert not wrong, f"{len(wrong)} files missing or with other content, e.g. {wrong[:5]}"


def test_the_renamed_client_folder_is_complete() -> None:
    # renamed on Tuesday: only an extraction that follows the incremental's rename records has it whole
    assert (SHARE / "clients/brightwave-ltd/contract.odt").is_file()
    assert not (SHARE / "clients/Brightwave").exists()


def test_deleted_files_stay_deleted() -> None:
    for rel in ["tmp-export", "reports/q3-draft.pdf", "finance/.~lock.budget-2024.ods#",
                "shared/photos/team-offsite/IMG_4103.jpg", "clients/oldco/invoices/INV-2024-0701.pdf"]:
        assert not (SHARE / rel).exists(), f"{rel} was deleted during the week and must stay deleted"


def test_nothing_else_on_the_share() -> None:
    extra = sorted(on_share() - set(EXPECTED))
    missing = sorted(set(EXPECTED) - on_share())
    assert not extra, f"not on Thursday's share: {extra[:8]}"
    assert not missing, f"missing: {missing[:8]}"


def test_no_ransomware_damage() -> None:
    bad = [p for p in SHARE.rglob("*") if p.name.endswith(".locked") or p.name == "README_RECOVER.txt"]
    assert not bad, f"ransomware leftovers: {bad[:5]}"
    assert sha(SHARE / "finance/budget-2024.ods") == FILES["./finance/budget-2024.ods"]["sha256"]


def test_q3_final_from_friday() -> None:
    p = SHARE / "reports/q3-final.pdf"
    e = FILES["./reports/q3-final.pdf"]
    assert p.is_file(), "reports/q3-final.pdf is not restored"
    st = p.stat()
    assert sha(p) == e["sha256"]
    assert (pwd.getpwuid(st.st_uid).pw_name, stat.S_IMODE(st.st_mode), int(st.st_mtime)) == ("carla", 0o640, e["mtime"])


def test_owners_and_groups_by_name() -> None:
    wrong = []
    for k, e in EXPECTED.items():
        p = SHARE / k
        if not os.path.lexists(p):
            continue
        st = p.lstat()
        try:
            names = (pwd.getpwuid(st.st_uid).pw_name, grp.getgrgid(st.st_gid).gr_name)
        except KeyError:
            names = (str(st.st_uid), str(st.st_gid))
        if names != (e["owner"], e["group"]):
            wrong.append((k, names))
    assert not wrong, f"{len(wrong)} entries with another owner or group, e.g. {wrong[:4]}"


def test_modes() -> None:
    wrong = [k for k, e in EXPECTED.items() if e["type"] != "symlink" and os.path.lexists(SHARE / k)
             and stat.S_IMODE((SHARE / k).lstat().st_mode) != e["mode"]]
    assert not wrong, f"{len(wrong)} entries with another mode, e.g. {wrong[:5]}"


def test_file_modification_times() -> None:
    wrong = [k for k, e in FILES.items() if (SHARE / k).is_file() and int((SHARE / k).stat().st_mtime) != e["mtime"]]
    assert not wrong, f"{len(wrong)} files with another modification time, e.g. {wrong[:5]}"


def test_links_and_empty_folders() -> None:
    link = SHARE / "shared/current-templates"
    assert link.is_symlink() and os.readlink(link) == "templates/2024"
    intake = SHARE / "clients/new-client-intake"
    assert intake.is_dir() and not any(intake.iterdir())


def test_share_top_folder() -> None:
    st = SHARE.stat()
    assert (pwd.getpwuid(st.st_uid).pw_name, grp.getgrgid(st.st_gid).gr_name, stat.S_IMODE(st.st_mode)) == ("root", "projects", 0o2775)


def test_thursday_manifest_checks_out() -> None:
    lines = (BACKUP / "projects-2024-11-07.sha256").read_text().splitlines()
    listed = {line[66:] for line in lines}
    bad = [line[66:] for line in lines if not (SHARE / line[66:]).is_file() or sha(SHARE / line[66:]) != line[:64]]
    assert not bad, f"manifest entries that do not check: {bad[:5]}"
    files = {k for k in on_share() if (SHARE / k).is_file() and not (SHARE / k).is_symlink()}
    assert files - listed == {"./reports/q3-final.pdf"}


def test_backup_untouched() -> None:
    want = dict(reversed(line.split("  ", 1)) for line in (HERE / "backup.sha256").read_text().splitlines())
    have = {p.name: sha(p) for p in BACKUP.iterdir()}
    assert have == want, "/backup/projects was changed"


def test_the_incremental_chain_is_applied_in_order_without_the_partial_upload() -> None:
    """The GNU tar incremental chain (tar --listed-incremental): the level-0 archive of Sunday 3 November,
    then one incremental per night in order, the complete archive of the 6th and not the .partial upload
    that broke off; RESTORE.md's old procedure (before the incremental backups) is not enough."""
    p = Path("/root/restore-report.txt")
    assert p.is_file(), "/root/restore-report.txt is missing"
    lines = [line.split()[0] for line in p.read_text().splitlines() if line.strip()]
    assert not [line for line in lines if line.endswith(".partial")], "the .partial upload is not part of the chain"
    assert lines[:5] == [r.split()[0] for r in REPORT[:5]], "the level-0 first, then each night's incremental"


def test_report() -> None:
    p = Path("/root/restore-report.txt")
    assert p.is_file(), "/root/restore-report.txt is missing"
    assert [line.rstrip() for line in p.read_text().splitlines() if line.strip()] == REPORT
