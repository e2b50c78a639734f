"""Unit conversions (no station logic here)."""

MA_MIN, MA_MAX = 4.0, 20.0


def ma_to_fraction(ma):
    return (ma - MA_MIN) / (MA_MAX - MA_MIN)
