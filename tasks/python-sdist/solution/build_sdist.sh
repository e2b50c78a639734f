#!/bin/bash
# Build dist/greetlib-<version>.tar.gz (source archive with MANIFEST.txt) and dist/SHA256SUMS.
# Standard tools only; run from anywhere. Never packages dotfiles, tests, caches or build output.
set -euo pipefail
root=$(cd "$(dirname "$0")" && pwd)
cd "$root"
name=$(python3 -c 'import tomllib; print(tomllib.load(open("pyproject.toml","rb"))["project"]["name"])')
version=$(python3 -c 'import tomllib; print(tomllib.load(open("pyproject.toml","rb"))["project"]["version"])')
base="$name-$version"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$base"
# What goes in: the metadata files and the source tree, minus caches and dotfiles.
{
    printf '%s\n' pyproject.toml README.md LICENSE
    find src -type f ! -name '*.pyc' ! -path '*/__pycache__/*' ! -name '.*' | sort
} | while IFS= read -r f; do
    mkdir -p "$stage/$base/$(dirname "$f")"
    cp -p "$f" "$stage/$base/$f"
done
(cd "$stage/$base" && find . -type f ! -name MANIFEST.txt | sed 's#^\./##' | LC_ALL=C sort \
    | while IFS= read -r f; do sha256sum "$f"; done > MANIFEST.txt)
mkdir -p dist
rm -f "dist/$base.tar.gz" dist/SHA256SUMS
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner -czf "dist/$base.tar.gz" "$base"
(cd dist && sha256sum "$base.tar.gz" > SHA256SUMS)
echo "built dist/$base.tar.gz ($(tar -tzf "dist/$base.tar.gz" | grep -vc '/$') files)"
