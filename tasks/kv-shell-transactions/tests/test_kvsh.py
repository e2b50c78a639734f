"""Verifier for kv-shell-transactions: piped sessions compared line by line, the --db store,
the prompt on a pseudo-terminal, and the converted real store."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

KVSH = "/app/kvsh/kvsh.py"
STORE = Path("/app/data/store.db")
EXPECTED_STORE = {
    "banner.text": "Summer sale: 20% off tents = best prices!",
    "cust.1042.discount": "10%",
    "cust.1042.note": "VIP - call before shipping  ",
    "cust.2210.delivery": "Leave at door; code=4471#",
    "cust.2210.discount": "",
    "cust.3305.note": "  prefers email",
    "cust.4410.note": 'Returns: ask for "order number" first',
    "cust.5120.name": "Åsa Lindqvist",
    "flag.gift_wrap": "on",
    "flag.klarna": "on",
    "flag.new_checkout": "on",
    "threshold.free_shipping": "499",
}


def session(script: str, *args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, KVSH, *args], input=script.encode(), capture_output=True, timeout=30, cwd=cwd)


def out(script: str, *args: str) -> str:
    proc = session(script, *args)
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr.decode()[-500:]}"
    return proc.stdout.decode()


CASES = {
    "basics": ("SET a 10\nGET a\nGET b\nSET a 20\nGET a\nDEL a\nGET a\nDEL nothing\n", "10\nNULL\n20\nNULL\n"),
    "count": ("SET a 1\nSET b 1\nSET c 2\nCOUNT 1\nCOUNT 2\nCOUNT 3\nDEL a\nCOUNT 1\n", "2\n1\n0\n1\n"),
    "case": ("set Key v\nGET key\nGet Key\nSET k Value\ncount value\nCOUNT Value\n", "NULL\nv\n0\n1\n"),
    "rollback_nested": ("SET a 10\nBEGIN\nSET a 20\nBEGIN\nSET a 30\nGET a\nROLLBACK\nGET a\nROLLBACK\nGET a\nROLLBACK\n",
                        "30\n20\n10\nNO TRANSACTION\n"),
    "rollback_restores_deleted": ("SET a 1\nSET b 1\nBEGIN\nDEL a\nGET a\nCOUNT 1\nBEGIN\nSET a 5\nDEL b\nCOUNT 1\nGET a\n"
                                  "ROLLBACK\nGET a\nGET b\nROLLBACK\nGET a\nCOUNT 1\n",
                                  "NULL\n1\n0\n5\nNULL\n1\n1\n2\n"),
    "commit_all": ("BEGIN\nSET a 30\nBEGIN\nSET a 40\nCOMMIT\nGET a\nROLLBACK\nCOMMIT\n", "40\nNO TRANSACTION\nNO TRANSACTION\n"),
    "commit_then_new_tx": ("SET a 1\nBEGIN\nSET a 2\nCOMMIT\nBEGIN\nDEL a\nROLLBACK\nGET a\n", "2\n"),
    "count_in_tx": ("SET a 10\nBEGIN\nCOUNT 10\nBEGIN\nDEL a\nCOUNT 10\nSET b 10\nSET c 10\nCOUNT 10\nROLLBACK\nCOUNT 10\nCOMMIT\nCOUNT 10\n",
                    "1\n0\n2\n1\n1\n"),
    "quoting": ('SET greeting "hello   world"\nGET greeting\nSET empty ""\nGET empty\nCOUNT ""\n'
                "SET q 'single quoted'\nGET q\nSET esc \"say \\\"hi\\\"\"\nGET esc\nSET \"odd key\" x\nGET \"odd key\"\n",
                "hello   world\n\n1\nsingle quoted\nsay \"hi\"\nx\n"),
    "comments_blank": ("\n   \n# a comment\n   # indented comment\nSET a 1 # not a comment here\nSET a 1\nGET a\n", None),
    "errors": ("FOO bar\nfrob\nSET a\nGET\nGET a b\ncount\nBEGIN now\nSET a \"unterminated\nGET a\n",
               "ERR unknown command 'FOO'\nERR unknown command 'frob'\nERR wrong number of arguments for 'set'\n"
               "ERR wrong number of arguments for 'get'\nERR wrong number of arguments for 'get'\n"
               "ERR wrong number of arguments for 'count'\nERR wrong number of arguments for 'begin'\n"
               "ERR unbalanced quotes\nNULL\n"),
    "end_stops": ("SET a 1\nGET a\nEND\nGET a\nSET b 2\n", "1\n"),
    "end_case": ("SET a 1\nend\nGET a\n", ""),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_session(name):
    """Piped sessions print exactly the expected lines, every output line on standard output ending with a newline: commands, case-insensitive command names, nested transactions, words split exactly as shlex.split does in POSIX mode (SET note "two words"; "" is an empty value), ERR unbalanced quotes for a line shlex.split rejects, blank and # lines ignored, and the two errors (unknown command, wrong number of arguments), neither of which changes anything."""
    script, expected = CASES[name]
    if name == "comments_blank":
        # "SET a 1 # not a comment here" has too many words: an error, then the rest as usual.
        expected = "ERR wrong number of arguments for 'set'\n1\n"
    got = out(script)
    assert got == expected, f"session {name!r}:\n--- input\n{script}--- got\n{got}--- expected\n{expected}"


