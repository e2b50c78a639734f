"""Checks of the rod rig's Crank-Nicolson solver, its convergence check and the rig run.

The solver is run again on configurations made here (messy sensor files, insulated and fixed ends,
large time steps, bad configurations) and compared with a reference Crank-Nicolson solver.
"""

import hashlib
import json
import math
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest

import refheat

SOLVER = Path("/app/heat/heat1d.py")
ROD = Path("/app/rod")
TESTS = Path(__file__).resolve().parent
TOL = 2e-6  # 6 decimals in the output, plus round-off

RIG_FILES = {
    "rod.json": "7c539b184dbf3fa283b26a7ee32795a83792dde12194a558572a524c04084699",
    "legacy_ftcs.py": "a1e11540834a769212abc48df69fd699acb10dc526d904ef7bbd630439dc1b68",
    "legacy_out.csv": "0aff5ee92d189cc6ac8f11a260d28f5b4508dddada465ef374e2ba7d12bba92d",
    "NOTES.md": "af60d5df2150e83a30857f2ba7a6d77f885ed326a680d44e7f45c18b42d6f9d5",
    "results/README": "0b909ff4e01a21430143d20a52bae87eb0d867ad8aeb8d9e4da62aab75eea55b",
    "results/rod_2024-03_ftcs.csv": "ca8ca5eeac6e7644ec10537b1bc5b9a18abe59625be45c773e0aeac8176c3487",
}
# The sensor file as shipped, or as the lab re-calibrated it while the work was going on.
SENSORS = {
    "52fc9f941b9121ce4532cd5709c082579a868c453f106bbb4c6a4c8adff5c1fd": "sensors_orig.csv",
    "f6a03555e18b3cf20ec65c49439ea238678d1230bec1de4c7822815b603b9f78": "sensors_recal.csv",
}

MESSY_SENSORS = """# bench test, second rod
# positions in mm

position_mm , temp_C
 120, 35.5
40,61.25
#  channel 3 flaky
80,NA
200,30.0
80,
160 ,33.0
40,59.75
300,18.5
240,26.0
120,36.5
"""


