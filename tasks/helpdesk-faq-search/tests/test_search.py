"""Verifier for helpdesk-faq-search: BM25 on the real articles and on fresh corpora, the widget, the CMS export."""
import hashlib
import math
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

TOOL = Path("/app/bin/faq_search.py")
FAQ = Path("/app/faq")
FAQ_DIGEST = "3762c7c4add7dab58415fdc2835e11d407be93c7d29d6b5bfd3c26be0c9202f1"


# ------------------------------------------------------------------ reference


def terms(text, stop):
    return [t for t in re.findall(r"[a-z0-9]+", text.lower()) if t not in stop]


def reference(folder, stopfile, query, top=5):
    stop = {w.strip().lower() for w in Path(stopfile).read_text(encoding="utf-8").splitlines() if w.strip()}
    docs = {}
    for p in sorted(Path(folder).iterdir()):
        if p.is_file() and p.name.endswith(".md"):
            text = p.read_text(encoding="utf-8")
            lines = text.split("\n", 1)
            if lines[0].startswith("# "):
                title, body = lines[0][2:].strip(), (lines[1] if len(lines) > 1 else "")
            else:
                title, body = "", text
            tt = terms(title, stop)
            docs[p.name[:-3]] = (title, tt + tt + terms(body, stop))
    n = len(docs)
    avgdl = sum(len(t) for _, t in docs.values()) / n if n else 0
    q = []
    for t in terms(query, stop):
        if t not in q:
            q.append(t)
    df = {t: sum(1 for _, other in docs.values() if t in other) for t in q}
    out = []
    for doc_id, (title, tl) in docs.items():
        present = [t for t in q if t in tl]
        if not present:
            continue
        s = 0.0
        for t in present:
            nt = df[t]
            f = tl.count(t)
            s += math.log(1 + (n - nt + 0.5) / (nt + 0.5)) * f * 2.2 / (f + 1.2 * (0.25 + 0.75 * len(tl) / avgdl))
        out.append((f"{s:.4f}", doc_id, title))
    out.sort(key=lambda r: (-float(r[0]), r[1]))
    return ["\t".join(r) for r in out[:top]]


def run(*args):
    p = subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, f"faq_search.py {args} exited {p.returncode}: {p.stderr[-500:]}"
    return p.stdout.splitlines()


def corpus(tmp, docs, stop=("the", "a", "to", "how", "my", "i")):
    d = tmp / "articles"
    d.mkdir(parents=True, exist_ok=True)
    for name, text in docs.items():
        (d / name).parent.mkdir(parents=True, exist_ok=True)
        (d / name).write_text(text, encoding="utf-8")
    (tmp / "stop.txt").write_text("\n".join(stop) + "\n\n")
    return str(d), str(tmp / "stop.txt")


def search(folder, stopfile, query, top=None):
    args = ["--dir", folder, "--stopwords", stopfile] + (["--top", str(top)] if top else []) + query.split()
    got = run(*args)
    assert got == reference(folder, stopfile, query, top or 5)
    return got


# ------------------------------------------------------------------ the real articles


def test_faq_export_untouched():
    files = sorted(p for p in FAQ.rglob("*") if p.is_file())
    listing = "".join(f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.relative_to('/app')}\n" for p in files)
    assert hashlib.sha256(listing.encode()).hexdigest() == FAQ_DIGEST, "files under /app/faq were changed, added or removed"


@pytest.mark.parametrize("query", [
    "reset password", "How do I reset my password?", "wifi password", "Wi-Fi", "refund", "two-factor lost phone",
    "invoice", "VPN slow video", "café", "2.4 GHz", "delete account data export", "PASSWORD password Password",
    "printer", "account", "e-mail",
])
def test_real_queries(query):
    """On the real articles each query prints exactly the BM25 ranking specified here (a reference): <score>\\t<doc id>\\t<title>, tab-separated, the score with exactly 4 decimals (e.g. 4.5377); lines ordered by the score as printed (rounded to 4 decimals), highest first, equal printed scores by doc id ascending in plain string order; score(q, d) summed over the distinct query terms with k1 = 1.2, b = 0.75 and idf(t) = ln(1 + (N - n(t) + 0.5) / (n(t) + 0.5))."""
    got = run(*query.split())
    assert got == reference("/app/faq/articles", "/app/faq/stopwords.txt", query)


