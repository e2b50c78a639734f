"""A stopped container's btrfs layers dropped at once, so that the engine's removal has nothing to walk.

The engine's btrfs storage driver removes a layer by walking every
directory in it, looking for subvolumes nested inside, before it deletes the
subvolume (moby's ``subvolDelete``): about half a second of its CPU for a
Python image of 12,000 files, twice per container (its layer and the
``-init`` layer under it), and more for larger images.  Sandboxes never hold
nested subvolumes (making one needs a capability they lack).

So before the engine removes a stopped sandbox, realcli deletes each of the
two subvolumes itself (one ioctl: the kernel frees it in the background, and
with simple quotas drops its quota group when it is gone) and puts an empty
subvolume of the same name in its place, which the engine then finds,
walks in no time and deletes as it would have deleted the layer.  Where a
layer cannot be deleted so (a nested subvolume after all, no such layer),
it is left as it is and the engine walks it.  Needs root and the engine's
data root on this machine, as the disk caps do (``_btrfs``).
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import Final

__all__ = ["drop_layers"]

# ioctl numbers from linux/btrfs.h: _IOW(0x94, nr, struct btrfs_ioctl_vol_args), 4096 bytes.
_IOC_SUBVOL_CREATE: Final = 0x5000940E
_IOC_SNAP_DESTROY: Final = 0x5000940F
_NAME_AT: Final = 8  # struct btrfs_ioctl_vol_args: __s64 fd, then the name


def _vol_args(name: str) -> bytearray:
    args = bytearray(4096)
    encoded = name.encode()
    args[_NAME_AT : _NAME_AT + len(encoded)] = encoded
    return args


def drop_layers(root: Path, container_id: str) -> int:
    """Swap the stopped container's layer and its ``-init`` layer for empty ones; how many were swapped.

    Raises OSError when the engine's layout cannot be read (the caller then
    leaves the removal to the engine as it is).
    """
    mount_id = (root / "image" / "btrfs" / "layerdb" / "mounts" / container_id / "mount-id").read_text().strip()
    layers = os.open(root / "btrfs" / "subvolumes", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    swapped = 0
    try:
        for name in (mount_id, f"{mount_id}-init"):
            try:
                fcntl.ioctl(layers, _IOC_SNAP_DESTROY, _vol_args(name))
            except OSError:
                continue  # not a subvolume here, or one inside it: the engine's walk deals with it
            # The engine stats the layer before it deletes it: an empty subvolume in its place.
            fcntl.ioctl(layers, _IOC_SUBVOL_CREATE, _vol_args(name))
            swapped += 1
    finally:
        os.close(layers)
    return swapped
