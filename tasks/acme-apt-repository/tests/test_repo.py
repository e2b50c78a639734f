"""Verifier for acme-apt-repository: the archive as apt sees it (signatures checked with the
verifier's own copy of the 2026 key), the host's apt setup by what apt-get does with it, offline,
and the publish command on fresh builds of its own."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import mkdebs  # noqa: E402  (the generator the image's .debs came from)

REPO = Path("/srv/apt/acme")
TESTS = Path(__file__).parent
FPR_2026 = "9FC82561886229523F07C1DEC59E454C826BC6A1"
FPR_2025 = "A7368C335D220F5D17D8E8933DF9F92721E87D96"
PROD, STAGING = "bookworm-acme", "bookworm-acme-staging"
WORK = Path("/tmp/acme-verify")  # readable by apt's _apt user, unlike pytest's tmp_path
ENV = dict(os.environ, DEBIAN_FRONTEND="noninteractive", LC_ALL="C")

EXPECTED = {
    PROD: {
        "main": {"acme-agent": "2.4.1-1", "acme-backup": "1.0.3-1"},
        "patched": {"haproxy": "2.6.12-1+acme2", "pigz": "2.6-1+acme1"},
    },
    STAGING: {
        "main": {"acme-agent": "2.5.0~rc2-1", "acme-backup": "1.0.3-1"},
        "patched": {"haproxy": "2.6.12-1+acme2", "pigz": "2.6-1+acme1"},
    },
}


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, env=ENV, **kw)


@pytest.fixture(scope="module")
def work():
    if WORK.exists():
        shutil.rmtree(WORK)
    WORK.mkdir()
    WORK.chmod(0o755)
    gnupg = WORK / "gnupg"
    gnupg.mkdir(mode=0o700)
    for year in ("2025", "2026"):
        with open(WORK / f"k{year}.gpg", "wb") as out:
            subprocess.run(
                ["gpg", "--homedir", str(gnupg), "--dearmor"],
                stdin=open(TESTS / f"acme-archive-{year}.pub.asc", "rb"),
                stdout=out,
                check=True,
            )
        (WORK / f"k{year}.gpg").chmod(0o644)
    return WORK


def gpg(work: Path, *args: str) -> subprocess.CompletedProcess:
    return run(["gpg", "--homedir", str(work / "gnupg"), "--batch", *args])


def key_fingerprints(work: Path, path: Path) -> list[str]:
    out = gpg(work, "--show-keys", "--with-colons", str(path)).stdout
    return [line.split(":")[9] for line in out.splitlines() if line.startswith("fpr:")]


def has_secret(work: Path, path: Path) -> bool:
    packets = gpg(work, "--list-packets", str(path)).stdout
    return "secret key packet" in packets or "secret sub key packet" in packets


def isolated_update(work: Path, suite: str, name: str) -> tuple[subprocess.CompletedProcess, Path]:
    """apt-get update of one distribution, trusting only the verifier's copy of the 2026 key."""
    base = work / name
    if base.exists():
        shutil.rmtree(base)
    (base / "lists/partial").mkdir(parents=True)
    (base / "cache/archives/partial").mkdir(parents=True)
    (base / "parts").mkdir()
    base.chmod(0o755)
    sources = base / "sources.list"
    sources.write_text(f"deb [signed-by={work}/k2026.gpg] file:/srv/apt/acme {suite} main patched\n")
    res = run(
        [
            "apt-get",
            "update",
            "-o", f"Dir::Etc::SourceList={sources}",
            "-o", f"Dir::Etc::SourceParts={base}/parts",
            "-o", f"Dir::State::Lists={base}/lists",
            "-o", f"Dir::Cache={base}/cache",
            "-o", "Acquire::GzipIndexes=false",
            "-o", "APT::Sandbox::User=root",
        ]
    )  # fmt: skip
    return res, base / "lists"


def stanzas(text: str) -> list[dict[str, str]]:
    out = []
    for block in re.split(r"\n\s*\n", text.strip()):
        fields: dict[str, str] = {}
        key = None
        for line in block.splitlines():
            if line.startswith("#"):
                continue
            if line[:1] in (" ", "\t") and key:
                fields[key] += "\n" + line.strip()
            elif ":" in line:
                key, _, value = line.partition(":")
                key = key.strip().lower()
                fields[key] = value.strip()
        if fields:
            out.append(fields)
    return out


