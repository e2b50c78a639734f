"""Checks of the fstab audit tool: files2's output as the agent left it, and the tool run again on
other machines' snapshots made here (compared with a reference implementation)."""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TOOL = Path("/app/storage/fstab-fix")
STORAGE = Path("/app/storage")
OUT = STORAGE / "out"
INPUTS = {
    "fstab": "7ff20669cb8ac2b1bd52fddf260afea343c8e232584b52ff7b231f872f0e7dce",
    "blkid.txt": "b6d6e726e7e5ccf01151d39a3fc47ee6051821394c6104c4ebbcac09c7f846bd",
    "lsblk.json": "b0283e20c4e813f411085b4036bd22df92861f737fa34cb2d44f0017af6376c1",
}
# blkid.txt as ops re-took it after the controller swap (sdb1 and sdc1 trade names), while the work
# was going on.
RETAKEN_BLKID = "6fc0a107932c4c80a072d16bdb3a338736f3d3c4df5c2366d653baf27a63bf09"


def reference(fstab, blkid, lsblk, outdir):
    subprocess.run([sys.executable, str(HERE / "reffix.py"), str(fstab), str(blkid), str(lsblk), str(outdir)], check=True)
    return (outdir / "fstab.new").read_text(), (outdir / "findings.tsv").read_text()


def run_tool(fstab, blkid, lsblk, outdir):
    assert TOOL.is_file() and os.access(TOOL, os.X_OK), "/app/storage/fstab-fix missing or not executable"
    r = subprocess.run([str(TOOL), str(fstab), str(blkid), str(lsblk), str(outdir)], capture_output=True, text=True, timeout=120, cwd="/")
    assert r.returncode == 0, f"fstab-fix failed: {r.stderr}"
    return (outdir / "fstab.new").read_text(), (outdir / "findings.tsv").read_text()


def diff(got, want):
    g, w = got.splitlines(), want.splitlines()
    for i, (a, b) in enumerate(zip(g, w), 1):
        if a != b:
            return f"line {i}: got {a!r}, expected {b!r}"
    return f"{len(g)} lines, expected {len(w)}"


def test_files2_fstab_new(tmp_path):
    """/app/storage/out/fstab.new is files2's fstab fixed: /dev names replaced by UUID=, missing
    and duplicate entries commented out, _netdev and nofail added where needed, pass numbers set,
    comments and blank lines kept."""
    want, _ = reference(STORAGE / "fstab", STORAGE / "blkid.txt", STORAGE / "lsblk.json", tmp_path)
    got = (OUT / "fstab.new").read_text()
    assert got == want, diff(got, want)


def test_files2_findings(tmp_path):
    """/app/storage/out/findings.tsv lists every change as line number, mount point and code,
    sorted by line number and code."""
    _, want = reference(STORAGE / "fstab", STORAGE / "blkid.txt", STORAGE / "lsblk.json", tmp_path)
    got = (OUT / "findings.tsv").read_text()
    assert got == want, diff(got, want)


def test_inputs_unchanged():
    """The tool does not change files2's fstab or the snapshots: the new fstab goes to review first."""
    for name, digest in INPUTS.items():
        got = hashlib.sha256((STORAGE / name).read_bytes()).hexdigest()
        assert got == digest or (name == "blkid.txt" and got == RETAKEN_BLKID), f"{name} changed"


FILES3_FSTAB = """# files3
UUID=11111111-2222-4333-8444-555555555555 / ext4 defaults 0 0
/dev/nvme0n1p1 /boot/efi vfat umask=0077 0 2
PARTUUID=aa11bb22-03 none swap sw
/dev/sdb1 /srv/photos  ext4 defaults,nofail 0 2
\t# indented comment
/dev/sdc1 /mnt/camera-card exfat rw,uid=1000
LABEL=media /srv/media xfs defaults 0 0
LABEL=gone /srv/old ext4 defaults 0 2
/dev/sdz9 /srv/tmp ext4 defaults 0 2
/dev/sdd1 /srv/photos ext4 defaults 0 2
/dev/sdd1 /srv/photos-2 ext4 defaults 0 1
nas2:/vol/home /home/shared nfs rw,_netdev 0 0
proc /proc proc defaults 0 0

/srv/media/pub /var/www/pub none bind,ro 0 0
"""

