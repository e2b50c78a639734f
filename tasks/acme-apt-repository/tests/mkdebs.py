"""Build the small binary packages of the offline host: the Debian mirror snapshot's packages
and the build team's in-house .debs, deterministically (fixed mtimes, fixed contents).

    python3 mkdebs.py mirror DIR     the Debian packages the local mirror carries
    python3 mkdebs.py incoming DIR   the in-house builds waiting in /app/incoming
    python3 mkdebs.py one DIR NAME VERSION ARCH [DEPENDS]   one in-house package
"""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

EPOCH = 1764547200  # 2025-12-01, so that every member of every .deb has the same mtime

MIRROR = [
    # name, version, arch, depends, description
    ("haproxy", "2.6.12-1+deb12u1", "amd64", "", "fast and reliable load balancing reverse proxy"),
    ("pigz", "2.6-1", "amd64", "", "Parallel Implementation of GZip"),
    ("hatop", "0.8.2-1", "all", "haproxy", "interactive ncurses client for the HAProxy unix socket"),
    ("pv", "1.7.0-1", "amd64", "", "Shell pipeline element to meter data passing through"),
    ("tree", "2.1.0-1", "amd64", "", "displays an indented directory tree, in color"),
    ("ncdu", "1.18-0.2", "amd64", "", "ncurses disk usage viewer"),
    ("socat", "1.7.4.4-2", "amd64", "", "multipurpose relay for bidirectional data transfer"),
    ("keepalived", "1:2.2.7-1+b2", "amd64", "", "Failover and monitoring daemon for LVS clusters"),
    ("lz4", "1.9.4-1", "amd64", "", "Fast LZ compression algorithm library - tool"),
    ("zstd", "1.5.4+dfsg2-5", "amd64", "", "fast lossless compression algorithm -- CLI tool"),
]

INCOMING = [
    ("acme-agent", "2.4.0-1", "amd64", "pigz", "Acme host agent (metrics, log shipping)"),
    ("acme-agent", "2.4.1-1", "amd64", "pigz", "Acme host agent (metrics, log shipping)"),
    ("acme-agent", "2.4.1-1", "arm64", "pigz", "Acme host agent (metrics, log shipping)"),
    ("acme-agent", "2.5.0~rc1-1", "amd64", "pigz", "Acme host agent (metrics, log shipping)"),
    ("acme-agent", "2.5.0~rc2-1", "amd64", "pigz", "Acme host agent (metrics, log shipping)"),
    ("acme-backup", "1.0.3-1", "all", "pigz", "Acme nightly backup jobs"),
    ("haproxy", "2.6.12-1+acme2", "amd64", "", "fast and reliable load balancing reverse proxy (Acme build: h2 idle-timeout fix)"),
    ("pigz", "2.6-1+acme1", "amd64", "", "Parallel Implementation of GZip (Acme build farm rebuild)"),
]

MAINTAINERS = {True: "Acme Build Team <build@acme.example>", False: "Debian Maintainers <debian-devel@lists.debian.org>"}


def build(out: Path, name: str, version: str, arch: str, depends: str, description: str, acme: bool) -> Path:
    """Write NAME_VERSION_ARCH.deb (epoch dropped from the file name, as dpkg-name does) into out."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "root"
        bindir = root / ("usr/sbin" if name in ("haproxy", "keepalived") else "usr/bin")
        bindir.mkdir(parents=True)
        exe = bindir / name
        exe.write_text(f'#!/bin/sh\necho "{name} {version}"\n')
        exe.chmod(0o755)
        doc = root / "usr/share/doc" / name
        doc.mkdir(parents=True)
        who = MAINTAINERS[acme]
        (doc / "copyright").write_text(f"Files: *\nCopyright: {who}\nLicense: see /usr/share/common-licenses\n")
        if acme:
            (doc / "BUILD-INFO").write_text(f"Built by the Acme build farm from {name} {version}.\n")
        control = root / "DEBIAN"
        control.mkdir()
        lines = [
            f"Package: {name}",
            f"Version: {version}",
            f"Architecture: {arch}",
            f"Maintainer: {who}",
            "Installed-Size: 16",
        ]
        if depends:
            lines.append(f"Depends: {depends}")
        lines += [
            "Section: " + ("admin" if acme else "net"),
            "Priority: optional",
            f"Description: {description}",
            f" {description}.",
        ]
        (control / "control").write_text("\n".join(lines) + "\n")
        for p in sorted(root.rglob("*")):
            os.utime(p, (EPOCH, EPOCH), follow_symlinks=False)
        os.utime(root, (EPOCH, EPOCH))
        fname = f"{name}_{version.split(':')[-1]}_{arch}.deb"
        dest = out / fname
        env = dict(os.environ, SOURCE_DATE_EPOCH=str(EPOCH))
        subprocess.run(
            ["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(dest)],
            check=True,
            stdout=subprocess.DEVNULL,
            env=env,
        )
        return dest


def main(argv: list[str]) -> None:
    what, out = argv[0], Path(argv[1])
    out.mkdir(parents=True, exist_ok=True)
    if what == "mirror":
        for row in MIRROR:
            build(out, *row, acme=False)
    elif what == "incoming":
        for row in INCOMING:
            build(out, *row, acme=True)
    elif what == "one":
        name, version, arch = argv[2:5]
        depends = argv[5] if len(argv) > 5 else ""
        print(build(out, name, version, arch, depends, f"{name} (Acme build)", acme=True))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
