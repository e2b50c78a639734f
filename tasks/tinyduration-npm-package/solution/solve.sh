#!/bin/bash
# Reference solution: an ESM wrapper over the CommonJS build, a runnable bin, the manifest with an
# exports map and a files whitelist, the changelog entry, then npm pack into /app/dist.
set -euo pipefail
cd /app/tinyduration

# 1. ESM entry point: re-exports the CommonJS functions, so both module systems share one copy.
cat > lib/index.mjs <<'EOF'
import cjs from './index.js';

export const { parse, format, UNITS } = cjs;
EOF

# 2. The CLI runs as a program once installed: it needs a shebang.
sed -i '1i #!/usr/bin/env node' bin/tinyduration.js
chmod 0755 bin/tinyduration.js

# 3. The manifest.
cat > package.json <<'EOF'
{
  "name": "@acme/tinyduration",
  "version": "1.3.0",
  "description": "Parse and format short durations like 1h30m",
  "license": "MIT",
  "author": "ACME Platform Team",
  "main": "./lib/index.js",
  "types": "./lib/index.d.ts",
  "exports": {
    ".": {
      "types": "./lib/index.d.ts",
      "import": "./lib/index.mjs",
      "require": "./lib/index.js"
    },
    "./package.json": "./package.json"
  },
  "bin": {
    "tinyduration": "bin/tinyduration.js"
  },
  "files": [
    "lib/",
    "bin/",
    "CHANGELOG.md"
  ],
  "sideEffects": false,
  "engines": {
    "node": ">=18"
  },
  "publishConfig": {
    "registry": "https://npm.acme.internal/"
  },
  "scripts": {
    "test": "node --test test/"
  }
}
EOF

# 4. The changelog entry for the release.
python3 - <<'EOF'
from pathlib import Path
p = Path("CHANGELOG.md")
text = p.read_text()
entry = "## 1.3.0\n- ESM: `import { parse, format } from '@acme/tinyduration'` (same functions as require).\n- Published as @acme/tinyduration; the tinyduration CLI runs as an installed program.\n\n"
p.write_text(text.replace("## 1.2.4", entry + "## 1.2.4", 1))
EOF

# 5. The tarball.
mkdir -p /app/dist
npm pack --pack-destination /app/dist

# 6. Check: the tests pass, the tarball holds what it should.
npm test
tar tzf /app/dist/acme-tinyduration-1.3.0.tgz | sort
