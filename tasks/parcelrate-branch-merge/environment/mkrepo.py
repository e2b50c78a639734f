"""Builds the parcelrate service's git history (deterministic: fixed authors and dates), its bare
origin, and the long-lived feature branch that has to be merged into main.

usage: python3 mkrepo.py REPO ORIGIN
"""

import hashlib
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(sys.argv[1])
ORIGIN = Path(sys.argv[2])
AUTHORS = {
    "ines": ("Ines Carvalho", "ines@parcelrate.example"),
    "jo": ("Jo Brennan", "jo@parcelrate.example"),
    "malik": ("Malik Osei", "malik@parcelrate.example"),
}
T0 = 1_709_280_000  # 2024-03-01 08:00 UTC
STEP = 2 * 86400 + 3217

n = 0
trees: dict[str, dict[str, str]] = {"main": {}}
branch = "main"


def git(*args: str, env: dict[str, str] | None = None, cwd: Path = REPO) -> str:
    full = {**os.environ, **(env or {})}
    return subprocess.run(["git", "-C", str(cwd), *args], check=True, capture_output=True, text=True, env=full).stdout


def switch(name: str, new_from: str | None = None) -> None:
    global branch
    if new_from is not None:
        trees[name] = dict(trees[new_from])
        git("switch", "-q", "-c", name)
    else:
        git("switch", "-q", name)
    branch = name


def commit(who: str, subject: str, body: str = "") -> None:
    global n
    files = trees[branch]
    for path, text in files.items():
        p = REPO / path
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    for p in list(REPO.rglob("*")):
        rel = p.relative_to(REPO).as_posix()
        if p.is_file() and not rel.startswith(".git/") and rel not in files:
            p.unlink()
    name, email = AUTHORS[who]
    when = f"@{T0 + n * STEP} +0000"
    env = {
        "GIT_AUTHOR_NAME": name,
        "GIT_AUTHOR_EMAIL": email,
        "GIT_AUTHOR_DATE": when,
        "GIT_COMMITTER_NAME": name,
        "GIT_COMMITTER_EMAIL": email,
        "GIT_COMMITTER_DATE": when,
    }
    git("add", "-A")
    git("commit", "-q", "-m", subject + ("\n\n" + body if body else ""), env=env)
    n += 1


def edit(path: str, old: str, new: str) -> None:
    files = trees[branch]
    assert old in files[path], (branch, path, old)
    files[path] = files[path].replace(old, new, 1)


def put(path: str, text: str) -> None:
    trees[branch][path] = text


def changelog(entry: str) -> None:
    """Adds an entry at the top of CHANGELOG.md's Unreleased section."""
    text = trees[branch]["CHANGELOG.md"]
    if "## Unreleased\n\n- " in text:
        trees[branch]["CHANGELOG.md"] = text.replace("## Unreleased\n\n", f"## Unreleased\n\n- {entry}\n", 1)
    else:
        trees[branch]["CHANGELOG.md"] = text.replace("## Unreleased\n", f"## Unreleased\n\n- {entry}\n", 1)


def lock(comment: str, pins: list[str]) -> str:
    """requirements.lock as scripts/relock.py writes it: the checksum header, a comment, sorted pins."""
    pins = sorted(pins, key=lambda p: p.split("==")[0].lower())
    digest = hashlib.sha256("\n".join(pins).encode()).hexdigest()
    return f"# pins-sha256: {digest}\n{comment}" + "".join(p + "\n" for p in pins)


LOCK_COMMENT = "# Production pins (gunicorn serves parcelrate.app:application). Edit pins by hand, then run scripts/relock.py.\n"

# ---------------------------------------------------------------------------------------------
# The common history (v0.9.0).

git("init", "-q", "-b", "main", str(REPO), cwd=Path("/"))
git("config", "user.name", "parcelrate builder")
git("config", "user.email", "builder@parcelrate.example")

