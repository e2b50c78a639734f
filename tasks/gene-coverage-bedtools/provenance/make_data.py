#!/usr/bin/env python3
"""Generate the gene annotation (GFF3, 1-based) and the coverage regions (BED, 0-based, chr-prefixed)."""
import random

rng = random.Random(31337)
chroms = {"1": 2_000_000, "2": 1_500_000, "10": 900_000, "X": 1_200_000}
gff = ["##gff-version 3"]
genes = []
n = 0
for c, size in chroms.items():
    gff.append(f"##sequence-region {c} 1 {size}")
    pos = rng.randint(1000, 20000)
    while pos < size - 60000:
        length = rng.randint(800, 40000)
        n += 1
        gid = f"GENE{n:04d}"
        strand = rng.choice("+-")
        start, end = pos, pos + length - 1
        genes.append((c, start, end))
        gff.append(f"{c}\tensembl\tgene\t{start}\t{end}\t.\t{strand}\t.\tID={gid};Name=g{n}")
        gff.append(f"{c}\tensembl\tmRNA\t{start}\t{end}\t.\t{strand}\t.\tID={gid}.t1;Parent={gid}")
        for k in range(rng.randint(1, 4)):
            es = start + k * length // 4
            ee = min(end, es + rng.randint(100, max(101, length // 5)))
            gff.append(f"{c}\tensembl\texon\t{es}\t{ee}\t.\t{strand}\t.\tParent={gid}.t1")
        pos = end + rng.randint(500, 30000)
bed = []
for c, start, end in genes:
    mode = rng.random()
    if mode < 0.6:  # well covered: a few overlapping blocks
        s = start - 1 - rng.randint(0, 300)
        while s < end:
            e = s + rng.randint(2000, 12000)
            bed.append((c, max(0, s), e))
            s = e - rng.randint(0, 400) + (rng.randint(0, 60) if rng.random() < 0.3 else 0)
    elif mode < 0.9:  # patchy
        for _ in range(rng.randint(1, 5)):
            s = rng.randint(start - 1, end - 1)
            bed.append((c, s, min(end + 200, s + rng.randint(50, 3000))))
    # else: no coverage at all
for _ in range(12):  # exact boundary cases: a block ending at a gene's first base, starting at its last
    c, start, end = rng.choice(genes)
    bed.append((c, start - 50, start))
    bed.append((c, end - 1, end + 40))
rng.shuffle(bed)
open("environment/data/genes.gff3", "w").write("\n".join(gff) + "\n")
open("environment/data/coverage_20x.bed", "w").write(
    "track name=cov20 description=\"regions at 20x or more\"\n" + "".join(f"chr{c}\t{s}\t{e}\n" for c, s, e in bed))
print(len(genes), "genes", len(bed), "regions")
