#!/usr/bin/env python3
"""Build the task's backup set: a week of GNU tar --listed-incremental backups of a project share.

Run inside a throw-away container (root, GNU tar), with the output folder mounted at /out:
a level-0 on Sunday 2024-11-03, daily incrementals to Friday 2024-11-08, whose backup
already holds the ransomware's damage. Writes /out/backup/ (what the image ships) and
/out/expected.json (the Thursday state plus Friday's q3-final.pdf, which the verifier checks).
"""

import hashlib
import json
import os
import random
import shutil
import subprocess
import time
from pathlib import Path

SHARE = Path("/srv/projects")
OUT = Path("/out")
BK = OUT / "backup"
SNAR = BK / "projects.snar"
rng = random.Random(20241103)
USERS = {"alice": 1001, "bob": 1002, "carla": 1003}
GID = 1100

CLIENTS = ["Brightwave", "Nordhafen Logistik", "oakridge-dental", "Vélo Atelier", "kestrel-media",
           "Hansen & Söhne", "tidewater", "oldco", "blue-fjord-apps", "meridian-legal"]
WORDS = ("scope invoice milestone deliverable review draft approved budget revision meeting notes "
         "contract renewal payment terms schedule estimate hours travel expenses quarter summary").split()


def sh(*cmd: str) -> None:
    subprocess.run(cmd, check=True)


def setup_users() -> None:
    sh("groupadd", "-g", str(GID), "projects")
    for name, uid in USERS.items():
        sh("useradd", "-u", str(uid), "-g", "projects", "-M", name)


