"""Legacy text exports in known encodings, and what a correct conversion makes of each.

`python3 gen_exports.py SEED DIR` writes one set of exports into DIR; the verifier imports
`exports(seed)` and knows, for every file, its bytes, its encoding and line-ending labels and the
converted bytes (None for a file that must be refused). Seed 2009 made /app/incoming.
"""

import random
import sys
import unicodedata
from pathlib import Path

FIRST = ["Jürgen", "Renée", "Søren", "Anaïs", "Björn", "Zoë", "François", "Mónica", "Käthe", "Loïc",
         "Jörg", "Ingrid", "Hélène", "Paul", "Maëlle", "Uwe", "Inés", "Günther", "Agnès", "Tobias"]
LAST = ["Müller", "Schäfer", "Großmann", "Lefèvre", "Nuñez", "Weiß", "Dubois", "Köhler", "Brandão",
        "Fischer", "Gärtner", "Béranger", "Hoffmann", "Jäger", "Peña", "Wagner", "Döring", "Garçon"]
TOWNS = ["Köln", "München", "Zürich", "Genève", "Düsseldorf", "Besançon", "Nürnberg", "Orléans",
         "Lübeck", "Málaga", "Göttingen", "Saint-Étienne", "Graz", "Bregenz"]
NOTES = ["Rückruf erbeten", "Lieferung über Spedition", "Rechnung per Post", "Stammkunde seit 1998",
         "Adresse geändert", "préfère le téléphone", "Zahlung in bar", "bitte nur vormittags"]
PRODUCTS = ["Kaffeemühle", "Crème brûlée Set", "Gießkanne", "Häkelnadel", "Räucherofen", "Käsereibe",
            "Blumentopf", "Nußknacker", "Glühweinbecher", "Schürze", "Tischdecke Provençal"]
SMART = ["„Neu“ im Sortiment – jetzt für nur {p} €", "Wir sagen “Danke” – {p} € Rabatt…",
         "Ihr ‘Stammkunden’-Vorteil: {p} € – gültig bis Monatsende", "Öffnungszeiten – Mo–Fr 9–18 Uhr",
         "Unser Tipp: „Winterzauber“ für {p} €…", "Versand frei ab {p} € – ‘versprochen’"]
SUBS = ["♪ Leise rieselt der Schnee ♪", "Wo ist die Straße nach Köln?", "Ich weiß es nicht.",
        "Das Café öffnet um acht.", "Übermorgen fahren wir los.", "« Attends-moi ! »", "Où es-tu ?",
        "Ça va très bien, merci.", "♪ Musik ♪", "Grüß Gott!", "Das ist nicht fair…", "Noël approche."]
# Words whose UTF-8 bytes, read as Windows-1252, stay defined there (no 0x81 0x8D 0x8F 0x90 0x9D).
WIKI = ["Café", "Müsli", "Größe", "naïve", "Crème", "Ärger", "façade", "Übersicht", "déjà vu",
        "Straße", "Bücher", "Köln", "Zürich", "Fußgängerzone", "señor", "Öl", "it’s", "„Zitat“"]
MAC = ["Einkaufsliste für Samstag", "Äpfel, Birnen, Müsli", "Geschenk für Zoë", "Rückgabe Bücherei",
       "Termin Zahnärztin Dr. Böhm", "Crème fraîche nicht vergessen", "Anruf bei Hélène", "Fön reparieren"]
ASCII = ["Release checklist", "1. Export the tables", "2. Copy the files to the share",
         "3. Tell the archive team", "Contact: ops@example.org", "Last run: 2011-04-02"]


def crlf(lines, end=True):
    return "\r\n".join(lines) + ("\r\n" if end else "")


def lf(lines, end=True):
    return "\n".join(lines) + ("\n" if end else "")


def cr(lines, end=True):
    return "\r".join(lines) + ("\r" if end else "")


def is_utf8(data):
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def mixed_lines(data):
    """True when some line of the (not UTF-8) data is valid UTF-8 and not plain ASCII."""
    return any(is_utf8(line) and max(line, default=0) >= 0x80 for line in data.replace(b"\r", b"\n").split(b"\n"))


def expected_output(text, name):
    """What a correct conversion writes for TEXT (already decoded, BOM removed)."""
    text = unicodedata.normalize("NFC", text)
    lines = text.replace("\r\n", "\n").replace("\r", "\n")
    if lines and not lines.endswith("\n"):
        lines += "\n"
    if name.endswith(".csv"):
        lines = lines.replace("\n", "\r\n")
    return lines.encode("utf-8")


