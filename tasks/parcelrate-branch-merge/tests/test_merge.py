"""Verifier for parcelrate-branch-merge: the history's shape against a pristine copy of both
branches, the merged tree's behaviour on hidden cases and on a fresh settings file, the lock, the
changelog and the project's own suite."""

import hashlib
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

HERE = Path(__file__).parent
REPO = Path("/app/parcelrate")
ORIGIN = Path("/srv/git/parcelrate.git")
FEATURE = "feature/express-zones"
MARKER = re.compile(r"^(<<<<<<<|=======|>>>>>>>|\|\|\|\|\|\|\|)( |$)", re.M)


def git(repo, *args, check=True):
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=check).stdout.strip()


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    """Both branches exactly as the image was built (same script, same fixed dates)."""
    base = tmp_path_factory.mktemp("pristine")
    subprocess.run([sys.executable, str(HERE / "mkrepo.py"), str(base / "repo"), str(base / "origin.git")],
                   check=True, capture_output=True)
    repo = base / "repo"
    main, feature = git(repo, "rev-parse", "main"), git(repo, "rev-parse", FEATURE)
    out = git(repo, "merge-tree", "--write-tree", "--name-only", main, feature, check=False)
    conflicted = set(out.split("\n\n", 1)[0].splitlines()[1:])
    return {"repo": repo, "main": main, "feature": feature, "conflicted": conflicted,
            "tag": git(base / "origin.git", "rev-parse", "refs/tags/v0.9.0")}


@pytest.fixture(scope="module")
def merged(tmp_path_factory):
    """main's tree, exported on its own."""
    out = tmp_path_factory.mktemp("merged")
    archive = subprocess.run(["git", "-C", str(REPO), "archive", "main"], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(out)], input=archive, check=True)
    return out


def env_for(tree, config=None):
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PARCELRATE_CONFIG", None)
    if config:
        env["PARCELRATE_CONFIG"] = str(config)
    return env


def cli(tree, *args, config=None, stdin=None):
    return subprocess.run([sys.executable, "-m", "parcelrate", *args], capture_output=True, text=True, cwd="/",
                          env=env_for(tree, config), input=stdin, timeout=60)


API = """
import json, sys
from wsgiref.util import setup_testing_defaults
from parcelrate.app import application
env = {"PATH_INFO": sys.argv[1], "QUERY_STRING": sys.argv[2]}
setup_testing_defaults(env)
seen = {}
body = b"".join(application(env, lambda status, headers: seen.setdefault("status", status)))
print(json.dumps([seen["status"], json.loads(body)]))
"""


def api(tree, path, query="", config=None):
    r = subprocess.run([sys.executable, "-c", API, path, query], capture_output=True, text=True, cwd="/",
                       env=env_for(tree, config), timeout=60)
    assert r.returncode == 0, r.stderr[-1500:]
    status, body = json.loads(r.stdout)
    return status, body


def test_main_is_one_merge_commit_of_both_tips(pristine):
    """main gets exactly one new commit: a merge commit whose first parent is main as it was and whose second
    parent is feature/express-zones as it was (both sides' commits kept with their hashes: no rebase, no squash)."""
    parents = git(REPO, "rev-list", "--parents", "-n", "1", "main").split()[1:]
    assert parents == [pristine["main"], pristine["feature"]], parents
    for side in ("main", FEATURE):
        for c in git(pristine["repo"], "rev-list", side).split():
            assert subprocess.run(["git", "-C", str(REPO), "merge-base", "--is-ancestor", c, "main"]).returncode == 0, c


def test_feature_branch_and_origin_feature_untouched(pristine):
    """feature/express-zones stays where it is, locally and on origin; the tag is untouched."""
    assert git(REPO, "rev-parse", FEATURE) == pristine["feature"]
    assert git(ORIGIN, "rev-parse", "refs/heads/" + FEATURE) == pristine["feature"]
    assert git(ORIGIN, "rev-parse", "refs/tags/v0.9.0") == pristine["tag"]


def test_main_pushed_to_origin_and_nothing_else(pristine):
    """main is pushed to origin (origin/main is the merge commit) and nothing else is pushed."""
    assert git(ORIGIN, "rev-parse", "refs/heads/main") == git(REPO, "rev-parse", "main")
    refs = set(git(ORIGIN, "for-each-ref", "--format=%(refname)").splitlines())
    assert refs == {"refs/heads/main", "refs/heads/" + FEATURE, "refs/tags/v0.9.0"}, refs


def test_merge_message_lists_the_conflicted_files(pristine):
    """The message's first line is git's default, Merge branch 'feature/express-zones', and its body has
    'Conflicts resolved:' followed by '- PATH' for every file git reported as conflicted (all, and only those)."""
    msg = git(REPO, "log", "-1", "--format=%B", "main")
    lines = msg.splitlines()
    assert lines[0] == "Merge branch 'feature/express-zones'"
    assert "Conflicts resolved:" in lines
    listed = []
    for line in lines[lines.index("Conflicts resolved:") + 1:]:
        m = re.fullmatch(r"\s*- (\S+)\s*", line)
        if not m:
            break
        listed.append(m.group(1))
    assert set(listed) == pristine["conflicted"], (listed, sorted(pristine["conflicted"]))


