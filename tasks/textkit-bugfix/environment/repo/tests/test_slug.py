from textkit import slugify


def test_basic():
    assert slugify("Hello, World!") == "hello-world"


def test_custom_separator():
    assert slugify("Hello, World!", sep="_") == "hello_world"


def test_accents_are_transliterated():
    assert slugify("Crème brûlée") == "creme-brulee"


def test_max_length_never_ends_with_separator():
    assert slugify("A long post title", max_length=7) == "a-long"
