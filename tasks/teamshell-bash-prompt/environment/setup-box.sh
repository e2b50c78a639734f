#!/bin/bash
# Builds the dev box: Dana's account, the team's repositories in their usual states, two venvs.
set -euo pipefail
export GIT_AUTHOR_NAME="Platform Team" GIT_AUTHOR_EMAIL="platform@example.com"
export GIT_COMMITTER_NAME="Platform Team" GIT_COMMITTER_EMAIL="platform@example.com"
export GIT_AUTHOR_DATE="2026-11-02T09:00:00Z" GIT_COMMITTER_DATE="2026-11-02T09:00:00Z"
git config --global init.defaultBranch main
git config --global user.name "Platform Team"
git config --global user.email "platform@example.com"

# Dana (dev) logs in with her own .bashrc: it keeps her history in sync across terminals.
useradd -m -s /bin/bash dev
cat >> /home/dev/.bashrc <<'EOF'

# keep history in sync between my terminals
shopt -s histappend
PROMPT_COMMAND='history -a'
EOF
chown dev:dev /home/dev/.bashrc

# root sources the v1 prompt the old way, from ~/.bashrc.
printf '\n# team prompt\n. /opt/teamshell/prompt.bash\n' >> /root/.bashrc

mkdir -p /root/src
commit() { git -C "$1" add -A && git -C "$1" commit -q -m "$2"; }

# shop-api: clean, on main, with ignored build output and a project venv in .venv.
r=/root/src/shop-api
mkdir -p "$r/app/models" "$r/app/api" "$r/build"
printf 'build/\n.venv/\n*.pyc\n' > "$r/.gitignore"
printf 'from .orders import Order\n' > "$r/app/models/__init__.py"
printf 'class Order:\n    def __init__(self, total):\n        self.total = total\n' > "$r/app/models/orders.py"
printf 'def health():\n    return {"ok": True}\n' > "$r/app/api/health.py"
printf '# shop-api\n' > "$r/README.md"
git init -q "$r"
commit "$r" "Initial import"
printf 'def version():\n    return "2.4.0"\n' > "$r/app/api/version.py"
commit "$r" "Add /version"
git -C "$r" tag v2.4.0
printf 'compiled' > "$r/build/app.bin"
python3 -m venv --without-pip "$r/.venv"

# shop-api-hotfix: a second worktree of shop-api, on the hotfix branch (its .git is a file).
git -C "$r" worktree add -q -b hotfix/2.4.1 /root/src/shop-api-hotfix v2.4.0
printf 'def version():\n    return "2.4.1"\n' > /root/src/shop-api-hotfix/app/api/version.py
commit /root/src/shop-api-hotfix "Hotfix 2.4.1"

# billing: work in progress (a modified file and an untracked one).
r=/root/src/billing
mkdir -p "$r/billing"
printf 'RATE = 0.19\n' > "$r/billing/vat.py"
git init -q "$r"
commit "$r" "VAT rate"
printf 'RATE = 0.20\n' > "$r/billing/vat.py"
printf 'notes\n' > "$r/TODO.txt"

# infra: checked out at a tag (detached HEAD) for a rollback last week.
r=/root/src/infra
mkdir -p "$r/terraform"
printf 'region = "eu-central-1"\n' > "$r/terraform/main.tf"
git init -q "$r"
commit "$r" "Base"
git -C "$r" tag release-41
printf 'region = "eu-west-1"\n' > "$r/terraform/main.tf"
commit "$r" "Move region"
git -C "$r" checkout -q release-41

# The reporting venv everybody shares.
python3 -m venv --without-pip /opt/venvs/reporting