def packages(lists: Path, suite: str, component: str) -> list[dict[str, str]]:
    found = sorted(lists.glob(f"*_dists_{suite}_{component}_binary-amd64_Packages"))
    assert found, f"apt fetched no {suite}/{component} amd64 Packages index"
    return stanzas(found[0].read_text())


def clearsigned_body(path: Path) -> str:
    text = path.read_text()
    body = text.split("\n\n", 1)[1].split("-----BEGIN PGP SIGNATURE-----")[0]
    return body


def validsig(status: str) -> set[str]:
    """Primary-key fingerprints of the good signatures in gpgv's status output."""
    fprs = set()
    for line in status.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] == "VALIDSIG":
            fprs.add(parts[-1])
    return fprs


def test_served_directory_holds_only_the_archive_and_the_public_key(work):
    """/srv/apt/acme holds at its top level only dists/, pool/ and acme-archive-keyring.gpg; the
    repository tool's configuration and database, and any secret key, live elsewhere."""
    top = {p.name for p in REPO.iterdir()}
    assert top == {"dists", "pool", "acme-archive-keyring.gpg"}, sorted(top)
    for path in REPO.rglob("*"):
        if path.is_file():
            assert b"PRIVATE KEY" not in path.read_bytes(), f"secret key material in {path}"
    assert not has_secret(work, REPO / "acme-archive-keyring.gpg")


@pytest.mark.parametrize("suite", [PROD, STAGING])
def test_release_says_origin_label_codename_architectures_components(work, suite):
    """Each distribution's Release says Origin: Acme and Label: Acme, its codename, architectures
    amd64 only, and the two components main and patched."""
    for name in ("InRelease", "Release"):
        assert (REPO / "dists" / suite / name).is_file(), f"dists/{suite}/{name} is missing"
    fields = stanzas(clearsigned_body(REPO / "dists" / suite / "InRelease"))[0]
    assert fields.get("origin") == "Acme"
    assert fields.get("label") == "Acme"
    assert fields.get("codename") == suite
    assert fields.get("architectures", "").split() == ["amd64"]
    assert sorted(fields.get("components", "").split()) == ["main", "patched"]


@pytest.mark.parametrize("suite", [PROD, STAGING])
def test_signed_with_the_2026_key(work, suite):
    """Every distribution has an InRelease and a Release.gpg made with the 2026 archive key
    (fingerprint 9FC8...6BC6A1), not the 2025 key."""
    dists = REPO / "dists" / suite
    res = run(["gpgv", "--status-fd", "1", "--keyring", str(work / "k2026.gpg"), str(dists / "InRelease")])
    assert res.returncode == 0, res.stdout + res.stderr
    assert validsig(res.stdout) == {FPR_2026}
    res = run(
        [
            "gpgv", "--status-fd", "1", "--keyring", str(work / "k2026.gpg"),
            str(dists / "Release.gpg"), str(dists / "Release"),
        ]
    )  # fmt: skip
    assert res.returncode == 0, res.stdout + res.stderr
    assert validsig(res.stdout) == {FPR_2026}
    assert clearsigned_body(dists / "InRelease").strip() == (dists / "Release").read_text().strip()


@pytest.mark.parametrize(
    "path",
    [REPO / "acme-archive-keyring.gpg", Path("/usr/share/keyrings/acme-archive-keyring.gpg")],
)
def test_public_keyring_holds_the_2026_public_key_only(work, path):
    """The public key (that key only, no secret part) is published as a binary keyring at
    /srv/apt/acme/acme-archive-keyring.gpg and installed as
    /usr/share/keyrings/acme-archive-keyring.gpg."""
    assert path.is_file(), f"{path} is missing"
    data = path.read_bytes()
    assert not data.startswith(b"-----BEGIN"), "armored, not a binary keyring"
    assert key_fingerprints(work, path) == [FPR_2026]
    assert not has_secret(work, path)