put("README.md", """# parcelrate

Parcel price quotes for the shop's checkout, over HTTP.

    python3 -m parcelrate quote --weight 2.5 --zone B
    python3 -m parcelrate serve --port 8080      # development server
    gunicorn parcelrate.app:application          # production

`GET /v1/quote?weight=KG&zone=Z` answers `{"price": ..., "weight_kg": ..., "zone": ...}`;
`GET /healthz` answers `{"status": "ok"}`.

Settings live in `config/service.toml`; `PARCELRATE_CONFIG` points the service at another file.
Tests: `python3 -m pytest -q`.
""")
put("CONTRIBUTING.md", """# Contributing to parcelrate

- Work on a branch; `main` is what production deploys.
- Branches are merged into `main` with a merge commit (`git merge --no-ff`): no squashing, and
  no rebasing of a branch that others have pulled. Never force-push `main` or a shared branch
  (`feature/*`): people build on them.
- Every commit on `main`'s first-parent line passes `python3 -m pytest -q`.
- `requirements.lock` holds the production pins. Edit the pins by hand and then run
  `python3 scripts/relock.py`, which sorts them and rewrites the checksum header the tests check.
  Never lower a pin that a security fix raised.
- Keep `CHANGELOG.md`'s `## Unreleased` section up to date.
""")
put(".gitignore", "__pycache__/\n*.pyc\n.pytest_cache/\nconfig/local.toml\n")
put("parcelrate/__init__.py", '"""parcelrate: parcel price quotes over HTTP."""\n\n__version__ = "0.9.0"\n')
put("parcelrate/config.py", '''"""Service settings from config/service.toml (or the file PARCELRATE_CONFIG names)."""

import os
import tomllib
from pathlib import Path

DEFAULT = Path(__file__).resolve().parent.parent / "config" / "service.toml"


def load(path=None):
    """The settings as a dict: the file given, else $PARCELRATE_CONFIG, else config/service.toml."""
    p = Path(path or os.environ.get("PARCELRATE_CONFIG") or DEFAULT)
    with open(p, "rb") as f:
        return tomllib.load(f)
''')
put("config/service.toml", """# parcelrate settings. PARCELRATE_CONFIG points the service at another file.

[server]
host = "127.0.0.1"
port = 8080
""")
put("parcelrate/pricing.py", '''"""Parcel price quotes: a base price per zone plus a price per kilogram."""

ZONE_RATES = {"A": 4.20, "B": 5.10, "C": 7.80}
PER_KG = 1.15


def calc_price(weight_kg, zone, rates=ZONE_RATES):
    """The price of a parcel of weight_kg to zone, rounded to the cent."""
    if weight_kg <= 0:
        raise ValueError("weight must be positive")
    if zone not in rates:
        raise ValueError(f"unknown zone: {zone}")
    price = rates[zone] + PER_KG * weight_kg
    return round(price, 2)
''')
put("parcelrate/app.py", '''"""The HTTP API (WSGI): GET /v1/quote?weight=KG&zone=Z, GET /healthz."""

import json
from urllib.parse import parse_qs

from . import pricing


def _json(start_response, status, body):
    data = json.dumps(body, sort_keys=True).encode()
    start_response(status, [("Content-Type", "application/json"), ("Content-Length", str(len(data)))])
    return [data]


def application(environ, start_response):
    """The WSGI entry point (gunicorn parcelrate.app:application)."""
    path = environ.get("PATH_INFO", "/")
    query = {k: v[-1] for k, v in parse_qs(environ.get("QUERY_STRING", "")).items()}
    if path == "/healthz":
        return _json(start_response, "200 OK", {"status": "ok"})
    if path == "/v1/quote":
        try:
            weight = float(query["weight"])
            zone = query["zone"].upper()
            price = pricing.calc_price(weight, zone)
        except (KeyError, ValueError) as e:
            return _json(start_response, "400 Bad Request", {"error": str(e)})
        return _json(start_response, "200 OK", {"zone": zone, "weight_kg": weight, "price": price})
    return _json(start_response, "404 Not Found", {"error": "not found"})
''')
put("parcelrate/__main__.py", '''"""Command line: python3 -m parcelrate quote --weight KG --zone Z | serve [--port N]."""

import argparse
import json
import sys
from wsgiref.simple_server import make_server

from . import app, config, pricing


def main(argv=None):
    p = argparse.ArgumentParser(prog="parcelrate")
    sub = p.add_subparsers(dest="cmd", required=True)
    q = sub.add_parser("quote", help="print a quote as JSON")
    q.add_argument("--weight", type=float, required=True)
    q.add_argument("--zone", required=True)
    s = sub.add_parser("serve", help="serve the API (development server)")
    s.add_argument("--port", type=int)
    args = p.parse_args(argv)
    if args.cmd == "quote":
        zone = args.zone.upper()
        try:
            price = pricing.calc_price(args.weight, zone)
        except ValueError as e:
            print(f"parcelrate: {e}", file=sys.stderr)
            return 2
        print(json.dumps({"zone": zone, "weight_kg": args.weight, "price": price}, sort_keys=True))
        return 0
    cfg = config.load()["server"]
    port = args.port or cfg["port"]
    with make_server(cfg["host"], port, app.application) as httpd:
        print(f"parcelrate on http://{cfg['host']}:{port}", file=sys.stderr)
        httpd.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
''')
put("tests/conftest.py", '''import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
''')
put("tests/test_pricing.py", '''import pytest

from parcelrate.pricing import calc_price


def test_zone_a_one_kilo():
    assert calc_price(1, "A") == 5.35


def test_price_grows_with_weight():
    assert calc_price(10, "C") == 19.30


@pytest.mark.parametrize("weight", [0, -1])
def test_weight_must_be_positive(weight):
    with pytest.raises(ValueError):
        calc_price(weight, "A")


def test_unknown_zone():
    with pytest.raises(ValueError):
        calc_price(1, "Z")
''')
put("tests/test_app.py", '''import json
from wsgiref.util import setup_testing_defaults

from parcelrate.app import application


def call(path, query=""):
    env = {"PATH_INFO": path, "QUERY_STRING": query}
    setup_testing_defaults(env)
    seen = {}

    def start_response(status, headers):
        seen["status"] = status

    body = b"".join(application(env, start_response))
    return seen["status"], json.loads(body)


def test_healthz():
    assert call("/healthz") == ("200 OK", {"status": "ok"})


def test_quote():
    status, body = call("/v1/quote", "weight=2&zone=b")
    assert status == "200 OK"
    assert body == {"zone": "B", "weight_kg": 2.0, "price": 7.4}


def test_quote_bad_zone():
    status, _ = call("/v1/quote", "weight=2&zone=x")
    assert status == "400 Bad Request"
''')
put("tests/test_lockfile.py", '''"""requirements.lock stays consistent: sorted exact pins under the checksum header relock.py writes."""

import hashlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.lock"


def pins():
    return [line for line in LOCK.read_text().splitlines() if line and not line.startswith("#")]


def test_pins_are_exact_and_sorted():
    ps = pins()
    assert all(re.fullmatch(r"[A-Za-z0-9._-]+==[A-Za-z0-9.+!-]+", p) for p in ps), ps
    names = [p.split("==")[0].lower() for p in ps]
    assert names == sorted(names) and len(set(names)) == len(names)


def test_checksum_header_matches():
    header = LOCK.read_text().splitlines()[0]
    assert header == "# pins-sha256: " + hashlib.sha256("\\n".join(pins()).encode()).hexdigest()


def test_every_requirement_is_pinned():
    names = {p.split("==")[0].lower() for p in pins()}
    for line in (ROOT / "requirements.in").read_text().splitlines():
        req = line.split("#")[0].strip()
        if req:
            assert re.split(r"[<>=!~ \\[]", req)[0].lower() in names, req
''')
put("scripts/relock.py", '''"""Sorts requirements.lock's pins and rewrites its checksum header (run after editing pins by hand).

usage: python3 scripts/relock.py [LOCKFILE]
"""

import hashlib
import sys
from pathlib import Path

path = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "requirements.lock")
lines = path.read_text().splitlines()
if any(line.startswith(("<<<<<<<", "=======", ">>>>>>>", "|||||||")) for line in lines):
    sys.exit(f"relock: {path} still has conflict markers")
comments = [line for line in lines if line.startswith("#") and not line.startswith("# pins-sha256:")]
pins = sorted((line.strip() for line in lines if line.strip() and not line.startswith("#")), key=lambda p: p.split("==")[0].lower())
names = [p.split("==")[0].lower() for p in pins]
dupes = sorted({n for n in names if names.count(n) > 1})
if dupes:
    sys.exit("relock: more than one pin for " + ", ".join(dupes) + ": keep one")
digest = hashlib.sha256("\\n".join(pins).encode()).hexdigest()
path.write_text("\\n".join([f"# pins-sha256: {digest}", *comments, *pins]) + "\\n")
print(f"relock: {len(pins)} pins, sha256 {digest[:12]}")
''')
put("requirements.in", "# what production needs; requirements.lock pins it\ngunicorn>=21.2\nsentry-sdk>=1.39\n")
put("requirements.lock", lock(LOCK_COMMENT, ["certifi==2023.11.17", "gunicorn==21.2.0", "packaging==23.2",
                                             "sentry-sdk==1.39.1", "urllib3==2.1.0"]))
