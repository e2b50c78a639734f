"""VAT amounts."""
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")


def vat_amount(net, rate):
    """VAT on a net amount, rounded half up (away from zero) to cents.

    `net` and `rate` are Decimals or strings; the arithmetic is exact decimal arithmetic
    (floats turned 8.50 x 0.19 = 1.615 into 1.61).
    """
    return (Decimal(str(net)) * Decimal(str(rate))).quantize(CENT, rounding=ROUND_HALF_UP)
