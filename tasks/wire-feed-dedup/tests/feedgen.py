#!/usr/bin/env python3
"""Generate a week of scraped wire-service articles, with the mess of a real scrape.

usage: feedgen.py OUT_DIR [--seed N] [--stories N] [--late SPOOL_DIR]

Stories are pseudo-text; each story may come back as syndicated copies: wrapped in HTML with
entities, lightly edited, with a syndication footer, re-encoded as Windows-1252, stamped in
another time zone, updated with a new paragraph, or sharing only the headline.
"""
import argparse
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

HERE = Path(__file__).parent
WORDS = (HERE / "words.txt").read_text().split()
NEWS = (
    "council minister port strike union talks harbour ferry freight tariff budget vote mayor "
    "police court ruling storm flood bridge rail airport grid power prices fuel exports shipyard "
    "hospital school strike pension wages inflation bank rates market shares profit quarter "
    "fishing quota wind farm turbine coast guard election coalition parliament protest"
).split()
PLACES = ["Zürich", "Müller", "Malmö", "Göteborg", "Århus", "Besançon", "São", "Tromsø", "Kärnten",
          "Jönköping", "Düsseldorf", "Lübeck", "Saarbrücken", "Gävle", "Ærø", "Växjö"]
SOURCES = {"nordwire": "NordWire", "baltpress": "BaltPress", "rheinnews": "RheinNews"}
FOOTERS = [
    "Distributed by {src}. All rights reserved. Reproduction without a syndication licence is prohibited.",
    "© 2026 {src}. Redistribution, rewriting or broadcast without prior written consent is not permitted.",
]
WEEK = datetime(2026, 11, 23, 0, 0, tzinfo=timezone.utc)


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.counter = {k: self.r.randrange(1000, 3000) for k in SOURCES}

    def name(self, src):
        self.counter[src] += self.r.randrange(1, 4)
        return f"{src}-{self.counter[src]:05d}.txt"

    def word(self, accents):
        x = self.r.random()
        if accents and x < 0.12:
            return self.r.choice(PLACES)
        if x < 0.30:
            return self.r.choice(NEWS)
        return self.r.choice(WORDS)

    def sentence(self, accents):
        ws = [self.word(accents) for _ in range(self.r.randrange(7, 17))]
        if self.r.random() < 0.3:
            ws.insert(self.r.randrange(1, len(ws)), "&")
        if self.r.random() < 0.3:
            i = self.r.randrange(len(ws))
            ws[i] = ws[i] + "’s"
        s = " ".join(ws)
        return s[0].upper() + s[1:] + self.r.choice([".", ".", ".", "?", "!"])

    def body(self, words_target, accents=False):
        paras, n = [], 0
        while n < words_target:
            para = []
            for _ in range(self.r.randrange(2, 5)):
                s = self.sentence(accents)
                para.append(s)
                n += len(s.split())
            paras.append(para)
        return paras

    def headline(self):
        ws = [self.r.choice(NEWS)] + [self.word(False) for _ in range(self.r.randrange(3, 7))]
        return " ".join(ws).capitalize()

    def when(self):
        return WEEK + timedelta(minutes=self.r.randrange(0, 7 * 24 * 60))


def stamp(t, offset_h=0):
    if offset_h == 0:
        return t.strftime("%Y-%m-%dT%H:%M:%SZ")
    tz = timezone(timedelta(hours=offset_h))
    return t.astimezone(tz).isoformat()


def plain(paras):
    return "\n\n".join(" ".join(p) for p in paras)


def html(paras):
    out = []
    for p in paras:
        txt = "<br/>\n".join(s.replace("&", "&amp;").replace("’", "&#8217;") for s in p)
        out.append("<p>" + txt + "</p>")
    return "\n".join(out)


def _sh(paras):
    w = "".join(c if c.isalnum() else " " for c in plain(paras).lower()).split()
    return {" ".join(w[i:i + 5]) for i in range(len(w) - 4)}


def _j(a, b):
    x, y = _sh(a), _sh(b)
    return len(x & y) / len(x | y)


def edit(g, paras, lo=0.86, hi=0.93, far_from=None):
    """Replace a few words, far apart, by news words (sometimes two words for one), until the
    copy's Jaccard with the original lies in [lo, hi] (and below 0.79 to far_from, if given)."""
    flat = [(i, j, k) for i, p in enumerate(paras) for j, s in enumerate(p) for k in range(len(s.split()))]
    for attempt in range(2000):
        n_edits = g.r.randrange(1, 5)
        spots = sorted(g.r.sample(range(len(flat)), n_edits))
        if any(b - a < 6 for a, b in zip(spots, spots[1:])):
            continue
        new = [[s.split() for s in p] for p in paras]
        for e in spots:
            i, j, k = flat[e]
            new[i][j][k] = g.r.choice(NEWS) + (" " + g.r.choice(NEWS) if g.r.random() < 0.5 else "")
        out = [[" ".join(s) for s in p] for p in new]
        if lo <= _j(paras, out) <= hi and (far_from is None or _j(far_from, out) < 0.79):
            return out
    raise SystemExit("feedgen: could not make an edited copy")


def render(title, src, published, body, crlf=False, bom=False, order=None):
    heads = [f"Title: {title}", f"Source: {SOURCES[src]}", f"Published: {published}"]
    if order:
        heads = [heads[i] for i in order]
    text = "\n".join(heads) + "\n\n" + body + "\n"
    if crlf:
        text = text.replace("\n", "\r\n")
    return ("\ufeff" if bom else "") + text


