from textkit import truncate


def test_short_text_unchanged():
    assert truncate("hello", 5) == "hello"


def test_result_fits_width():
    assert truncate("hello world", 8) == "hello w\u2026"
    assert len(truncate("hello world", 8)) == 8


def test_custom_ellipsis():
    assert truncate("hello world", 8, ellipsis="...") == "hello..."
