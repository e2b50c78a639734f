#!/bin/bash
# Implements the options and the changelog but bumps the version only in slugkit/__init__.py, leaving pyproject.toml (what the wheel is built from) at 1.4.0.
set -euo pipefail
cd /app/slugkit
cp /solution/files/slugkit/core.py slugkit/core.py
cp /solution/files/CHANGELOG.md CHANGELOG.md
cp /solution/files/test_options.py tests/test_options.py
sed -i 's/^__version__ = "1.4.0"$/__version__ = "1.5.0"/' slugkit/__init__.py
grep -q '__version__ = "1.5.0"' slugkit/__init__.py
python3 -m pytest -q -p no:cacheprovider
(cd /app/services/blog && python3 -m pytest -q -p no:cacheprovider)
