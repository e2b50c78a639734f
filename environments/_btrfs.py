"""The btrfs quota group that caps one container's writable layer: found, read and moved.

The engine's btrfs storage driver makes each container's writable layer a
subvolume (a snapshot of its image's top layer) and, given ``StorageOpt
size``, caps that subvolume's quota group.  With btrfs *simple* quotas
(Linux 6.7+) a quota group owns exactly the extents its subvolume wrote, so
the cap counts what the sandbox wrote and nothing of its image, by blocks: a
sparse file costs the extents it has, and every file its metadata (an empty
file about 370 bytes), so a flood of empty files runs into the same cap as
a flood of bytes.  Full quota groups would count the image's shared extents
too; they are refused (see ``quota_problem``).

Reading and moving the cap needs this process to see the engine's data root
and to be root: the engine sets the cap, realcli only watches it (the usage
the kernel charges, reservations included) and widens it for the verifier.
The engine sets the cap again from its own record (``btrfs/quotas/<layer>``)
each time it mounts the layer (a copy in or out, a restart), so a move
rewrites that record too.  Paths are the engine's own layout
(``image/btrfs/layerdb/mounts/<container>/mount-id`` names the layer under
``btrfs/subvolumes`` and ``btrfs/quotas``), stable since Docker 1.10.

Docker 20.10 switches quotas off for the whole filesystem when it stops;
``scripts/services.sh start`` switches simple quotas on again before it
starts the engine (an engine restarted otherwise would switch full quota
groups on, which ``quota_problem`` refuses).
"""

from __future__ import annotations

import fcntl
import os
import struct
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Final

__all__ = ["IOC_INO_LOOKUP", "IOC_SYNC", "LayerQuota", "container_layer", "quota_problem"]

# ioctl numbers from linux/btrfs.h: _IOC(dir, 0x94, nr, size).
IOC_INO_LOOKUP: Final = 0xD0009412  # _IOWR(.., 18, struct btrfs_ioctl_ino_lookup_args), 4096 bytes
_IOC_FS_INFO: Final = 0x8400941F  # _IOR(.., 31, struct btrfs_ioctl_fs_info_args), 1024 bytes
_IOC_QGROUP_LIMIT: Final = 0x8030942B  # _IOR(.., 43, struct btrfs_ioctl_qgroup_limit_args), 48 bytes
IOC_SYNC: Final = 0x9408  # _IO(.., 8): write dirty data back and commit the transaction
_FIRST_FREE_OBJECTID: Final = 256  # a subvolume's root directory
_LIMIT_MAX_RFER: Final = 1  # BTRFS_QGROUP_LIMIT_MAX_RFER, the limit the engine sets
_SYSFS: Final = Path("/sys/fs/btrfs")
# What the kernel charges a quota group: what it holds and what writes under way have reserved...
_CHARGED: Final = ("referenced", "rsv_data", "rsv_meta_pertrans", "rsv_meta_prealloc")
# ... and what it holds, with the data waiting to be written (metadata reservations are worst cases).
_HELD: Final = ("referenced", "rsv_data")


def _open_dir(path: Path) -> int:
    return os.open(path, os.O_RDONLY | os.O_DIRECTORY)


def _fsid(fd: int) -> str:
    """The filesystem's id, as its directory under /sys/fs/btrfs is named (OSError: not btrfs)."""
    args = bytearray(1024)
    fcntl.ioctl(fd, _IOC_FS_INFO, args)
    return str(uuid.UUID(bytes=bytes(args[16:32])))


def _subvolume_id(fd: int) -> int:
    """The id of the subvolume holding ``fd``'s directory (its quota group is 0/id)."""
    args = bytearray(4096)
    struct.pack_into("<QQ", args, 0, 0, _FIRST_FREE_OBJECTID)
    fcntl.ioctl(fd, IOC_INO_LOOKUP, args)
    (tree,) = struct.unpack_from("<Q", args, 0)
    return int(tree)


def container_layer(root: Path, container_id: str) -> tuple[Path, str]:
    """The engine's folder of layer subvolumes under data root ``root``, and the name there of
    ``container_id``'s writable layer (its ``-init`` layer is beside it); OSError when absent."""
    mount_id = (root / "image" / "btrfs" / "layerdb" / "mounts" / container_id / "mount-id").read_text().strip()
    return root / "btrfs" / "subvolumes", mount_id


