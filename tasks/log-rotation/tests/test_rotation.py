"""Verifier for log-rotation: the real logs, the script on fresh fixtures, and the cron job."""
import gzip
import hashlib
import os
import re
import subprocess
import time
from pathlib import Path

import pytest

SCRIPT = Path("/app/bin/rotate-logs.sh")
DAY = 24 * 3600
HOUR = 1 / 24  # in days

# Original content of the image's files (sha256 of the uncompressed data).
ROTATED_OLD = {
    "/app/logs/app.log.1": "ad63d3fe622c046b610aacf295491882d302c243d7cd125171e602aa2b8d6ee3",
    "/app/logs/app.log.2": "0421c2c7f9dc148b0a9b7513047396a092a22d0e7e43820b9c0bee3a3025d43d",
    "/app/logs/app.log.3": "dd30045c8cae0f92a42de097c40a7f39b3e2b67077f4e62b1a1e870c631f51ba",
    "/app/logs/app.log.4": "673f3af63de4679b33568c950e660a93b5b33d2b8d0af824784046257ac1b5eb",
    "/app/logs/app.log.5": "bac2e9721fed19700c5953bcaf3b45c4a8bd7cfb81c00b130e5aebbce1c61669",
    "/app/logs/worker.log.1": "50686b14b948e037e111c4cb35debb95ab12411e74cd81470edd954da99489d2",
    "/app/logs/worker.log.2": "41b85ae0aa112e7171f6dcd2c25e6062c2396d6f97a51081c1cebaa3c492edb5",
    "/app/logs/worker.log.3": "a3ef7a0014fb52ed7e06380f131b90291f6236a764fbf94980740f07910f26fb",
    "/app/logs/payments/payments.log.1": "1557a5580279be81107ced1d430e0df2a8de2426d8942e1233bda445ec5217bd",
    "/app/logs/payments/payments.log.2": "16bf5b5a81ed4887e47ac64be8bf21d33d72606cc1171af9c2c4d078dfb5423a",
    "/app/logs/billing export/billing export.log.1": "835bdc50cefbfef5d867cb1c3adbca7dd85f8a4b5b33e147bdc299c504159584",
}
AUDIT_OLD = {
    "/app/audit.log.1": "e79f5cc08e79e20c21ff4064fb34c8e728125c8bb846ebfb41b2c43b626484db",
    "/app/audit.log.2": "aa51d8e1d946b046c69ba6a3a34068b0c5c86516eb063aa1ed22ff1bf8cc4178",
}
UNTOUCHED = {
    "/app/logs/app.log": "3e922c8e6882b359398c8d7c41ba32b92cec21dcce08a5a4c5904cc5ae9f6539",
    "/app/logs/app.log.6.gz": "d8a4d339ebaefeed7bead8baf6ee0928869d5b8fb9908f31a1c57e650e0e0f4c",
    "/app/logs/worker.log": "8a5ac4e9209a22752d7803e36283fdf51ad228311473210aada57eb56eed470a",
    "/app/logs/payments/payments.log": "6ff3f10d50956971fe1b3b65f290b1f2e7df5d42d0b78eb7206c6bb9c786ba2a",
    "/app/logs/billing export/billing export.log": "415b21cf2f4aeb46cd8157410e185876595565c7a66be8337b065199e0f941fe",
    "/app/logs/README.txt": "3f94d3f2c4d1872b3059f36fae5d27381b40a49d87288274e43dfdbd1cd566cd",
    "/app/logs/crash/core.4312": "20609f735b572b0e472ec0c9b9ecfb07076f3883c0111370617c2357467609a4",
    "/app/audit.log": "8258c5586ac9aa716444c00043d7c6682784363d551b01f18a97fca287fa2faf",
}


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# ------------------------------------------------------------------ real logs


def test_script_is_executable():
    assert SCRIPT.is_file(), "missing /app/bin/rotate-logs.sh"
    assert os.access(SCRIPT, os.X_OK), "rotate-logs.sh is not executable"


@pytest.mark.parametrize("path", sorted({**ROTATED_OLD, **AUDIT_OLD}))
def test_backlog_compressed_without_loss(path):
    expected = {**ROTATED_OLD, **AUDIT_OLD}[path]
    gz = Path(path + ".gz")
    assert gz.is_file(), f"{gz} missing: the old rotated log was not compressed (or was deleted)"
    assert sha(gzip.decompress(gz.read_bytes())) == expected, f"{gz} does not unzip to the original content"
    assert not Path(path).exists(), f"uncompressed {path} still next to its .gz"


