"""Writes /app/logs/gateway.log: three hours of the gateway's own log (about 25 MB), deterministic."""
import random
from datetime import datetime, timedelta, timezone

rng = random.Random(7)
t = datetime(2024, 5, 14, 7, 0, 0, tzinfo=timezone.utc)
nodes = ["gw-eu-1", "gw-eu-2", "gw-eu-3"]
upstreams = ["items-svc", "cart-svc", "checkout-svc", "search-svc", "users-svc"]
needle_at = 131_072
with open("/app/logs/gateway.log", "w") as f:
    for i in range(260_000):
        t += timedelta(microseconds=rng.randint(20_000, 60_000))
        stamp = t.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
        node = rng.choice(nodes)
        if i == needle_at:
            f.write(f"{stamp} WARN node=gw-eu-3 clock skew check: access log timestamps on this node are "
                    "written in local time with their UTC offset (+02:00) since the 2024-05-13 upgrade; "
                    "the offsets are correct, convert them to UTC instead of stripping them (OPS-2291)\n")
            continue
        r = rng.random()
        if r < 0.93:
            up = rng.choice(upstreams)
            f.write(f"{stamp} INFO node={node} upstream={up} conn_pool active={rng.randint(1, 64)} "
                    f"idle={rng.randint(0, 32)} latency_ms={rng.randint(2, 480)}\n")
        elif r < 0.985:
            f.write(f"{stamp} DEBUG node={node} tls session resumed id={rng.getrandbits(64):016x}\n")
        else:
            up = rng.choice(upstreams)
            f.write(f"{stamp} WARN node={node} upstream={up} slow response latency_ms={rng.randint(800, 4000)}\n")
