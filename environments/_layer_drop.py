"""A stopped container's btrfs layers dropped at once, so that the engine's removal has nothing to walk.

The engine's btrfs storage driver removes a layer by walking every
directory in it, looking for subvolumes nested inside, before it deletes the
subvolume (moby's ``subvolDelete``): about half a second of its CPU for a
Python image of 12,000 files, twice per container (its layer and the
``-init`` layer under it), and more for larger images.  Sandboxes never hold
nested subvolumes (making one needs a capability they lack).

So before the engine removes a stopped sandbox, realcli swaps each of the two
subvolumes for an empty one of the same name (made beside it, then exchanged
with it in one atomic rename, so the engine always finds its layer) and
deletes the old one itself: one ioctl, the kernel frees it in the
background and, with simple quotas, drops its quota group when it is gone.
The engine then finds an empty layer, walks it in no time and deletes it as
it would have deleted the full one.  Where a layer cannot be deleted so (a
nested subvolume after all), it is swapped back and the engine walks it.  A
process killed between the swap and the deletion leaves the old layer under
a name of realcli's (``*.realcli-drop``): ``gc`` deletes those.  Needs root
and the engine's data root on this machine, as the disk caps do (``_btrfs``).
"""

from __future__ import annotations

import ctypes
import fcntl
import os
from pathlib import Path
from typing import Final

from realcli.environments._btrfs import container_layer

__all__ = ["drop_layers", "sweep_dropped"]

# ioctl numbers from linux/btrfs.h: _IOW(0x94, nr, struct btrfs_ioctl_vol_args), 4096 bytes.
_IOC_SUBVOL_CREATE: Final = 0x5000940E
_IOC_SNAP_DESTROY: Final = 0x5000940F
_NAME_AT: Final = 8  # struct btrfs_ioctl_vol_args: __s64 fd, then the name
_RENAME_EXCHANGE: Final = 2
_DROPPED: Final = ".realcli-drop"
_libc = ctypes.CDLL(None, use_errno=True)


def _vol_args(name: str) -> bytearray:
    args = bytearray(4096)
    encoded = name.encode()
    args[_NAME_AT : _NAME_AT + len(encoded)] = encoded
    return args


def _exchange(fd: int, a: str, b: str) -> None:
    """Swap the entries ``a`` and ``b`` of directory ``fd`` in one step (``renameat2``, RENAME_EXCHANGE)."""
    if _libc.renameat2(fd, a.encode(), fd, b.encode(), _RENAME_EXCHANGE) != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, os.strerror(errno), a)


def _drop(fd: int, name: str) -> bool:
    """Swap layer ``name`` for an empty subvolume and delete the old one; False where it stays as it was."""
    aside = name + _DROPPED
    fcntl.ioctl(fd, _IOC_SUBVOL_CREATE, _vol_args(aside))
    try:
        _exchange(fd, name, aside)
    except OSError:
        fcntl.ioctl(fd, _IOC_SNAP_DESTROY, _vol_args(aside))
        return False
    try:
        fcntl.ioctl(fd, _IOC_SNAP_DESTROY, _vol_args(aside))
    except OSError:  # a subvolume inside it: back in place, for the engine's walk
        _exchange(fd, name, aside)
        fcntl.ioctl(fd, _IOC_SNAP_DESTROY, _vol_args(aside))
        return False
    return True


def drop_layers(root: Path, container_id: str) -> int:
    """Swap the stopped container's layer and its ``-init`` layer for empty ones; how many were dropped.

    Raises OSError when the engine's layout cannot be read or changed (the
    caller then leaves the removal to the engine as it is).
    """
    folder, mount_id = container_layer(root, container_id)
    layers = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        return sum(_drop(layers, name) for name in (mount_id, f"{mount_id}-init"))
    finally:
        os.close(layers)


def sweep_dropped(root: Path) -> int:
    """Delete the layers a killed process left set aside (``*.realcli-drop``); how many."""
    folder = root / "btrfs" / "subvolumes"
    layers = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    swept = 0
    try:
        for name in os.listdir(layers):
            if name.endswith(_DROPPED):
                fcntl.ioctl(layers, _IOC_SNAP_DESTROY, _vol_args(name))
                swept += 1
    finally:
        os.close(layers)
    return swept