put("CHANGELOG.md", """# Changelog

## Unreleased

## 0.9.0

- Quotes per zone (A, B, C) and weight, over HTTP and on the command line.
- `/healthz` for the load balancer.
""")
docs = {k: trees["main"].pop(k) for k in ("README.md", "CONTRIBUTING.md", "CHANGELOG.md")}
commit("ines", "parcelrate: quotes per zone and weight, HTTP API and CLI")
trees["main"].update(docs)
commit("malik", "README, CONTRIBUTING and the changelog for 0.9.0")
git("tag", "-a", "v0.9.0", "-m", "parcelrate 0.9.0",
    env={"GIT_COMMITTER_NAME": AUTHORS["ines"][0], "GIT_COMMITTER_EMAIL": AUTHORS["ines"][1],
         "GIT_COMMITTER_DATE": f"@{T0 + n * STEP - 600} +0000"})

# ---------------------------------------------------------------------------------------------
# The two lines of work, interleaved in time as they happened.

# feature 1: zone rates move into the settings, zone D (islands).
switch("feature/express-zones", new_from="main")
put("parcelrate/pricing.py", '''"""Parcel price quotes: a base price per zone (from the settings) plus a price per kilogram."""

from . import config

PER_KG = 1.15


def zone_rates():
    """The base price per zone, from the [zones] table of the settings."""
    return {zone: float(price) for zone, price in config.load()["zones"].items()}


def calc_price(weight_kg, zone, rates=None):
    """The price of a parcel of weight_kg to zone, rounded to the cent."""
    if weight_kg <= 0:
        raise ValueError("weight must be positive")
    rates = zone_rates() if rates is None else rates
    if zone not in rates:
        raise ValueError(f"unknown zone: {zone}")
    price = rates[zone] + PER_KG * weight_kg
    return round(price, 2)
''')
edit("config/service.toml", 'port = 8080\n', '''port = 8080

[zones]
# base price per zone, EUR (D: the islands)
A = "4.20"
B = "5.10"
C = "7.80"
D = "11.40"
''')
changelog("Zone rates live in `config/service.toml` (`[zones]`); new zone D (islands).")
commit("jo", "zones: rates move to service.toml, zone D for the islands")