def test_checkout_on_main_clean_and_no_merge_in_progress():
    """The checkout is on main with no merge in progress and no uncommitted changes to tracked files."""
    gitdir = Path(git(REPO, "rev-parse", "--absolute-git-dir"))
    assert not (gitdir / "MERGE_HEAD").exists()
    assert not (gitdir / "rebase-merge").exists() and not (gitdir / "rebase-apply").exists()
    assert git(REPO, "symbolic-ref", "--short", "HEAD") == "main"
    assert git(REPO, "status", "--porcelain", "--untracked-files=no") == ""


def test_no_conflict_markers(merged):
    """No conflict marker is left in any file."""
    for p in merged.rglob("*"):
        if p.is_file():
            assert not MARKER.search(p.read_text(errors="replace")), p


def test_project_suite_passes_on_the_merge(merged):
    """The whole suite, python3 -m pytest -q in the repository, passes on the merge commit."""
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=merged,
                       capture_output=True, text=True, env=env_for(merged), timeout=300)
    assert r.returncode == 0, r.stdout[-2500:]


def test_every_test_of_both_sides_kept(pristine, merged):
    """Every test_* function of tests/ on main and on the feature branch is still there under its name."""
    def names(text):
        return set(re.findall(r"^def (test_\w+)", text, re.M))

    want = set()
    for side in ("main", FEATURE):
        for path in git(pristine["repo"], "ls-tree", "--name-only", side, "tests/").splitlines():
            if path.endswith(".py"):
                want |= names(git(pristine["repo"], "show", f"{side}:{path}"))
    have = set()
    for p in (merged / "tests").glob("*.py"):
        have |= names(p.read_text())
    assert want - have == set(), sorted(want - have)


def test_calc_price_gone_and_signature(merged):
    """The function is quote_price(weight_kg, zone, *, rates=None, service="standard"); calc_price is gone from
    the code and the tests, no alias."""
    for p in list((merged / "parcelrate").rglob("*.py")) + list((merged / "tests").rglob("*.py")):
        assert "calc_price" not in p.read_text(), p
    code = ("import inspect; from parcelrate.pricing import quote_price as q; "
            "print(json.dumps([[n, str(p.kind), repr(p.default)] for n, p in inspect.signature(q).parameters.items()]))")
    r = subprocess.run([sys.executable, "-c", "import json; " + code], capture_output=True, text=True, env=env_for(merged))
    params = {n: (k, d) for n, k, d in json.loads(r.stdout)}
    assert params["weight_kg"][0] == params["zone"][0] == "POSITIONAL_OR_KEYWORD"
    assert params["rates"] == ("KEYWORD_ONLY", "None")
    assert params["service"] == ("KEYWORD_ONLY", "'standard'")


@pytest.mark.parametrize(
    "weight, zone, service, price",
    [("1", "a", "standard", "5.35"), ("0.3", "A", "standard", "4.55"), ("1.5", "B", "standard", "6.83"),
     ("1", "D", "standard", "12.55"), ("12.5", "D", "standard", "25.78"), ("31.5", "A", "standard", "40.43"),
     ("10", "C", "express", "27.02"), ("1", "A", "express", "8.35"), ("3.3", "A", "express", "11.19"),
     ("4.5", "A", "express", "13.13"), ("0.9", "C", "express", "12.37"), ("5.5", "B", "express", "16.00"),
     ("2.5", "A", "express", "10.08"), ("2.1", "D", "express", "19.34")],
)
def test_quote_cli_prices(merged, weight, zone, service, price):
    """quote prints the JSON object: base rate plus 1.15 per kg, express surcharge (40 %, at least 3.00) added
    before the one final rounding, half up to the cent; zone D from the settings."""
    r = cli(merged, "quote", "--weight", weight, "--zone", zone, "--service", service)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"price": price, "service": service, "weight_kg": float(weight), "zone": zone.upper()}
    assert list(json.loads(r.stdout)) == sorted(json.loads(r.stdout))


def test_quote_cli_errors(merged):
    """Over the limit quote prints parcelrate: ... to stderr and exits 3; other bad input exits 2."""
    r = cli(merged, "quote", "--weight", "31.6", "--zone", "A")
    assert r.returncode == 3 and r.stderr.startswith("parcelrate: ")
    r = cli(merged, "quote", "--weight", "31.6", "--zone", "A", "--service", "express")
    assert r.returncode == 3
    assert cli(merged, "quote", "--weight", "2", "--zone", "Z").returncode == 2
    assert cli(merged, "quote", "--weight", "0", "--zone", "A").returncode == 2
    assert cli(merged, "quote", "--weight", "2", "--zone", "A", "--service", "overnight").returncode == 2


