#!/bin/bash
# Writes lib/index.mjs as a second copy of the library instead of re-exporting the CommonJS one, so import and require give different function objects.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/solve.sh").read_text()
old = "import cjs from './index.js';\n\nexport const { parse, format, UNITS } = cjs;\n"
new = ("import { createRequire } from 'node:module';\n"
       "const require = createRequire(import.meta.url);\n"
       "delete require.cache[require.resolve('./index.js')];\n"
       "const copy = require('./index.js');\n"
       "delete require.cache[require.resolve('./index.js')];\n"
       "export const { parse, format, UNITS } = copy;\n")
if old not in s:
    raise SystemExit("patch did not apply")
Path("/tmp/mutant-solve.sh").write_text(s.replace(old, new))
PY
bash /tmp/mutant-solve.sh