def run_solver(config: Path, out: Path, cwd: Path = Path("/")) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["python3", str(SOLVER), str(config), str(out)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


def read_output(path: Path) -> tuple[list[str], np.ndarray, np.ndarray]:
    lines = path.read_text().splitlines()
    rows = [line.split(",") for line in lines[1:]]
    return lines, np.array([float(r[0]) for r in rows]), np.array([float(r[1]) for r in rows])


def reference(config: Path) -> tuple[np.ndarray, np.ndarray]:
    return refheat.solve(*refheat.load(str(config)))


def make_case(tmp: Path, sensors: str, **cfg) -> Path:
    base = {
        "length": 0.3,
        "alpha": 2.2e-5,
        "nx": 60,
        "t_end": 900,
        "nt": 45,
        "left": {"type": "insulated"},
        "right": {"type": "fixed", "value": 5.0},
        "initial": "data/bench.csv",
    }
    base.update(cfg)
    (tmp / "data").mkdir(exist_ok=True)
    (tmp / base["initial"]).write_text(sensors)
    config = tmp / "case.json"
    config.write_text(json.dumps(base))
    return config


def solve_and_compare(tmp: Path, config: Path) -> None:
    out = tmp / "out.csv"
    result = run_solver(config, out)
    assert result.returncode == 0, result.stderr
    _, x, u = read_output(out)
    rx, ru = reference(config)
    assert len(u) == len(ru), f"{len(u)} rows, expected {len(ru)}"
    assert np.allclose(x, rx, atol=1e-6)
    worst = int(np.argmax(np.abs(u - ru)))
    assert np.all(np.isfinite(u)) and abs(u[worst] - ru[worst]) <= TOL, (
        f"node {worst} (x={rx[worst]:.6f}): {u[worst]:.6f}, Crank-Nicolson gives {ru[worst]:.6f}"
    )


def test_solver_matches_crank_nicolson_on_messy_sensor_file(tmp_path):
    """heat1d.py uses Crank-Nicolson with a mirror node at an insulated end, a fixed end held at
    its value from t = 0, and reads a sensor file in millimetres with comments, blank lines,
    spaces, NA and empty readings, rows in any order and repeated positions averaged, with the
    nearest sensor's temperature outside the sensors' range; run from another directory, with
    the sensor path relative to the configuration file."""
    solve_and_compare(tmp_path, make_case(tmp_path, MESSY_SENSORS))


def test_fixed_end_replaces_sensor_profile_at_start(tmp_path):
    """A fixed end is held at its value at every time, t = 0 included: with two time steps the
    sensor reading at that node must not leak into the result."""
    solve_and_compare(
        tmp_path,
        make_case(
            tmp_path, MESSY_SENSORS, nt=2, left={"type": "fixed", "value": 90.0}, right={"type": "insulated"}
        ),
    )


def test_stable_for_large_time_steps(tmp_path):
    """The solver stays stable for any time step: with alpha * dt / dx^2 of several hundred the
    result is finite and still the Crank-Nicolson one."""
    config = make_case(tmp_path, MESSY_SENSORS, nx=150, nt=4, t_end=2000)
    solve_and_compare(tmp_path, config)


def test_fixed_ends_match_exact_solution(tmp_path):
    """With both ends fixed at 0 and a sine starting profile (sensors every millimetre), the
    result is within discretisation error of the exact solution and equals Crank-Nicolson."""
    length, alpha, t_end = 2.0, 0.5e-3, 400.0
    lines = ["position_mm,temp_C"] + [
        f"{p},{3 * math.sin(math.pi * p / 2000.0):.9f}" for p in range(0, 2001)
    ]
    config = make_case(
        tmp_path,
        "\n".join(lines) + "\n",
        length=length,
        alpha=alpha,
        nx=100,
        nt=100,
        t_end=t_end,
        left={"type": "fixed", "value": 0.0},
        right={"type": "fixed", "value": 0.0},
    )
    solve_and_compare(tmp_path, config)
    _, x, u = read_output(tmp_path / "out.csv")
    exact = 3 * np.sin(np.pi * x / length) * math.exp(-alpha * math.pi**2 * t_end / length**2)
    assert np.max(np.abs(u - exact)) < 2e-3


def test_output_format(tmp_path):
    """The output has the header x,u and one row per node in order, x in metres and u with 6
    decimals each."""
    config = make_case(tmp_path, MESSY_SENSORS, nx=7, nt=3)
    out = tmp_path / "out.csv"
    result = run_solver(config, out)
    assert result.returncode == 0, result.stderr
    lines, x, _ = read_output(out)
    assert lines[0] == "x,u"
    assert len(lines) == 9, f"{len(lines) - 1} rows for nx=7"
    for line in lines[1:]:
        assert re.fullmatch(r"-?\d+\.\d{6},-?\d+\.\d{6}", line), line
    assert np.allclose(x, np.arange(8) * 0.3 / 7, atol=1e-6)


BAD = [
    ("alpha", {"alpha": 0}),
    ("length", {"length": -0.3}),
    ("t_end", {"t_end": 0}),
    ("nx", {"nx": 1}),
    ("nt", {"nt": 0}),
    ("end type", {"right": {"type": "radiating"}}),
    ("sensor file", {"initial": "data/missing.csv"}),
]


@pytest.mark.parametrize("name,change", BAD, ids=[b[0] for b in BAD])
def test_bad_configuration_exits_2_without_output(tmp_path, name, change):
    """A bad configuration (length, alpha or t_end not positive, nx below 2, nt below 1, an
    unknown end type, a sensor file that cannot be read) exits with status 2, says why on
    stderr and writes no output file."""
    config = make_case(tmp_path, MESSY_SENSORS)
    cfg = json.loads(config.read_text())
    cfg.update(change)
    config.write_text(json.dumps(cfg))
    out = tmp_path / "out.csv"
    result = run_solver(config, out)
    assert result.returncode == 2, f"{name}: exit {result.returncode}"
    assert result.stderr.strip(), f"{name}: nothing on stderr"
    assert not out.exists(), f"{name}: an output file was written"


def test_missing_key_and_too_few_readings_exit_2(tmp_path):
    """A missing key, or a sensor file with fewer than two usable readings, exits with status 2
    and writes no output file."""
    config = make_case(tmp_path, "position_mm,temp_C\n10,20.0\n20,NA\n")
    out = tmp_path / "out.csv"
    assert run_solver(config, out).returncode == 2 and not out.exists()
    config = make_case(tmp_path, MESSY_SENSORS)
    cfg = json.loads(config.read_text())
    del cfg["nt"]
    config.write_text(json.dumps(cfg))
    assert run_solver(config, out).returncode == 2 and not out.exists()


def reference_convergence() -> list[float]:
    errors = []
    for nx in (10, 20, 40, 80, 160):
        x = np.linspace(0.0, 1.0, nx + 1)
        ends = [{"type": "fixed", "value": 0.0}, {"type": "insulated"}]
        _, u = refheat.solve(1.0, 1.0, nx, nx, 0.1, ends, x, np.sin(np.pi * x / 2))
        exact = np.sin(np.pi * x / 2) * math.exp(-math.pi**2 / 4 * 0.1)
        errors.append(float(np.sqrt(np.mean((u - exact) ** 2))))
    return errors


def test_convergence_table():
    """convergence.csv has the header nx,rms_error,order, rows for nx = 10, 20, 40, 80, 160 with
    the root mean square error over all nodes in %.6e format and the observed order
    log2(previous / this) with 3 decimals, empty on the first row."""
    path = Path("/app/heat/convergence.csv")
    assert path.is_file(), "no /app/heat/convergence.csv"
    lines = path.read_text().splitlines()
    assert lines[0] == "nx,rms_error,order"
    rows = [line.split(",") for line in lines[1:] if line.strip()]
    assert [r[0] for r in rows] == ["10", "20", "40", "80", "160"]
    want = reference_convergence()
    for i, (row, err) in enumerate(zip(rows, want)):
        assert len(row) == 3, row
        assert re.fullmatch(r"\d\.\d{6}e[-+]\d{2}", row[1]), f"rms_error not %.6e: {row[1]}"
        assert math.isclose(float(row[1]), err, rel_tol=2e-3), (
            f"nx={row[0]}: rms_error {row[1]}, expected {err:.6e}"
        )
        if i == 0:
            assert row[2] == "", "order on the first row"
        else:
            assert re.fullmatch(r"-?\d+\.\d{3}", row[2]), f"order not 3 decimals: {row[2]}"
            assert abs(float(row[2]) - math.log2(float(rows[i - 1][1]) / float(row[1]))) < 2e-3
            assert float(row[2]) > 1.9, f"order {row[2]}: not second order"


def test_rig_run_output():
    """rod_final.csv is the solver's output for /app/rod/rod.json (from the rig's sensor file)."""
    path = Path("/app/heat/rod_final.csv")
    assert path.is_file(), "no /app/heat/rod_final.csv"
    lines, x, u = read_output(path)
    assert lines[0] == "x,u" and len(u) == 101
    best = math.inf
    for name in SENSORS.values():
        params = list(refheat.load(str(ROD / "rod.json")))
        params[6], params[7] = refheat.read_sensors(str(TESTS / name))
        _, ru = refheat.solve(*params)
        best = min(best, float(np.max(np.abs(u - ru))))
    assert best <= TOL, f"rod_final.csv differs from the Crank-Nicolson result by {best:.6f}"


def test_rig_files_unchanged():
    """Nothing under /app/rod changed: rod.json, the sensor file, the legacy solver and its
    output, the notes and the published results/."""
    for name, digest in RIG_FILES.items():
        assert hashlib.sha256((ROD / name).read_bytes()).hexdigest() == digest, f"{name} changed"
    sensors = hashlib.sha256((ROD / "sensors.csv").read_bytes()).hexdigest()
    assert sensors in SENSORS, "sensors.csv changed"
    assert sorted(p.name for p in (ROD / "results").iterdir()) == ["README", "rod_2024-03_ftcs.csv"]
