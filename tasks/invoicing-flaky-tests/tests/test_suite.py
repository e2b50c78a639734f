"""Verifier for invoicing-flaky-tests: the suite under many orders and hash seeds, the original
tests against the fixed code, and the specified behaviour checked directly."""
import ast
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

REPO = Path("/app/invoicing")
HERE = Path(__file__).resolve().parent
ORIGINAL = HERE / "original"
ORIGINAL_IDS = {
    (f.name, node.name)
    for f in sorted(ORIGINAL.glob("test_*.py"))
    for node in ast.parse(f.read_text()).body
    if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
}


def run_suite(tmp_path, order="", hashseed="0", order_seed=None, cwd=REPO, paths=()):
    report = tmp_path / f"junit-{order.replace(':', '_') or 'own'}-{hashseed}-{order_seed}.xml"
    env = {**os.environ, "PYTHONHASHSEED": hashseed, "VERIFY_ORDER": order,
           "PYTHONPATH": str(HERE), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("TEST_ORDER_SEED", None)
    if order_seed is not None:
        env["TEST_ORDER_SEED"] = str(order_seed)
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "verify_order",
         f"--junitxml={report}", *paths],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=120,
    )
    cases = {}
    if report.exists():
        for case in ET.parse(report).getroot().iter("testcase"):
            outcome = "passed"
            for child in case:
                if child.tag in ("failure", "error"):
                    outcome = "failed"
                elif child.tag == "skipped":
                    outcome = "skipped"
            name = case.get("name").split("[")[0]
            file = case.get("classname").split(".")[-1] + ".py"
            cases.setdefault((file, name), []).append(outcome)
    return proc, cases


RUNS = [
    ("forward", "0", None),
    ("reverse", "1", None),
    ("reverse", "2", None),
    ("shuffle:1", "3", None),
    ("shuffle:2", "4", None),
    ("shuffle:3", "5", None),
    ("", "8", 11),
    ("", "9", 12),
]


@pytest.mark.parametrize("order, hashseed, order_seed", RUNS)
def test_suite_passes(tmp_path, order, hashseed, order_seed):
    """The suite passes on every run, in forward, reversed and shuffled test orders and under several PYTHONHASHSEEDs, with every original test present and passing (none skipped, xfailed or failed)."""
    proc, cases = run_suite(tmp_path, order, hashseed, order_seed)
    assert proc.returncode == 0, proc.stdout[-3000:]
    missing = sorted(ORIGINAL_IDS - set(cases))
    assert not missing, f"original tests missing from the suite: {missing}"
    not_passed = {k: v for k, v in cases.items() if any(o != "passed" for o in v)}
    assert not not_passed, f"tests not passing (skipped/xfailed/failed): {not_passed}"


def test_existing_tests_kept():
    present = set()
    for f in (REPO / "tests").glob("test_*.py"):
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                present.add((f.name, node.name))
    assert not sorted(ORIGINAL_IDS - present), f"tests removed or renamed: {sorted(ORIGINAL_IDS - present)}"


@pytest.fixture
def original_suite(tmp_path):
    """The original test files (their expected values) against the current code."""
    dest = tmp_path / "orig"
    (dest / "tests").mkdir(parents=True)
    shutil.copytree(REPO / "invoicing", dest / "invoicing")
    for f in ORIGINAL.glob("test_*.py"):
        shutil.copy(f, dest / "tests" / f.name)
    (dest / "pytest.ini").write_text("[pytest]\ntestpaths = tests\n")
    return dest


@pytest.mark.parametrize("hashseed", ["0", "1", "2"])
def test_original_tests_pass_on_the_code(tmp_path, original_suite, hashseed):
    """Find and fix each root cause in the code rather than retrying around it: the original, unmodified tests (no retries or reruns) pass on the fixed code under several PYTHONHASHSEEDs."""
    proc, cases = run_suite(tmp_path, "forward", hashseed, cwd=original_suite)
    assert proc.returncode == 0, proc.stdout[-3000:]


# The old, buggy modules as committed; each run puts one back and keeps every other file as the agent left it.
OLD_CODE = HERE / "original_code"
# Orders and hash seeds under which the original tests happen to pass on the old code (the old tags come out
# sorted under these PYTHONHASHSEEDs; the old random numbers repeat in only about 1 run in 10).
REGRESSION_RUNS = [("forward", "1"), ("reverse", "13"), ("shuffle:5", "15")]


