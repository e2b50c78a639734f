"""URL slugs."""
import re

_NON_ALNUM = re.compile(r"[^A-Za-z0-9]+")


def slugify(text, lowercase=True):
    """A URL slug of `text`: every run of characters other than ASCII letters and digits
    becomes one '-', with no '-' at either end. Lower-cased unless `lowercase` is false."""
    if lowercase:
        text = text.lower()
    return _NON_ALNUM.sub("-", text).strip("-")


def make_slug(text):
    """Old name of slugify(), kept for existing callers."""
    return slugify(text)
