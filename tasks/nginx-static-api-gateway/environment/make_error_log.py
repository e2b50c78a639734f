"""Write the retired front's error log, /var/log/nginx/legacy-error.log (deterministic, about 6 MB)."""
import random
import sys

rng = random.Random(20240618)
paths = ["/api/products", "/api/cart", "/api/orders", "/api/uploads/photos", "/api/search", "/assets/app.js"]
clients = [f"10.20.{rng.randrange(1, 40)}.{rng.randrange(2, 250)}" for _ in range(60)]
out = open(sys.argv[1], "w")
for i in range(26000):
    day = 10 + i * 8 // 26000
    sec = (i * 13) % 86400
    ts = f"2024/06/{day:02d} {sec // 3600:02d}:{sec % 3600 // 60:02d}:{sec % 60:02d}"
    pid, conn = 3120 + i % 4, 100000 + i
    client, path = rng.choice(clients), rng.choice(paths)
    if path == "/api/uploads/photos" and i % 97 == 5:
        size = rng.randrange(1_100_000, 9_800_000)
        out.write(f"{ts} [error] {pid}#{pid}: *{conn} client intended to send too large body: {size} bytes, "
                  f"client: {client}, server: _, request: \"POST {path} HTTP/1.1\", host: \"shop.lindqvist-outdoor.example\"\n")
    elif i % 41 == 0:
        out.write(f"{ts} [error] {pid}#{pid}: *{conn} connect() failed (111: Connection refused) while connecting to upstream, "
                  f"client: {client}, server: _, request: \"GET {path} HTTP/1.1\", upstream: \"http://127.0.0.1:9000{path}\", "
                  f"host: \"shop.lindqvist-outdoor.example\"\n")
    else:
        out.write(f"{ts} [info] {pid}#{pid}: *{conn} client {client} closed keepalive connection while reading "
                  f"request \"GET {path}?page={i % 9} HTTP/1.1\", upstream keepalive pool: 32, worker slot {i % 512}, "
                  f"host: \"shop.lindqvist-outdoor.example\"\n")
