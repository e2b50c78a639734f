"""Invoice numbers."""
import random


class InvoiceNumberer:
    """Hands out the invoice numbers of one year: INV-<year>-<6 digits>."""

    def __init__(self, year, start=1):
        self.year = year
        self.start = start

    def next(self):
        return f"INV-{self.year}-{random.randint(1, 999999):06d}"
