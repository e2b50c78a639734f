"""Verifier for transit-route-planner: the real network, fresh networks, errors, and the departure board."""
import csv
import hashlib
import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

ROUTE = Path("/app/bin/route.py")
BOARD = Path("/app/bin/departure_board.py")
DATA = Path("/app/data")
ORIGINAL = {
    "/app/data/closures.txt": "5c55fe6476ea96d9359a7e4f45e8ad607702c983a8089df671550df48a91b0c2",
    "/app/data/segments.csv": "9bfc2e83ba6911eb2ecda0c2440d26837ff475325540aee965189be342abe7e4",
    "/app/data/settings.json": "124c1e25bafa2c95835387f0cf2203806cbe149667e144ac12dc201f82b8116b",
    "/app/data/stops.csv": "51c9cdebbd733215c0659319d85897ae6d83aaa5810939dc52eb9e342c6cb390",
    "/app/bin/departure_board.py": "34fb51ed3b567620cfe371a98ee5c2896520e17f28b3ff77fa2fb8a7e5d4e2e4",
}


# ------------------------------------------------------------------ reference (exhaustive search)


def load(data_dir):
    data_dir = Path(data_dir)
    with open(data_dir / "stops.csv", newline="", encoding="utf-8") as f:
        stops = {r["stop_id"]: r["name"] for r in csv.DictReader(f)}
    out = {s: [] for s in stops}
    with open(data_dir / "segments.csv", newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            out[r["from_stop"]].append((r["to_stop"], r["line"], int(r["minutes"])))
    closed = set()
    if (data_dir / "closures.txt").exists():
        for line in (data_dir / "closures.txt").read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                closed.add(line)
    transfer = json.loads((data_dir / "settings.json").read_text())["transfer_minutes"]
    return stops, out, closed, transfer


def expected(net, o, d):
    """'closed', None, or the journey dict; by enumerating every stop-simple journey."""
    stops, out, closed, transfer = net
    if o in closed or d in closed:
        return "closed"
    if o == d:
        return {"from": o, "to": d, "minutes": 0, "transfers": 0, "stops": [o], "legs": []}
    best = None

    def dfs(stop, seen, path):  # path: list of (from, to, line, minutes)
        nonlocal best
        if stop == d:
            lines = [p[2] for p in path]
            tr = sum(1 for a, b in zip(lines, lines[1:]) if a != b)
            key = (sum(p[3] for p in path) + tr * transfer, tr, [o] + [p[1] for p in path], lines)
            if best is None or key < best[0]:
                best = (key, list(path))
            return
        for nxt, line, m in out.get(stop, ()):
            if nxt in seen or nxt in closed:
                continue
            path.append((stop, nxt, line, m))
            dfs(nxt, seen | {nxt}, path)
            path.pop()

    dfs(o, {o}, [])
    if best is None:
        return None
    key, path = best
    legs = []
    for a, b, line, m in path:
        if legs and legs[-1]["line"] == line:
            legs[-1]["to"], legs[-1]["minutes"] = b, legs[-1]["minutes"] + m
        else:
            legs.append({"line": line, "from": a, "to": b, "minutes": m})
    return {"from": o, "to": d, "minutes": key[0], "transfers": key[1], "stops": key[2], "legs": legs}


# ------------------------------------------------------------------ helpers


def cli(*args):
    p = subprocess.run([sys.executable, str(ROUTE), *args], capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def cli_json(*args):
    rc, out, err = cli(*args)
    assert rc == 0, f"route.py {' '.join(args)} exited {rc}: {err.strip()[-400:]}"
    return json.loads(out)


def find_route():
    spec = importlib.util.spec_from_file_location("route_under_test", ROUTE)
    mod = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(ROUTE.parent))
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.path.remove(str(ROUTE.parent))
    return mod.find_route


def write_net(tmp, stops, segments, closures=None, transfer=4):
    tmp.mkdir(parents=True, exist_ok=True)
    with open(tmp / "stops.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["stop_id", "name"])
        w.writerows(stops.items() if isinstance(stops, dict) else [(s, f"Stop {s}") for s in stops])
    with open(tmp / "segments.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["from_stop", "to_stop", "line", "minutes"])
        w.writerows(segments)
    if closures is not None:
        (tmp / "closures.txt").write_text(closures)
    (tmp / "settings.json").write_text(json.dumps({"transfer_minutes": transfer, "note": "test"}))
    return tmp


def both_ways(*segs):
    return [s for a, b, line, m in segs for s in ((a, b, line, m), (b, a, line, m))]


# ------------------------------------------------------------------ the real network


@pytest.mark.parametrize("path", sorted(ORIGINAL))
def test_export_and_board_untouched(path):
    """/app/data is the nightly export from the planning system (CONTRIBUTING.md): nothing in it changes; neither does bin/departure_board.py."""
    assert Path(path).is_file(), f"{path} is missing"
    assert hashlib.sha256(Path(path).read_bytes()).hexdigest() == ORIGINAL[path], f"{path} was modified"


def test_every_pair_on_the_real_network():
    net = load(DATA)
    fr = find_route()
    wrong = []
    for o in sorted(net[0]):
        for d in sorted(net[0]):
            exp = expected(net, o, d)
            got = fr(o, d)
            if got != (None if exp == "closed" else exp):
                wrong.append(f"{o}->{d}: got {got}, expected {exp}")
    assert not wrong, f"{len(wrong)} wrong journeys, e.g.\n" + "\n".join(wrong[:5])


@pytest.mark.parametrize(
    "args,exp",
    [
        (("S01", "S20"), ("S01", "S20")),
        (("Central Station", "Northern Cemetery"), ("S01", "S24")),
        (("  market square, NORTH ", "st. anne's church"), ("S04", "S08")),
        (("S13", "Harbour Gate"), ("S13", "S02")),
        (("S23", "S21"), ("S23", "S21")),
        (("S07", "S06"), ("S07", "S06")),
    ],
)
def test_cli_on_the_real_network(args, exp):
    """On the real network the command line prints the expected journey: on success it exits 0 and prints one JSON object (from, to, minutes, transfers, stops, legs) on stdout."""
    net = load(DATA)
    assert cli_json(*args) == expected(net, *exp)


def test_cli_with_explicit_data_folder():
    net = load(DATA)
    assert cli_json("--data", "/app/data", "S16", "S09") == expected(net, "S16", "S09")


def test_same_stop():
    """When origin and destination are the same stop: minutes 0, transfers 0, stops [that stop], legs []."""
    assert cli_json("S05", "Market Square, South") == {
        "from": "S05", "to": "S05", "minutes": 0, "transfers": 0, "stops": ["S05"], "legs": []}


@pytest.mark.parametrize(
    "args,code",
    [(("S01", "S99"), 2), (("Nowhere Street", "S01"), 2), (("S01", "S11"), 3), (("S19", "S02"), 3),
     (("S01", "S22"), 1), (("Ferry Terminal", "S01"), 1)],
)
def test_cli_errors(args, code):
    rc, out, err = cli(*args)
    assert rc == code, f"route.py {args} exited {rc}, expected {code}"
    assert out.strip() == "", f"nothing may be printed on stdout on errors, got {out!r}"
    assert err.strip(), "an error needs a message on stderr"


def test_find_route_contract():
    """find_route(origin, destination, data_dir="/app/data") returns the same object as a Python dict, or None when there is no journey or the origin or destination is closed; an unknown stop raises KeyError."""
    fr = find_route()
    assert fr("S01", "S11") is None, "a closed destination gives None"
    assert fr("S19", "S01") is None, "a closed origin gives None"
    assert fr("S01", "S22") is None, "no journey gives None"
    with pytest.raises(KeyError):
        fr("S01", "Atlantis")
    net = load(DATA)
    assert fr("City Hall", " lakeview ", data_dir="/app/data") == expected(net, "S15", "S13")


# ------------------------------------------------------------------ fresh networks


def test_tie_smallest_stop_list(tmp_path):
    # Two 10-minute journeys on one line; the one through S02 must win although S09 is reached first.
    d = write_net(tmp_path, ["S01", "S02", "S09", "S30"],
                  [("S01", "S09", "A", 1), ("S09", "S30", "A", 9), ("S01", "S02", "A", 5), ("S02", "S30", "A", 5)])
    assert cli_json("--data", str(d), "S01", "S30")["stops"] == ["S01", "S02", "S30"]


def test_tie_smallest_stop_list_deeper(tmp_path):
    segs = [("S01", "S05", "A", 1), ("S05", "S06", "A", 1), ("S06", "S40", "A", 6),
            ("S01", "S03", "A", 4), ("S03", "S40", "A", 4), ("S01", "S04", "A", 2), ("S04", "S40", "A", 6)]
    d = write_net(tmp_path, ["S01", "S03", "S04", "S05", "S06", "S40"], segs)
    assert cli_json("--data", str(d), "S01", "S40")["stops"] == ["S01", "S03", "S40"]


def test_transfer_penalty_decides(tmp_path):
    segs = [("S01", "S02", "A", 3), ("S02", "S03", "B", 3), ("S01", "S03", "C", 9)]
    d = write_net(tmp_path / "p4", ["S01", "S02", "S03"], segs, transfer=4)
    r = cli_json("--data", str(d), "S01", "S03")
    assert (r["minutes"], r["transfers"], r["stops"]) == (9, 0, ["S01", "S03"])
    d = write_net(tmp_path / "p2", ["S01", "S02", "S03"], segs, transfer=2)
    r = cli_json("--data", str(d), "S01", "S03")
    assert (r["minutes"], r["transfers"], r["stops"]) == (8, 1, ["S01", "S02", "S03"])
    assert r["legs"] == [{"line": "A", "from": "S01", "to": "S02", "minutes": 3},
                         {"line": "B", "from": "S02", "to": "S03", "minutes": 3}]


def test_zero_penalty_still_prefers_fewer_transfers(tmp_path):
    segs = [("S01", "S02", "A", 2), ("S02", "S04", "B", 2), ("S01", "S03", "C", 2), ("S03", "S04", "C", 2)]
    d = write_net(tmp_path, ["S01", "S02", "S03", "S04"], segs, transfer=0)
    r = cli_json("--data", str(d), "S01", "S04")
    assert (r["minutes"], r["transfers"], r["stops"]) == (4, 0, ["S01", "S03", "S04"])


def test_parallel_lines_compared_as_strings(tmp_path):
    segs = [("S01", "S02", "7", 5), ("S01", "S02", "12", 5), ("S02", "S03", "7", 2), ("S02", "S03", "12", 2)]
    d = write_net(tmp_path, ["S01", "S02", "S03"], segs, transfer=1)
    r = cli_json("--data", str(d), "S01", "S03")
    assert r["legs"] == [{"line": "12", "from": "S01", "to": "S03", "minutes": 7}]
    assert r["transfers"] == 0 and r["minutes"] == 7


def test_segments_are_one_direction(tmp_path):
    d = write_net(tmp_path, ["S01", "S02"], [("S01", "S02", "A", 3)])
    assert cli_json("--data", str(d), "S01", "S02")["minutes"] == 3
    rc, out, _ = cli("--data", str(d), "S02", "S01")
    assert rc == 1 and out.strip() == ""


def test_closed_stop_in_between_is_avoided(tmp_path):
    segs = both_ways(("S01", "S02", "A", 1), ("S02", "S03", "A", 1), ("S01", "S04", "B", 10), ("S04", "S03", "B", 10))
    d = write_net(tmp_path, ["S01", "S02", "S03", "S04"], segs, closures="# roadworks\n\n  S02  \n", transfer=3)
    r = cli_json("--data", str(d), "S01", "S03")
    assert (r["minutes"], r["stops"]) == (20, ["S01", "S04", "S03"])
    rc, out, _ = cli("--data", str(d), "S02", "S03")
    assert rc == 3 and out.strip() == ""


def test_commented_closure_is_open_and_missing_file(tmp_path):
    segs = both_ways(("S01", "S02", "A", 1), ("S02", "S03", "A", 1))
    d = write_net(tmp_path / "c", ["S01", "S02", "S03"], segs, closures="#S02\n# S03\n")
    assert cli_json("--data", str(d), "S01", "S03")["stops"] == ["S01", "S02", "S03"]
    d = write_net(tmp_path / "n", ["S01", "S02", "S03"], segs, closures=None)
    assert cli_json("--data", str(d), "S03", "S01")["stops"] == ["S03", "S02", "S01"]


def test_legs_and_names(tmp_path):
    stops = {"S01": "Quay, West", "S02": "O'Neill Park", "S03": "Mill", "S04": "Dock 4"}
    segs = [("S01", "S02", "9", 2), ("S02", "S03", "9", 3), ("S03", "S04", "1", 4)]
    d = write_net(tmp_path, stops, segs, transfer=5)
    r = cli_json("--data", str(d), " quay, WEST", "dock 4 ")
    assert r == {"from": "S01", "to": "S04", "minutes": 14, "transfers": 1, "stops": ["S01", "S02", "S03", "S04"],
                 "legs": [{"line": "9", "from": "S01", "to": "S03", "minutes": 5},
                          {"line": "1", "from": "S03", "to": "S04", "minutes": 4}]}
    rc, out, _ = cli("--data", str(d), "Quay", "S04")
    assert rc == 2 and out.strip() == ""


def _random_net(rng, tmp):
    n = rng.randint(4, 8)
    ids = [f"S{i:02d}" for i in rng.sample(range(1, 40), n)]
    segs, seen = [], set()
    for _ in range(rng.randint(n, 3 * n)):
        a, b = rng.sample(ids, 2)
        line = rng.choice(["1", "2", "10", "A"])
        if (a, b, line) not in seen:
            seen.add((a, b, line))
            segs.append((a, b, line, rng.randint(1, 4)))
    closed = rng.sample(ids, rng.randint(0, 2))
    return write_net(tmp, ids, segs, closures="\n".join(closed) + "\n", transfer=rng.choice([0, 1, 2, 3, 5]))


def test_random_networks(tmp_path):
    """On 40 random networks find_route returns the fastest journey as defined (a reference): a journey is a sequence of segments, each starting where the previous one ended; a transfer happens between two consecutive segments on different lines; minutes are the segments' sum plus transfer_minutes per transfer; closed stops are never used; ties by fewer transfers, then the smaller stop list, then the smaller line list."""
    rng = random.Random(4711)
    fr = find_route()
    wrong = []
    for i in range(40):
        d = _random_net(rng, tmp_path / f"n{i}")
        net = load(d)
        for o in net[0]:
            for t in net[0]:
                exp = expected(net, o, t)
                got = fr(o, t, data_dir=str(d))
                if got != (None if exp == "closed" else exp):
                    wrong.append(f"net {i} {o}->{t}: got {got}, expected {exp}")
    assert not wrong, f"{len(wrong)} wrong journeys, e.g.\n" + "\n".join(wrong[:4])


def test_random_networks_cli(tmp_path):
    rng = random.Random(99)
    for i in range(6):
        d = _random_net(rng, tmp_path / f"n{i}")
        net = load(d)
        o, t = rng.sample(sorted(net[0]), 2)
        exp = expected(net, o, t)
        rc, out, _ = cli("--data", str(d), o, t)
        if exp == "closed":
            assert rc == 3 and out.strip() == ""
        elif exp is None:
            assert rc == 1 and out.strip() == ""
        else:
            assert rc == 0 and json.loads(out) == exp


# ------------------------------------------------------------------ the departure board


def test_departure_board():
    p = subprocess.run([sys.executable, str(BOARD)], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, f"departure_board.py failed: {p.stderr[-600:]}"
    net = load(DATA)
    names = net[0]
    lines = [f"Departures from {names['S01']}"]
    for dest in "S06 S12 S13 S20 S21 S22 S24".split():
        j = expected(net, "S01", dest)
        if j in (None, "closed"):
            lines.append(f"  {names[dest]:<24} no service")
        else:
            via = " > ".join(leg["line"] for leg in j["legs"])
            lines.append(f"  {names[dest]:<24} {j['minutes']:>3} min  {via}")
    assert p.stdout.splitlines() == lines
