"""URL slugs."""
import re
import unicodedata
import warnings

SEPARATORS = ("-", "_", ".")

_NON_ALNUM = re.compile(r"[^A-Za-z0-9]+")
# Letters that NFKD does not decompose into an ASCII base letter.
_SPECIAL = str.maketrans({
    "ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "œ": "oe", "Œ": "OE",
    "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "þ": "th", "Þ": "TH",
})


def _transliterate(text):
    decomposed = unicodedata.normalize("NFKD", text.translate(_SPECIAL))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _truncate(slug, separator, max_length):
    """At most max_length characters, dropping whole words from the end; a first word that is
    too long on its own is cut."""
    if len(slug) <= max_length:
        return slug
    if slug[max_length] == separator:
        return slug[:max_length]
    cut = slug[:max_length]
    if separator in cut:
        return cut[: cut.rindex(separator)]
    return cut


def slugify(text, lowercase=True, *, separator="-", max_length=None, transliterate=False):
    """A URL slug of `text`.

    Every run of characters other than ASCII letters and digits becomes one `separator`
    ("-", "_" or "."), with none at either end; lower-cased unless `lowercase` is false.
    `transliterate=True` first maps the text to ASCII where it can (é -> e, ß -> ss, ...).
    `max_length` shortens the slug by whole words (a too-long first word is cut).
    With the defaults the result is the same as in slugkit 1.4.0.
    """
    if separator not in SEPARATORS:
        raise ValueError(f"separator must be one of {SEPARATORS}, not {separator!r}")
    if max_length is not None and (isinstance(max_length, bool) or not isinstance(max_length, int) or max_length < 1):
        raise ValueError(f"max_length must be None or an integer >= 1, not {max_length!r}")
    if transliterate:
        text = _transliterate(text)
    if lowercase:
        text = text.lower()
    slug = separator.join(word for word in _NON_ALNUM.split(text) if word)
    if max_length is not None:
        slug = _truncate(slug, separator, max_length)
    return slug


def make_slug(text):
    """Deprecated: old name of slugify(), kept for existing callers."""
    warnings.warn("make_slug() is deprecated; use slugify() instead", DeprecationWarning, stacklevel=2)
    return slugify(text)
