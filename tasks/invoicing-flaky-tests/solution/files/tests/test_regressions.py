"""Regression tests for the flaky-suite fixes."""
import os
import subprocess
import sys
from decimal import Decimal

from invoicing.numbers import InvoiceNumberer
from invoicing.vat import vat_amount

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_tags_order_does_not_depend_on_the_hash_seed():
    code = "from invoicing.tags import tags_summary; print(tags_summary(['b', 'a', 'c', 'B']))"
    outputs = {
        subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout
        for seed in range(6)
    }
    assert outputs == {"a, b, c\n"}


def test_numbers_are_sequential():
    numberer = InvoiceNumberer(2025, start=41)
    assert [numberer.next() for _ in range(3)] == ["INV-2025-000041", "INV-2025-000042", "INV-2025-000043"]


def test_vat_half_up_for_credit_notes():
    assert vat_amount("-8.50", "0.19") == Decimal("-1.62")
    assert str(vat_amount("100", "0.19")) == "19.00"
