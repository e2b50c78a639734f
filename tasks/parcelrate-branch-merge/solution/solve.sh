#!/bin/bash
# Reference solution: a real merge commit of feature/express-zones into main, every conflict
# resolved so that both sides' behaviour survives (exact cents and the weight limit from main;
# zones from the settings, express and batch from the feature), the rename git could not see
# fixed in the feature's new code, the lock relocked, the suite green, then main pushed.
set -euo pipefail
cd /app/parcelrate
git switch -q main

# 1. Start the merge (no fast-forward, no commit yet); it stops on conflicts. Keep their list.
git merge --no-ff --no-commit feature/express-zones > /tmp/merge.out 2>&1 || true
git diff --name-only --diff-filter=U | sort > /tmp/conflicts.txt
test -s /tmp/conflicts.txt

# 2. pricing.py: main's quote_price, exact cents and the weight limit; the feature's zones from
#    the settings and express (surcharge before the one final rounding).
cat > parcelrate/pricing.py <<'PY'
"""Parcel price quotes: a base price per zone (from the settings) plus a price per kilogram, in exact cents.

Express delivery adds a surcharge: a share of the price, at least a minimum amount.
"""

from decimal import ROUND_HALF_UP, Decimal

from . import config

PER_KG = Decimal("1.15")
CENT = Decimal("0.01")
SERVICES = ("standard", "express")


class TooHeavy(ValueError):
    """The parcel is over the carriers' weight limit ([limits] max_weight_kg in the settings)."""


def zone_rates():
    """The base price per zone, from the [zones] table of the settings."""
    return {zone: Decimal(str(price)) for zone, price in config.load()["zones"].items()}


def quote_price(weight_kg, zone, *, rates=None, service="standard"):
    """The price of a parcel of weight_kg to zone, rounded half up to the cent (a Decimal).

    Express adds express_surcharge (a fraction) of the price, at least express_minimum,
    before the price is rounded.
    """
    weight = Decimal(str(weight_kg))
    if weight <= 0:
        raise ValueError("weight must be positive")
    settings = config.load()
    limit = Decimal(str(settings["limits"]["max_weight_kg"]))
    if weight > limit:
        raise TooHeavy(f"{weight_kg} kg is over the {limit} kg limit")
    rates = zone_rates() if rates is None else rates
    if zone not in rates:
        raise ValueError(f"unknown zone: {zone}")
    if service not in SERVICES:
        raise ValueError(f"unknown service: {service}")
    price = rates[zone] + PER_KG * weight
    if service == "express":
        pricing = settings["pricing"]
        price += max(price * Decimal(str(pricing["express_surcharge"])), Decimal(str(pricing["express_minimum"])))
    return price.quantize(CENT, rounding=ROUND_HALF_UP)
PY

# 3. The API and the CLI: service level and 422 / exit 3 for too heavy, prices as strings.
python3 - <<'PY'
from pathlib import Path

p = Path("parcelrate/app.py")
s = p.read_text()
start, end = s.index("<<<<<<< "), s.index(">>>>>>> feature/express-zones\n") + len(">>>>>>> feature/express-zones\n")
s = s[:start] + '''            service = query.get("service", "standard")
            price = pricing.quote_price(weight, zone, service=service)
        except pricing.TooHeavy as e:
            return _json(start_response, "422 Unprocessable Entity", {"error": str(e)})
        except (KeyError, ValueError) as e:
            return _json(start_response, "400 Bad Request", {"error": str(e)})
        return _json(start_response, "200 OK", {"zone": zone, "weight_kg": weight, "service": service, "price": str(price)})
''' + s[end:]
p.write_text(s)

p = Path("parcelrate/__main__.py")
s = p.read_text()
start, end = s.index("<<<<<<< "), s.index(">>>>>>> feature/express-zones\n") + len(">>>>>>> feature/express-zones\n")
s = s[:start] + '''            price = pricing.quote_price(args.weight, zone, service=args.service)
        except pricing.TooHeavy as e:
            print(f"parcelrate: {e}", file=sys.stderr)
            return 3
        except ValueError as e:
            print(f"parcelrate: {e}", file=sys.stderr)
            return 2
        print(json.dumps({"zone": zone, "weight_kg": args.weight, "service": args.service, "price": str(price)}, sort_keys=True))
        return 0
    if args.cmd == "batch":
        with (sys.stdin if args.manifest == "-" else open(args.manifest, encoding="utf-8")) as f:
            try:
                batch.run(f, sys.stdout)
            except ValueError as e:
                print(f"parcelrate: {e}", file=sys.stderr)
                return 2
''' + s[end:]
p.write_text(s)
PY

# 4. The settings: main's [limits] and the feature's [pricing] and [zones], all of them.
cat > config/service.toml <<'TOML'
# parcelrate settings. PARCELRATE_CONFIG points the service at another file.

[server]
host = "127.0.0.1"
port = 8080

[limits]
# the carriers' contract: heavier parcels are refused (HTTP 422)
max_weight_kg = 31.5

[pricing]
# express adds this share of the price, but at least express_minimum (EUR)
express_surcharge = "0.40"
express_minimum = "3.00"

[zones]
# base price per zone, EUR (D: the islands)
A = "4.20"
B = "5.10"
C = "7.80"
D = "11.40"
TOML