def test_real_top_k():
    got = run("--top", "12", "password", "account")
    assert len(got) == 12
    assert got == reference("/app/faq/articles", "/app/faq/stopwords.txt", "password account", 12)
    assert run("--top", "1", "invoice") == reference("/app/faq/articles", "/app/faq/stopwords.txt", "invoice", 1)


@pytest.mark.parametrize("args", [
    ["--top", "0", "printer"], ["--top", "-3", "printer"], ["--top", "three", "printer"], ["--top", "2.5", "printer"],
    ["--dir", "/nonexistent/articles", "printer"], ["--dir", "/app/faq/stopwords.txt", "printer"],
    ["--stopwords", "/nonexistent/stopwords.txt", "printer"],
], ids=["top-0", "top-negative", "top-word", "top-fraction", "dir-missing", "dir-is-a-file", "stopwords-missing"])
def test_invalid_arguments_exit_2(args):
    """A --top that is not a whole number >= 1, or a --dir folder or --stopwords file that cannot be read, is an error: nothing on stdout, an error message on stderr (no traceback) and exit status 2."""
    p = subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2, f"faq_search.py {args} exited {p.returncode}, expected 2: {p.stderr[-500:]}"
    assert p.stdout == "", f"faq_search.py {args} printed on stdout: {p.stdout[:300]!r}"
    assert p.stderr.strip(), f"faq_search.py {args}: no error message on stderr"
    assert "Traceback" not in p.stderr, f"faq_search.py {args} printed a traceback: {p.stderr[-500:]}"


def test_only_stop_words_or_no_match():
    """If no document contains a query term (or the query has no terms left after the stop words), print nothing and exit 0."""
    assert run("how", "to", "the") == []
    assert run("xylophone") == []


