"""The blog's publisher: where a post lives."""
from slugkit import make_slug


def post_path(date, title):
    """The URL path of a post: /<year>/<month>/<slug of the title>/"""
    return f"/{date:%Y/%m}/{make_slug(title)}/"
