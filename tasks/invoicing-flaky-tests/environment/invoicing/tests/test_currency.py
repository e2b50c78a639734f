from decimal import Decimal

import pytest

from invoicing import currency


def test_convert_usd():
    assert currency.convert(Decimal("100"), "USD") == Decimal("92.00")


def test_convert_rounds_half_up():
    assert currency.convert(Decimal("0.25"), "CHF") == Decimal("0.26")


def test_negotiated_rate_for_a_quote():
    currency.set_rate("USD", "0.95")
    assert currency.convert(Decimal("100"), "usd") == Decimal("95.00")


def test_unknown_currency():
    with pytest.raises(KeyError):
        currency.convert(Decimal("1"), "XYZ")