@pytest.mark.parametrize("suite", [PROD, STAGING])
def test_distribution_contents(work, suite):
    """What goes where: bookworm-acme main has acme-agent 2.4.1-1 and acme-backup 1.0.3-1,
    bookworm-acme-staging main has acme-agent 2.5.0~rc2-1 and acme-backup 1.0.3-1, patched has
    haproxy 2.6.12-1+acme2 and pigz 2.6-1+acme1 in both; one version of each package per
    distribution, amd64 only (the arm64 build stays out)."""
    res, lists = isolated_update(work, suite, f"update-{suite}")
    assert res.returncode == 0, res.stdout + res.stderr
    bad = [line for line in (res.stdout + res.stderr).splitlines() if re.match(r"(W|E|Err):", line)]
    assert not bad, bad
    for component, wanted in EXPECTED[suite].items():
        found = packages(lists, suite, component)
        assert all(p.get("architecture") in ("amd64", "all") for p in found), found
        got = sorted((p["package"], p["version"]) for p in found)
        assert got == sorted(wanted.items()), f"{suite}/{component}: {got}"


def test_pulled_superseded_and_arm64_builds_are_not_in_the_repository():
    """QA pulled 2.5.0~rc1-1: it must not be anywhere in the repository; the superseded acme-agent
    2.4.0-1 and the arm64 build stay out too."""
    debs = {p.name for p in REPO.rglob("*.deb")}
    assert debs == {
        "acme-agent_2.4.1-1_amd64.deb",
        "acme-agent_2.5.0~rc2-1_amd64.deb",
        "acme-backup_1.0.3-1_all.deb",
        "haproxy_2.6.12-1+acme2_amd64.deb",
        "pigz_2.6-1+acme1_amd64.deb",
    }, sorted(debs)
    for path in REPO.rglob("*"):
        if path.is_file() and path.suffix != ".deb":
            text = path.read_bytes()
            assert b"2.5.0~rc1" not in text, f"{path} still names rc1"


def sources_entries() -> list[tuple[Path, dict[str, str]]]:
    entries = []
    parts = Path("/etc/apt/sources.list.d")
    files = [Path("/etc/apt/sources.list")] + sorted(parts.glob("*"))
    for path in files:
        if not path.is_file():
            continue
        text = path.read_text(errors="replace")
        if "/srv/apt/acme" not in text:
            continue
        if path.suffix == ".sources":
            for st in stanzas(text):
                if "/srv/apt/acme" in st.get("uris", ""):
                    entries.append((path, st))
        else:
            for line in text.splitlines():
                if "/srv/apt/acme" in line and not line.lstrip().startswith("#"):
                    entries.append((path, {"one-line": line}))
    return entries


def test_hosts_sources_entry_is_deb822_with_signed_by():
    """/etc/apt/sources.list.d/acme.sources, deb822: file:/srv/apt/acme, suite bookworm-acme,
    components main and patched, Signed-By: /usr/share/keyrings/acme-archive-keyring.gpg; never
    marked trusted; the servers do not use the staging distribution."""
    entries = sources_entries()
    assert len(entries) == 1, entries
    path, st = entries[0]
    assert path == Path("/etc/apt/sources.list.d/acme.sources")
    assert st.get("types", "").split() == ["deb"]
    assert st.get("uris", "").rstrip("/") in ("file:/srv/apt/acme", "file:///srv/apt/acme")
    assert st.get("suites", "").split() == [PROD]
    assert sorted(st.get("components", "").split()) == ["main", "patched"]
    assert st.get("signed-by") == "/usr/share/keyrings/acme-archive-keyring.gpg"
    assert "trusted" not in st
    assert st.get("enabled", "yes").lower() == "yes"


def test_archive_key_is_not_trusted_globally(work):
    """The key is trusted for this repository only: it is not added to /etc/apt/trusted.gpg or
    /etc/apt/trusted.gpg.d."""
    candidates = [Path("/etc/apt/trusted.gpg")] + sorted(Path("/etc/apt/trusted.gpg.d").glob("*"))
    for path in candidates:
        if path.is_file():
            fprs = key_fingerprints(work, path)
            assert FPR_2026 not in fprs and FPR_2025 not in fprs, f"Acme key in {path}"


def test_apt_get_update_runs_without_errors_or_warnings():
    """apt-get update runs without errors or warnings."""
    res = run(["apt-get", "update"])
    out = res.stdout + res.stderr
    assert res.returncode == 0, out
    bad = [line for line in out.splitlines() if re.match(r"(W|E|Err):", line)]
    assert not bad, bad
    assert "/srv/apt/acme bookworm-acme" in out, "apt-get update did not read the Acme repository"


def installed(name: str) -> str:
    res = run(["dpkg-query", "-W", "-f", "${db:Status-Abbrev}${Version}", name])
    return res.stdout.replace("ii ", "", 1) if res.stdout.startswith("ii ") else ""


