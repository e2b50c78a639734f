"""certwatch(1): the roff source, a clean render, every option of --help, and the installed, indexed page."""

import gzip
import os
import re
import subprocess
from pathlib import Path

SRC = Path("/app/certwatch/doc/certwatch.1")
GZ = Path("/usr/local/share/man/man1/certwatch.1.gz")
SECTIONS = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "FILES", "EXAMPLES", "SEE ALSO"]
ENV = {**os.environ, "MANWIDTH": "200", "MAN_KEEP_FORMATTING": "", "LANG": "C.UTF-8"}


def run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(cmd), capture_output=True, text=True, env=ENV, timeout=60)


def rendered() -> str:
    done = run("man", "-l", str(SRC))
    assert done.returncode == 0, done.stderr
    return re.sub(r".\x08", "", done.stdout)


def section(text: str, name: str) -> str:
    m = re.search(rf"^{name}\n(.*?)(?=^[A-Z][A-Z ]+\n|\Z)", text, re.M | re.S)
    assert m, f"no {name} section"
    return m.group(1)


def test_title_line() -> None:
    th = next(line for line in SRC.read_text().splitlines() if line.startswith(".TH"))
    assert th == '.TH CERTWATCH 1 "2024-11-30" "certwatch 2.3.0" "User Commands"'


def test_renders_without_warnings() -> None:
    done = run("groff", "-man", "-ww", "-z", "-Tutf8", str(SRC))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    text = rendered()
    assert not re.search(r"^\s*\.[A-Za-z]{1,2}\b|\\f[BIRP]|\\-", text, re.M), "roff markup shows in the rendered page"


def test_sections_in_order() -> None:
    heads = [line for line in rendered().splitlines() if re.fullmatch(r"[A-Z][A-Z ]+", line)]
    assert heads == SECTIONS


def test_name_line_for_whatis() -> None:
    assert " ".join(section(rendered(), "NAME").split()) == "certwatch - warn before TLS certificates expire"


def test_every_option_of_help_is_documented() -> None:
    helptext = run("certwatch", "--help").stdout
    options = set(re.findall(r"(?<![\w-])(--?[a-zA-Z][\w-]*)", helptext.split("options:")[1].split("exit status")[0]))
    body = section(rendered(), "OPTIONS")
    missing = sorted(o for o in options if not re.search(rf"(?<![\w-]){re.escape(o)}(?![\w-])", body))
    assert not missing, f"options of --help missing in OPTIONS: {missing}"


def test_exit_status_values() -> None:
    body = section(rendered(), "EXIT STATUS")
    for code, words in [("0", "valid beyond"), ("1", "expires within"), ("2", "expired or could not"), ("3", "configuration")]:
        assert re.search(rf"^\s+{code}\s*$|^\s+{code}\s+\S", body, re.M), f"exit status {code} missing"
        assert words in " ".join(body.split()), words


def test_files_and_see_also() -> None:
    text = rendered()
    assert "/etc/certwatch/hosts.conf" in section(text, "FILES")
    assert "openssl(1)" in section(text, "SEE ALSO")


def test_installed_gzipped_reproducibly() -> None:
    assert GZ.is_file(), f"{GZ} is missing"
    raw = GZ.read_bytes()
    assert raw[:2] == b"\x1f\x8b" and raw[3] & 0x08 == 0 and raw[4:8] == b"\0\0\0\0", "gzip header keeps a name or a time (gzip -n)"
    assert gzip.decompress(raw) == SRC.read_bytes()


def test_man_finds_it_and_the_index_knows_it() -> None:
    assert run("man", "-w", "certwatch").stdout.strip() in (str(GZ), "/usr/local/man/man1/certwatch.1.gz")
    assert run("whatis", "certwatch").stdout.strip() == "certwatch (1)        - warn before TLS certificates expire"
