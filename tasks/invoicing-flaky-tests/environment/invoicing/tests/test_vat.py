from decimal import Decimal

from invoicing.vat import vat_amount


def test_vat_simple():
    assert vat_amount(Decimal("100.00"), Decimal("0.19")) == Decimal("19.00")


def test_vat_rounding_half_up():
    # 8.50 x 19 % = 1.615, which rounds half up to 1.62
    assert vat_amount(Decimal("8.50"), Decimal("0.19")) == Decimal("1.62")


def test_vat_from_strings():
    assert vat_amount("20", "0.07") == Decimal("1.40")
