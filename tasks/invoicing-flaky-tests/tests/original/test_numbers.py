import re

from invoicing.numbers import InvoiceNumberer


def test_number_format():
    assert re.fullmatch(r"INV-2024-\d{6}", InvoiceNumberer(2024).next())


def test_numbers_are_unique():
    numberer = InvoiceNumberer(2024)
    numbers = [numberer.next() for _ in range(450)]
    assert len(set(numbers)) == len(numbers)