@pytest.mark.parametrize("path", sorted(UNTOUCHED))
def test_other_files_untouched(path):
    p = Path(path)
    assert p.is_file(), f"{path} is gone"
    assert sha(p.read_bytes()) == UNTOUCHED[path], f"{path} was modified"
    assert not Path(path + ".gz").exists() or path.endswith(".gz"), f"{path} was compressed"


def test_nothing_double_compressed():
    doubles = [str(p) for p in Path("/app/logs").rglob("*.gz.gz")]
    assert not doubles, f"double-compressed files: {doubles}"


# ------------------------------------------------------------------ fixtures


def _write(path: Path, text: str, age_days: float) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    t = time.time() - age_days * DAY
    os.utime(path, (t, t))


@pytest.fixture
def tree(tmp_path):
    logs, audit = tmp_path / "logs", tmp_path / "var audit"
    files = {
        # name: (age in days, should be compressed)
        logs / "app.log": (30, False),
        logs / "app.log.1": (2, False),
        # One hour either side of the 14 x 24 h boundary: `find -mtime +14` (15 whole days)
        # misses app.log.3, a rule that is a day too eager takes app.log.2.
        logs / "app.log.2": (14 - HOUR, False),
        logs / "app.log.3": (14 + HOUR, True),
        logs / "app.log.4": (40, True),
        logs / "app.log.old": (40, False),
        logs / "app.log.1.tmp": (40, False),
        logs / "notes.txt": (40, False),
        logs / "sub dir" / "svc.log.1": (30, True),
        logs / "sub dir" / "deeper" / "x y.log.10": (30, True),
        logs / "conflict.log.1": (30, False),
        logs / "late.log.7": (30, True),
        audit / "audit.log": (40, False),
        audit / "audit.log.1": (30, True),
        audit / "audit.log.2": (3, False),
        audit / "other.log.1": (30, False),
    }
    for i, (path, (age, _)) in enumerate(sorted(files.items())):
        _write(path, f"line one of {path.name}\n" + f"payload {i}\n" * (50 + i), age)
    existing_gz = logs / "app.log.5.gz"
    existing_gz.write_bytes(gzip.compress(b"older archive\n", mtime=0))
    conflict_gz = logs / "conflict.log.1.gz"
    conflict_gz.write_bytes(gzip.compress(b"a different archive\n", mtime=0))
    for p in (existing_gz, conflict_gz):
        t = time.time() - 40 * DAY
        os.utime(p, (t, t))
    return logs, audit, files


def _snapshot(root: Path) -> dict:
    return {
        str(p): (sha(p.read_bytes()), int(p.stat().st_mtime))
        for p in root.rglob("*") if p.is_file()
    }