def generate(out, seed, stories):
    """Write the feed; return {file name: story id} (copies of one story share its id)."""
    g = Gen(seed)
    out.mkdir(parents=True, exist_ok=True)
    story_of = {}

    def put(name, text, story, enc="utf-8"):
        (out / name).write_bytes(text.encode(enc))
        story_of[name] = story

    srcs = list(SOURCES)
    for sid in range(stories):
        kind = g.r.choices(
            ["single", "html", "edit", "chain", "footer", "cp1252", "tz", "update", "headline", "short", "empty"],
            [52, 8, 8, 4, 5, 5, 5, 5, 3, 2, 3],
        )[0]
        src = g.r.choice(srcs)
        title = g.headline()
        t0 = g.when()
        order = g.r.choice([None, None, (2, 0, 1), (0, 2, 1)])
        crlf = g.r.random() < 0.15
        if kind == "empty":
            put(g.name(src), render(title, src, stamp(t0), g.r.choice(["", "<p>&nbsp;</p>", "<p></p>\n<br/>"])), f"s{sid}a")
            if g.r.random() < 0.5:
                put(g.name(g.r.choice(srcs)), render(title, src, stamp(t0 + timedelta(minutes=3)), ""), f"s{sid}b")
            continue
        if kind == "short":
            txt = g.r.choice(["Correction to follow.", "Story withdrawn.", "Embargoed until further notice.", "Developing story"])
            put(g.name(src), render(title, src, stamp(t0), txt), f"s{sid}")
            put(g.name(g.r.choice(srcs)), render(title, src, stamp(t0 + timedelta(minutes=9)), "<p>" + txt.upper() + "</p>"), f"s{sid}")
            continue
        size = g.r.randrange(35, 55) if kind == "footer" else g.r.randrange(90, 260)
        paras = g.body(size, accents=(kind == "cp1252"))
        if kind == "cp1252":
            # cp1252 cannot hold every typographic character: keep it to what it can
            paras = [[s.replace("’", "'") for s in p] for p in paras]
        put(g.name(src), render(title, src, stamp(t0), plain(paras), crlf=crlf, order=order), f"s{sid}")
        if kind == "single":
            continue
        other = g.r.choice([s for s in srcs if s != src])
        if kind == "html":
            # syndicated at the same minute: equal time, equal words: the smaller name is kept
            put(g.name(other), render(title, other, stamp(t0), html(paras), bom=g.r.random() < 0.5, order=(2, 0, 1)), f"s{sid}")
        elif kind == "edit":
            # an edited copy stamped at the same time, one word longer or shorter
            put(g.name(other), render(title, other, stamp(t0), plain(edit(g, paras))), f"s{sid}")
        elif kind == "chain":
            b = edit(g, paras, 0.86, 0.875)
            c = edit(g, b, 0.86, 0.875, far_from=paras)
            put(g.name(other), render(title, other, stamp(t0 + timedelta(minutes=20)), plain(b)), f"s{sid}")
            put(g.name(src), render(title, src, stamp(t0 + timedelta(minutes=45), 1), html(c)), f"s{sid}")
        elif kind == "footer":
            foot = g.r.choice(FOOTERS).format(src=SOURCES[other])
            put(g.name(other), render(title, other, stamp(t0 + timedelta(minutes=30)), plain(paras) + "\n\n" + foot, crlf=True), f"s{sid}")
        elif kind == "cp1252":
            put(g.name(other), render(title, other, stamp(t0 + timedelta(minutes=15), 1), plain(paras), crlf=True), f"s{sid}", enc="cp1252")
        elif kind == "tz":
            # published 10 minutes EARLIER than the original, written in +01:00 or +02:00: later as a string
            put(g.name(other), render(title, other, stamp(t0 - timedelta(minutes=10), g.r.choice([1, 2])), html(paras)), f"s{sid}")
        elif kind == "update":
            extra = g.body(int(size * 0.6))
            put(g.name(src), render(title + " (updated)", src, stamp(t0 + timedelta(hours=2)), plain(paras + extra)), f"u{sid}")
        elif kind == "headline":
            put(g.name(other), render(title, other, stamp(t0 + timedelta(minutes=5)), plain(g.body(size))), f"h{sid}")
    return story_of


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=23)
    ap.add_argument("--stories", type=int, default=1900)
    ap.add_argument("--late", help="also write a late batch (syndicated copies and new stories) here")
    a = ap.parse_args()
    generate(Path(a.out), a.seed, a.stories)
    if a.late:
        late = Path(a.late)
        late.mkdir(parents=True, exist_ok=True)
        g = Gen(a.seed + 1000)
        g.counter = {k: 9000 for k in SOURCES}
        feed = sorted(Path(a.out).iterdir())
        for k in range(30):
            src = g.r.choice(list(SOURCES))
            if k % 3 == 0:
                # a late syndicated copy of an article already in the feed, as HTML
                try:
                    orig = feed[g.r.randrange(len(feed))].read_bytes().decode("utf-8").lstrip("\ufeff")
                except UnicodeDecodeError:
                    continue
                head, _, body = orig.replace("\r\n", "\n").partition("\n\n")
                if len(body.split()) < 40 or "Distributed by" in body or "©" in body:
                    continue
                paras = [[body.strip().replace("\n", " ")]]
                title = head.split("\n")[0].removeprefix("Title: ")
                text = render(title, src, stamp(WEEK + timedelta(days=7, minutes=k)), html(paras))
            else:
                text = render(g.headline(), src, stamp(WEEK + timedelta(days=7, minutes=k)), plain(g.body(g.r.randrange(90, 200))))
            (late / g.name(src)).write_bytes(text.encode("utf-8"))


if __name__ == "__main__":
    main()