# main 1: calc_price becomes quote_price (keyword-only rates).
switch("main")
for path in ("parcelrate/pricing.py", "parcelrate/app.py", "parcelrate/__main__.py", "tests/test_pricing.py"):
    trees["main"][path] = trees["main"][path].replace("calc_price", "quote_price")
edit("parcelrate/pricing.py", "def quote_price(weight_kg, zone, rates=ZONE_RATES):", "def quote_price(weight_kg, zone, *, rates=ZONE_RATES):")
changelog("`pricing.calc_price` is now `pricing.quote_price`; `rates` is keyword-only.")
commit("ines", "pricing: rename calc_price to quote_price, rates keyword-only",
       "The old name read as if it computed a calculation, not a quote the shop shows; nothing outside\nthis repository imports it.")

# feature 2: express service level.
switch("feature/express-zones")
put("parcelrate/pricing.py", '''"""Parcel price quotes: a base price per zone (from the settings) plus a price per kilogram.

Express delivery adds a surcharge: a share of the price, at least a minimum amount.
"""

from . import config

PER_KG = 1.15
SERVICES = ("standard", "express")


def zone_rates():
    """The base price per zone, from the [zones] table of the settings."""
    return {zone: float(price) for zone, price in config.load()["zones"].items()}


def calc_price(weight_kg, zone, rates=None, service="standard"):
    """The price of a parcel of weight_kg to zone, rounded to the cent.

    Express adds express_surcharge (a fraction) of the price, at least express_minimum.
    """
    if weight_kg <= 0:
        raise ValueError("weight must be positive")
    rates = zone_rates() if rates is None else rates
    if zone not in rates:
        raise ValueError(f"unknown zone: {zone}")
    if service not in SERVICES:
        raise ValueError(f"unknown service: {service}")
    price = rates[zone] + PER_KG * weight_kg
    if service == "express":
        settings = config.load()["pricing"]
        price += max(price * float(settings["express_surcharge"]), float(settings["express_minimum"]))
    return round(price, 2)
''')
edit("config/service.toml", "\n[zones]\n", '''
[pricing]
# express adds this share of the price, but at least express_minimum (EUR)
express_surcharge = "0.40"
express_minimum = "3.00"

[zones]
''')
trees[branch]["tests/test_pricing.py"] += '''

def test_zone_d_from_the_settings():
    assert calc_price(1, "D") == 12.55


def test_express_adds_forty_percent():
    assert calc_price(10, "C", service="express") == 27.02


def test_express_surcharge_has_a_minimum():
    assert calc_price(1, "A", service="express") == 8.35


def test_unknown_service():
    with pytest.raises(ValueError):
        calc_price(1, "A", service="overnight")
'''
changelog("Express delivery: +40 % of the price, at least 3.00 EUR.")
commit("jo", "pricing: express service level (+40 %, at least 3.00)")

