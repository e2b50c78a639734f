#!/bin/bash
# Reference solution: genes from the GFF3 as BED (1-based inclusive to 0-based half-open), the 20x
# regions without the track line and the chr prefix, merged; bedtools coverage per gene; the table
# in natural chromosome order and the list of genes under 90 %.
set -euo pipefail
mkdir -p /app/out /tmp/cov
# Only the gene features; GFF start 1-based inclusive -> BED start - 1.
awk -F'\t' '$3 == "gene" { match($9, /ID=[^;]+/); print $1 "\t" $4 - 1 "\t" $5 "\t" substr($9, RSTART + 3, RLENGTH - 3) }' /app/data/genes.gff3 | sort -k1,1V -k2,2n > /tmp/cov/genes.bed
grep -v '^track' /app/data/coverage_20x.bed | sed 's/^chr//' | sort -k1,1 -k2,2n | bedtools merge -i - > /tmp/cov/covered.bed
bedtools coverage -a /tmp/cov/genes.bed -b /tmp/cov/covered.bed > /tmp/cov/coverage.txt
{
    printf 'gene_id\tchrom\tstart\tend\tlength\tcovered_bp\tcovered_fraction\n'
    sort -k1,1V -k2,2n /tmp/cov/coverage.txt | awk -F'\t' -v OFS='\t' '{ printf "%s\t%s\t%d\t%d\t%d\t%d\t%.4f\n", $4, $1, $2 + 1, $3, $7, $6, $6 / $7 }'
} > /app/out/gene_coverage.tsv
awk -F'\t' 'NR > 1 && $7 < 0.9 { print $1 }' /app/out/gene_coverage.tsv > /app/out/low_coverage.txt
head -n 5 /app/out/gene_coverage.tsv; cut -f2 /app/out/gene_coverage.tsv | uniq | tr '\n' ' '; echo; wc -l < /app/out/low_coverage.txt
