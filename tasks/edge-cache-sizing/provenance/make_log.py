#!/usr/bin/env python3
"""Generate the edge server's access log (run with the task folder as the working directory)."""
import math
import random
from datetime import datetime, timedelta, timezone

rng = random.Random(2024_11_21)
N_OBJ = 4000
kinds = ["img", "js", "css", "video", "font", "api"]
objs = []
for i in range(N_OBJ):
    k = rng.choices(kinds, [50, 12, 6, 4, 3, 25])[0]
    ext = {"img": ".jpg", "js": ".js", "css": ".css", "video": ".mp4", "font": ".woff2", "api": ".json"}[k]
    med = {"img": 90e3, "js": 60e3, "css": 20e3, "video": 40e6, "font": 40e3, "api": 4e3}[k]
    size = max(200, int(rng.lognormvariate(math.log(med), 0.8)))
    objs.append([f"/static/{k}/{i:05d}{ext}" if k != "api" else f"/api/v2/items/{i:05d}.json", size])
weights = [1 / (r + 1) ** 0.9 for r in range(N_OBJ)]
rng.shuffle(objs)
agents = ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/119.0 Safari/537.36",
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
          "curl/7.88.1", "Googlebot/2.1 (+http://www.google.com/bot.html)"]
t = datetime(2024, 11, 21, 0, 0, 0, tzinfo=timezone(timedelta(hours=1)))
lines = []
for n in range(40000):
    t += timedelta(milliseconds=rng.randint(50, 2800))
    o = rng.choices(objs, weights)[0]
    path, size = o
    if rng.random() < 0.0008:  # a deploy replaced the object: new size from now on
        o[1] = size = max(200, int(size * rng.uniform(0.6, 1.5)))
    method, status, sent = "GET", 200, size
    r = rng.random()
    if r < 0.05:
        method, sent = "HEAD", 0
    elif r < 0.07:
        status, sent = 304, 0
    elif r < 0.085:
        status, sent = 404, 153
        path = path.replace("/static/", "/static/old/")
    elif r < 0.09:
        status, sent = 503, 0
    elif r < 0.092:
        method, status, sent = "POST", 405, 166
    elif r < 0.10:
        status, sent = 206, min(size, 1048576)  # a range request: not the whole object
    q = ""
    if rng.random() < 0.3:
        q = rng.choice(["?v=3.2.1", "?utm_source=newsletter", "?w=640", "?cb=" + str(rng.randint(1, 99999))])
    ip = f"{rng.randint(11, 223)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    lines.append(f'{ip} - - [{t.strftime("%d/%b/%Y:%H:%M:%S %z")}] "{method} {path}{q} HTTP/1.1" {status} {sent} '
                 f'"-" "{rng.choice(agents)}"')
    if rng.random() < 0.001:
        lines.append(f'{ip} - - [{t.strftime("%d/%b/%Y:%H:%M:%S %z")}] "\\x16\\x03\\x01\\x02\\x00\\x01" 400 157 "-" "-"')
import gzip
with gzip.GzipFile("environment/logs/edge-access.log.gz", "wb", mtime=0) as f:
    f.write(("\n".join(lines) + "\n").encode())
