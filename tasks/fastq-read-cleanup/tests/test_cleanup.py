"""Three sequencing runs cleaned into one FASTQ (Phred+33, Q20 3' trim, length and N filters, duplicate ids) and a per-run summary."""

import gzip
import hashlib
from pathlib import Path

import pytest

RUNS = Path("/app/runs")
OUT = Path("/app/out")
HERE = Path(__file__).parent
ORDER = [("run-A", "run-A.fastq", 33), ("run-B", "run-B.fastq.gz", 33), ("run-C", "run-C.fastq", 64)]


def records(name: str, offset: int) -> list[tuple[str, str, list[int]]]:
    raw = (gzip.decompress if name.endswith(".gz") else bytes)((RUNS / name).read_bytes())
    lines = raw.decode().replace("\r\n", "\n").split("\n")
    return [(lines[i], lines[i + 1], [ord(c) - offset for c in lines[i + 3]]) for i in range(0, len(lines) - 3, 4)]


def expected() -> tuple[str, list[list[str]], dict[str, list[str]]]:
    seen: set[str] = set()
    out, summary, dropped = [], [], {"duplicate": [], "short": [], "n_rich": []}
    for run, name, offset in ORDER:
        recs = records(name, offset)
        kept = []
        for header, seq, qual in recs:
            rid = header.split()[0]
            if rid in seen:
                dropped["duplicate"].append(header)
                continue
            seen.add(rid)
            n = len(qual)
            while n > 0 and qual[n - 1] < 20:
                n -= 1
            s = seq[:n].upper()
            if n < 50:
                dropped["short"].append(header)
                continue
            if s.count("N") > 2:
                dropped["n_rich"].append(header)
                continue
            kept.append((header, s, "".join(chr(q + 33) for q in qual[:n])))
        out += [f"{h}\n{s}\n+\n{q}\n" for h, s, q in kept]
        total = sum(len(s) for _, s, _ in kept)
        gc = sum(s.count("G") + s.count("C") for _, s, _ in kept)
        summary.append([run, str(len(recs)), str(len(kept)), f"{100 * gc / total:.2f}", f"{total / len(kept):.1f}"])
    return "".join(out), summary, dropped


EXPECTED_FASTQ, EXPECTED_SUMMARY, DROPPED = expected()


@pytest.fixture(scope="module")
def clean() -> str:
    p = OUT / "clean.fastq"
    assert p.is_file(), "/app/out/clean.fastq is missing"
    return p.read_bytes().decode()


def headers(text: str) -> list[str]:
    return text.split("\n")[0::4][:-1] if text.endswith("\n") else text.split("\n")[0::4]


def test_runs_left_as_they_were() -> None:
    want = dict(reversed(line.split("  ", 1)) for line in (HERE / "runs.sha256").read_text().splitlines())
    assert {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in RUNS.iterdir()} == want


def test_plain_lf_fastq_records(clean: str) -> None:
    assert "\r" not in clean and clean.endswith("\n")
    lines = clean.split("\n")[:-1]
    assert len(lines) % 4 == 0
    for i in range(0, len(lines), 4):
        assert lines[i].startswith("@") and lines[i + 2] == "+" and len(lines[i + 1]) == len(lines[i + 3])


def test_qualities_are_phred33_with_a_q20_end(clean: str) -> None:
    quals = clean.split("\n")[3::4]
    assert all(q and min(q) >= "#" and max(q) <= "J" for q in quals), "qualities outside Phred+33 Q2..Q41 (run-C is Phred+64)"
    assert all(ord(q[-1]) - 33 >= 20 for q in quals), "a read ends in a base under Q20"


def test_bases_uppercase(clean: str) -> None:
    assert all(set(s) <= set("ACGTN") for s in clean.split("\n")[1::4])


def test_duplicate_ids_dropped(clean: str) -> None:
    ids = [h.split()[0] for h in headers(clean)]
    assert len(ids) == len(set(ids)), "an id appears twice"
    first = {}
    for run, name, offset in ORDER:
        for header, _, _ in records(name, offset):
            first.setdefault(header.split()[0], header)
    assert all(first[h.split()[0]] == h for h in headers(clean)), "a read kept under an id an earlier read had"


def test_short_and_n_rich_reads_dropped(clean: str) -> None:
    seqs = clean.split("\n")[1::4]
    assert all(len(s) >= 50 for s in seqs), "a read under 50 bases after trimming"
    assert all(s.count("N") <= 2 for s in seqs), "a read with more than 2 N"


def test_clean_fastq_exact(clean: str) -> None:
    assert clean == EXPECTED_FASTQ, "clean.fastq differs from the expected reads (trim rule, filters, order or duplicates)"


def test_summary() -> None:
    p = OUT / "summary.tsv"
    assert p.is_file(), "/app/out/summary.tsv is missing"
    rows = [line.split("\t") for line in p.read_text().splitlines() if line]
    assert rows[0] == ["run", "reads_in", "reads_out", "gc_percent", "mean_length"]
    assert rows[1:] == EXPECTED_SUMMARY
