import pytest

from slugkit import make_slug, slugify


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Hello, World!", "hello-world"),
        ("  spaces   everywhere  ", "spaces-everywhere"),
        ("already-a-slug", "already-a-slug"),
        ("Crème brûlée", "cr-me-br-l-e"),
        ("2024 Q1 report (final)", "2024-q1-report-final"),
        ("---", ""),
        ("", ""),
    ],
)
def test_slugify(text, expected):
    assert slugify(text) == expected


def test_keep_case():
    assert slugify("Blue Mug XL", False) == "Blue-Mug-XL"
    assert slugify("Blue Mug XL", lowercase=False) == "Blue-Mug-XL"


def test_make_slug_alias():
    assert make_slug("Hello, World!") == "hello-world"
