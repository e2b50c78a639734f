"""The shop's nightly SKU export."""
from slugkit import slugify


def sku_code(name, variant):
    """SKU codes keep the product's capitalisation: 'Blue Mug', 'XL' -> 'Blue-Mug-XL'."""
    return slugify(f"{name} {variant}", False)
