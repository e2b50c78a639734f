#!/bin/bash
# Build the wheel and publish it to the internal package index that every service installs from.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
python3 -m pip wheel --no-deps --no-build-isolation -q -w dist .
mkdir -p /srv/pypi/simple/slugkit
cp dist/slugkit-*.whl /srv/pypi/simple/slugkit/
echo "published: $(ls dist)"