def endings(text):
    kinds = set()
    rest = text.replace("\r\n", "")
    if "\r\n" in text:
        kinds.add("crlf")
    if "\r" in rest:
        kinds.add("cr")
    if "\n" in rest:
        kinds.add("lf")
    if not kinds:
        return "none"
    return kinds.pop() if len(kinds) == 1 else "mixed"


class Export:
    """One file: its bytes and the conversion's expected manifest row and output."""

    def __init__(self, name, raw, encoding, text=None):
        self.name, self.raw, self.encoding = name, raw, encoding
        if text is None:  # refused
            self.line_endings, self.output, self.action = "-", None, "refused"
        else:
            self.line_endings = endings(text)
            self.output = expected_output(text, name)
            self.action = "unchanged" if self.output == raw else "converted"

    def row(self):
        return [self.name, self.encoding, self.line_endings, self.action]


def exports(seed):
    """The exports of one seed, as a list of Export, sorted by name."""
    rnd = random.Random(seed)
    out = []

    def person():
        return f"{rnd.choice(FIRST)} {rnd.choice(LAST)}"

    # latin-1, CRLF: the CRM's contact export (no byte in 0x80-0x9F).
    rows = ["kundennr;name;ort;notiz"]
    for i in range(rnd.randint(180, 260)):
        rows.append(f"{10000 + i * 7};{person()};{rnd.choice(TOWNS)};{rnd.choice(NOTES)}")
    text = crlf(rows)
    out.append(Export(rnd.choice(["crm-contacts.csv", "kunden export.csv"]), text.encode("latin-1"), "latin-1", text))

    # latin-1, LF, no final line break: shelf labels.
    text = lf([f"{rnd.choice(PRODUCTS)} - Regal {rnd.randint(1, 40)} - {rnd.choice(TOWNS)}" for _ in range(rnd.randint(30, 60))], end=False)
    out.append(Export(rnd.choice(["labels.txt", "shelf labels.txt"]), text.encode("latin-1"), "latin-1", text))

    # Windows-1252 with smart quotes, euro signs and dashes, CRLF: the old newsletter tool.
    paras = []
    for _ in range(rnd.randint(40, 70)):
        paras.append(rnd.choice(SMART).format(p=f"{rnd.randint(2, 99)},{rnd.randint(0, 99):02d}"))
        if rnd.random() < 0.3:
            paras.append("")
    text = crlf(paras)
    out.append(Export(rnd.choice(["newsletter-2009.txt", "newsletter archive.txt"]), text.encode("cp1252"), "cp1252", text))

    # UTF-8 with BOM, CRLF: the shop's product CSV.
    rows = ["sku,name,price_eur"] + [f"SKU-{rnd.randint(1000, 9999)},{rnd.choice(PRODUCTS)},{rnd.randint(1, 300)}.{rnd.randint(0, 99):02d}" for _ in range(rnd.randint(60, 120))]
    text = crlf(rows)
    out.append(Export(rnd.choice(["shop-products.csv", "products.csv"]), b"\xef\xbb\xbf" + text.encode("utf-8"), "utf-8-bom", text))

    # UTF-16 LE with BOM, CRLF: subtitles from the DVD authoring tool (long).
    def srt(n):
        cues = []
        for i in range(1, n + 1):
            s = i * 4
            cues += [str(i), f"00:{s // 60 % 60:02d}:{s % 60:02d},000 --> 00:{(s + 3) // 60 % 60:02d}:{(s + 3) % 60:02d},500", rnd.choice(SUBS), ""]
        return cues

    text = crlf(srt(rnd.randint(700, 900)))
    out.append(Export(rnd.choice(["subtitles-de.srt", "film de.srt"]), b"\xff\xfe" + text.encode("utf-16-le"), "utf-16le", text))

    # UTF-16 BE with BOM, LF.
    text = lf(srt(rnd.randint(40, 80)))
    out.append(Export(rnd.choice(["subtitles-fr.srt", "film fr.srt"]), b"\xfe\xff" + text.encode("utf-16-be"), "utf-16be", text))

    # UTF-8 read as Windows-1252 and saved as UTF-8 again, LF: the wiki dump.
    lines = [" ".join(rnd.choice(WIKI) for _ in range(rnd.randint(3, 9))) for _ in range(rnd.randint(50, 90))]
    text = lf(lines)
    raw = text.encode("utf-8").decode("cp1252").encode("utf-8")
    out.append(Export(rnd.choice(["wiki-export.txt", "wiki dump.txt"]), raw, "utf-8-double", text))

    # UTF-8 in NFD with classic Mac CR line ends: notes from an old Mac.
    text = unicodedata.normalize("NFD", cr([rnd.choice(MAC) for _ in range(rnd.randint(20, 40))]))
    out.append(Export(rnd.choice(["mac-notes.txt", "notizen mac.txt"]), text.encode("utf-8"), "utf-8", text))

    # UTF-8 CSV with CRLF and LF mixed (someone edited it on Linux).
    rows = ["sku,price_eur,note"] + [f"SKU-{rnd.randint(1000, 9999)},{rnd.randint(1, 90)}.{rnd.randint(0, 99):02d},{rnd.choice(NOTES)}" for _ in range(rnd.randint(40, 80))]
    text = "".join(r + rnd.choice(["\r\n", "\n"]) for r in rows)
    if "\r\n" not in text or "\n" not in text.replace("\r\n", ""):
        text = rows[0] + "\r\n" + rows[1] + "\n" + "".join(r + "\n" for r in rows[2:])
    out.append(Export(rnd.choice(["price-list.csv", "preise.csv"]), text.encode("utf-8"), "utf-8", text))

    # UTF-8 CSV, LF: gets CRLF.
    rows = ["ort,kunden"] + [f"{t},{rnd.randint(1, 400)}" for t in TOWNS]
    text = lf(rows)
    out.append(Export(rnd.choice(["towns.csv", "orte.csv"]), text.encode("utf-8"), "utf-8", text))

    # Already clean: ASCII and UTF-8 NFC, LF, final line break.
    text = lf(ASCII[: rnd.randint(3, len(ASCII))])
    out.append(Export(rnd.choice(["README.txt", "readme.txt"]), text.encode("ascii"), "ascii", text))
    text = lf([f"{person()} → {rnd.choice(TOWNS)}" for _ in range(rnd.randint(10, 20))])
    out.append(Export(rnd.choice(["handover.md", "übergabe.md"]), text.encode("utf-8"), "utf-8", text))

    # An empty export.
    out.append(Export(rnd.choice(["empty.txt", "leer.txt"]), b"", "ascii", ""))

    # Mixed: a UTF-8 log that a Latin-1 system appended to. Undecidable.
    lines = []
    for i in range(rnd.randint(30, 50)):
        line = f"2011-03-{1 + i % 28:02d} Lager {rnd.choice(TOWNS)}: {rnd.choice(PRODUCTS)}"
        lines.append(line.encode("utf-8") if i % 3 else line.encode("latin-1"))
    raw = b"\n".join(lines) + b"\n"
    out.append(Export(rnd.choice(["warehouse-log.txt", "lager log.txt"]), raw, "unknown"))

    # Binary: a scanner dump with NUL bytes and no BOM. Undecidable.
    raw = b"SCN1\x00\x00\x01" + bytes(rnd.randrange(256) for _ in range(300)) + b"\x00Kassenbon M\xfcller\x00"
    out.append(Export(rnd.choice(["scanner-dump.dat", "scan 0042.dat"]), raw, "unknown"))

    out.sort(key=lambda e: e.name.encode("utf-8"))
    for e in out:  # the data has to be what its label says
        if e.encoding in ("latin-1", "cp1252"):
            assert not is_utf8(e.raw) and not mixed_lines(e.raw), e.name
            assert any(0x80 <= b <= 0x9F for b in e.raw) == (e.encoding == "cp1252"), e.name
        if e.encoding == "unknown" and b"\x00" not in e.raw:
            assert not is_utf8(e.raw) and mixed_lines(e.raw), e.name
    return out


def late_export():
    """The file the POS system drops into /app/incoming during the COLLAB trial (Windows-1252, CRLF)."""
    text = crlf(["Bon 4711 – Kaffeemühle 24,90 €", "Bon 4712 – „Winterzauber“ 12,50 €", "Bon 4713 – Schürze 9,95 €"])
    return Export("pos-receipts.txt", text.encode("cp1252"), "cp1252", text)


if __name__ == "__main__":
    target = Path(sys.argv[2])
    target.mkdir(parents=True, exist_ok=True)
    for e in exports(int(sys.argv[1])):
        (target / e.name).write_bytes(e.raw)