def test_widget():
    p = subprocess.run(["/app/widget/suggest.sh", "lost", "phone"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr[-500:]
    exp = []
    for line in reference("/app/faq/articles", "/app/faq/stopwords.txt", "lost phone", 3):
        _, doc_id, title = line.split("\t")
        exp.append(f"{title or doc_id}\t/faq/{doc_id}")
    assert p.stdout.splitlines() == exp


# ------------------------------------------------------------------ fresh corpora


def test_idf_of_very_common_terms(tmp_path):
    docs = {f"d{i}.md": f"# Doc {i}\n\nsetup " + "setup " * i + "filler words here " * (i + 1) + "\n" for i in range(1, 6)}
    docs["other.md"] = "# Other\n\nnothing relevant\n"
    folder, stop = corpus(tmp_path, docs)
    got = search(folder, stop, "setup")
    assert len(got) == 5 and all(float(line.split("\t")[0]) > 0 for line in got)


def test_title_terms_count_twice(tmp_path):
    docs = {
        "title-hit.md": "# Printer\n\nsetup guide for the office\n",
        "body-hit.md": "# Devices\n\nprinter setup for the office floor\n",
        "noise1.md": "# Laptops\n\nbattery life and screens\n",
        "noise2.md": "# Phones\n\nmail app and the portal\n",
    }
    folder, stop = corpus(tmp_path, docs)
    got = search(folder, stop, "printer")
    assert [line.split("\t")[1] for line in got] == ["title-hit", "body-hit"]


def test_ties_by_doc_id_plain_string_order(tmp_path):
    text = "# Same\n\nrouter reboot steps\n"
    folder, stop = corpus(tmp_path, {"b-doc.md": text, "a-doc.md": text, "Z-doc.md": text, "c.md": "# C\n\nunrelated\n"})
    got = search(folder, stop, "router")
    assert [line.split("\t")[1] for line in got] == ["Z-doc", "a-doc", "b-doc"]


def test_duplicate_query_terms_count_once(tmp_path):
    """A term that occurs several times in the query counts once."""
    docs = {"a.md": "# Reset\n\npassword help\n", "b.md": "# Help\n\npassword password password reset\n",
            "c.md": "# Other\n\nnothing\n"}
    folder, stop = corpus(tmp_path, docs)
    assert search(folder, stop, "password password password reset") == search(folder, stop, "password reset")


def test_titles_and_documents(tmp_path):
    """The documents are the .md files directly in DIR (not drafts/ nor other files); a first line starting with '# ' is the title (surrounding whitespace removed), otherwise the title is empty (printed as an empty third column) and the whole file is the body."""
    docs = {
        "no-title.md": "#NoSpace title line\nmodem lights blink\n",
        "plain.md": "modem manual without heading\n",
        "titled.md": "#   Modem   basics  \n\nthe modem\n",
        "drafts/modem-draft.md": "# Modem\n\nmodem modem modem modem\n",
        "notes.txt": "modem modem\n",
        "README.md.bak": "# Modem\n\nmodem\n",
        "x.md": "# Unrelated\n\ncable\n",
    }
    folder, stop = corpus(tmp_path, docs)
    got = search(folder, stop, "Modem")
    ids = [line.split("\t")[1] for line in got]
    assert sorted(ids) == ["no-title", "plain", "titled"]
    rows = {line.split("\t")[1]: line.split("\t") for line in got}
    assert rows["no-title"][2] == "" and rows["plain"][2] == "" and rows["titled"][2] == "Modem   basics"


def test_tokenization(tmp_path):
    docs = {
        "wifi.md": "# Wi-Fi\n\nThe Wi‑Fi (2.4GHz) can't reach the café; use 2FA.\n",
        "caf.md": "# Caf\n\ncaf caf\n",
        "can.md": "# Can\n\ncan opener, tin can\n",
        "num.md": "# Numbers\n\n24 ghz 2 4ghz\n",
    }
    folder, stop = corpus(tmp_path, docs, stop=("the", "use"))
    for q in ["wi fi", "WIFI", "café", "can't", "2.4GHz", "2fa", "t", "24", "the use"]:
        search(folder, stop, q)


def test_top_k(tmp_path):
    docs = {f"doc{i:02d}.md": f"# Doc\n\nalpha {'beta ' * i}\n" for i in range(12)}
    folder, stop = corpus(tmp_path, docs)
    assert len(search(folder, stop, "alpha beta", top=3)) == 3
    assert len(search(folder, stop, "beta", top=20)) == 11


def test_random_corpora(tmp_path):
    """On random corpora the ranking equals the reference: stop words are dropped (the stop-word file has one word per line; its blank lines are ignored), titles count twice, ties in plain string order."""
    rng = random.Random(77)
    vocab = ["router", "modem", "reset", "password", "invoice", "refund", "Wi-Fi", "vpn", "2fa", "Phone", "café",
             "account", "email", "the", "to", "how", "can't", "update", "firmware", "printer"]
    for k in range(8):
        docs = {}
        for i in range(rng.randint(3, 25)):
            title = " ".join(rng.choices(vocab, k=rng.randint(0, 4)))
            body = " ".join(rng.choices(vocab, k=rng.randint(0, 40)))
            docs[f"{rng.choice(['kb', 'KB', 'faq'])}-{i}.md"] = (f"# {title}\n" if rng.random() < 0.8 else "") + body + "\n"
        folder, stop = corpus(tmp_path / f"c{k}", docs)
        for _ in range(6):
            search(folder, stop, " ".join(rng.choices(vocab, k=rng.randint(1, 4))), top=rng.choice([None, 1, 3, 10]))
