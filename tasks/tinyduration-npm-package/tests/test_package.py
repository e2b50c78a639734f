"""Verifier for tinyduration-npm-package: the manifest, the tarball's contents, the tarball against a fresh
npm pack of the folder, and the package installed offline into a new project (require, import, CLI)."""

import hashlib
import json
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

HERE = Path(__file__).parent
SRC = Path("/app/tinyduration")
TARBALL = Path("/app/dist/acme-tinyduration-1.3.0.tgz")
SHIPPED = sorted(["package.json", "README.md", "LICENSE", "CHANGELOG.md", "lib/index.js", "lib/index.mjs",
                  "lib/index.d.ts", "bin/tinyduration.js"])


def members(path: Path) -> dict[str, bytes]:
    with tarfile.open(path) as tar:
        return {m.name.removeprefix("package/"): tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}


def sh(cmd: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", cmd], cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def manifest() -> dict:
    return json.loads((SRC / "package.json").read_text())


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A new project with the tarball installed offline."""
    assert TARBALL.is_file(), f"{TARBALL} is missing"
    proj = tmp_path_factory.mktemp("consumer")
    (proj / "package.json").write_text('{"name": "consumer", "version": "1.0.0", "private": true}\n')
    run = sh(f"npm install --offline --no-audit --no-fund {TARBALL}", proj)
    assert run.returncode == 0, run.stderr[-1500:]
    return proj


def test_manifest_name_and_metadata(manifest):
    """Name and version: @acme/tinyduration 1.3.0, license MIT, engines.node >=18, sideEffects false, publishConfig.registry https://npm.acme.internal/."""
    assert manifest["name"] == "@acme/tinyduration"
    assert manifest["version"] == "1.3.0"
    assert manifest["license"] == "MIT"
    assert manifest.get("engines", {}).get("node") == ">=18"
    assert manifest.get("sideEffects") is False
    assert manifest.get("publishConfig", {}).get("registry") == "https://npm.acme.internal/"


def test_manifest_entry_points(manifest):
    """Entry points: main ./lib/index.js, types ./lib/index.d.ts, an exports map with types (listed first), import and require for '.', plus ./package.json; bin maps tinyduration to bin/tinyduration.js."""
    assert manifest["main"] in ("./lib/index.js", "lib/index.js")
    assert manifest["types"] in ("./lib/index.d.ts", "lib/index.d.ts")
    dot = manifest["exports"]["."]
    assert list(dot)[0] == "types" and dot["types"] == "./lib/index.d.ts"
    assert dot["import"] == "./lib/index.mjs" and dot["require"] == "./lib/index.js"
    assert manifest["exports"].get("./package.json") == "./package.json"
    assert set(manifest["exports"]) == {".", "./package.json"}
    bins = manifest["bin"]
    assert bins == {"tinyduration": "bin/tinyduration.js"} or bins == {"tinyduration": "./bin/tinyduration.js"}


def test_tarball_ships_exactly_the_package():
    """What ships: exactly package.json, README.md, LICENSE, CHANGELOG.md, lib/index.js, lib/index.mjs, lib/index.d.ts and bin/tinyduration.js; no tests, fixtures, .env.local or dotfiles, and no npm token anywhere in it."""
    assert TARBALL.is_file(), f"{TARBALL} is missing"
    files = members(TARBALL)
    assert sorted(files) == SHIPPED
    assert not any(b"npm_Q7rX2LwPz9K4mVb8TfYc1HnJd6SgAe3UoRi5" in data for data in files.values())


def test_tarball_is_what_npm_pack_builds(tmp_path):
    """The tarball is what npm pack builds from /app/tinyduration: packing the folder again gives the same files with the same contents."""
    copy = tmp_path / "src"
    shutil.copytree(SRC, copy, ignore=shutil.ignore_patterns("node_modules"))
    run = sh(f"npm pack --pack-destination {tmp_path}", copy)
    assert run.returncode == 0, run.stderr[-1500:]
    again = tmp_path / "acme-tinyduration-1.3.0.tgz"
    assert again.is_file(), "npm pack in a copy of /app/tinyduration did not build acme-tinyduration-1.3.0.tgz"
    assert members(again) == members(TARBALL)


def test_require_and_deep_import(installed):
    """Installed, require('@acme/tinyduration') works, and a deep import such as @acme/tinyduration/lib/index.js fails with ERR_PACKAGE_PATH_NOT_EXPORTED."""
    ok = sh("node -e \"const t = require('@acme/tinyduration'); console.log(t.parse('1h30m'), t.format(90061001))\"", installed)
    assert ok.returncode == 0, ok.stderr[-1500:]
    assert ok.stdout.split() == ["5400000", "1d1h1m1s1ms"]
    deep = sh("node -e \"require('@acme/tinyduration/lib/index.js')\"", installed)
    assert deep.returncode != 0 and "ERR_PACKAGE_PATH_NOT_EXPORTED" in deep.stderr


def test_esm_import_shares_the_cjs_functions(installed):
    """ESM: import { parse, format, UNITS } from '@acme/tinyduration' works and gives the very same function objects as require (one copy of the library)."""
    code = ("import { parse, format, UNITS } from '@acme/tinyduration'; import { createRequire } from 'node:module'; "
            "const cjs = createRequire(import.meta.url)('@acme/tinyduration'); "
            "console.log(parse('250ms'), format(3600000), UNITS.h, parse === cjs.parse, format === cjs.format, UNITS === cjs.UNITS);")
    run = sh(f"node --input-type=module -e \"{code}\"", installed)
    assert run.returncode == 0, run.stderr[-1500:]
    assert run.stdout.split() == ["250", "1h", "3600000", "true", "true", "true"]


def test_cli_runs_when_installed(installed):
    """The CLI: once the package is installed, tinyduration 90m prints 1h30m."""
    run = sh("./node_modules/.bin/tinyduration 90m 1.5s && ./node_modules/.bin/tinyduration --ms 2h", installed)
    assert run.returncode == 0, run.stderr[-1500:]
    assert run.stdout.split() == ["1h30m", "1s500ms", "7200000"]


def test_types_ship():
    """The type declarations ship and are the ones in lib/index.d.ts."""
    assert members(TARBALL)["lib/index.d.ts"] == (SRC / "lib/index.d.ts").read_bytes()


def test_changelog_entry():
    """CHANGELOG.md gets a ## 1.3.0 entry at the top, above ## 1.2.4, saying what changed (ESM support, the scoped name)."""
    text = members(TARBALL)["CHANGELOG.md"].decode()
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings[:2] == ["## 1.3.0", "## 1.2.4"]
    entry = text.split("## 1.3.0", 1)[1].split("## 1.2.4", 1)[0]
    assert "esm" in entry.lower() or "import" in entry.lower()
    assert "@acme" in entry


def test_sources_and_tests_unchanged():
    """lib/index.js and everything under test/ stay as they are, and npm test still passes."""
    for line in (HERE / "unchanged.sha256").read_text().splitlines():
        digest, name = line.split()
        assert hashlib.sha256((SRC / name).read_bytes()).hexdigest() == digest, f"{name} was changed"
    assert sorted(str(p.relative_to(SRC)) for p in (SRC / "test").rglob("*") if p.is_file()) == [
        "test/fixtures/durations.txt", "test/index.test.js"]
    run = sh("npm test", SRC)
    assert run.returncode == 0, run.stdout[-1500:]