def _run(logs: Path, audit: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, LOG_DIR=str(logs), AUDIT_LOG=str(audit / "audit.log"))
    return subprocess.run([str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60)


def test_fixture_compresses_exactly_the_old_rotated_logs(tree, tmp_path):
    """On a fixture tree searched recursively (file and folder names with spaces: sub dir/deeper/x y.log.10), exactly the rotated logs older than 14 days are compressed."""
    logs, audit, files = tree
    before = _snapshot(tmp_path)
    proc = _run(logs, audit)
    assert proc.returncode == 0, f"exit {proc.returncode}; stderr: {proc.stderr[-500:]}"
    for path, (_, compress) in files.items():
        gz = Path(str(path) + ".gz")
        if compress:
            assert gz.is_file(), f"{path} should have been compressed"
            assert not path.exists(), f"{path} still exists next to its .gz"
            old_sha, old_mtime = before[str(path)]
            assert sha(gzip.decompress(gz.read_bytes())) == old_sha, f"{gz}: content differs"
            assert abs(int(gz.stat().st_mtime) - old_mtime) <= 1, f"{gz}: modification time not kept"
        elif path.name == "conflict.log.1":
            continue
        else:
            assert path.exists(), f"{path} was removed"
            assert before[str(path)] == (sha(path.read_bytes()), int(path.stat().st_mtime)), f"{path} was changed"
            assert not gz.exists(), f"{path} should not have been compressed"


def test_fixture_gz_keeps_permissions_and_owner(tree):
    """The .gz also keeps the original file's permission bits, owner and group: an audit file that is 0640, readable by the adm group only, must not become world-readable."""
    logs, audit, _ = tree
    restricted = {
        audit / "audit.log.1": (0o640, 0, 4),                       # root:adm, 0640
        logs / "sub dir" / "svc.log.1": (0o600, 1000, 1000),       # a service user's private log
        logs / "app.log.4": (0o664, 0, 4),
    }
    for path, (mode, uid, gid) in restricted.items():
        os.chown(path, uid, gid)
        os.chmod(path, mode)
    proc = _run(logs, audit)
    assert proc.returncode == 0, f"exit {proc.returncode}; stderr: {proc.stderr[-500:]}"
    for path, (mode, uid, gid) in restricted.items():
        gz = Path(str(path) + ".gz")
        assert gz.is_file(), f"{path} should have been compressed"
        st = gz.stat()
        assert oct(st.st_mode & 0o7777) == oct(mode), f"{gz} has mode {oct(st.st_mode & 0o7777)}, the log had {oct(mode)}"
        assert (st.st_uid, st.st_gid) == (uid, gid), f"{gz} is owned by {st.st_uid}:{st.st_gid}, the log by {uid}:{gid}"


def test_fixture_existing_gz_is_never_overwritten(tree, tmp_path):
    logs, audit, _ = tree
    before = _snapshot(tmp_path)
    proc = _run(logs, audit)
    assert proc.returncode == 0, f"exit {proc.returncode} when a .gz already exists; stderr: {proc.stderr[-500:]}"
    for name in ("conflict.log.1", "conflict.log.1.gz", "app.log.5.gz"):
        p = logs / name
        assert p.exists(), f"{name} disappeared"
        assert before[str(p)][0] == sha(p.read_bytes()), f"{name} was changed"
    assert proc.stderr.strip(), "nothing was reported on stderr about the existing conflict.log.1.gz"
    assert (logs / "late.log.7.gz").exists(), "the script stopped at the conflict instead of carrying on"


def test_fixture_stdout_lists_compressed_files(tree):
    logs, audit, files = tree
    proc = _run(logs, audit)
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    got = set()
    for ln in lines:
        m = re.fullmatch(r"compressed (.+)", ln.strip())
        assert m, f"unexpected stdout line: {ln!r}"
        got.add(os.path.normpath(m.group(1)))
    want = {os.path.normpath(str(p)) for p, (_, c) in files.items() if c}
    assert got == want, f"stdout lists {sorted(got)}, expected {sorted(want)}"


def test_fixture_second_run_is_harmless(tree, tmp_path):
    logs, audit, _ = tree
    _run(logs, audit)
    middle = _snapshot(tmp_path)
    proc = _run(logs, audit)
    assert proc.returncode == 0
    assert not [ln for ln in proc.stdout.splitlines() if ln.strip()], f"second run printed: {proc.stdout[:300]}"
    assert _snapshot(tmp_path) == middle, "second run changed files"


# ------------------------------------------------------------------ cron


def _job_lines() -> list[str]:
    text = Path("/etc/cron.d/app-logs").read_text()
    jobs = []
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith("#") or re.match(r"^[A-Za-z_][A-Za-z0-9_]*\s*=", s):
            continue
        jobs.append(s)
    return jobs


def test_cron_runs_script_daily_at_0230():
    """/etc/cron.d/app-logs holds exactly one job, 30 2 * * * root /app/bin/rotate-logs.sh; the file must contain no other job (comments and variable lines such as SHELL= are fine)."""
    jobs = _job_lines()
    assert len(jobs) == 1, f"expected exactly one job in /etc/cron.d/app-logs, found {jobs}"
    assert re.match(r"^30\s+2\s+\*\s+\*\s+\*\s+root\s+/app/bin/rotate-logs\.sh(\s|$)", jobs[0]), jobs[0]


def test_cron_no_longer_deletes():
    text = Path("/etc/cron.d/app-logs").read_text()
    body = "\n".join(_job_lines())
    assert "-delete" not in body, f"cron job still deletes: {text}"
    assert not re.search(r"\brm\b", body), f"cron job still deletes: {text}"
