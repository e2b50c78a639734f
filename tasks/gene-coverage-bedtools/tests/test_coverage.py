"""Per-gene coverage at 20x: GFF3 genes (1-based) against BED regions (0-based, chr-prefixed), union of regions."""

import hashlib
import re
from pathlib import Path

DATA = Path("/app/data")
OUT = Path("/app/out")
HERE = Path(__file__).parent
ORDER = {"1": 0, "2": 1, "10": 2, "X": 3}


def genes() -> list[tuple[str, str, int, int]]:
    out = []
    for line in (DATA / "genes.gff3").read_text().splitlines():
        f = line.split("\t")
        if len(f) == 9 and f[2] == "gene":
            out.append((re.search(r"ID=([^;]+)", f[8]).group(1), f[0], int(f[3]), int(f[4])))
    return sorted(out, key=lambda g: (ORDER[g[1]], g[2]))


def merged() -> dict[str, list[tuple[int, int]]]:
    by: dict[str, list[tuple[int, int]]] = {}
    for line in (DATA / "coverage_20x.bed").read_text().splitlines():
        if line.startswith("track"):
            continue
        c, s, e = line.split("\t")[:3]
        by.setdefault(c.removeprefix("chr"), []).append((int(s), int(e)))
    for c, iv in by.items():
        iv.sort()
        m: list[list[int]] = []
        for s, e in iv:
            if m and s <= m[-1][1]:
                m[-1][1] = max(m[-1][1], e)
            else:
                m.append([s, e])
        by[c] = [(s, e) for s, e in m]
    return by


def expected() -> list[list[str]]:
    cov = merged()
    rows = []
    for gid, c, start, end in genes():
        s0, e0 = start - 1, end  # 0-based half-open
        bp = sum(max(0, min(e, e0) - max(s, s0)) for s, e in cov.get(c, []))
        n = e0 - s0
        rows.append([gid, c, str(start), str(end), str(n), str(bp), f"{bp / n:.4f}"])
    return rows


ROWS = expected()


def table() -> list[list[str]]:
    p = OUT / "gene_coverage.tsv"
    assert p.is_file(), "/app/out/gene_coverage.tsv is missing"
    return [line.split("\t") for line in p.read_text().splitlines()]


def test_app_data_stays_as_it_is() -> None:
    """/app/data/ stays as it is: the annotation and the regions unchanged."""
    want = dict(reversed(line.split("  ", 1)) for line in (HERE / "data.sha256").read_text().splitlines())
    assert {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in DATA.iterdir()} == want


def test_header_and_one_row_per_gene_feature() -> None:
    t = table()
    assert t[0] == ["gene_id", "chrom", "start", "end", "length", "covered_bp", "covered_fraction"]
    assert [r[0] for r in t[1:]] == [r[0] for r in ROWS], "one row per gene feature (not mRNA or exon lines), in order"


def test_coordinates_and_lengths_of_the_1_based_gff() -> None:
    assert [r[2:5] for r in table()[1:]] == [r[2:5] for r in ROWS], "GFF3 is 1-based inclusive: length = end - start + 1"


def test_chromosomes_in_natural_order() -> None:
    chroms = [r[1] for r in table()[1:]]
    assert list(dict.fromkeys(chroms)) == ["1", "2", "10", "X"]


def test_covered_bases_from_the_chr_prefixed_bed() -> None:
    assert [r[5] for r in table()[1:]] == [r[5] for r in ROWS], "covered bases: chr-prefixed regions, 0-based half-open, union of overlaps"


def test_fractions_with_four_decimals() -> None:
    assert table()[1:] == ROWS


def test_low_coverage_list() -> None:
    p = OUT / "low_coverage.txt"
    assert p.is_file(), "/app/out/low_coverage.txt is missing"
    assert p.read_text().split() == [r[0] for r in ROWS if float(r[6]) < 0.9]
