#!/bin/bash
# Reference solution: /app/bin/fix-encoding (Python) written one requirement at a time: detection
# by the agreed rules, the double-encoding repair, clean UTF-8 output, the manifest and the refused
# files; then the run over /app/incoming into /app/clean and a look at the manifest.
set -euo pipefail
mkdir -p /app/bin

# 1. Detection: BOMs, NUL bytes, ASCII, UTF-8, mixed files, Windows-1252 against Latin-1.
cat > /app/bin/fix-encoding <<'PY'
#!/usr/bin/env python3
"""fix-encoding SRC OUT: convert every regular file directly in SRC to clean UTF-8 in OUT."""
import sys
import unicodedata
from pathlib import Path

BOMS = [(b"\xef\xbb\xbf", "utf-8-bom", "utf-8"), (b"\xff\xfe", "utf-16le", "utf-16-le"), (b"\xfe\xff", "utf-16be", "utf-16-be")]


def utf8(data):
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def detect(raw):
    """(label, text): text is None when the file is refused."""
    for bom, label, codec in BOMS:
        if raw.startswith(bom):
            return label, raw[len(bom):].decode(codec)
    if b"\x00" in raw:
        return "unknown", None
    if all(b < 0x80 for b in raw):
        return "ascii", raw.decode("ascii")
    text = utf8(raw)
    if text is not None:
        return repair(text)
    lines = raw.replace(b"\r", b"\n").split(b"\n")
    if any(utf8(line) is not None and max(line, default=0) >= 0x80 for line in lines):
        return "unknown", None  # some lines UTF-8, others not: mixed
    if any(0x80 <= b <= 0x9F for b in raw):
        return "cp1252", raw.decode("cp1252")
    return "latin-1", raw.decode("latin-1")
PY

# 2. Double encoding: UTF-8 that was read as Windows-1252 and saved as UTF-8 again.
cat >> /app/bin/fix-encoding <<'PY'


def repair(text):
    try:
        fixed = text.encode("cp1252").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return "utf-8", text
    return ("utf-8-double", fixed) if fixed != text else ("utf-8", text)
PY

# 3. Output: NFC, line breaks normalised (CRLF for .csv, LF otherwise), a final line break.
cat >> /app/bin/fix-encoding <<'PY'


def endings(text):
    rest = text.replace("\r\n", "")
    kinds = {k for k, there in (("crlf", "\r\n" in text), ("cr", "\r" in rest), ("lf", "\n" in rest)) if there}
    return "none" if not kinds else kinds.pop() if len(kinds) == 1 else "mixed"


def clean(text, name):
    text = unicodedata.normalize("NFC", text).replace("\r\n", "\n").replace("\r", "\n")
    if text and not text.endswith("\n"):
        text += "\n"
    if name.endswith(".csv"):
        text = text.replace("\n", "\r\n")
    return text.encode("utf-8")
PY

# 4. The run: outputs, refused files copied to OUT/_refused/, the manifest, the exit status.
cat >> /app/bin/fix-encoding <<'PY'


def main(src, out):
    out.mkdir(parents=True, exist_ok=True)
    rows, refused = [], []
    for path in sorted((p for p in src.iterdir() if p.is_file()), key=lambda p: p.name.encode("utf-8")):
        raw = path.read_bytes()
        label, text = detect(raw)
        if text is None:
            (out / "_refused").mkdir(exist_ok=True)
            (out / "_refused" / path.name).write_bytes(raw)
            refused.append(path.name)
            rows.append([path.name, "unknown", "-", "refused"])
            continue
        data = clean(text, path.name)
        (out / path.name).write_bytes(data)
        rows.append([path.name, label, endings(text), "unchanged" if data == raw else "converted"])
    lines = ["file\tencoding\tline_endings\taction"] + ["\t".join(r) for r in rows]
    (out / "manifest.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    for name in refused:
        print(f"refused: {name}", file=sys.stderr)
    return 2 if refused else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: fix-encoding SRC OUT")
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
PY
chmod 0755 /app/bin/fix-encoding

# 5. Convert the exports (exit status 2: some files were refused, as expected).
/app/bin/fix-encoding /app/incoming /app/clean || test $? -eq 2
cat /app/clean/manifest.tsv