def text(lines: int) -> bytes:
    out = []
    for _ in range(lines):
        out.append(" ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 14))))
    return ("\n".join(out) + "\n").encode()


def pdf(kb: int) -> bytes:
    body = text(kb * 12)
    return b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n" + body + b"%%EOF\n"


def csv_ledger(rows: int) -> bytes:
    lines = ["date;account;description;amount_eur"]
    for _ in range(rows):
        lines.append(f"2024-{rng.randint(1, 10):02d}-{rng.randint(1, 28):02d};{rng.randint(4000, 4999)};"
                     f"{rng.choice(WORDS)} {rng.choice(WORDS)};{rng.randint(-90000, 90000) / 100:.2f}")
    return ("\n".join(lines) + "\n").encode()


def put(rel: str, data: bytes, owner: str, mode: int, when: str) -> None:
    p = SHARE / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(data)
    own(rel, owner, mode, when)


def own(rel: str, owner: str, mode: int, when: str) -> None:
    p = SHARE / rel
    os.chown(p, USERS[owner], GID, follow_symlinks=False)
    if not p.is_symlink():
        p.chmod(mode)
    t = time.mktime(time.strptime(when, "%Y-%m-%d %H:%M"))
    os.utime(p, (t, t), follow_symlinks=False)


def fix_dirs() -> None:
    """Folders: setgid group projects, 2775, owned by whoever made them (alice by default)."""
    for d in sorted(SHARE.rglob("*")):
        if d.is_dir() and not d.is_symlink():
            st = d.stat()
            if st.st_uid == 0:
                os.chown(d, USERS["alice"], GID)
            d.chmod(0o2775)
    os.chown(SHARE, 0, GID)
    SHARE.chmod(0o2775)


def day0() -> None:
    SHARE.mkdir(parents=True)
    owners = list(USERS)
    for i, c in enumerate(CLIENTS):
        who = owners[i % 3]
        for n in range(1, rng.randint(4, 9)):
            put(f"clients/{c}/invoices/INV-2024-{i:02d}{n:02d}.pdf", pdf(rng.randint(1, 4)), who, 0o664,
                f"2024-{rng.randint(1, 10):02d}-{rng.randint(1, 28):02d} {rng.randint(8, 18):02d}:{rng.randint(0, 59):02d}")
        put(f"clients/{c}/contract.odt", b"PK\x03\x04" + text(20), who, 0o664, "2024-02-12 10:15")
        put(f"clients/{c}/notes.md", text(rng.randint(10, 60)), who, 0o664, "2024-10-30 16:40")
        for m in range(1, rng.randint(2, 6)):
            put(f"clients/{c}/correspondence/2024-{m:02d} letter.txt", text(rng.randint(5, 30)), who, 0o664,
                f"2024-{m:02d}-15 11:00")
    put("finance/budget-2024.ods", b"PK\x03\x04" + text(200), "bob", 0o660, "2024-11-01 17:30")
    for m in range(1, 11):
        put(f"finance/ledger/2024-{m:02d}.csv", csv_ledger(rng.randint(80, 220)), "bob", 0o660, f"2024-{m:02d}-28 18:00")
    put("finance/payroll/README.txt", b"Payroll exports live in the HR system, not here.\n", "bob", 0o640, "2023-06-01 09:00")
    for t in ["letterhead.odt", "invoice-template.ods", "proposal.odt", "nda-en.odt", "nda-de.odt"]:
        put(f"shared/templates/2023/{t}", b"PK\x03\x04" + text(15), "alice", 0o664, "2023-01-09 09:00")
        put(f"shared/templates/2024/{t}", b"PK\x03\x04" + text(18), "alice", 0o664, "2024-01-08 09:00")
    for n in range(1, 25):
        put(f"shared/photos/team-offsite/IMG_{4100 + n}.jpg", b"\xff\xd8\xff\xe0" + rng.randbytes(rng.randint(2000, 9000)),
            "carla", 0o644, f"2024-09-{n:02d} 14:{n:02d}")
    for m in range(1, 10):
        put(f"reports/2024-{m:02d}-monthly.pdf", pdf(3), "carla", 0o644, f"2024-{m + 1:02d}-03 09:30")
    put("reports/q3-draft.pdf", pdf(5), "carla", 0o644, "2024-10-21 15:00")
    put("src/intranet/sync-calendar.sh", b"#!/bin/sh\nset -e\nrsync -a cal:/export/ /srv/projects/shared/calendar/\n", "alice", 0o755, "2024-03-02 12:00")
    put("src/intranet/make-invoice.py", text(40), "alice", 0o644, "2024-05-11 12:00")
    put("tmp-export/clients-2024-10.csv", csv_ledger(300), "bob", 0o664, "2024-10-31 18:10")
    put("tmp-export/clients-2024-10.xlsx", b"PK\x03\x04" + text(80), "bob", 0o664, "2024-10-31 18:11")
    put("archive/2019/clients-2019.tar", text(400), "alice", 0o444, "2020-01-10 10:00")
    put("archive/2019/README", b"Closed projects of 2019. Not backed up nightly (see ops ticket 4411).\n", "alice", 0o444, "2020-01-10 10:00")
    fix_dirs()


def day1() -> None:  # Monday 4 November
    for c in ["Brightwave", "tidewater", "meridian-legal"]:
        put(f"clients/{c}/notes.md", (SHARE / f"clients/{c}/notes.md").read_bytes() + text(5), "alice", 0o664, "2024-11-04 10:20")
    for n in range(1, 9):
        put(f"clients/kestrel-media/invoices/INV-2024-11{n:02d}.pdf", pdf(2), "carla", 0o664, f"2024-11-04 1{n % 8}:05")
    for p in sorted((SHARE / "clients/oldco/invoices").glob("*.pdf"))[:3]:
        p.unlink()
    put("finance/budget-2024.ods", b"PK\x03\x04" + text(205), "bob", 0o660, "2024-11-04 16:45")
    put("finance/.~lock.budget-2024.ods#", b",bob,fin-ws2,04.11.2024 16:45,file:///home/bob/.config/libreoffice/4;\n", "bob", 0o660, "2024-11-04 16:45")
    put("finance/ledger/2024-11.csv", csv_ledger(20), "bob", 0o660, "2024-11-04 18:00")


def day2() -> None:  # Tuesday 5 November
    (SHARE / "clients/Brightwave").rename(SHARE / "clients/brightwave-ltd")
    shutil.rmtree(SHARE / "tmp-export")
    put("clients/Vélo Atelier/Angebot Frühjahr 2025.odt", b"PK\x03\x04" + text(30), "alice", 0o664, "2024-11-05 11:30")
    put("clients/Hansen & Söhne/correspondence/2024-11 letter (signed).pdf", pdf(2), "bob", 0o664, "2024-11-05 14:02")
    own("src/intranet/make-invoice.py", "alice", 0o755, "2024-11-05 09:12")
    put("finance/ledger/2024-11.csv", (SHARE / "finance/ledger/2024-11.csv").read_bytes() + csv_ledger(15)[28:], "bob", 0o660, "2024-11-05 18:00")
    fix_dirs()


def day3() -> None:  # Wednesday 6 November
    put("finance/budget-2024.ods", b"PK\x03\x04" + text(210), "bob", 0o660, "2024-11-06 12:10")
    for n in range(25, 33):
        put(f"shared/photos/team-offsite/IMG_{4100 + n}.jpg", b"\xff\xd8\xff\xe0" + rng.randbytes(rng.randint(2000, 9000)),
            "carla", 0o644, "2024-11-06 10:00")
    for n in (3, 7, 11):
        (SHARE / f"shared/photos/team-offsite/IMG_{4100 + n}.jpg").unlink()
    os.symlink("templates/2024", SHARE / "shared/current-templates")
    own("shared/current-templates", "alice", 0o777, "2024-11-06 09:00")
    (SHARE / "clients/new-client-intake").mkdir()
    fix_dirs()
    own("clients/new-client-intake", "alice", 0o2775, "2024-11-06 09:05")


def day4() -> None:  # Thursday 7 November
    (SHARE / "reports/q3-draft.pdf").unlink()
    put("reports/q3-review-notes.md", text(40), "carla", 0o644, "2024-11-07 15:20")
    put("finance/budget-2024.ods", b"PK\x03\x04" + text(214), "bob", 0o660, "2024-11-07 17:55")
    (SHARE / "finance/.~lock.budget-2024.ods#").unlink()
    own("finance/payroll/README.txt", "bob", 0o600, "2023-06-01 09:00")
    p = SHARE / "clients/meridian-legal/contract.odt"
    os.chown(p, USERS["carla"], GID)
    put("clients/brightwave-ltd/notes.md", (SHARE / "clients/brightwave-ltd/notes.md").read_bytes() + text(3), "alice", 0o664, "2024-11-07 10:02")


def day5() -> None:  # Friday 8 November: q3-final in the morning, ransomware at 14:00
    put("reports/q3-final.pdf", pdf(6), "carla", 0o640, "2024-11-08 08:12")
    put("finance/budget-2024.ods", b"PK\x03\x04" + text(216), "bob", 0o660, "2024-11-08 11:40")
    note = b"YOUR FILES ARE ENCRYPTED.\nTo get them back write to recover@keymail.example with your ID: 7f3a-PRJ.\n"
    for top in ("finance", "shared"):
        for p in sorted((SHARE / top).rglob("*")):
            if p.is_file() and not p.is_symlink():
                data = p.read_bytes()
                locked = p.with_name(p.name + ".locked")
                locked.write_bytes(hashlib.sha256(data).digest() + rng.randbytes(len(data)))
                os.chown(locked, USERS["bob"], GID)
                p.unlink()
        for d in [SHARE / top, *[q for q in (SHARE / top).rglob("*") if q.is_dir() and not q.is_symlink()]]:
            (d / "README_RECOVER.txt").write_bytes(note)
    fix_dirs()


def backup(day: str, level0: bool) -> None:
    name = f"projects-{day}-{'full' if level0 else 'inc'}.tar.gz"
    # folders carry the day's date (the generator's own clock would show through otherwise)
    t_dir = time.mktime(time.strptime(f"{day} 18:00", "%Y-%m-%d %H:%M"))
    for d in [SHARE, *SHARE.rglob("*")]:
        if d.is_dir() and not d.is_symlink() and "archive" not in d.parts:
            os.utime(d, (t_dir, t_dir))
    sh("tar", "--create", "--gzip", f"--listed-incremental={SNAR}", "--exclude=./archive",
       f"--file={BK / name}", "-C", str(SHARE), ".")
    sums = subprocess.run("find . -path ./archive -prune -o -type f -print0 | sort -z | xargs -0 sha256sum",
                          shell=True, cwd=SHARE, check=True, capture_output=True).stdout
    (BK / f"projects-{day}.sha256").write_bytes(sums)
    t = time.mktime(time.strptime(f"{day} 23:0{'5' if level0 else '2'}", "%Y-%m-%d %H:%M"))
    for p in (BK / name, BK / f"projects-{day}.sha256", SNAR):
        os.utime(p, (t, t))
    time.sleep(1.2)


def snapshot_expected() -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for p in sorted([SHARE, *SHARE.rglob("*")]):
        rel = "." if p == SHARE else "./" + str(p.relative_to(SHARE))
        if rel.startswith("./archive"):
            continue
        st = p.lstat()
        e: dict[str, object] = {"uid": st.st_uid, "gid": st.st_gid, "mode": st.st_mode & 0o7777}
        if p.is_symlink():
            e |= {"type": "symlink", "target": os.readlink(p)}
        elif p.is_dir():
            e |= {"type": "dir"}
        else:
            e |= {"type": "file", "sha256": hashlib.sha256(p.read_bytes()).hexdigest(), "mtime": int(st.st_mtime)}
        out[rel] = e
    return out


def main() -> None:
    setup_users()
    BK.mkdir(parents=True)
    day0()
    backup("2024-11-03", True)
    steps = [("2024-11-04", day1), ("2024-11-05", day2), ("2024-11-06", day3), ("2024-11-07", day4)]
    for day, fn in steps:
        fn()
        if day == "2024-11-06":
            # the first upload of Wednesday's backup broke off half-way; the job ran again
            backup(day, False)
            good = BK / f"projects-{day}-inc.tar.gz"
            part = good.with_name(good.name + ".partial")
            part.write_bytes(good.read_bytes()[: good.stat().st_size // 2])
            t = time.mktime(time.strptime(f"{day} 23:01", "%Y-%m-%d %H:%M"))
            os.utime(part, (t, t))
        else:
            backup(day, False)
    expected = snapshot_expected()
    day5()
    q3 = SHARE / "reports/q3-final.pdf"
    st = q3.stat()
    expected["./reports/q3-final.pdf"] = {"uid": st.st_uid, "gid": st.st_gid, "mode": st.st_mode & 0o7777, "type": "file",
                                          "sha256": hashlib.sha256(q3.read_bytes()).hexdigest(), "mtime": int(st.st_mtime)}
    backup("2024-11-08", False)
    names = {v: k for k, v in USERS.items()} | {0: "root"}
    for e in expected.values():
        e["owner"] = names[int(e.pop("uid"))]  # type: ignore[arg-type]
        e["group"] = "projects" if e.pop("gid") == GID else "root"
    (OUT / "expected.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    log = []
    for day in ["2024-11-03", "2024-11-04", "2024-11-05", "2024-11-06", "2024-11-06", "2024-11-07", "2024-11-08"]:
        kind = "full" if day.endswith("03") else "inc"
        log.append(f"{day} 23:00:01 projects-backup: tar --create --gzip --listed-incremental=/backup/projects/projects.snar "
                   f"--exclude=./archive --file=/backup/projects/projects-{day}-{kind}.tar.gz -C /srv/projects .")
    log.insert(4, "2024-11-06 23:01:14 projects-backup: upload interrupted (connection reset); retrying once")
    log.append("2024-11-08 23:02:40 projects-backup: done")
    (BK / "backup.log").write_text("\n".join(log) + "\n")


if __name__ == "__main__":
    main()
