"""kvsh tests (KV-41). Run: cd /app/kvsh && python3 -m pytest -q tests"""
import subprocess
from pathlib import Path

KVSH = Path(__file__).resolve().parent.parent / "kvsh.py"


def run(script, *args):
    return subprocess.run(["python3", str(KVSH), *args], input=script, capture_output=True, text=True, timeout=30).stdout


def test_set_get():
    assert run("SET a 10\nGET a\nGET b\n") == "10\nNULL\n"


def test_no_prompt_when_piped():
    assert "kv>" not in run("GET a\n")


def test_quoted_values():
    assert run('SET greeting "hello world"\nGET greeting\n') == "hello world\n"


def test_count():
    assert run("SET a 1\nSET b 1\nSET c 2\nCOUNT 1\nCOUNT 3\n") == "2\n0\n"


def test_transactions_rollback():
    assert run("SET a 1\nBEGIN\nSET a 2\nGET a\nROLLBACK\nGET a\nROLLBACK\n") == "2\n1\nNO TRANSACTION\n"


def test_transactions_commit():
    assert run("BEGIN\nSET a 1\nBEGIN\nSET a 2\nCOMMIT\nGET a\nROLLBACK\n") == "2\nNO TRANSACTION\n"