def quota_problem(root: Path) -> str | None:
    """Why the btrfs data root ``root`` cannot cap layers as realcli needs, or None when it can."""
    if os.geteuid() != 0:
        return "realcli does not run as root, so it can neither watch nor widen the engine's disk caps"
    if not (root / "btrfs").is_dir():
        return f"the engine's data root {root} is not on this machine"
    try:
        fd = _open_dir(root)
        try:
            fsid = _fsid(fd)
        finally:
            os.close(fd)
    except OSError as e:
        return f"the engine's data root {root} is not btrfs ({e.strerror})"
    try:
        mode = (_SYSFS / fsid / "qgroups" / "mode").read_text().strip()
    except OSError:
        mode = "off"
    if mode != "squota":
        return (
            f"the engine's btrfs filesystem has {'full' if mode == 'qgroup' else 'no'} quota groups, "
            "not simple quotas (Linux 6.7+), so a cap would count the image too"
        )
    return None


@dataclass(frozen=True, slots=True)
class LayerQuota:
    """One container's writable layer: its subvolume and the kernel's counters of its quota group."""

    subvolume: Path
    qgroup: int  # the subvolume's id: its quota group is 0/qgroup
    counters: Path
    record: Path  # the engine's record of the cap, which it applies again at each mount

    @classmethod
    def find(cls, root: Path, container_id: str) -> LayerQuota:
        """The layer of ``container_id`` under the engine's data root ``root`` (OSError when absent)."""
        layers, mount_id = container_layer(root, container_id)
        subvolume = layers / mount_id
        record = root / "btrfs" / "quotas" / mount_id
        if not record.is_file():
            raise FileNotFoundError(f"the engine keeps no disk cap for {subvolume}: {record} is missing")
        fd = _open_dir(subvolume)
        try:
            qgroup, fsid = _subvolume_id(fd), _fsid(fd)
        finally:
            os.close(fd)
        counters = _SYSFS / fsid / "qgroups" / f"0_{qgroup}"
        if not counters.is_dir():
            raise FileNotFoundError(f"no quota group for {subvolume}: {counters} is missing")
        return cls(subvolume, qgroup, counters, record)

    def limit_bytes(self) -> int:
        """The cap in force (0: none)."""
        return int((self.counters / "max_referenced").read_text())

    def charged_bytes(self) -> int:
        """What the layer is charged now, against its cap: what it holds and what writes under way reserved.

        Reservations for metadata are the worst case of each transaction's
        changes and are only given back when it commits: a burst of small
        files is charged up to the cap for a while, far more than it holds.
        """
        return self._sum(_CHARGED)

    def held_bytes(self) -> int:
        """What the layer holds (after ``settle``): its extents, and the data waiting to be written."""
        return self._sum(_HELD)

    def _sum(self, names: tuple[str, ...]) -> int:
        total = 0
        for name in names:
            try:
                total += int((self.counters / name).read_text())
            except FileNotFoundError:  # older kernels lack some reservation counters
                continue
        return total

    def settle(self) -> None:
        """Commit the filesystem's transaction: dirty data is written and the reservations of what
        committed are given back, so that ``held_bytes`` is what the layer holds (the kernel does the
        same before it refuses a write)."""
        fd = _open_dir(self.record.parent)  # not the capped subvolume: a full one may refuse even this
        try:
            fcntl.ioctl(fd, IOC_SYNC)
        finally:
            os.close(fd)

    def set_limit(self, limit_bytes: int) -> None:
        """Move the cap (the engine set it at creation; writes past it fail with EDQUOT), and its record."""
        staged = self.record.with_name(f".{self.record.name}.realcli")
        staged.write_text(str(limit_bytes))
        staged.replace(self.record)  # whole: the engine reads the record at any mount
        args = bytearray(48)
        struct.pack_into("<QQQ", args, 0, self.qgroup, _LIMIT_MAX_RFER, limit_bytes)
        # Asked from outside the layer: the call reserves metadata in the fd's subvolume, which a full
        # layer would refuse (EDQUOT).
        fd = _open_dir(self.record.parent)
        try:
            fcntl.ioctl(fd, _IOC_QGROUP_LIMIT, args)
        finally:
            os.close(fd)