def test_acme_agent_and_haproxy_installed_from_the_repository():
    """When everything is in place, install acme-agent and haproxy on this host from the
    repository, with apt-get."""
    assert installed("acme-agent") == "2.4.1-1"
    assert installed("haproxy") == "2.6.12-1+acme2"
    assert installed("pigz") in ("", "2.6-1")


def candidate(name: str) -> str:
    res = run(["apt-cache", "policy", name])
    m = re.search(r"Candidate: (\S+)", res.stdout)
    return m.group(1) if m else ""


def test_pins_prefer_our_haproxy_and_debians_pigz():
    """Our haproxy wins over Debian's, although Debian's 2.6.12-1+deb12u1 sorts higher; no other
    package from our repository wins over a Debian version (Debian's pigz, although our rebuild
    sorts higher); packages only we ship still install from our repository."""
    assert candidate("haproxy") == "2.6.12-1+acme2"
    assert candidate("pigz") == "2.6-1"
    assert candidate("acme-agent") == "2.4.1-1"
    assert candidate("acme-backup") == "1.0.3-1"


def test_hosts_with_debians_haproxy_move_to_ours_at_the_next_upgrade():
    """Hosts that already have Debian's haproxy installed move to ours at the next apt-get
    upgrade; Debian's pigz stays the one installed."""
    res = run(["apt-get", "install", "-y", "--allow-downgrades", "haproxy=2.6.12-1+deb12u1", "pigz=2.6-1"])
    assert res.returncode == 0, res.stdout + res.stderr
    assert installed("haproxy") == "2.6.12-1+deb12u1"
    res = run(["apt-get", "upgrade", "-y", "--allow-downgrades"])
    assert res.returncode == 0, res.stdout + res.stderr
    assert installed("haproxy") == "2.6.12-1+acme2"
    assert installed("pigz") == "2.6-1"


def test_acme_publish_adds_replaces_and_keeps_the_repository_signed(work):
    """acme-publish DISTRIBUTION COMPONENT DEB... adds the .deb files to that distribution and
    component, each replacing the version of the same package there, leaves the other
    distribution as it is, and leaves the repository signed as above."""
    tool = Path("/usr/local/sbin/acme-publish")
    assert tool.is_file() and os.access(tool, os.X_OK)
    fresh = work / "fresh"
    fresh.mkdir()
    backup = mkdebs.build(fresh, "acme-backup", "1.0.4-1", "all", "pigz", "Acme nightly backup jobs", acme=True)
    tools = mkdebs.build(fresh, "acme-tools", "0.3.0-1", "all", "", "Acme admin helpers", acme=True)
    rc3 = mkdebs.build(fresh, "acme-agent", "2.5.0~rc3-1", "amd64", "pigz", "Acme host agent", acme=True)
    res = run([str(tool), PROD, "main", str(backup), str(tools)])
    assert res.returncode == 0, res.stdout + res.stderr
    res = run([str(tool), STAGING, "main", str(rc3)])
    assert res.returncode == 0, res.stdout + res.stderr

    want = {
        PROD: {"acme-agent": "2.4.1-1", "acme-backup": "1.0.4-1", "acme-tools": "0.3.0-1"},
        STAGING: {"acme-agent": "2.5.0~rc3-1", "acme-backup": "1.0.3-1"},
    }
    for suite, main in want.items():
        dists = REPO / "dists" / suite
        for sig, signed in (("InRelease", None), ("Release.gpg", "Release")):
            args = [str(dists / sig)] + ([str(dists / signed)] if signed else [])
            res = run(["gpgv", "--status-fd", "1", "--keyring", str(work / "k2026.gpg"), *args])
            assert res.returncode == 0 and validsig(res.stdout) == {FPR_2026}, f"{suite} {sig}: {res.stdout}"
        res, lists = isolated_update(work, suite, f"after-{suite}")
        assert res.returncode == 0, res.stdout + res.stderr
        bad = [line for line in (res.stdout + res.stderr).splitlines() if re.match(r"(W|E|Err):", line)]
        assert not bad, bad
        got = sorted((p["package"], p["version"]) for p in packages(lists, suite, "main"))
        assert got == sorted(main.items()), f"{suite}/main after acme-publish: {got}"
        got = sorted((p["package"], p["version"]) for p in packages(lists, suite, "patched"))
        assert got == sorted(EXPECTED[suite]["patched"].items()), f"{suite}/patched after acme-publish: {got}"
