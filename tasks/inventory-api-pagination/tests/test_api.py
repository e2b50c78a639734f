"""Verifier for inventory-api-pagination: GET /v1/items on a fresh database served by the agent's
server.py, the legacy endpoints, the nightly export and the untouched real data."""
import csv
import hashlib
import io
import json
import socket
import sqlite3
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

REAL_DB = Path("/app/data/inventory.db")
REAL_DB_SHA = "73d3c31078737812c36a5ef56dd765c09cc2b7f82a386ac9fd17d29248609a12"
REAL_EXPORT_SHA = "4fc216479b53734a3c39a99f617d78bd53a014ed80b2f2ce662d168100de3239"

NAMES = ["alpine stove", "Alpine Stove", "Bivvy bag", "bivvy Bag", "Canyon tent", "daypack 20", "Daypack 20",
         "Ember mug", "fjall tent", "Fjall Tent", "Granite harness", "headlamp", "Headlamp", "Ice axe", "juniper pot"]
CATS = ["Tents", "tents", "TENTS", "Cooking", "Packs", "Climbing"]
PRICES = [1995, 5, 1000, 24900, 1995, 123456, 5, 4500, 1000, 24900]


def fixture_rows():
    rows = []
    for i in range(1, 61):
        rows.append({"id": i, "sku": f"SKU-{i:03d}", "name": NAMES[(i * 7) % len(NAMES)], "category": CATS[i % len(CATS)],
                     "price_cents": PRICES[(i * 3) % len(PRICES)], "stock": 0 if i % 4 == 0 else i % 9 + 1})
    return rows


ROWS = fixture_rows()


def public(r):
    c = r["price_cents"]
    return {"id": r["id"], "sku": r["sku"], "name": r["name"], "category": r["category"],
            "price": f"{c // 100}.{c % 100:02d}", "stock": r["stock"]}