@pytest.mark.parametrize("module", ["tags.py", "numbers.py"])
def test_regression_tests_catch_the_old_bug(tmp_path, module):
    """Add regression tests for the footer tags' order and repeated invoice numbers: with the old
    invoicing/tags.py or the old invoicing/numbers.py (as committed) put back, python3 -m pytest must fail on
    every run, in any test order and under any PYTHONHASHSEED."""
    dest = tmp_path / "old"
    shutil.copytree(REPO, dest, ignore=shutil.ignore_patterns(".git", "__pycache__", ".pytest_cache"))
    shutil.copy(OLD_CODE / module, dest / "invoicing" / module)
    for order, hashseed in REGRESSION_RUNS:
        proc, cases = run_suite(tmp_path, order, hashseed, cwd=dest)
        assert proc.returncode != 0, (
            f"with the old invoicing/{module}, the suite passed (order {order}, PYTHONHASHSEED={hashseed}): "
            f"no regression test catches that bug on every run\n{proc.stdout[-1500:]}")

def test_conftest_still_shuffles():
    """Keep the random ordering in tests/conftest.py: different TEST_ORDER_SEED values still give different orders."""
    orders = set()
    for seed in range(1, 7):
        env = {**os.environ, "TEST_ORDER_SEED": str(seed)}
        out = subprocess.run(
            [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
            cwd=REPO, env=env, capture_output=True, text=True, timeout=60,
        ).stdout
        orders.add(tuple(line for line in out.splitlines() if "::" in line))
        if len(orders) > 1:
            break
    assert len(orders) > 1, "the suite no longer runs in a random order"


# ------------------------------------------------------------------ behaviour, checked directly


def python(code, hashseed="0"):
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=30,
        env={**os.environ, "PYTHONHASHSEED": hashseed, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.parametrize("hashseed", [str(s) for s in range(6)])
def test_tags_summary_is_sorted(hashseed):
    code = (
        "from invoicing.tags import tags_summary\n"
        "print(repr(tags_summary(['Urgent', 'billing', ' urgent ', '', 'zeta', 'Alpha', '  ', 'mid'])))\n"
        "print(repr(tags_summary([])))\n"
        "print(repr(tags_summary(['x'])))\n"
    )
    assert python(code, hashseed).splitlines() == ["'alpha, billing, mid, urgent, zeta'", "''", "'x'"]


def test_invoice_numbers():
    """InvoiceNumberer(year, start=1).next() returns INV-<year>-<number>, zero-padded to 6 digits, from start on, never repeating; separate numberers are independent of each other."""
    code = (
        "from invoicing.numbers import InvoiceNumberer\n"
        "a = InvoiceNumberer(2024)\n"
        "b = InvoiceNumberer(2025, start=998)\n"
        "print(a.next(), a.next(), b.next(), a.next(), b.next(), b.next())\n"
        "c = InvoiceNumberer(2024, start=5)\n"
        "nums = [c.next() for _ in range(20000)]\n"
        "print(len(set(nums)), nums[0], nums[-1])\n"
    )
    first, second = python(code).splitlines()
    assert first.split() == ["INV-2024-000001", "INV-2024-000002", "INV-2025-000998", "INV-2024-000003",
                             "INV-2025-000999", "INV-2025-001000"]
    assert second.split() == ["20000", "INV-2024-000005", "INV-2024-020004"]


def test_currency_behaviour_unchanged():
    code = (
        "from decimal import Decimal\n"
        "from invoicing import currency\n"
        "print(currency.convert(Decimal('100'), 'USD'), currency.convert('0.25', 'chf'))\n"
        "currency.set_rate('usd', '0.95')\n"
        "print(currency.convert(Decimal('100'), 'USD'), currency.rate('USD'), currency.convert('10', 'usd'))\n"
        "try:\n    currency.convert(1, 'XYZ')\nexcept KeyError:\n    print('KeyError')\n"
    )
    assert python(code).splitlines() == ["92.00 0.26", "95.00 0.95 9.50", "KeyError"]


VAT_CASES = [
    ("8.50", "0.19", "1.62"),
    ("-8.50", "0.19", "-1.62"),
    ("2.50", "0.19", "0.48"),
    ("-2.50", "0.19", "-0.48"),
    ("100", "0.19", "19.00"),
    ("20", "0.07", "1.40"),
    ("0.05", "0.1", "0.01"),
    ("1234.56", "0.21", "259.26"),
    ("0", "0.19", "0.00"),
]


def test_vat_amount():
    """vat_amount(net, rate) with Decimals or strings: exact decimal arithmetic, a Decimal with exactly two decimal
    places, rounded half up with ties away from zero, negative amounts (credit notes) included."""
    code = (
        "import sys\n"
        "from decimal import Decimal\n"
        "from invoicing.vat import vat_amount\n"
        f"for net, rate, _ in {VAT_CASES!r}:\n"
        "    a = vat_amount(Decimal(net), Decimal(rate))\n"
        "    b = vat_amount(net, rate)\n"
        "    print(type(a).__name__, str(a), str(b))\n"
    )
    got = python(code).splitlines()
    expected = [f"Decimal {e} {e}" for _, _, e in VAT_CASES]
    wrong = [(case, g) for case, g, e in zip(VAT_CASES, got, expected) if g != e]
    assert got == expected, f"wrong VAT amounts (case, got): {wrong}"