# main 2: exact cents.
switch("main")
put("parcelrate/pricing.py", '''"""Parcel price quotes: a base price per zone plus a price per kilogram, in exact cents."""

from decimal import ROUND_HALF_UP, Decimal

ZONE_RATES = {"A": Decimal("4.20"), "B": Decimal("5.10"), "C": Decimal("7.80")}
PER_KG = Decimal("1.15")
CENT = Decimal("0.01")


def quote_price(weight_kg, zone, *, rates=ZONE_RATES):
    """The price of a parcel of weight_kg to zone, rounded half up to the cent (a Decimal)."""
    weight = Decimal(str(weight_kg))
    if weight <= 0:
        raise ValueError("weight must be positive")
    if zone not in rates:
        raise ValueError(f"unknown zone: {zone}")
    price = rates[zone] + PER_KG * weight
    return price.quantize(CENT, rounding=ROUND_HALF_UP)
''')
put("tests/test_pricing.py", '''from decimal import Decimal

import pytest

from parcelrate.pricing import quote_price


def test_zone_a_one_kilo():
    assert quote_price(1, "A") == Decimal("5.35")


def test_price_grows_with_weight():
    assert quote_price(10, "C") == Decimal("19.30")


@pytest.mark.parametrize("weight", [0, -1])
def test_weight_must_be_positive(weight):
    with pytest.raises(ValueError):
        quote_price(weight, "A")


def test_unknown_zone():
    with pytest.raises(ValueError):
        quote_price(1, "Z")


def test_rounds_half_up_to_the_cent():
    # 4.20 + 1.15 * 0.3 = 4.545: float round() said 4.54, the invoice said 4.55
    assert quote_price(0.3, "A") == Decimal("4.55")
''')
edit("parcelrate/app.py", '"price": price})', '"price": str(price)})')
edit("parcelrate/__main__.py", '"price": price}', '"price": str(price)}')
edit("tests/test_app.py", '"price": 7.4}', '"price": "7.40"}')
edit("README.md", 'answers `{"price": ..., ', 'answers `{"price": "7.40", ')
changelog("Prices are exact: rounded half up to the cent, sent as strings (`\"7.40\"`).")
commit("malik", "pricing: exact cents with Decimal, rounded half up",
       "float round() gave 4.54 for 4.545 where the invoicing system says 4.55 (ticket OPS-412).\nThe API sends prices as strings so no client parses them back into floats.")

# feature 3: the API and the CLI learn the service level and list the zones.
switch("feature/express-zones")
edit("parcelrate/app.py", '"""The HTTP API (WSGI): GET /v1/quote?weight=KG&zone=Z, GET /healthz."""',
     '"""The HTTP API (WSGI): GET /v1/quote?weight=KG&zone=Z[&service=express], GET /v1/zones, GET /healthz."""')
edit("parcelrate/app.py", '''    if path == "/v1/quote":
        try:
            weight = float(query["weight"])
            zone = query["zone"].upper()
            price = pricing.calc_price(weight, zone)
        except (KeyError, ValueError) as e:
            return _json(start_response, "400 Bad Request", {"error": str(e)})
        return _json(start_response, "200 OK", {"zone": zone, "weight_kg": weight, "price": price})
''', '''    if path == "/v1/zones":
        rates = pricing.zone_rates()
        return _json(start_response, "200 OK", {"zones": {z: f"{rates[z]:.2f}" for z in sorted(rates)}})
    if path == "/v1/quote":
        try:
            weight = float(query["weight"])
            zone = query["zone"].upper()
            service = query.get("service", "standard")
            price = pricing.calc_price(weight, zone, service=service)
        except (KeyError, ValueError) as e:
            return _json(start_response, "400 Bad Request", {"error": str(e)})
        return _json(start_response, "200 OK", {"zone": zone, "weight_kg": weight, "service": service, "price": price})
''')
edit("parcelrate/__main__.py", '    q.add_argument("--zone", required=True)\n',
     '    q.add_argument("--zone", required=True)\n    q.add_argument("--service", choices=["standard", "express"], default="standard")\n')
