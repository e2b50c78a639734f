#!/bin/bash
# Builds the release into dist/: the source tarball, the wheel and SHA256SUMS.
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=tidemark
VERSION=$(python3 -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')

# Stamp the build information that `tidemark --version` shows.
cat > src/tidemark/_build_info.py <<EOF
VERSION = "$VERSION"
COMMIT = "$(git rev-parse --short HEAD)"
BUILD_DATE = "$(date '+%Y-%m-%d %H:%M:%S')"
BUILD_HOST = "$(hostname)"
BUILD_DIR = "$(pwd)"
EOF

rm -rf dist
mkdir -p dist

# Source tarball.
STAGE=$(mktemp -d)
mkdir "$STAGE/$NAME-$VERSION"
cp -r .gitignore CHANGELOG.md LICENSE Makefile README.md RELEASING.md pyproject.toml src tests tools \
    "$STAGE/$NAME-$VERSION/"
tar -C "$STAGE" -czf "dist/$NAME-$VERSION.tar.gz" "$NAME-$VERSION"
rm -rf "$STAGE"

# Wheel.
python3 -m build --wheel --no-isolation --outdir dist .

cd dist
sha256sum ./* > SHA256SUMS
ls -l
