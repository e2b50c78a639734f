import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from export_skus import sku_code  # noqa: E402


def test_sku_code():
    assert sku_code("Blue Mug", "XL") == "Blue-Mug-XL"
    assert sku_code("Tea  Pot (2l)", "red/white") == "Tea-Pot-2l-red-white"