edit("parcelrate/__main__.py", '''            price = pricing.calc_price(args.weight, zone)''',
     '''            price = pricing.calc_price(args.weight, zone, service=args.service)''')
edit("parcelrate/__main__.py", '''{"zone": zone, "weight_kg": args.weight, "price": price}''',
     '''{"zone": zone, "weight_kg": args.weight, "service": args.service, "price": price}''')
edit("tests/test_app.py", '''    assert body == {"zone": "B", "weight_kg": 2.0, "price": 7.4}
''', '''    assert body == {"zone": "B", "weight_kg": 2.0, "service": "standard", "price": 7.4}


def test_quote_express():
    status, body = call("/v1/quote", "weight=2&zone=b&service=express")
    assert status == "200 OK"
    assert (body["service"], body["price"]) == ("express", 10.4)


def test_zones():
    status, body = call("/v1/zones")
    assert status == "200 OK"
    assert body == {"zones": {"A": "4.20", "B": "5.10", "C": "7.80", "D": "11.40"}}
''')
edit("README.md", "`GET /healthz`", "`service=express` asks for express delivery; `GET /v1/zones` lists the zones' base prices;\n`GET /healthz`")
commit("jo", "api: service=express on /v1/quote and --service on the CLI; GET /v1/zones")

# main 3: the contract's weight limit.
switch("main")
edit("parcelrate/pricing.py", '''from decimal import ROUND_HALF_UP, Decimal
''', '''from decimal import ROUND_HALF_UP, Decimal

from . import config
''')
edit("parcelrate/pricing.py", '''CENT = Decimal("0.01")
''', '''CENT = Decimal("0.01")


class TooHeavy(ValueError):
    """The parcel is over the carriers' weight limit ([limits] max_weight_kg in the settings)."""
''')
edit("parcelrate/pricing.py", '''        raise ValueError("weight must be positive")
''', '''        raise ValueError("weight must be positive")
    limit = Decimal(str(config.load()["limits"]["max_weight_kg"]))
    if weight > limit:
        raise TooHeavy(f"{weight_kg} kg is over the {limit} kg limit")
''')
edit("config/service.toml", 'port = 8080\n', '''port = 8080

[limits]
# the carriers' contract: heavier parcels are refused (HTTP 422)
max_weight_kg = 31.5
''')
edit("parcelrate/app.py", '''        except (KeyError, ValueError) as e:''', '''        except pricing.TooHeavy as e:
            return _json(start_response, "422 Unprocessable Entity", {"error": str(e)})
        except (KeyError, ValueError) as e:''')
edit("parcelrate/__main__.py", '''        except ValueError as e:''', '''        except pricing.TooHeavy as e:
            print(f"parcelrate: {e}", file=sys.stderr)
            return 3
        except ValueError as e:''')
edit("tests/test_pricing.py", "from parcelrate.pricing import quote_price", "from parcelrate.pricing import TooHeavy, quote_price")
trees[branch]["tests/test_pricing.py"] += '''

def test_at_the_weight_limit():
    assert quote_price(31.5, "A") == Decimal("40.43")


def test_over_the_weight_limit_is_refused():
    with pytest.raises(TooHeavy):
        quote_price(31.6, "A")
'''
edit("tests/test_app.py", '''def test_quote_bad_zone():''', '''def test_quote_too_heavy():
    status, body = call("/v1/quote", "weight=40&zone=a")
    assert status == "422 Unprocessable Entity"
    assert "limit" in body["error"]


def test_quote_bad_zone():''')
changelog("Parcels over `[limits] max_weight_kg` (31.5 kg) are refused: HTTP 422, exit status 3.")
commit("ines", "limits: refuse parcels over the contract's 31.5 kg (422)")