def expected(sort="id", category=None, in_stock=None):
    rows = [r for r in ROWS if (category is None or r["category"].lower() == category.lower())
            and (in_stock is None or (r["stock"] > 0) == (in_stock == "true"))]
    key = sort.lstrip("-")
    kf = {"id": lambda r: r["id"], "name": lambda r: r["name"].lower(), "price": lambda r: r["price_cents"]}[key]
    rows.sort(key=lambda r: r["id"])
    rows.sort(key=kf, reverse=sort.startswith("-"))  # stable: ties keep id ascending
    return rows


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@pytest.fixture(scope="session")
def base(tmp_path_factory):
    db = tmp_path_factory.mktemp("db") / "inventory test.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, sku TEXT UNIQUE NOT NULL, name TEXT NOT NULL, "
                 "category TEXT NOT NULL, price_cents INTEGER NOT NULL, stock INTEGER NOT NULL)")
    conn.executemany("INSERT INTO items VALUES (:id, :sku, :name, :category, :price_cents, :stock)", ROWS)
    conn.commit()
    conn.close()
    port = free_port()
    proc = subprocess.Popen(["python3", "/app/inventory/server.py", "--db", str(db), "--host", "127.0.0.1", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.time() + 30
    while time.time() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        assert proc.poll() is None, f"server.py exited: {proc.stderr.read().decode()[-1000:]}"
        time.sleep(0.1)
    else:
        raise AssertionError("server.py did not start listening")
    yield f"http://127.0.0.1:{port}", db
    proc.terminate()
    proc.wait(timeout=10)


def get(base, path):
    try:
        with urllib.request.urlopen(base[0] + path, timeout=20) as resp:
            return resp.status, resp.headers, resp.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def page(base, query):
    status, headers, body = get(base, "/v1/items" + ("?" + query if query else ""))
    assert status == 200, f"/v1/items?{query} answered {status}: {body[:300]!r}"
    assert (headers.get("Content-Type") or "").split(";")[0] == "application/json"
    return json.loads(body), headers


def links(headers):
    out = {}
    raw = headers.get("Link")
    if not raw:
        return out
    for part in raw.split(","):
        url, _, params = part.strip().partition(";")
        rel = params.strip()
        assert url.strip().startswith("<") and url.strip().endswith(">"), f"malformed Link header {raw!r}"
        assert rel.startswith("rel="), f"malformed Link header {raw!r}"
        target = urlsplit(url.strip()[1:-1])
        assert target.path == "/v1/items", f"link target {target.path!r}"
        out[rel[4:].strip('"')] = {k: v[-1] for k, v in parse_qs(target.query, keep_blank_values=True).items()} | {"__multi": [k for k, v in parse_qs(target.query).items() if len(v) > 1]}
    return out


def test_defaults(base):
    data, headers = page(base, "")
    assert data["total"] == 60 and data["limit"] == 25 and data["offset"] == 0, {k: v for k, v in data.items() if k != "items"}
    assert data["items"] == [public(r) for r in expected()[:25]]
    assert headers.get("X-Total-Count") == "60"
    ln = links(headers)
    assert set(ln) == {"next"}, f"links {ln}"
    assert ln["next"] == {"limit": "25", "offset": "25", "__multi": []}, ln["next"]


@pytest.mark.parametrize("sort", ["id", "-id", "name", "-name", "price", "-price"])
def test_sort_orders_and_ties(base, sort):
    """sort by id, name or price (price_cents), - for descending; name compares names case-insensitively; items that tie on the sort key are ordered by id ascending, for descending sorts too."""
    data, _ = page(base, f"sort={sort}&limit=100")
    got = [i["id"] for i in data["items"]]
    want = [r["id"] for r in expected(sort)]
    assert got == want, f"sort={sort}: got ids {got}, expected {want}"


def test_page_windows(base):
    data, headers = page(base, "limit=20&offset=40")
    assert [i["id"] for i in data["items"]] == list(range(41, 61))
    ln = links(headers)
    assert "next" not in ln, f"the last page (offset 40 + limit 20 = total 60) has a next link: {headers.get('Link')}"
    assert ln["prev"]["offset"] == "20" and ln["prev"]["limit"] == "20", ln

    data, headers = page(base, "limit=20&offset=39")
    assert [i["id"] for i in data["items"]] == list(range(40, 60))
    assert links(headers)["next"]["offset"] == "59"

    data, headers = page(base, "limit=20&offset=5")
    ln = links(headers)
    assert ln["prev"]["offset"] == "0" and ln["next"]["offset"] == "25", ln

    for offset, prev in ((60, "40"), (1000, "980")):
        data, headers = page(base, f"limit=20&offset={offset}")
        assert data["items"] == [] and data["total"] == 60 and data["offset"] == offset
        ln = links(headers)
        assert set(ln) == {"prev"} and ln["prev"]["offset"] == prev, (offset, headers.get("Link"))


def test_limit_bounds(base):
    data, _ = page(base, "limit=1")
    assert len(data["items"]) == 1 and data["limit"] == 1
    data, headers = page(base, "limit=100")
    assert len(data["items"]) == 60 and data["limit"] == 100 and not links(headers)


def test_filters(base):
    for value in ("tents", "TENTS", "Tents"):
        data, headers = page(base, f"category={value}&limit=100")
        want = expected(category="tents")
        assert data["total"] == len(want) == int(headers.get("X-Total-Count")), (value, data["total"])
        assert [i["id"] for i in data["items"]] == [r["id"] for r in want]
        assert {i["category"] for i in data["items"]} == {"Tents", "tents", "TENTS"}, "categories must be returned as stored"
    for flag in ("true", "false"):
        data, _ = page(base, f"in_stock={flag}&limit=100")
        assert [i["id"] for i in data["items"]] == [r["id"] for r in expected(in_stock=flag)], flag
    data, headers = page(base, "category=cooking&in_stock=true&sort=-price&limit=3&offset=1")
    want = expected("-price", "cooking", "true")
    assert data["total"] == len(want) and [i["id"] for i in data["items"]] == [r["id"] for r in want[1:4]]


def test_links_carry_the_request_parameters(base):
    data, headers = page(base, "sort=-price&category=TENTS&in_stock=true&limit=2&offset=2&colour=green")
    ln = links(headers)
    total = len(expected("-price", "TENTS", "true"))
    assert data["total"] == total
    assert ln["next"] == {"limit": "2", "offset": "4", "sort": "-price", "category": "TENTS", "in_stock": "true", "__multi": []}, ln["next"]
    assert ln["prev"] == {"limit": "2", "offset": "0", "sort": "-price", "category": "TENTS", "in_stock": "true", "__multi": []}, ln["prev"]
    data, headers = page(base, "limit=10&offset=10")
    for link in links(headers).values():
        assert set(link) == {"limit", "offset", "__multi"}, f"a request without filters got links with {link}"


@pytest.mark.parametrize("query,param", [
    ("limit=0", "limit"), ("limit=101", "limit"), ("limit=abc", "limit"), ("limit=-1", "limit"), ("limit=1.5", "limit"),
    ("limit=", "limit"), ("offset=-1", "offset"), ("offset=x", "offset"), ("sort=weight", "sort"), ("sort=-", "sort"),
    ("sort=--price", "sort"), ("in_stock=yes", "in_stock"), ("in_stock=", "in_stock"), ("category=", "category"),
])
def test_invalid_parameters(base, query, param):
    status, headers, body = get(base, f"/v1/items?{query}")
    assert status == 400, f"?{query} answered {status}"
    data = json.loads(body)
    assert isinstance(data, dict) and isinstance(data.get("error"), str), body
    assert data["error"].startswith(param), f"?{query}: error {data['error']!r} does not start with {param!r}"


def test_item_format(base):
    data, _ = page(base, "limit=100")
    by_id = {i["id"]: i for i in data["items"]}
    assert by_id == {r["id"]: public(r) for r in ROWS}
    prices = {i["price"] for i in data["items"]}
    assert {"0.05", "10.00", "1234.56", "19.95"} <= prices, sorted(prices)


def test_legacy_endpoints_unchanged(base):
    status, _, body = get(base, "/items")
    assert status == 200 and json.loads(body) == ROWS, "GET /items changed"
    status, _, body = get(base, "/items/7")
    assert status == 200 and json.loads(body) == ROWS[6]
    status, _, body = get(base, "/items/999")
    assert status == 404 and json.loads(body) == {"error": "item not found"}


def test_nightly_export_unchanged(base, tmp_path):
    proc = subprocess.run(["python3", "/app/tools/export_csv.py"], capture_output=True, timeout=60)
    assert proc.returncode == 0, proc.stderr.decode()[-1000:]
    assert hashlib.sha256(proc.stdout).hexdigest() == REAL_EXPORT_SHA, "the nightly export's output changed"
    out = tmp_path / "export.csv"
    proc = subprocess.run(["python3", "/app/tools/export_csv.py", "--db", str(base[1]), "--out", str(out)], capture_output=True, timeout=60)
    assert proc.returncode == 0, proc.stderr.decode()[-1000:]
    rows = list(csv.reader(io.StringIO(out.read_text())))
    assert rows[0] == ["sku", "name", "category", "price", "stock"]
    assert rows[1:] == [[r["sku"], r["name"], r["category"], public(r)["price"], str(r["stock"])] for r in ROWS]


def test_real_data_unchanged():
    """Don't change /app/data/inventory.db: not its data, not its schema (no new indexes or tables)."""
    assert hashlib.sha256(REAL_DB.read_bytes()).hexdigest() == REAL_DB_SHA, "/app/data/inventory.db was modified"