# 5. The lock: every pin of both sides, the higher version where both pin a package (main's
#    security bumps stay), then relock for the sorted order and the checksum header.
python3 - <<'PY'
import re
from pathlib import Path

def key(v):
    return [int(x) if x.isdigit() else x for x in re.split(r"[.]", v.replace(".post", ".0."))]

p = Path("requirements.lock")
pins = {}
comments = []
for line in p.read_text().splitlines():
    if line.startswith(("<<<<<<<", "=======", ">>>>>>>", "|||||||", "# pins-sha256:")):
        continue
    if line.startswith("#"):
        if line not in comments:
            comments.append(line)
        continue
    if "==" in line:
        name, version = line.strip().split("==")
        if name not in pins or key(version) > key(pins[name]):
            pins[name] = version
p.write_text("\n".join(["# pins-sha256: -", *comments, *(f"{n}=={v}" for n, v in pins.items())]) + "\n")
PY
python3 scripts/relock.py

# 6. The tests of both sides on the merged API (quote_price, Decimal prices, strings in JSON).
python3 - <<'PY'
from pathlib import Path

p = Path("tests/test_pricing.py")
s = p.read_text()
ours = s[s.index("<<<<<<< HEAD\n") + len("<<<<<<< HEAD\n"):s.index("=======\n")]
theirs = s[s.index("=======\n") + len("=======\n"):s.index(">>>>>>> feature/express-zones\n")]
theirs = theirs.split("\n\n\n", 1)[1]  # the feature's line of test_unknown_zone is main's, renamed
theirs = (theirs.replace("calc_price", "quote_price")
          .replace("== 12.55", '== Decimal("12.55")').replace("== 27.02", '== Decimal("27.02")')
          .replace("== 8.35", '== Decimal("8.35")'))
s = s[:s.index("<<<<<<< HEAD\n")] + ours + "\n\n" + theirs + s[s.index(">>>>>>> feature/express-zones\n") + len(">>>>>>> feature/express-zones\n"):]
p.write_text(s)

p = Path("tests/test_app.py")
s = p.read_text()
start, end = s.index("<<<<<<< HEAD\n"), s.index(">>>>>>> feature/express-zones\n") + len(">>>>>>> feature/express-zones\n")
s = s[:start] + '''    assert body == {"zone": "B", "weight_kg": 2.0, "service": "standard", "price": "7.40"}


def test_quote_too_heavy():
    status, body = call("/v1/quote", "weight=40&zone=a")
    assert status == "422 Unprocessable Entity"
    assert "limit" in body["error"]


def test_quote_express():
    status, body = call("/v1/quote", "weight=2&zone=b&service=express")
    assert status == "200 OK"
    assert (body["service"], body["price"]) == ("express", "10.40")


def test_zones():
    status, body = call("/v1/zones")
    assert status == "200 OK"
    assert body == {"zones": {"A": "4.20", "B": "5.10", "C": "7.80", "D": "11.40"}}
''' + s[end:]
p.write_text(s)
PY

# 7. The changelog and the README: both sides' entries.
python3 - <<'PY'
from pathlib import Path

for name in ("CHANGELOG.md", "README.md"):
    p = Path(name)
    s = p.read_text()
    start = s.index("<<<<<<< HEAD\n")
    mid = s.index("=======\n")
    end = s.index(">>>>>>> feature/express-zones\n")
    ours = s[start + len("<<<<<<< HEAD\n"):mid].splitlines(keepends=True)
    theirs = s[mid + len("=======\n"):end].splitlines(keepends=True)
    if name == "README.md":
        merged = ours + theirs[1:]  # main's answer line (prices as strings), then the feature's new line
    else:
        merged = ours + theirs
    p.write_text(s[:start] + "".join(merged) + s[end + len(">>>>>>> feature/express-zones\n"):])
PY

# 8. The conflict git could not see: the feature's new batch code and its tests still call
#    calc_price, which main renamed, and compare prices as floats.
sed -i 's/pricing\.calc_price(/pricing.quote_price(/' parcelrate/batch.py
python3 - <<'PY'
from pathlib import Path

p = Path("tests/test_batch.py")
s = p.read_text()
old = "== [7.4, 10.4, 12.55]"
assert old in s
s = s.replace(old, '== [Decimal("7.40"), Decimal("10.40"), Decimal("12.55")]')
p.write_text("from decimal import Decimal\n" + s if not s.startswith("from decimal") else s)
PY
if grep -rn "calc_price" parcelrate tests; then exit 1; fi

# 9. Nothing left unresolved, the whole suite green, then the merge commit listing the conflicts.
if git grep -nE '^(<<<<<<<|=======|>>>>>>>)( |$)'; then exit 1; fi
python3 -m pytest -q -p no:cacheprovider
git add parcelrate config tests requirements.lock CHANGELOG.md README.md
{
    echo "Merge branch 'feature/express-zones'"
    echo
    echo "Conflicts resolved:"
    sed 's/^/- /' /tmp/conflicts.txt
    echo
    echo "Also: parcelrate/batch.py and tests/test_batch.py call quote_price (main renamed calc_price)."
} > /tmp/merge-msg.txt
git commit -q -F /tmp/merge-msg.txt

# 10. Publish main (a fast-forward of origin/main); the feature branch stays as it is.
git push -q origin main
test "$(git rev-parse main)" = "$(git rev-parse origin/main)"
git log --oneline --graph -n 12 | cat
