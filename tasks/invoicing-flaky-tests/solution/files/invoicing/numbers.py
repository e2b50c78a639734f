"""Invoice numbers."""


class InvoiceNumberer:
    """Hands out the invoice numbers of one year: INV-<year>-<6 digits>, sequential from `start`.

    Numbers used to be random, so two invoices could get the same number (and the uniqueness
    test failed now and then).
    """

    def __init__(self, year, start=1):
        self.year = year
        self.start = start
        self._next = start

    def next(self):
        number = self._next
        self._next += 1
        return f"INV-{self.year}-{number:06d}"
