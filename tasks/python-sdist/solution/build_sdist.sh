#!/bin/bash
# Build dist/greetlib-<version>.tar.gz (source archive with MANIFEST.txt) and dist/SHA256SUMS.
# Standard tools only; run from anywhere. Never packages dotfiles, tests, caches or build output.
# Reproducible: the same file contents give the same bytes, whenever and wherever it runs
# (fixed entry order, times, owners and modes; no time stamp in the gzip header).
set -euo pipefail
export LC_ALL=C
root=$(cd "$(dirname "$0")" && pwd)
cd "$root"
name=$(python3 -c 'import tomllib; print(tomllib.load(open("pyproject.toml","rb"))["project"]["name"])')
version=$(python3 -c 'import tomllib; print(tomllib.load(open("pyproject.toml","rb"))["project"]["version"])')
base="$name-$version"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$base"
# What goes in: the metadata files and the source tree, minus caches and dotfiles (at any depth).
{
    printf '%s\n' pyproject.toml README.md LICENSE
    find src -name '.*' -prune -o -name __pycache__ -prune -o -type f ! -name '*.pyc' -print | sort
} | while IFS= read -r f; do
    mkdir -p "$stage/$base/$(dirname "$f")"
    cp "$f" "$stage/$base/$f"
done
(cd "$stage/$base" && find . -type f ! -name MANIFEST.txt | sed 's#^\./##' | sort \
    | while IFS= read -r f; do sha256sum "$f"; done > MANIFEST.txt)
mkdir -p dist
rm -f "dist/$base.tar.gz" dist/SHA256SUMS
tar -C "$stage" --sort=name --format=gnu --owner=0 --group=0 --numeric-owner \
    --mtime='2000-01-01 00:00:00Z' --mode='u=rwX,go=rX' -cf - "$base" | gzip -9n > "dist/$base.tar.gz"
(cd dist && sha256sum "$base.tar.gz" > SHA256SUMS)
echo "built dist/$base.tar.gz ($(tar -tzf "dist/$base.tar.gz" | grep -vc '/$') files)"
