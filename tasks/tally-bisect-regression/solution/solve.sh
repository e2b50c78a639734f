#!/bin/bash
# Reference solution: a skip-aware bisect check, the bisect itself, then a fix-forward commit on a
# review branch (parser loop with months kept, a regression test, the changelog line).
set -euo pipefail
cd /app/tally
mkdir -p /app/bisect

# 1. The check git bisect run calls: 0 good, 1 bad, 125 when tally cannot start at that commit.
cat > /app/bisect/check.sh <<'CHECK'
#!/bin/sh
# git bisect run check: does `parse-duration 1h30m` print 5400 at this commit?
out=$(PYTHONDONTWRITEBYTECODE=1 python3 -m tally parse-duration 1h30m 2>/dev/null)
rc=$?
if [ "$rc" -ne 0 ] && [ "$rc" -ne 2 ]; then
    exit 125  # the package does not import here (WIP commits): skip, don't blame
fi
[ "$out" = 5400 ] && exit 0
exit 1
CHECK
chmod 0755 /app/bisect/check.sh

# 2. The bisect: v1.4.0 good, main bad; keep the log, record the first bad commit, reset.
git bisect start main v1.4.0
git bisect run /app/bisect/check.sh
git bisect log > /app/bisect/bisect.log
sed -n 's/^# first bad commit: \[\([0-9a-f]\{40\}\)\].*/\1/p' /app/bisect/bisect.log > /app/bisect/first-bad.txt
git bisect reset
bad=$(cat /app/bisect/first-bad.txt)
test ${#bad} = 40

# 3. The fix on a review branch: sum every part again, months kept.
git switch -c fix/duration-parts main
python3 - <<'PY'
from pathlib import Path

p = Path("tally/duration.py")
s = p.read_text()
old = '''    m = _SPEC.match(text)
    if not m:
        raise ValueError(f"not a duration: {spec!r}" if text else "empty duration")
    return int(m.group(1)) * UNITS[m.group(2)]
'''
new = '''    if not text:
        raise ValueError("empty duration")
    pos = 0
    total = 0
    for m in _SPEC.finditer(text):
        if m.start() != pos:
            break
        total += int(m.group(1)) * UNITS[m.group(2)]
        pos = m.end()
    if pos != len(text):
        raise ValueError(f"not a duration: {spec!r}")
    return total
'''
assert old in s
p.write_text(s.replace(old, new))
PY

# 4. The regression test: combined specs.
cat >> tests/test_duration.py <<'TEST'


@pytest.mark.parametrize(
    "spec, seconds",
    [("1h30m", 5400), ("1w2d", 777600), ("2mo1w", 5788800), ("1d1h1m1s", 90061), ("10m", 600)],
)
def test_combined_specs_sum_every_part(spec, seconds):
    assert parse(spec) == seconds


@pytest.mark.parametrize("bad", ["1h30", "1h 30m", "30mx", "1h-30m"])
def test_rejects_leftovers(bad):
    with pytest.raises(ValueError):
        parse(bad)
TEST

# 5. The changelog line.
python3 - <<'PY'
from pathlib import Path

p = Path("CHANGELOG.md")
s = p.read_text()
head = "## Unreleased\n\n"
assert head in s
p.write_text(s.replace(head, head + "- Fixed: duration specs with several parts (`1h30m`) count every part again.\n", 1))
PY

# 6. One commit naming the bad commit.
git add tally/duration.py tests/test_duration.py CHANGELOG.md
git commit -q -m "duration: sum every part of a spec again (regression from ${bad:0:7})" \
    -m "${bad:0:12} simplified the parser to a single match, so only the first part counted. Months stay."

# 7. Verify: the suite, the reported case, a clean tree, main untouched.
python3 -m pytest -q -p no:cacheprovider
test "$(python3 -m tally parse-duration 1h30m)" = 5400
test -z "$(git status --porcelain)"
git rev-list --count main..fix/duration-parts | grep -qx 1
