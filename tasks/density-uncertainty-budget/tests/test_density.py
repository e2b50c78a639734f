"""Verifier for density-uncertainty-budget: the real batch, fresh batches, rounding and units."""
import csv
import hashlib
import io
import random
import subprocess
import sys
from decimal import ROUND_HALF_UP, Decimal, getcontext
from pathlib import Path

import pytest

getcontext().prec = 50
TOOL = Path("/app/bin/density.py")
LAB = {
    "/app/lab/METHOD.md": "ca27aa3f37b50e409b5dfc986a8ab107008da90198b7bc42a65b2164d0be0294",
    "/app/lab/instruments.csv": "f79dcf223bcc067f1127e9450ac3d40b3df53a49220e219ab9a4541f56d06817",
    "/app/lab/readings.csv": "1552b0ad121f0a175957f6f30b72d330a54015bd0f0371f6295e5e76903cf043",
}
HEADER = ["specimen", "density_kg_m3", "u_kg_m3", "rel_u_percent", "n_mass", "n_diameter", "n_length", "status"]
F = {"kg": "1", "g": "0.001", "mg": "0.000001", "lb": "0.45359237", "oz": "0.028349523125",
     "m": "1", "cm": "0.01", "mm": "0.001", "in": "0.0254"}
PI = Decimal("3.14159265358979323846264338327950288419716939937510")
SQRT12 = Decimal(12).sqrt()
Q = ("mass", "diameter", "length")


# ------------------------------------------------------------------ reference (50-digit decimals)


def si(value, unit):
    return Decimal(value.strip()) * Decimal(F[unit.strip().lower()])


def exact(readings_csv, instruments_csv):
    res = {r["instrument"].strip(): si(r["resolution"], r["unit"]) for r in csv.DictReader(io.StringIO(instruments_csv))}
    data = {}
    for r in csv.DictReader(io.StringIO(readings_csv)):
        data.setdefault(r["specimen"].strip(), {q: [] for q in Q})[r["quantity"].strip()].append(
            (si(r["value"], r["unit"]), res[r["instrument"].strip()]))
    out = {}
    for sp, qs in data.items():
        counts = tuple(len(qs[q]) for q in Q)
        missing = [q for q in Q if not qs[q]]
        if missing:
            out[sp] = (None, counts, f"missing {missing[0]}")
            continue
        vals = []
        for q in Q:
            xs = [v for v, _ in qs[q]]
            n = len(xs)
            mean = sum(xs) / n
            ua2 = sum((x - mean) ** 2 for x in xs) / (n - 1) / n if n > 1 else Decimal(0)
            ub = max(r for _, r in qs[q]) / SQRT12
            vals.append((mean, (ua2 + ub * ub).sqrt()))
        (m, um), (d, ud), (length, ul) = vals
        rho = 4 * m / (PI * d * d * length)
        rel = ((um / m) ** 2 + (2 * ud / d) ** 2 + (ul / length) ** 2).sqrt()
        out[sp] = ((rho, rho * rel, 100 * rel), counts, "ok")
    return out


def fmt(rho, u, relp):
    exp = u.adjusted() - 1
    ur = u.quantize(Decimal(1).scaleb(exp), rounding=ROUND_HALF_UP)
    if ur.adjusted() > u.adjusted():
        exp += 1
        ur = u.quantize(Decimal(1).scaleb(exp), rounding=ROUND_HALF_UP)
    places = max(0, -exp)
    rr = rho.quantize(Decimal(1).scaleb(exp), rounding=ROUND_HALF_UP)
    pr = relp.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return (f"{rr:.{places}f}", f"{ur:.{places}f}", f"{pr:.2f}")


def acceptable(values):
    """Correct renderings; values within 1e-9 (relative) of a rounding boundary may go either way."""
    rho, u, relp = values
    eps = Decimal("1e-9")
    return {fmt(rho * a, u * b, relp * b) for a in (1 - eps, 1, 1 + eps) for b in (1 - eps, 1, 1 + eps)}


