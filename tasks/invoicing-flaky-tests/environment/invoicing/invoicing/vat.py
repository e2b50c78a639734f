"""VAT amounts."""
from decimal import Decimal


def vat_amount(net, rate):
    """VAT on a net amount, rounded half up to cents. `net` and `rate` are Decimals or strings."""
    return Decimal(str(round(float(net) * float(rate), 2)))
