"""Drives /app/quiz.py through a pseudo-terminal (pexpect) and pipes, per instruction.md."""
import csv
import os
import re
import shutil
import subprocess
from pathlib import Path

import pexpect
import pytest

HERE = Path(__file__).parent
WORK = Path("/tmp/quiz-verifier")
REVIEW = Path("/app/review")
QUIZ = "/app/quiz.py"


@pytest.fixture(scope="module", autouse=True)
def decks():
    if WORK.exists():
        shutil.rmtree(WORK)
    shutil.copytree(HERE / "decks", WORK)
    return


def deck(name):
    path = WORK / name
    review = REVIEW / (path.stem + ".missed.csv")
    if review.exists():
        review.unlink()
    return str(path)


def spawn(path):
    env = dict(os.environ, TERM="dumb")
    return pexpect.spawn("python3", [QUIZ, path], encoding="utf-8", timeout=10, env=env)


def expect_line(child, text):
    child.expect(re.escape(text) + r"\r?\n")


def prompt(child):
    child.expect_exact("> ")


def finish(child):
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def review_rows(stem):
    path = REVIEW / f"{stem}.missed.csv"
    if not path.exists():
        return None
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def run_pipe(args, stdin=""):
    return subprocess.run(["python3", QUIZ, *args], input=stdin, capture_output=True, text=True, timeout=30)


def test_prompt_appears_without_newline_under_pty():
    child = spawn(deck("t_caps.csv"))
    expect_line(child, "Loaded 9 cards from t_caps.csv")
    expect_line(child, "Q1/9: Capital of Argentina?")
    prompt(child)
    child.sendline(":quit")
    finish(child)


def test_full_session_scoring_hints_skips_and_review():
    """A whole session under a pseudo-terminal: cards asked in file order, answers normalised (trimmed, case-folded, whitespace collapsed) against every alternative, empty lines, :hint masks, :skip; the summary after the last card is three lines (Score 5/8 (63%), Skipped, Hints used); exit status 0; the review file lists the missed cards."""
    path = deck("t_caps.csv")
    child = spawn(path)
    expect_line(child, "Q1/9: Capital of Argentina?")
    prompt(child)
    child.sendline("  buenos   AIRES ")
    expect_line(child, "Correct!")
    expect_line(child, "Q2/9: Capital of the USA?")
    prompt(child)
    child.sendline(":hint")
    expect_line(child, "Hint: W_________, _._.")
    prompt(child)
    child.sendline("")
    prompt(child)
    child.sendline(":hint")
    expect_line(child, "Hint: W_________, _._.")
    prompt(child)
    child.sendline("washington   DC")
    expect_line(child, "Correct!")
    expect_line(child, "Q3/9: German word for street?")
    prompt(child)
    child.sendline("STRASSE")
    expect_line(child, "Correct!")
    prompt(child)
    child.sendline("brasilia")
    expect_line(child, "Correct!")
    prompt(child)
    child.sendline("Mombasa")
    expect_line(child, "Wrong. Answer: Nairobi")
    expect_line(child, "Q6/9: Capital of Peru?")
    prompt(child)
    child.sendline(":skip")
    expect_line(child, "Skipped. Answer: Lima")
    prompt(child)
    child.sendline("Valparaiso")
    expect_line(child, "Wrong. Answer: Santiago")
    prompt(child)
    child.sendline("madrid")
    expect_line(child, "Correct!")
    expect_line(child, "Q9/9: Capital of Italy?")
    prompt(child)
    child.sendline("Milan")
    expect_line(child, "Wrong. Answer: Rome")
    expect_line(child, "Score: 5/8 (63%)")
    expect_line(child, "Skipped: 1")
    expect_line(child, "Hints used: 1")
    assert finish(child) == 0
    assert review_rows("t_caps") == [
        ["question", "answer"],
        ["Capital of Kenya?", "Nairobi"],
        ["Capital of Peru?", "Lima"],
        ["Capital of Chile?", "Santiago"],
        ["Capital of Italy?", "Rome"],
    ]


def test_end_of_input_prints_summary_and_exits_zero():
    """End of input (Ctrl-D) at a prompt prints a newline, then the summary; the exit status is 0, as it is unless stated otherwise."""
    child = spawn(deck("t_caps.csv"))
    prompt(child)
    child.sendline("Buenos Aires")
    expect_line(child, "Correct!")
    prompt(child)
    child.sendeof()
    expect_line(child, "Score: 1/1 (100%)")
    expect_line(child, "Skipped: 0")
    expect_line(child, "Hints used: 0")
    out = child.before
    assert finish(child) == 0
    assert "Traceback" not in out
    assert review_rows("t_caps") is None, "nothing was missed, so no review file"


