#!/bin/sh
# Smoke tests for the statcalc CLI: sh tests/run-tests.sh path/to/statcalc
BIN=${1:?usage: run-tests.sh path/to/statcalc}
fails=0

check() {
    name=$1 input=$2 expected=$3
    shift 3
    actual=$(printf '%b' "$input" | "$BIN" "$@" 2>&1)
    if [ "$actual" = "$(printf '%b' "$expected")" ]; then
        echo "ok   $name"
    else
        echo "FAIL $name"
        echo "  expected: $(printf '%b' "$expected" | tr '\n' ' ')"
        echo "  actual:   $(printf '%s' "$actual" | tr '\n' ' ')"
        fails=$((fails + 1))
    fi
}

check "five values" '1 2 3\n4 5\n' 'count=5\nmean=3.00\nmin=1.00\nmax=5.00\nstddev=1.58'
check "comments" '# header\n10\n  # indented\n20\n' 'count=2\nmean=15.00\nmin=10.00\nmax=20.00\nstddev=7.07'
check "precision" '1\n2\n' 'count=2\nmean=1.500\nmin=1.000\nmax=2.000\nstddev=0.707' --precision 3
check "single value" '42\n' 'count=1\nmean=42.00\nmin=42.00\nmax=42.00'
check "empty input" '' 'count=0'
check "bad token" '1\nx2\n' 'statcalc: line 2: not a number: x2'

if [ "$fails" -ne 0 ]; then
    echo "$fails test(s) failed"
    exit 1
fi
echo "all tests passed"
