#!/bin/bash
# After cutting to max_length it backs up to the last whole word, so slugify("abcdef ghij", max_length=8) returns "abcdef" instead of "abcdef-g".
set -euo pipefail
sed -e 's/        slug = _strip_sep(slug\[:max_length\], sep)/        slug = _strip_sep(slug[:max_length] if len(slug) <= max_length or slug[max_length:].startswith(sep) else slug[:max_length].rpartition(sep)[0], sep)/' \
    /solution/solve.sh > /tmp/solve-mutant.sh
grep -q 'rpartition(sep)' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