def test_ctrl_c_prints_interrupted_summary_and_exits_130():
    child = spawn(deck("t_caps.csv"))
    prompt(child)
    child.sendline("Cordoba")
    expect_line(child, "Wrong. Answer: Buenos Aires")
    prompt(child)
    child.sendintr()
    child.expect(r"\r?\nInterrupted\.\r?\n")
    expect_line(child, "Score: 0/1 (0%)")
    expect_line(child, "Skipped: 0")
    expect_line(child, "Hints used: 0")
    child.expect(pexpect.EOF)
    assert "Traceback" not in child.before
    child.close()
    assert child.exitstatus == 130
    assert child.signalstatus is None
    assert review_rows("t_caps") == [["question", "answer"], ["Capital of Argentina?", "Buenos Aires"]]


def test_quit_before_answering_gives_zero_percent():
    child = spawn(deck("t_caps.csv"))
    prompt(child)
    child.sendline(":quit")
    expect_line(child, "Score: 0/0 (0%)")
    expect_line(child, "Skipped: 0")
    assert finish(child) == 0
    assert review_rows("t_caps") is None


def test_pipe_deck_with_bom_blank_lines_quotes_and_bad_rows():
    """A messy deck: CSV, UTF-8, starting with a byte-order mark; blank lines are ignored silently; fields containing commas are quoted and fields after the second are ignored; rows with an empty question or answer are skipped with a warning; cards are asked in file order; the summary is three lines (Score, Skipped, Hints used); exit status 0."""
    path = deck("t_messy.csv")
    r = run_pipe([path], "jupiter\n:hint\nsaturn\n:skip\n")
    assert r.returncode == 0
    assert r.stderr.splitlines() == [
        "warning: t_messy.csv line 4: skipped (empty question or answer)",
        "warning: t_messy.csv line 7: skipped (empty question or answer)",
    ]
    out = r.stdout
    assert out.startswith("Loaded 3 cards from t_messy.csv\n")
    assert "Q2/3: Planet with rings, famously?\n" in out
    assert "Hint: S_____" in out
    assert "Skipped. Answer: Mars\n" in out
    assert out.rstrip("\n").endswith("Score: 2/2 (100%)\nSkipped: 1\nHints used: 1")
    assert review_rows("t_messy") == [["question", "answer"], ["Red planet?", "Mars | The Red Planet"]]


def test_alternative_with_spaces_is_accepted():
    r = run_pipe([deck("t_messy.csv")], "Jupiter\nSaturn\n  the red   PLANET \n")
    assert r.stdout.count("Correct!") == 3, r.stdout
    assert "Score: 3/3 (100%)" in r.stdout


def test_single_card_wording():
    r = run_pipe([deck("t_one.csv")], "only ANSWER\n")
    assert r.stdout.startswith("Loaded 1 card from t_one.csv\n")
    assert "Q1/1: Only question?" in r.stdout
    assert "Correct!" in r.stdout


def test_missing_deck():
    """If the deck cannot be read: error: cannot read deck <path as given> on stderr, exit status 2."""
    r = run_pipe(["/tmp/quiz-verifier/nope.csv"])
    assert r.returncode == 2
    assert r.stderr.strip() == "error: cannot read deck /tmp/quiz-verifier/nope.csv"
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("name", ["t_empty.csv", "t_none.csv"])
def test_deck_without_cards(name):
    """If the deck has no usable card: error: no cards in <path as given> on stderr, exit status 2, never a traceback."""
    path = deck(name)
    r = run_pipe([path])
    assert r.returncode == 2
    assert r.stderr.strip().splitlines()[-1] == f"error: no cards in {path}"
    assert "Traceback" not in r.stderr


def test_usage():
    """Without exactly one argument it prints usage: quiz.py DECK to stderr and exits with status 2."""
    r = run_pipe([])
    assert r.returncode == 2
    assert r.stderr.strip() == "usage: quiz.py DECK"
    r = run_pipe(["a.csv", "b.csv"])
    assert r.returncode == 2
    assert r.stderr.strip() == "usage: quiz.py DECK"


def test_real_decks_load():
    r = run_pipe(["/app/decks/capitals.csv"], ":quit\n")
    assert r.returncode == 0
    assert r.stdout.startswith("Loaded 10 cards from capitals.csv\n")
    r = run_pipe(["/app/decks/elements.csv"], "au\n:quit\n")
    assert r.stdout.startswith("Loaded 7 cards from elements.csv\n")
    assert "Correct!" in r.stdout
    r = run_pipe(["/app/decks/history.csv"], ":quit\n")
    assert r.stdout.startswith("Loaded 8 cards from history.csv\n")
    assert r.stderr.splitlines() == [
        "warning: history.csv line 6: skipped (empty question or answer)",
        "warning: history.csv line 10: skipped (empty question or answer)",
    ]


def test_decks_and_smoke_test_unchanged():
    """Don't edit the deck files in /app/decks and don't change tools/smoke.py: they keep their SHA-256."""
    r = subprocess.run(["sha256sum", "-c", "--quiet", str(HERE / "originals.sha256")], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_make_smoke_passes():
    r = subprocess.run(["make", "-C", "/app", "smoke"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
