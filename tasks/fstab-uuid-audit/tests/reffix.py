#!/usr/bin/env python3
"""fstab-fix FSTAB BLKID LSBLK OUTDIR: audit an fstab against a blkid/lsblk snapshot.

Writes OUTDIR/fstab.new (stable UUID sources, missing and duplicate entries commented out,
_netdev/nofail where needed, pass numbers fixed) and OUTDIR/findings.tsv.
"""
import json
import os
import sys

NETWORK = {"nfs", "nfs4", "cifs"}
CHECKED = {"ext2", "ext3", "ext4", "xfs"}
NO_MOUNTPOINT = {"none", "swap"}


def read_blkid(path):
    devices, cur = [], {}
    for line in open(path):
        line = line.strip()
        if not line:
            if cur:
                devices.append(cur)
            cur = {}
            continue
        key, _, value = line.partition("=")
        cur[key] = value
    if cur:
        devices.append(cur)
    return devices


def removable_paths(path):
    """Device paths that are removable: rm true or tran usb on the device or any parent."""
    out = set()

    def walk(devs, parent_removable):
        for d in devs:
            rem = parent_removable or bool(d.get("rm")) or d.get("tran") == "usb"
            if rem:
                out.add(d.get("path") or "/dev/" + d["name"])
            walk(d.get("children") or [], rem)

    walk(json.load(open(path))["blockdevices"], False)
    return out


def find_device(spec, devices):
    for key, field in (("UUID=", "UUID"), ("LABEL=", "LABEL"), ("PARTUUID=", "PARTUUID")):
        if spec.startswith(key):
            value = spec[len(key):].strip('"')
            return next((d for d in devices if d.get(field) == value), None)
    return next((d for d in devices if d.get("DEVNAME") == spec), None)


def main(argv):
    fstab, blkid, lsblk, outdir = argv[1:5]
    devices = read_blkid(blkid)
    removable = removable_paths(lsblk)
    out, findings, seen = [], [], set()
    for lineno, raw in enumerate(open(fstab).read().splitlines(), 1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            out.append(raw)
            continue
        fields = stripped.split()
        fields += ["0"] * (6 - len(fields))
        spec, mnt, vfs, opts, freq, passno = fields[:6]
        local = spec.startswith(("/dev/", "UUID=", "LABEL=", "PARTUUID="))
        device = find_device(spec, devices) if local else None
        if local and device is None:
            out.append("# MISSING " + raw)
            findings.append((lineno, mnt, "MISSING"))
            continue
        if mnt not in NO_MOUNTPOINT and mnt in seen:
            out.append("# DUPLICATE " + raw)
            findings.append((lineno, mnt, "DUPLICATE"))
            continue
        if mnt not in NO_MOUNTPOINT:
            seen.add(mnt)
        if spec.startswith("/dev/"):
            spec = "UUID=" + device["UUID"]
            findings.append((lineno, mnt, "DEVICE_NAME"))
        items = opts.split(",")
        wanted = []
        if vfs in NETWORK:
            wanted = ["_netdev", "nofail"]
        elif device is not None and device.get("DEVNAME") in removable:
            wanted = ["nofail"]
        for opt in wanted:
            if opt not in items:
                items.append(opt)
                findings.append((lineno, mnt, "NETDEV" if opt == "_netdev" else "NOFAIL"))
        want_pass = "1" if mnt == "/" else ("2" if vfs in CHECKED else "0")
        if passno != want_pass:
            findings.append((lineno, mnt, "PASSNO"))
        out.append("\t".join([spec, mnt, vfs, ",".join(items), freq, want_pass]))
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "fstab.new"), "w") as f:
        f.write("\n".join(out) + "\n")
    with open(os.path.join(outdir, "findings.tsv"), "w") as f:
        for lineno, mnt, code in sorted(findings, key=lambda t: (t[0], t[2])):
            f.write(f"{lineno}\t{mnt}\t{code}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
