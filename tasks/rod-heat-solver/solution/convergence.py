#!/usr/bin/env python3
"""convergence.py: the solver's convergence check on sin(pi x / 2), fixed 0 left, insulated right."""
import math
import sys

import numpy as np

sys.path.insert(0, "/app/heat")
import heat1d  # noqa: E402

ENDS = [{"type": "fixed", "value": 0.0}, {"type": "insulated"}]
rows = ["nx,rms_error,order"]
prev = None
for nx in (10, 20, 40, 80, 160):
    x = np.linspace(0.0, 1.0, nx + 1)
    _, u = heat1d.solve(1.0, 1.0, nx, nx, 0.1, [dict(e) for e in ENDS], x, np.sin(np.pi * x / 2))
    exact = np.sin(np.pi * x / 2) * math.exp(-(math.pi**2) / 4 * 0.1)
    err = float(np.sqrt(np.mean((u - exact) ** 2)))
    err = float(f"{err:.6e}")
    order = "" if prev is None else f"{math.log2(prev / err):.3f}"
    rows.append(f"{nx},{err:.6e},{order}")
    prev = err
with open(sys.argv[1], "w") as out:
    out.write("\n".join(rows) + "\n")