def check_output(text, readings_csv, instruments_csv):
    assert "\r" not in text, "LF line endings expected"
    rows = list(csv.reader(io.StringIO(text)))
    assert rows and rows[0] == HEADER, f"bad header {rows[:1]}"
    ref = exact(readings_csv, instruments_csv)
    got = rows[1:]
    assert [r[0] for r in got] == sorted(ref), f"specimens/order: {[r[0] for r in got]} vs {sorted(ref)}"
    for r in got:
        values, counts, status = ref[r[0]]
        assert len(r) == 8, f"{r[0]}: {r}"
        assert tuple(int(c) for c in r[4:7]) == counts and r[7] == status, f"{r[0]}: {r[4:]} vs {counts} {status}"
        if values is None:
            assert r[1:4] == ["", "", ""], f"{r[0]}: numbers must be empty when a quantity is missing: {r}"
        else:
            ok = acceptable(values)
            assert tuple(r[1:4]) in ok, f"{r[0]}: got {r[1:4]}, expected {sorted(ok)[0]}"


def run(tmp, readings, instruments, name="case"):
    d = Path(tmp) / name
    d.mkdir(parents=True, exist_ok=True)
    (d / "r.csv").write_text(readings)
    (d / "i.csv").write_text(instruments)
    out = d / "new" / "density.csv"
    p = subprocess.run([sys.executable, str(TOOL), "--readings", str(d / "r.csv"), "--instruments", str(d / "i.csv"),
                        "--out", str(out)], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, f"density.py exited {p.returncode}: {p.stderr[-600:]}"
    check_output(out.read_text(), readings, instruments)
    return list(csv.reader(io.StringIO(out.read_text())))[1:]


def table(rows, header=("specimen", "quantity", "value", "unit", "instrument")):
    return ",".join(header) + "\n" + "".join(",".join(r) + "\n" for r in rows)


INSTR = table([("bal", "0.001", "g"), ("cal", "0.01", "mm"), ("imp", "0.001", "in"), ("tape", "0.1", "cm"),
               ("ruler", "1", "mm"), ("zero", "0.000001", "mg")], header=("instrument", "resolution", "unit"))


# ------------------------------------------------------------------ the real batch


@pytest.mark.parametrize("path", sorted(LAB))
def test_lab_files_untouched(path):
    """Nothing in /app/lab is modified (the raw readings are kept for audits)."""
    assert hashlib.sha256(Path(path).read_bytes()).hexdigest() == LAB[path], f"{path} was modified"


def test_real_batch():
    """/app/out/density.csv holds the budget of the real batch, computed as specified (u = sqrt(u_A^2 + u_B^2); rho = 4 m / (pi d^2 L); u(rho) from the relative uncertainties)."""
    out = Path("/app/out/density.csv")
    assert out.is_file(), "run the script so /app/out/density.csv exists"
    check_output(out.read_text(), Path("/app/lab/readings.csv").read_text(), Path("/app/lab/instruments.csv").read_text())


def test_defaults_reproduce_the_real_batch(tmp_path):
    before = Path("/app/out/density.csv").read_bytes()
    p = subprocess.run([sys.executable, str(TOOL)], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr[-600:]
    assert Path("/app/out/density.csv").read_bytes() == before


# ------------------------------------------------------------------ fresh batches


def test_single_readings_use_type_b_only(tmp_path):
    rows = [("S1", "mass", "25.000", "g", "bal"), ("S1", "diameter", "10.00", "mm", "cal"), ("S1", "length", "30.00", "mm", "cal")]
    got = run(tmp_path, table(rows), INSTR)
    assert got[0][4:] == ["1", "1", "1", "ok"]


def test_sample_standard_deviation_and_diameter_squared(tmp_path):
    rows = [("S1", "mass", v, "g", "bal") for v in ("50.012", "50.031", "49.978")]
    rows += [("S1", "diameter", v, "mm", "cal") for v in ("20.01", "19.95", "20.07", "20.00")]
    rows += [("S1", "length", v, "mm", "cal") for v in ("40.10", "40.02")]
    run(tmp_path, table(rows), INSTR)


def test_units_and_case(tmp_path):
    rows = [("A", "mass", "0.1102", " LB", "bal"), ("A", "mass", "0.1101", "lb ", "bal"),
            ("A", "diameter", "0.787", "IN", "imp"), ("A", "diameter", "20.01", "mm", "cal"),
            ("A", "length", "4.00", "Cm", "tape"), ("A", "length", "0.0401", "m", "cal"),
            ("B", "mass", "1.764", "oz", "bal"), ("B", "mass", "50012", "mg", "bal"), ("B", "diameter", "0.02", "m", "cal"),
            ("B", "length", "40.00", "mm", "cal")]
    run(tmp_path, table(rows), INSTR)


def test_coarsest_instrument_applies(tmp_path):
    rows = [("S", "mass", "12.345", "g", "bal"), ("S", "diameter", "10.02", "mm", "cal"), ("S", "diameter", "10.0", "mm", "ruler"),
            ("S", "length", "50.00", "mm", "cal")]
    run(tmp_path, table(rows), INSTR)


def test_large_uncertainty_and_sorting(tmp_path):
    rows = [("b-2", "mass", "0.47", "g", "bal"), ("b-2", "diameter", "6", "mm", "ruler"), ("b-2", "diameter", "7", "mm", "ruler"),
            ("b-2", "length", "12", "mm", "ruler"), ("B-10", "mass", "5.000", "g", "bal"), ("B-10", "diameter", "5.00", "mm", "cal"),
            ("B-10", "length", "3", "mm", "ruler"), ("B-9", "mass", "5.000", "g", "bal"), ("B-9", "diameter", "5.00", "mm", "cal"),
            ("B-9", "length", "30.00", "mm", "cal")]
    got = run(tmp_path, table(rows), INSTR)
    assert [r[0] for r in got] == ["B-10", "B-9", "b-2"]


def test_two_significant_figures_after_rounding_up(tmp_path):
    # One reading each, mass resolution chosen so that u(rho) is just below 0.1 kg/m3: it must be written 0.10.
    m, d, length = Decimal("0.02"), Decimal("0.01"), Decimal("0.03")
    rho = 4 * m / (PI * d * d * length)
    target = Decimal("0.09996")
    r_mass = target / rho * m * SQRT12
    instr = table([("b", f"{r_mass:.12f}", "kg"), ("z", "0.000000000001", "m")], header=("instrument", "resolution", "unit"))
    rows = [("E", "mass", "0.02", "kg", "b"), ("E", "diameter", "0.01", "m", "z"), ("E", "length", "0.03", "m", "z")]
    got = run(tmp_path, table(rows), instr)
    assert got[0][2] == "0.10" and len(got[0][1].split(".")[1]) == 2, got[0]


def test_missing_quantities(tmp_path):
    rows = [("M1", "diameter", "10.00", "mm", "cal"), ("M2", "mass", "3.000", "g", "bal"), ("M2", "diameter", "5.00", "mm", "cal"),
            ("M3", "mass", "1.000", "g", "bal"), ("M3", "diameter", "5.00", "mm", "cal"), ("M3", "length", "5.00", "mm", "cal")]
    got = run(tmp_path, table(rows), INSTR)
    assert [r[7] for r in got] == ["missing mass", "missing length", "ok"]
    assert got[0][1:7] == ["", "", "", "0", "1", "0"]


def test_random_batches(tmp_path):
    """On ten random batches every row matches the budget computed as specified (a reference in exact decimals): u = sqrt(u_A^2 + u_B^2) per quantity, rho = 4 m / (pi d^2 L) in kg/m³ and u(rho) = rho * sqrt((u_m / m)^2 + (2 u_d / d)^2 + (u_L / L)^2)."""
    rng = random.Random(5)
    for k in range(10):
        rows = []
        for s in range(rng.randint(1, 8)):
            sid = rng.choice(["AL", "cu", "St", "X"]) + f"-{s}"
            dens = rng.choice([1380, 2700, 7850, 8960])
            d_mm, l_mm = rng.uniform(4, 30), rng.uniform(5, 80)
            m_g = dens * 3.14159 * (d_mm / 1000) ** 2 * (l_mm / 1000) / 4 * 1000
            for q, v, unit, instr, nd in (("mass", m_g, "g", rng.choice(["bal", "zero"]), 3),
                                          ("diameter", d_mm, "mm", rng.choice(["cal", "imp", "ruler"]), 2),
                                          ("length", l_mm, "mm", rng.choice(["cal", "tape"]), 2)):
                for _ in range(rng.randint(1, 5)):
                    rows.append((sid, q, f"{v * rng.uniform(0.997, 1.003):.{nd}f}", unit, instr))
        rng.shuffle(rows)
        run(tmp_path, table(rows), INSTR, name=f"r{k}")
