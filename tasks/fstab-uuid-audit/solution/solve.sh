#!/bin/bash
# Reference solution: the audit tool, tried on a made-up second machine, run on files2's snapshot,
# then a look at what it found.
set -euo pipefail
# The tool: UUID sources, MISSING/DUPLICATE comments, _netdev/nofail, pass numbers, findings.tsv.
install -m 0755 /solution/fstab-fix /app/storage/fstab-fix
# Other machines' snapshots: a made-up one with an NVMe name and a PARTUUID swap entry.
t=$(mktemp -d)
printf 'UUID=1111-AAAA / ext4 defaults 0 1\n/dev/nvme0n1p2 /data ext4 defaults\nPARTUUID=ab-03 none swap sw\n' > "$t/fstab"
printf 'DEVNAME=/dev/nvme0n1p1\nUUID=1111-AAAA\nTYPE=ext4\n\nDEVNAME=/dev/nvme0n1p2\nUUID=2222-BBBB\nTYPE=ext4\n\nDEVNAME=/dev/nvme0n1p3\nUUID=3333-CCCC\nTYPE=swap\nPARTUUID=ab-03\n' > "$t/blkid"
echo '{"blockdevices": [{"name": "nvme0n1", "path": "/dev/nvme0n1", "rm": false, "tran": "nvme", "type": "disk"}]}' > "$t/lsblk"
(cd / && /app/storage/fstab-fix "$t/fstab" "$t/blkid" "$t/lsblk" "$t/out/new")
grep -qx $'UUID=2222-BBBB\t/data\text4\tdefaults\t0\t2' "$t/out/new/fstab.new"
# files2's run.
/app/storage/fstab-fix /app/storage/fstab /app/storage/blkid.txt /app/storage/lsblk.json /app/storage/out
# Check: the result parses (findmnt counts no parse errors) and what changed.
out=$(findmnt --verify --tab-file /app/storage/out/fstab.new 2>&1 || true)
grep -q '^0 parse errors' <<<"$out"
cut -f3 /app/storage/out/findings.tsv | sort | uniq -c
