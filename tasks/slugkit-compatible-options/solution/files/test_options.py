import warnings

import pytest

from slugkit import make_slug, slugify


def test_separator():
    assert slugify("Hello, World!", separator="_") == "hello_world"


def test_max_length_keeps_whole_words():
    assert slugify("Hello World", max_length=7) == "hello"
    assert slugify("Supercalifragilistic", max_length=5) == "super"


def test_transliterate():
    assert slugify("Ærøskøbing Straße", transliterate=True) == "aeroskobing-strasse"


def test_new_options_are_keyword_only():
    with pytest.raises(TypeError):
        slugify("a b", True, "_")


def test_make_slug_warns():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert make_slug("Hello") == "hello"
    assert caught[0].category is DeprecationWarning and caught[0].filename == __file__
