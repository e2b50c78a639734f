"""Conversion of foreign-currency amounts to EUR."""
from decimal import ROUND_HALF_UP, Decimal

DEFAULT_RATES = {
    "EUR": Decimal("1"),
    "USD": Decimal("0.92"),
    "GBP": Decimal("1.17"),
    "CHF": Decimal("1.04"),
}

_rates = dict(DEFAULT_RATES)


def set_rate(code, rate):
    """Use `rate` (EUR per unit) for `code` from now on, e.g. a negotiated rate for a quote."""
    _rates[code.upper()] = Decimal(str(rate))


def rate(code):
    return _rates[code.upper()]


def convert(amount, code):
    """The EUR value of `amount` in currency `code`, rounded half up to cents."""
    return (Decimal(str(amount)) * rate(code)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
