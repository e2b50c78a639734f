"""LRU cache sizing from the edge server's access log: the simulation table and the recommended capacity."""

import gzip
import hashlib
import re
from collections import OrderedDict
from pathlib import Path

LOG = Path("/app/logs/edge-access.log.gz")
OUT = Path("/app/out")
HERE = Path(__file__).parent
CAPACITIES = [64, 128, 256, 512, 1024, 2048]
REQUEST = re.compile(r'^\S+ \S+ \S+ \[[^\]]+\] "(\S+) (\S+) HTTP/[\d.]+" (\d{3}) (\d+) ')


def cacheable() -> list[tuple[str, int]]:
    """GET requests answered 200 (HEAD, 206 ranges, 304, errors and garbage lines are not), keyed by path without the query."""
    out = []
    for line in gzip.open(LOG, "rt"):
        m = REQUEST.match(line)
        if m and m.group(1) == "GET" and m.group(3) == "200":
            out.append((m.group(2).split("?", 1)[0], int(m.group(4))))
    return out


def simulate(reqs: list[tuple[str, int]], mib: int, same_size: bool = True) -> str:
    """LRU by bytes; a hit needs the same key at the same size (another size is a new version: a miss that replaces it)."""
    cap, cache, used, hits, hit_bytes = mib * 1048576, OrderedDict(), 0, 0, 0
    for key, size in reqs:
        if (cache.get(key) == size) if same_size else (key in cache):
            hits, hit_bytes = hits + 1, hit_bytes + size
            cache.move_to_end(key)
            continue
        if key in cache:
            used -= cache.pop(key)
        if size > cap:
            continue
        while used + size > cap:
            used -= cache.popitem(last=False)[1]
        cache[key] = size
        used += size
    total_bytes = sum(s for _, s in reqs)
    return f"{mib},{len(reqs)},{hits},{hits / len(reqs):.4f},{hit_bytes / total_bytes:.4f}"


REQS = cacheable()
REQS_WITH_QUERY = [
    (m.group(2), int(m.group(4)))
    for m in map(REQUEST.match, gzip.open(LOG, "rt"))
    if m and m.group(1) == "GET" and m.group(3) == "200"
]
ROWS = [simulate(REQS, mib) for mib in CAPACITIES]


def table() -> list[str]:
    p = OUT / "lru.csv"
    assert p.is_file(), "/app/out/lru.csv is missing"
    return p.read_text().splitlines()


def test_log_left_as_it_was() -> None:
    want = dict(reversed(line.split("  ", 1)) for line in (HERE / "logs.sha256").read_text().splitlines())
    assert {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in LOG.parent.iterdir()} == want


def test_table_header_and_capacities() -> None:
    lines = table()
    assert lines[0] == "capacity_mib,requests,hits,hit_ratio,byte_hit_ratio"
    assert [line.split(",")[0] for line in lines[1:]] == [str(c) for c in CAPACITIES]


def test_cacheable_requests_counted() -> None:
    # GET 200 only: HEAD, 206 range answers, 304, 4xx/5xx and the TLS garbage lines are not cacheable requests
    assert {line.split(",")[1] for line in table()[1:]} == {str(len(REQS))}


def test_hits_per_capacity() -> None:
    got = [line.split(",")[2] for line in table()[1:]]
    want = [row.split(",")[2] for row in ROWS]
    assert got == want, "hits differ: query strings stripped from the key? a new size is a miss? LRU by bytes?"


def hits(rows: list[str]) -> list[str]:
    return [row.split(",")[2] for row in rows]


def test_cache_key_is_the_path_without_the_query_string() -> None:
    """The cache key: the request path without the query string (?cb=, ?v=, ?w= variants are one object)."""
    with_query = [simulate([(k, s) for k, s in REQS_WITH_QUERY], mib) for mib in CAPACITIES]
    assert hits(table()[1:]) == hits(ROWS) != hits(with_query)


def test_a_new_version_with_another_size_is_a_miss() -> None:
    """Otherwise it is a miss: an entry of that key with another size (a new version of the object) is removed."""
    by_key_only = [simulate(REQS, mib, same_size=False) for mib in CAPACITIES]
    assert hits(table()[1:]) == hits(ROWS) != hits(by_key_only)


def test_an_object_larger_than_the_whole_cache_is_never_inserted() -> None:
    """An object larger than the whole cache is never inserted and evicts nothing (videos over 64 MiB)."""
    assert any(s > 64 * 1048576 for _, s in REQS)
    assert table()[1].split(",")[:3] == ROWS[0].split(",")[:3]


def test_ratios_with_four_decimals() -> None:
    assert table()[1:] == ROWS


def test_recommendation() -> None:
    p = OUT / "recommendation.txt"
    assert p.is_file(), "/app/out/recommendation.txt is missing"
    first = next((row.split(",")[0] for row in ROWS if float(row.split(",")[3]) >= 0.5), "none")
    assert p.read_text().strip() == first