# feature 4: quotes for a whole manifest (CSV).
switch("feature/express-zones")
put("parcelrate/batch.py", '''"""Quotes for a whole manifest: CSV lines of weight_kg,zone[,service] -> the same lines plus a price."""

import csv

from . import pricing


def quote_many(rows):
    """The prices of (weight_kg, zone, service) rows, in order; an empty service is standard."""
    return [pricing.calc_price(float(w), z.strip().upper(), service=s.strip() or "standard") for w, z, s in rows]


def run(inp, out):
    """Reads a manifest from inp and writes it to out with a price column appended."""
    rows = [(r + [""])[:3] for r in csv.reader(inp) if r and not r[0].startswith("#")]
    writer = csv.writer(out, lineterminator="\\n")
    for row, price in zip(rows, quote_many(rows)):
        writer.writerow([*row[:2], row[2] or "standard", f"{price:.2f}"])
''')
edit("parcelrate/__main__.py", '''    s = sub.add_parser("serve"''', '''    b = sub.add_parser("batch", help="price a CSV manifest (weight_kg,zone[,service]); - is stdin")
    b.add_argument("manifest")
    s = sub.add_parser("serve"''')
edit("parcelrate/__main__.py", '''    cfg = config.load()["server"]''', '''    if args.cmd == "batch":
        with (sys.stdin if args.manifest == "-" else open(args.manifest, encoding="utf-8")) as f:
            try:
                batch.run(f, sys.stdout)
            except ValueError as e:
                print(f"parcelrate: {e}", file=sys.stderr)
                return 2
        return 0
    cfg = config.load()["server"]''')
edit("parcelrate/__main__.py", "from . import app, config, pricing", "from . import app, batch, config, pricing")
edit("parcelrate/__main__.py", "quote --weight KG --zone Z | serve", "quote --weight KG --zone Z | batch FILE | serve")
put("tests/test_batch.py", '''import io

from parcelrate.batch import quote_many, run


def test_quote_many_keeps_the_order():
    assert quote_many([("2", "b", ""), ("2", "B", "express"), ("1", "d", "standard")]) == [7.4, 10.4, 12.55]


def test_run_appends_a_price_column():
    out = io.StringIO()
    run(io.StringIO("# weight,zone,service\\n2,B\\n10,C,express\\n"), out)
    assert out.getvalue() == "2,B,standard,7.40\\n10,C,express,27.02\\n"
''')
changelog("`parcelrate batch MANIFEST` prices a CSV manifest.")
commit("jo", "batch: price a whole CSV manifest (parcelrate batch)")

# main 4: security bumps.
switch("main")
put("requirements.lock", lock(LOCK_COMMENT, ["certifi==2024.7.4", "gunicorn==22.0.0", "packaging==23.2",
                                             "sentry-sdk==1.39.1", "urllib3==2.2.2"]))
edit("requirements.in", "gunicorn>=21.2", "gunicorn>=22.0  # CVE-2024-1135")
changelog("Security: gunicorn 22.0.0 (CVE-2024-1135), urllib3 2.2.2 (CVE-2024-37891), certifi 2024.7.4.")
commit("malik", "deps: gunicorn 22.0.0, urllib3 2.2.2, certifi 2024.7.4 (security)",
       "CVE-2024-1135 (gunicorn request smuggling), CVE-2024-37891 (urllib3 proxy headers),\ncertifi drops the GLOBALTRUST roots.")

# feature 5: dependencies for the manifest importer's dates.
switch("feature/express-zones")
put("requirements.lock", lock(LOCK_COMMENT, ["certifi==2023.11.17", "gunicorn==21.2.0", "packaging==23.2",
                                             "python-dateutil==2.9.0.post0", "sentry-sdk==1.40.0", "six==1.16.0",
                                             "urllib3==2.2.1"]))
trees[branch]["requirements.in"] += "python-dateutil>=2.8\n"
commit("jo", "deps: python-dateutil for manifest dates; sentry-sdk 1.40.0, urllib3 2.2.1")

# ---------------------------------------------------------------------------------------------
# origin (the team's shared repository) has both branches; the checkout is on main.

switch("main")
git("init", "-q", "--bare", "-b", "main", str(ORIGIN), cwd=Path("/"))
git("remote", "add", "origin", str(ORIGIN))
git("push", "-q", "origin", "main", "feature/express-zones", "v0.9.0")
git("fetch", "-q", "origin")
git("branch", "-q", "--set-upstream-to=origin/main", "main")
git("branch", "-q", "--set-upstream-to=origin/feature/express-zones", "feature/express-zones")
git("config", "--unset", "user.name")
git("config", "--unset", "user.email")
git("gc", "-q")
