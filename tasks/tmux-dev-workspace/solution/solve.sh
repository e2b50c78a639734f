#!/bin/bash
# Reference solution: the workspace's own tmux config, the workspace script, then a check.
set -euo pipefail
mkdir -p /app/shop/dev
# The config: prefix C-a, mouse, history, windows and panes from 1, renumbering, the status line.
cat > /app/shop/dev/tmux.conf <<'EOF'
# tmux settings of the shop workspace (loaded on its own server: tmux -L shop)
unbind C-b
set -g prefix C-a
bind C-a send-prefix
set -g mouse on
set -g history-limit 50000
set -g base-index 1
setw -g pane-base-index 1
set -g renumber-windows on
set -g status-right "#{session_name} | %H:%M"
EOF
# The script: its own tmux server (socket shop), the four windows, idempotent, -d and --kill.
cat > /app/shop/dev/workspace.sh <<'EOF'
#!/bin/bash
# workspace.sh [-d | --kill]: open (or re-attach to) the shop's tmux workspace.
set -euo pipefail
tm() { tmux -L shop -f /app/shop/dev/tmux.conf "$@"; }
S=shop
case "${1:-}" in
    --kill) tm kill-session -t "=$S" 2>/dev/null || true; exit 0 ;;
    -d | "") ;;
    *) echo "usage: $0 [-d | --kill]" >&2; exit 2 ;;
esac
if ! tm has-session -t "=$S" 2>/dev/null; then
    tm new-session -d -s "$S" -n edit -c /app/shop -e SHOP_ENV=dev
    tm set-environment -t "$S" SHOP_ENV dev
    tm new-window -d -t "$S:2" -n run -c /app/shop -e SHOP_ENV=dev 'bin/serve --port 8000'
    tm set-option -w -t "$S:run" remain-on-exit on
    tm split-window -d -h -t "$S:run.1" -c /app/shop -e SHOP_ENV=dev 'bin/worker --queue default'
    tm new-window -d -t "$S:3" -n logs -c /app/shop 'tail -F /app/shop/logs/app.log'
    tm new-window -d -t "$S:4" -n db -c /app/shop 'sqlite3 /app/shop/data/shop.db'
    tm select-window -t "$S:edit"
fi
if [ "${1:-}" != -d ] && [ -t 0 ] && [ -t 1 ]; then
    if [ -n "${TMUX:-}" ]; then
        echo "inside tmux already: run  tmux -L shop attach -t $S  from a plain terminal" >&2
        exit 0
    fi
    exec tmux -L shop attach -t "=$S"
fi
EOF
chmod 0755 /app/shop/dev/workspace.sh
/app/shop/dev/workspace.sh -d
# Check: the windows and panes, the server answering, the worker alive.
tmux -L shop list-panes -s -t shop -F '#{window_index}:#{window_name}.#{pane_index} dead=#{pane_dead} #{pane_start_command}'
for _ in $(seq 50); do curl -s http://127.0.0.1:8000/ && break; sleep 0.2; done
echo
