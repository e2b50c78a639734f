#!/usr/bin/env python3
"""Adds --non-interactive to the installer (given as the argument): the answers come from the
ACME_* variables (same defaults, trimming and validation), nothing is read from stdin."""
import sys
from pathlib import Path

NON_INTERACTIVE = '''non_interactive() {
    local dir url name interval tls reason
    dir=$(trim "${ACME_INSTALL_DIR:-}");   dir=${dir:-$DEFAULT_DIR}
    url=$(trim "${ACME_COLLECTOR_URL:-}"); url=${url:-$DEFAULT_URL}
    name=$(trim "${ACME_AGENT_NAME:-}");   name=${name:-$DEFAULT_NAME}
    interval=$(trim "${ACME_INTERVAL:-}"); interval=${interval:-$DEFAULT_INTERVAL}
    reason=$(valid_dir "$dir")           || { echo "install.sh: invalid ACME_INSTALL_DIR: $reason" >&2; exit 2; }
    reason=$(valid_url "$url")           || { echo "install.sh: invalid ACME_COLLECTOR_URL: $reason" >&2; exit 2; }
    reason=$(valid_name "$name")         || { echo "install.sh: invalid ACME_AGENT_NAME: $reason" >&2; exit 2; }
    reason=$(valid_interval "$interval") || { echo "install.sh: invalid ACME_INTERVAL: $reason" >&2; exit 2; }
    tls=$(yes_no "$(trim "${ACME_TLS_VERIFY:-}")" y) || { echo "install.sh: invalid ACME_TLS_VERIFY: answer y or n" >&2; exit 2; }
    write_config "$dir" "$url" "$name" "$interval" "$tls"
    exit 0
}

'''
EDITS = [
    (
        "# acme-agent installer (v2): asks for the settings and writes <install dir>/etc/agent.conf.\n",
        "# acme-agent installer (v2): asks for the settings (or reads them from ACME_* variables with\n"
        "# --non-interactive) and writes <install dir>/etc/agent.conf.\n",
    ),
    ('case "${1:-}" in\n', NON_INTERACTIVE + 'case "${1:-}" in\n'),
    (
        '    *) echo "usage: install.sh" >&2; exit 2 ;;\n',
        '    --non-interactive) [[ $# -eq 1 ]] || { echo "usage: install.sh [--non-interactive]" >&2; exit 2; }; non_interactive ;;\n'
        '    *) echo "usage: install.sh [--non-interactive]" >&2; exit 2 ;;\n',
    ),
]

path = Path(sys.argv[1])
src = path.read_text()
for old, new in EDITS:
    assert src.count(old) == 1, f"install.sh changed: {old!r} not found once"
    src = src.replace(old, new)
path.write_text(src)