FILES3_BLKID = """DEVNAME=/dev/nvme0n1p1
UUID=ABCD-0001
TYPE=vfat

DEVNAME=/dev/nvme0n1p2
UUID=11111111-2222-4333-8444-555555555555
TYPE=ext4

DEVNAME=/dev/nvme0n1p3
UUID=99999999-8888-4777-8666-555555555555
TYPE=swap
PARTUUID=aa11bb22-03

DEVNAME=/dev/sdb1
UUID=22222222-3333-4444-8555-666666666666
TYPE=ext4

DEVNAME=/dev/sdc1
UUID=6A1B-2C3D
TYPE=exfat
LABEL=CAMERA

DEVNAME=/dev/sdd1
UUID=33333333-4444-4555-8666-777777777777
TYPE=ext4

DEVNAME=/dev/sde1
UUID=44444444-5555-4666-8777-888888888888
TYPE=xfs
LABEL=media
"""


def files3_lsblk():
    def part(name, rm=False, tran=None):
        return {"name": name, "path": f"/dev/{name}", "rm": rm, "tran": tran, "type": "part"}

    return {"blockdevices": [
        {"name": "nvme0n1", "path": "/dev/nvme0n1", "rm": False, "tran": "nvme", "type": "disk",
         "children": [part("nvme0n1p1"), part("nvme0n1p2"), part("nvme0n1p3")]},
        {"name": "sdb", "path": "/dev/sdb", "rm": False, "tran": "usb", "type": "disk", "children": [part("sdb1")]},
        {"name": "sdc", "path": "/dev/sdc", "rm": True, "tran": "usb", "type": "disk", "children": [part("sdc1", rm=True)]},
        {"name": "sdd", "path": "/dev/sdd", "rm": False, "tran": "sata", "type": "disk", "children": [part("sdd1")]},
        {"name": "sde", "path": "/dev/sde", "rm": True, "tran": "sata", "type": "disk", "children": [part("sde1")]},
    ]}


def test_other_machine(tmp_path):
    """On another machine's snapshot (files3): NVMe names, a PARTUUID swap with 4 fields, nofail
    already present, a removable disk whose partitions do not say so themselves (the disk has rm or
    tran usb), LABEL sources found and missing, an unknown /dev name, a duplicate mount point,
    an NFS entry with _netdev already, pseudo file systems and an indented comment."""
    src = tmp_path / "files3"
    src.mkdir()
    (src / "fstab").write_text(FILES3_FSTAB)
    (src / "blkid.txt").write_text(FILES3_BLKID)
    (src / "lsblk.json").write_text(json.dumps(files3_lsblk(), indent=2))
    (tmp_path / "ref").mkdir()
    want_fstab, want_findings = reference(src / "fstab", src / "blkid.txt", src / "lsblk.json", tmp_path / "ref")
    got_fstab, got_findings = run_tool(src / "fstab", src / "blkid.txt", src / "lsblk.json", tmp_path / "out")
    assert got_fstab == want_fstab, "fstab.new: " + diff(got_fstab, want_fstab)
    assert got_findings == want_findings, "findings.tsv: " + diff(got_findings, want_findings)


def test_tool_makes_output_dir(tmp_path):
    """The tool creates OUTDIR when it does not exist and can be run from any directory."""
    out = tmp_path / "new" / "dir"
    got_fstab, _ = run_tool(STORAGE / "fstab", STORAGE / "blkid.txt", STORAGE / "lsblk.json", out)
    assert got_fstab == (OUT / "fstab.new").read_text()
