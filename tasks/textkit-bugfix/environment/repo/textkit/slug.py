"""URL slugs."""
import re

_NON_ALNUM = re.compile(r"[^a-z0-9]+")


def _collapse_runs(text, sep):
    """Replace every run of characters other than a-z and 0-9 with ``sep``."""
    return _NON_ALNUM.sub(sep, text)


def slugify(text, sep="-", max_length=None):
    """Lower-case ASCII slug of ``text``: its words joined by ``sep``.

    ``max_length`` caps the length of the result.
    """
    slug = _collapse_runs(text.lower(), sep).strip(sep)
    if max_length is not None:
        slug = slug[:max_length]
    return slug
