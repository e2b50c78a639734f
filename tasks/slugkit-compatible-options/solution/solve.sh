#!/bin/bash
# Reference solution: keyword-only options in slugify (defaults unchanged), a warning in
# make_slug, version 1.5.0 in both places, a changelog entry, then every test suite.
set -euo pipefail
cd /app/slugkit
cp /solution/files/slugkit/core.py slugkit/core.py
cp /solution/files/CHANGELOG.md CHANGELOG.md
cp /solution/files/test_options.py tests/test_options.py
sed -i 's/^__version__ = "1.4.0"$/__version__ = "1.5.0"/' slugkit/__init__.py
sed -i 's/^version = "1.4.0"$/version = "1.5.0"/' pyproject.toml
grep -q '__version__ = "1.5.0"' slugkit/__init__.py
grep -q '^version = "1.5.0"$' pyproject.toml
python3 -m pytest -q -p no:cacheprovider
(cd /app/services/blog && python3 -m pytest -q -p no:cacheprovider)
(cd /app/services/shop && python3 -m pytest -q -p no:cacheprovider)
git status --short
