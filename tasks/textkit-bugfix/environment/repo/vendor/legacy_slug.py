"""Vendored copy of the 2019 slug helper (upstream: blogtools 0.3). Do not edit; re-vendor instead."""
import re

_NON_ALNUM = re.compile(r"[^a-z0-9]+")


def _collapse_runs(text, sep):
    return _NON_ALNUM.sub(sep, text)


def legacy_slug(text):
    return _collapse_runs(text.lower(), "-").strip("-")