def test_no_prompt_when_piped():
    got = out("BEGIN\nGET a\n")
    assert "kv" not in got and ">" not in got, f"prompt printed on a pipe: {got!r}"


def test_store_round_trip(tmp_path):
    db = tmp_path / "my store.json"
    assert out("SET a 1\nSET b \"two words\"\nBEGIN\nSET c 3\nCOMMIT\nEND\n", "--db", str(db)) == ""
    assert json.loads(db.read_text()) == {"a": "1", "b": "two words", "c": "3"}
    assert out("GET b\nDEL a\nSET d 4\n", "--db", str(db)) == "two words\n"
    assert json.loads(db.read_text()) == {"b": "two words", "c": "3", "d": "4"}


def test_store_discards_open_transactions(tmp_path):
    db = tmp_path / "s.json"
    db.write_text(json.dumps({"keep": "yes", "flag": "on"}))
    assert out("BEGIN\nSET flag off\nCOMMIT\nBEGIN\nDEL keep\nSET new 1\nBEGIN\nSET x y\nGET keep\n", "--db", str(db)) == "NULL\n"
    assert json.loads(db.read_text()) == {"keep": "yes", "flag": "off"}
    assert out("SET z 1\nBEGIN\nSET z 2\nEND\n", "--db", str(db)) == ""
    assert json.loads(db.read_text()) == {"keep": "yes", "flag": "off", "z": "1"}


def test_store_missing_file_and_unicode(tmp_path):
    db = tmp_path / "new" / ".." / "fresh.json"
    (tmp_path / "new").mkdir()
    assert out("GET x\nSET name 'Åsa Lindqvist'\n", "--db", str(db)) == "NULL\n"
    assert json.loads((tmp_path / "fresh.json").read_text(encoding="utf-8")) == {"name": "Åsa Lindqvist"}
    leftovers = [p.name for p in tmp_path.iterdir() if p.name not in ("new", "fresh.json")]
    assert not leftovers, f"temporary files left behind: {leftovers}"


def test_prompt_on_a_terminal():
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, [KVSH], encoding="utf-8", timeout=10, echo=False)
    try:
        child.expect_exact("kv> ")
        child.sendline("SET a 1")
        child.expect_exact("kv> ")
        child.sendline("BEGIN")
        child.expect_exact("kv[1]> ")
        child.sendline("begin")
        child.expect_exact("kv[2]> ")
        child.sendline("GET a")
        child.expect_exact("1\r\n")
        child.expect_exact("kv[2]> ")
        child.sendline("ROLLBACK")
        child.expect_exact("kv[1]> ")
        child.sendline("COMMIT")
        child.expect_exact("kv> ")
        child.sendline("END")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_real_store_converted():
    """The real store is converted in place to JSON, keeping exactly the same data: old format key=value split at the first =, the value up to the line break (\\n or \\r\\n, mixed) with spaces and further = signs kept; blank lines, lines starting with # and lines without = skipped; when a key appears more than once, the last line wins."""
    text = STORE.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except ValueError:
        pytest.fail(f"/app/data/store.db is not JSON: {text[:200]!r}")
    assert data == EXPECTED_STORE, f"/app/data/store.db holds {data}"


def test_real_store_readable_by_kvsh():
    assert out("GET cust.1042.note\nCOUNT on\nGET cust.2210.discount\n", "--db", str(STORE)) == "VIP - call before shipping  \n3\n\n"
