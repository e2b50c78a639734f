"""Verifier for legacy-export-reencode: /app/clean, and the converter re-run on fresh exports of known encodings."""

import hashlib
import os
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import gen_exports  # noqa: E402

TOOL = Path("/app/bin/fix-encoding")
INCOMING = Path("/app/incoming")
CLEAN = Path("/app/clean")
FRESH_SEEDS = (31, 4242)


def shipped(late=None):
    """The exports of /app/incoming: seed 2009, plus the till system's late file when it has landed.

    The late file lands only in a COLLAB trial, after the first run; /app/clean is judged with it
    when the agent converted it (its manifest lists it) and without it otherwise."""
    ex = gen_exports.exports(2009)
    if late is None:
        late = (INCOMING / "pos-receipts.txt").exists()
    if late:
        ex = sorted(ex + [gen_exports.late_export()], key=lambda e: e.name.encode("utf-8"))
    return ex


def converted_late():
    manifest = CLEAN / "manifest.tsv"
    return manifest.is_file() and any(line.startswith("pos-receipts.txt\t") for line in manifest.read_text(encoding="utf-8").splitlines())


class Run:
    """The agent's converter run once on a fresh set of exports."""

    def __init__(self, seed):
        self.exports = gen_exports.exports(seed)
        self.tmp = Path(tempfile.mkdtemp(prefix=f"reencode-{seed}-"))
        self.src, self.out = self.tmp / "exports in", self.tmp / "converted"
        self.src.mkdir()
        (self.src / "older").mkdir()  # a subfolder: not a file to convert
        (self.src / "older" / "skip-me.txt").write_bytes("alt: M\xfcller\n".encode("latin-1"))
        for e in self.exports:
            (self.src / e.name).write_bytes(e.raw)
        self.proc = subprocess.run([str(TOOL), str(self.src), str(self.out)], capture_output=True, timeout=300)

    def manifest(self):
        return (self.out / "manifest.tsv").read_bytes().decode("utf-8").split("\n")

    def rows(self):
        return [line.split("\t") for line in self.manifest()[1:] if line]

    def of(self, *encodings):
        found = [e for e in self.exports if e.encoding in encodings]
        assert found
        return found


@pytest.fixture(scope="module", params=FRESH_SEEDS)
def run(request):
    assert os.access(TOOL, os.X_OK), "/app/bin/fix-encoding is missing or not executable"
    return Run(request.param)


def check_outputs(run, exports):
    for e in exports:
        path = run.out / e.name
        assert path.is_file(), f"{e.name}: no output"
        assert path.read_bytes() == e.output, f"{e.name} ({e.encoding}) converted wrongly"


# ------------------------------------------------------------------ the real exports


def test_converter_is_executable():
    """A reusable converter, /app/bin/fix-encoding SRC OUT."""
    assert TOOL.is_file() and os.access(TOOL, os.X_OK)


def test_incoming_left_as_it_is():
    """/app/incoming stays as it is: those are the original exports."""
    for e in shipped():
        assert hashlib.sha256((INCOMING / e.name).read_bytes()).digest() == hashlib.sha256(e.raw).digest(), e.name


def test_clean_holds_every_converted_export():
    """Run it on /app/incoming into /app/clean: every decidable file converted there."""
    for e in shipped(converted_late()):
        if e.output is None:
            assert not (CLEAN / e.name).exists(), f"{e.name} should have been refused"
        else:
            assert (CLEAN / e.name).read_bytes() == e.output, e.name


def test_clean_manifest_describes_every_export():
    """/app/clean/manifest.tsv: one row per file in /app/incoming, sorted by name."""
    lines = (CLEAN / "manifest.tsv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "file\tencoding\tline_endings\taction"
    assert [line.split("\t") for line in lines[1:]] == [e.row() for e in shipped(converted_late())]


# ------------------------------------------------------------------ the converter on fresh exports


def test_latin1_and_cp1252_detected_and_decoded(run):
    """Not valid UTF-8: cp1252 when a byte is in 0x80-0x9F (smart quotes, euro signs, dashes), else latin-1."""
    check_outputs(run, run.of("latin-1", "cp1252"))


def test_bom_files_decoded_and_bom_dropped(run):
    """Files starting with a BOM are utf-8-bom, utf-16le or utf-16be; the output has no BOM."""
    check_outputs(run, run.of("utf-8-bom", "utf-16le", "utf-16be"))


def test_double_encoded_text_repaired(run):
    """Double-encoded UTF-8 (CafÃ© for Café) is repaired: encoded as Windows-1252, decoded as UTF-8."""
    check_outputs(run, run.of("utf-8-double"))


def test_output_is_nfc(run):
    """Output is UTF-8 in NFC: decomposed accents (from the old Mac) are composed; nothing else in the text changes."""
    nfd = [e for e in run.exports if e.encoding == "utf-8" and unicodedata.normalize("NFD", e.raw.decode("utf-8")) == e.raw.decode("utf-8") and not e.raw.isascii()]
    assert nfd
    check_outputs(run, nfd)


def test_line_breaks_lf_and_csv_crlf(run):
    """CRLF, CR and LF become LF; files whose name ends in .csv get CRLF; a missing final line break is added."""
    check_outputs(run, run.of("utf-8", "ascii"))
    for e in run.exports:
        if e.output is not None:
            data = (run.out / e.name).read_bytes()
            if e.name.endswith(".csv"):
                assert data.endswith(b"\r\n") and b"\n" not in data.replace(b"\r\n", b""), e.name
            else:
                assert b"\r" not in data and (data == b"" or data.endswith(b"\n")), e.name


def test_already_clean_files_unchanged(run):
    """A file that is already clean comes out byte for byte the same, action unchanged."""
    same = [e for e in run.exports if e.action == "unchanged"]
    assert same
    check_outputs(run, same)
    rows = {r[0]: r for r in run.rows() if r}
    assert all(rows[e.name][3] == "unchanged" for e in same)


def test_undecidable_files_refused_and_copied_aside(run):
    """Undecidable files (NUL bytes without a BOM; mixed UTF-8 and other lines) are not written to OUT but copied to OUT/_refused/."""
    for e in run.of("unknown"):
        assert not (run.out / e.name).exists(), f"{e.name} was converted"
        assert (run.out / "_refused" / e.name).read_bytes() == e.raw, f"{e.name} not copied byte for byte to _refused/"


def test_exit_status_and_refused_names_on_stderr(run):
    """Exit status 2 when any file was refused, and each refused file's name on stderr; 0 otherwise."""
    assert run.proc.returncode == 2, run.proc.stderr[-500:]
    err = run.proc.stderr.decode("utf-8", "replace")
    assert all(e.name in err for e in run.of("unknown"))
    tmp = Path(tempfile.mkdtemp(prefix="reencode-decidable-"))
    (tmp / "in").mkdir()
    for e in run.exports:
        if e.output is not None:
            (tmp / "in" / e.name).write_bytes(e.raw)
    proc = subprocess.run([str(TOOL), str(tmp / "in"), str(tmp / "out")], capture_output=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-500:]


def test_manifest_rows_sorted_with_labels(run):
    """OUT/manifest.tsv: header file, encoding, line_endings, action; one row per file of SRC sorted by name; the labels as agreed."""
    lines = run.manifest()
    assert lines[0] == "file\tencoding\tline_endings\taction"
    assert lines[-1] == "", "manifest must end with a line break"
    assert "\r" not in "".join(lines)
    assert run.rows() == [e.row() for e in run.exports]
    assert not (run.out / "older").exists() and "older" not in [r[0] for r in run.rows()], "subfolders are not converted"
