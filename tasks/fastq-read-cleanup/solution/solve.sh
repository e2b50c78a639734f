#!/bin/bash
# Reference solution: the runs as plain LF Phred+33 FASTQ, duplicate ids dropped in run order, 3'
# tails under Q20 trimmed, short and N-rich reads dropped, one clean FASTQ and a per-run summary.
set -euo pipefail
export LC_ALL=C
mkdir -p /app/out /tmp/qc
cp /app/runs/run-A.fastq /tmp/qc/run-A.fq
zcat /app/runs/run-B.fastq.gz > /tmp/qc/run-B.fq
# run-C comes from the old instrument: CRLF lines and Phred+64 qualities.
tr -d '\r' < /app/runs/run-C.fastq | awk 'BEGIN { for (i = 33; i < 127; i++) ord[sprintf("%c", i)] = i }
    NR % 4 == 0 { s = ""; for (i = 1; i <= length($0); i++) s = s sprintf("%c", ord[substr($0, i, 1)] - 31); $0 = s } { print }' > /tmp/qc/run-C.fq
# An id seen before (in this run or an earlier one, order A, B, C) is dropped, even if its first read is filtered out later.
awk 'FNR % 4 == 1 { split($0, h, " "); keep = !(h[1] in seen); seen[h[1]] = 1; out = FILENAME; sub(/\.fq$/, ".dedup.fq", out) }
    keep { print > out }' /tmp/qc/run-A.fq /tmp/qc/run-B.fq /tmp/qc/run-C.fq
for r in run-A run-B run-C; do
    awk 'BEGIN { for (i = 33; i < 127; i++) ord[sprintf("%c", i)] = i }
        NR % 4 == 1 { h = $0 } NR % 4 == 2 { s = toupper($0) }
        NR % 4 == 0 { n = length($0); while (n > 0 && ord[substr($0, n, 1)] - 33 < 20) n--
            s = substr(s, 1, n); t = s; ns = gsub(/N/, "", t)
            if (n >= 50 && ns <= 2) printf "%s\n%s\n+\n%s\n", h, s, substr($0, 1, n) }' "/tmp/qc/$r.dedup.fq" > "/tmp/qc/$r.clean.fq"
done
cat /tmp/qc/run-A.clean.fq /tmp/qc/run-B.clean.fq /tmp/qc/run-C.clean.fq > /app/out/clean.fastq
{
    printf 'run\treads_in\treads_out\tgc_percent\tmean_length\n'
    for r in run-A run-B run-C; do
        awk -v run="$r" -v rin="$(( $(wc -l < "/tmp/qc/$r.fq") / 4 ))" '
            NR % 4 == 2 { n++; len += length($0); t = $0; gc += gsub(/[GC]/, "", t) }
            END { printf "%s\t%d\t%d\t%.2f\t%.1f\n", run, rin, n, 100 * gc / len, len / n }' "/tmp/qc/$r.clean.fq"
    done
} > /app/out/summary.tsv
# Check: every record has 4 lines, equal lengths, Phred+33 qualities of at least Q20 at the 3' end.
awk 'NR % 4 == 2 { l = length($0) } NR % 4 == 0 && length($0) != l { bad++ } END { exit bad > 0 }' /app/out/clean.fastq
cat /app/out/summary.tsv
