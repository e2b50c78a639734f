#!/usr/bin/env python3
"""Writes the mirrors' files under /srv/farm (deterministic bytes; index pages dated November)."""

import hashlib
import os
import sys
from pathlib import Path

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else "/srv/farm")
OLD = 1793620800  # 2026-11-02 12:00 UTC: when the index pages last changed


def blob(name: str, size: int) -> bytes:
    """SIZE pseudo-random bytes seeded by NAME (stands in for a package or an archive)."""
    return hashlib.shake_256(name.encode()).digest(size)


def put(rel: str, data: bytes | str, old: bool = False) -> None:
    path = ROOT / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    if old:
        os.utime(path, (OLD, OLD))


MB = 1024 * 1024
debs = {
    "pool/main/c/cmake/cmake_3.25.1-1_amd64.deb": 3 * MB + 117,
    "pool/main/g/gcc-12/gcc-12_12.2.0-14_amd64.deb": 6 * MB + 4021,
    "pool/main/o/openssl/libssl3_3.0.15-1~deb12u1_amd64.deb": 2 * MB + 999,
    "pool/main/n/ninja-build/ninja-build_1.11.1-2~deb12u1_amd64.deb": 136 * 1024,
}
packages = []
for rel, size in debs.items():
    put(f"deb.farm.lan/debian/{rel}", blob(rel, size))
    name = rel.split("/")[-1].split("_")[0]
    packages.append(f"Package: {name}\nFilename: {rel}\nSize: {size}\n")
put("deb.farm.lan/index.html", "<h1>deb.farm.lan</h1><p>Debian bookworm mirror for the build farm.</p>\n", old=True)
put("deb.farm.lan/debian/dists/bookworm/main/binary-amd64/Packages", "\n".join(packages), old=True)
put(
    "deb.farm.lan/debian/dists/bookworm/Release",
    "Origin: Debian\nSuite: stable\nCodename: bookworm\nDate: Sat, 08 Nov 2026 09:12:44 UTC\n"
    "Architectures: amd64\nComponents: main\n",
    old=True,
)

wheels = {
    "packages/3c/9f/requests-2.31.0-py3-none-any.whl": 62 * 1024 + 5,
    "packages/a1/07/numpy-1.26.4-cp311-cp311-manylinux_2_17_x86_64.whl": 12 * MB + 333,
    "packages/e2/5b/buildtool-2.4.1-py3-none-any.whl": 48 * 1024 + 77,
}
for rel, size in wheels.items():
    put(f"pypi.farm.lan/{rel}", blob(rel, size))
projects = {}
for rel in wheels:
    fname = rel.split("/")[-1]
    projects.setdefault(fname.split("-")[0], []).append((rel, fname))
put(
    "pypi.farm.lan/simple/index.html",
    "<!DOCTYPE html><html><body>\n"
    + "".join(f'<a href="/simple/{p}/">{p}</a>\n' for p in sorted(projects))
    + "</body></html>\n",
    old=True,
)
for project, files in projects.items():
    put(
        f"pypi.farm.lan/simple/{project}/index.html",
        "<!DOCTYPE html><html><body>\n"
        + "".join(f'<a href="/{rel}">{fname}</a>\n' for rel, fname in files)
        + "</body></html>\n",
        old=True,
    )
put("pypi.farm.lan/index.html", "<h1>pypi.farm.lan</h1><p>PyPI mirror (simple API under /simple/).</p>\n", old=True)

artifacts = {
    "releases/farmctl/4.2.0/farmctl-4.2.0-linux-amd64.tar.gz": 24 * MB + 4097,
    "releases/farmctl/4.1.3/farmctl-4.1.3-linux-amd64.tar.gz": 23 * MB + 12,
    "releases/gradle-cache/gradle-cache-8.5.jar": 5 * MB + 808,
    "snapshots/farmctl/farmctl-SNAPSHOT-linux-amd64.tar.gz": 5 * MB + 61,
}
for rel, size in artifacts.items():
    put(f"artifacts.farm.lan/{rel}", blob(rel, size))
put(
    "artifacts.farm.lan/index.html",
    "<h1>artifacts.farm.lan</h1><p>Release artifacts under /releases/ (links are signed: ?token=...), "
    "nightly snapshot builds under /snapshots/ (republished under the same name).</p>\n",
    old=True,
)
put("scratch.farm.lan/index.html", "<h1>scratch</h1><p>dev box; file share under /share/</p>\n", old=True)
put("scratch.farm.lan/share/README.txt", "put stuff here, it is served to everyone\n", old=True)
put("paste.example.net/index.html", "<h1>paste.example.net</h1><p>Paste anything, share the link.</p>\n", old=True)
