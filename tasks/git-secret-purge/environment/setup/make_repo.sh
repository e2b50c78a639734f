#!/usr/bin/env bash
# Builds /app/repo (with its history) and the shared bare origin /srv/git/invoice-tool.git.
# Deterministic: fixed authors, committers and dates, so commit ids are the same on every build.
set -euo pipefail
KEY='sk_live_9fQ2mXr7LkT4vWz8NbC3dHs6'
LOCAL_KEY='sk_live_Rk2Nw8TqZ5xLm4Vb9HcJ7pYd'
R=/app/repo
mkdir -p "$R" && cd "$R"
git init -q -b main
git config user.name "Dana Whitfield"
git config user.email "dana@invoicetool.example"

commit() { # commit AUTHOR EMAIL DATE MESSAGE
  GIT_AUTHOR_NAME="$1" GIT_AUTHOR_EMAIL="$2" GIT_AUTHOR_DATE="$3" \
  GIT_COMMITTER_NAME="$1" GIT_COMMITTER_EMAIL="$2" GIT_COMMITTER_DATE="$3" \
  git commit -q -m "$4"
}
DANA=("Dana Whitfield" "dana@invoicetool.example")
MAREK=("Marek Nowak" "marek@invoicetool.example")
PRIYA=("Priya Raman" "priya@invoicetool.example")

mkdir -p invoice config docs tests
cat > README.md <<'X'
# invoice-tool

Creates invoices for the accounting team.
X
cat > invoice/__init__.py <<'X'
"""invoice-tool: invoices for the accounting team."""
X
cat > invoice/model.py <<'X'
from dataclasses import dataclass, field


@dataclass
class Line:
    description: str
    quantity: int
    unit_price: float


@dataclass
class Invoice:
    number: str
    lines: list = field(default_factory=list)

    def total(self):
        return sum(l.quantity * l.unit_price for l in self.lines)
X
git add -A && commit "${DANA[@]}" "2023-01-09T10:12:00+01:00" "Initial commit: invoice model"

cat > invoice/pdf.py <<'X'
def render(invoice):
    raise NotImplementedError("PDF rendering is not implemented yet")
X
git add -A && commit "${DANA[@]}" "2023-01-12T16:40:00+01:00" "Add PDF renderer stub"

cat > config/settings.py <<'X'
DEBUG = False
CURRENCY = "EUR"
X
git add -A && commit "${MAREK[@]}" "2023-01-20T09:05:00+01:00" "Add config module"

cat > config/settings.py <<X
DEBUG = False
CURRENCY = "EUR"

STRIPE_ACCOUNT = "acct_1MbK2sLzVq8Xy3Pd"
STRIPE_API_KEY = "$KEY"
X
cat > docs/setup.md <<X
# Setup

Billing goes through Stripe. The live key is in config/settings.py
($KEY); ask Marek before changing it.
X
git add -A && commit "${MAREK[@]}" "2023-02-02T11:30:00+01:00" "Add Stripe settings"

cat > invoice/billing.py <<'X'
from config import settings


def charge(invoice, client):
    return client.charge(api_key=settings.STRIPE_API_KEY, amount=round(invoice.total() * 100))
X
git add -A && commit "${MAREK[@]}" "2023-02-03T14:02:00+01:00" "Charge invoices through Stripe"

sed -i 's/        return sum(l.quantity \* l.unit_price for l in self.lines)/        return round(sum(l.quantity * l.unit_price for l in self.lines), 2)/' invoice/model.py
git add -A && commit "${DANA[@]}" "2023-02-10T17:45:00+01:00" "Fix rounding in totals"
GIT_COMMITTER_NAME="Dana Whitfield" GIT_COMMITTER_EMAIL="dana@invoicetool.example" GIT_COMMITTER_DATE="2023-02-10T18:00:00+01:00" \
  git tag -a v1.0 -m "Release 1.0

First release for the accounting team."

git checkout -q -b feature/pdf-export
cat > invoice/pdf.py <<'X'
PAGE = (595, 842)  # A4 in points


def render(invoice):
    lines = [f"Invoice {invoice.number}"]
    lines += [f"{l.description}: {l.quantity} x {l.unit_price:.2f}" for l in invoice.lines]
    return "\n".join(lines)
X
git add -A && commit "${PRIYA[@]}" "2023-02-20T10:00:00+01:00" "PDF export: page layout"
mkdir -p invoice/fonts
echo "Fonts embedded in exported PDFs (DejaVu Sans, OFL)." > invoice/fonts/README
git add -A && commit "${PRIYA[@]}" "2023-02-24T15:20:00+01:00" "PDF export: embed fonts"
git checkout -q main

cat > invoice/cli.py <<'X'
import argparse

from invoice.model import Invoice


def main():
    p = argparse.ArgumentParser(prog="invoice")
    p.add_argument("number")
    args = p.parse_args()
    print(Invoice(args.number).total())
X
git add -A && commit "${PRIYA[@]}" "2023-03-01T13:15:00+01:00" "Add command-line interface"

cat > config/settings.py <<'X'
import os

DEBUG = False
CURRENCY = "EUR"

STRIPE_ACCOUNT = "acct_1MbK2sLzVq8Xy3Pd"
STRIPE_API_KEY = os.environ.get("STRIPE_API_KEY", "")
X
cat > docs/setup.md <<'X'
# Setup

Billing goes through Stripe. Set STRIPE_API_KEY in the environment
(locally: .env.local, never committed).
X
git add -A && commit "${MAREK[@]}" "2023-03-15T08:50:00+01:00" "Move Stripe key to environment

The old key $KEY was committed by mistake
and has been rotated. Read it from STRIPE_API_KEY instead."

cat > tests/test_totals.py <<'X'
from invoice.model import Invoice, Line


def test_total_is_rounded():
    inv = Invoice("2023-001", [Line("a", 3, 0.1)])
    assert inv.total() == 0.3
X
git add -A && commit "${PRIYA[@]}" "2023-03-20T11:11:00+01:00" "Add tests for totals"

cat >> README.md <<'X'

Configuration: see docs/setup.md. Run the tests with `python3 -m pytest`.
X
git add -A && commit "${DANA[@]}" "2023-04-02T09:30:00+02:00" "Update README"

sed -i 's/    number: str/    number: str\n\n    def __post_init__(self):\n        if not self.number.strip():\n            raise ValueError("invoice number is empty")/' invoice/model.py
git add -A && commit "${PRIYA[@]}" "2023-04-10T16:05:00+02:00" "Validate invoice numbers"

# The developer's local settings: untracked, with the current (rotated) key.
cat > .env.local <<X
STRIPE_API_KEY=$LOCAL_KEY
STRIPE_ACCOUNT=acct_1MbK2sLzVq8Xy3Pd
APP_ENV=development
X

# The team's shared remote, without remote-tracking refs in the working clone.
mkdir -p /srv/git
git clone -q --bare "$R" /srv/git/invoice-tool.git
git remote add origin /srv/git/invoice-tool.git
git gc -q