def test_api_quote_and_zones(merged):
    """GET /v1/quote answers 200 with the price as a string (service standard by default), 422 over the limit,
    400 for a bad weight, an unknown zone or service; GET /v1/zones lists the zones; /healthz stays."""
    assert api(merged, "/v1/quote", "weight=2&zone=b") == (
        "200 OK", {"price": "7.40", "service": "standard", "weight_kg": 2.0, "zone": "B"})
    assert api(merged, "/v1/quote", "weight=0.9&zone=c&service=express") == (
        "200 OK", {"price": "12.37", "service": "express", "weight_kg": 0.9, "zone": "C"})
    status, body = api(merged, "/v1/quote", "weight=40&zone=a&service=express")
    assert status.startswith("422") and "error" in body
    for query in ("weight=abc&zone=a", "zone=a", "weight=2&zone=q", "weight=2&zone=a&service=overnight"):
        status, body = api(merged, "/v1/quote", query)
        assert status.startswith("400") and "error" in body, query
    assert api(merged, "/v1/zones") == ("200 OK", {"zones": {"A": "4.20", "B": "5.10", "C": "7.80", "D": "11.40"}})
    assert api(merged, "/healthz") == ("200 OK", {"status": "ok"})


def test_batch_prices_a_manifest(merged):
    """batch prints each manifest line as weight_kg,zone,service,price, priced by quote_price; # lines skipped."""
    manifest = "# weight,zone,service\n0.3,a\n3.3,A,express\n1,d,standard\n5.5,B,express\n"
    r = cli(merged, "batch", "-", stdin=manifest)
    assert r.returncode == 0, r.stderr[-1500:]
    assert r.stdout.splitlines() == ["0.3,a,standard,4.55", "3.3,A,express,11.19", "1,d,standard,12.55", "5.5,B,express,16.00"]


def test_settings_drive_zones_limit_and_express(merged, tmp_path):
    """Zones, the weight limit and the express settings come from the settings file PARCELRATE_CONFIG names,
    nothing hard-coded."""
    cfg = tmp_path / "other.toml"
    cfg.write_text('[server]\nhost = "127.0.0.1"\nport = 9000\n\n[limits]\nmax_weight_kg = 10\n\n'
                   '[pricing]\nexpress_surcharge = "0.25"\nexpress_minimum = "2.50"\n\n'
                   '[zones]\nA = "3.00"\nQ = "9.99"\n')
    r = cli(merged, "quote", "--weight", "2", "--zone", "q", "--service", "express", config=cfg)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["price"] == "15.36"
    r = cli(merged, "quote", "--weight", "1", "--zone", "A", "--service", "express", config=cfg)
    assert json.loads(r.stdout)["price"] == "6.65"
    assert cli(merged, "quote", "--weight", "10.5", "--zone", "A", config=cfg).returncode == 3
    assert cli(merged, "quote", "--weight", "10", "--zone", "A", config=cfg).returncode == 0
    assert cli(merged, "quote", "--weight", "2", "--zone", "B", config=cfg).returncode == 2
    assert api(merged, "/v1/zones", config=cfg) == ("200 OK", {"zones": {"A": "3.00", "Q": "9.99"}})
    status, _ = api(merged, "/v1/quote", "weight=12&zone=q", config=cfg)
    assert status.startswith("422")


def test_merged_settings_file(merged):
    """config/service.toml keeps [server], [limits] (31.5), [pricing] (0.40, 3.00) and [zones] (A-D)."""
    cfg = tomllib.loads((merged / "config" / "service.toml").read_text())
    assert cfg["server"] == {"host": "127.0.0.1", "port": 8080}
    assert float(cfg["limits"]["max_weight_kg"]) == 31.5
    assert cfg["pricing"] == {"express_surcharge": "0.40", "express_minimum": "3.00"}
    assert cfg["zones"] == {"A": "4.20", "B": "5.10", "C": "7.80", "D": "11.40"}


def test_lock_keeps_every_pin_at_the_higher_version(merged):
    """requirements.lock keeps every pin of both sides, the higher version where both pin a package, relocked
    (sorted, checksum header); requirements.in keeps both sides' lines."""
    text = (merged / "requirements.lock").read_text()
    pins = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert pins == ["certifi==2024.7.4", "gunicorn==22.0.0", "packaging==23.2", "python-dateutil==2.9.0.post0",
                    "sentry-sdk==1.40.0", "six==1.16.0", "urllib3==2.2.2"], pins
    assert text.splitlines()[0] == "# pins-sha256: " + hashlib.sha256("\n".join(pins).encode()).hexdigest()
    reqs = (merged / "requirements.in").read_text()
    assert re.search(r"^gunicorn>=22\.0", reqs, re.M) and re.search(r"^python-dateutil>=2\.8", reqs, re.M)
    assert re.search(r"^sentry-sdk>=1\.39", reqs, re.M)


def test_changelog_keeps_both_sides(pristine, merged):
    """CHANGELOG.md's Unreleased section keeps every entry of both sides."""
    def entries(text):
        section = text.split("## Unreleased", 1)[1].split("\n## ", 1)[0]
        return {line.strip() for line in section.splitlines() if line.startswith("- ")}

    want = set()
    for side in ("main", FEATURE):
        want |= entries(git(pristine["repo"], "show", f"{side}:CHANGELOG.md"))
    assert len(want) == 7
    assert want <= entries((merged / "CHANGELOG.md").read_text())
