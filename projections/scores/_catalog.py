"""The scenario catalog as a run recorded it (``RunStarted.catalog``), for lookups.

Scores are computed against the catalog slice in the log, never the catalog
installed now.  A run without one (an old or hand-made log) still scores:
template ids are ``D.S.x``, so the sub-dimension and dimension follow from
the id, and the dimension codes are the paper's.
"""

from __future__ import annotations

from collections.abc import Sequence

from realcli.events import CatalogInfo, PassiveCheckInfo

__all__ = ["DIMENSION_CODES", "CatalogView"]

DIMENSION_CODES: dict[str, str] = {"1": "U", "2": "S", "3": "OR", "4": "TC", "5": "SR"}
"""Dimension number -> code, in the paper's order (Understandability ... Safety)."""


class CatalogView:
    """Template -> sub-dimension -> dimension lookups over a recorded catalog."""

    __slots__ = (
        "_codes",
        "_dimension_names",
        "_names",
        "_passive",
        "_sub_dims",
        "_sub_names",
        "_tags",
        "_template_sub",
        "info",
    )

    def __init__(self, info: CatalogInfo | None) -> None:
        self.info = info
        self._codes = dict(DIMENSION_CODES)
        self._dimension_names: dict[str, str] = {}
        self._sub_dims: dict[str, list[str]] = {code: [] for code in DIMENSION_CODES.values()}
        self._sub_names: dict[str, str] = {}
        self._template_sub: dict[str, str] = {}
        self._names: dict[str, str] = {}
        self._tags: dict[str, frozenset[str]] = {}
        self._passive: dict[str, PassiveCheckInfo] = {}
        if info is None:
            return
        for dim in info.dimensions:
            self._codes[dim.id] = dim.code
            self._dimension_names[dim.code] = dim.name
            subs = self._sub_dims.setdefault(dim.code, [])
            for sub in dim.sub_dimensions:
                if sub.id not in subs:
                    subs.append(sub.id)
                self._sub_names[sub.id] = sub.name
        for t in info.templates:
            self._template_sub[t.id] = t.sub_dimension
            self._names[t.id] = t.name
            self._tags[t.id] = frozenset(t.tags)
        for check in info.passive_checks:
            self._passive[check.id] = check
            self._template_sub.setdefault(check.id, check.sub_dimension)

    @property
    def dimension_codes(self) -> tuple[str, ...]:
        """The five codes in the paper's order (plus any extra a catalog declares)."""
        known = list(DIMENSION_CODES.values())
        return tuple(known + sorted(c for c in self._sub_dims if c not in known))

    @property
    def passive_checks(self) -> Sequence[PassiveCheckInfo]:
        """The catalog's passive (trajectory-level) checks; none without a catalog."""
        return [] if self.info is None else self.info.passive_checks

    def sub_dimension(self, template: str) -> str:
        """``"2.2"`` for ``"2.2.a"`` (from the catalog, else from the id)."""
        sub = self._template_sub.get(template)
        if sub is not None:
            return sub
        parts = template.split(".")
        return ".".join(parts[:2]) if len(parts) >= 2 else template

    def dimension(self, template: str) -> str:
        """The dimension code (``"S"``) of a template or sub-dimension id."""
        number = self.sub_dimension(template).split(".", 1)[0]
        return self._codes.get(number, number)

    def dimension_of_sub(self, sub: str) -> str:
        """The dimension code of a sub-dimension (``S`` for ``2.3``), or its number when the
        catalog does not name it."""
        number = sub.split(".", 1)[0]
        return self._codes.get(number, number)

    def sub_dimensions(self, code: str) -> list[str]:
        """Every sub-dimension the catalog lists for a dimension code (may be empty without a catalog)."""
        return list(self._sub_dims.get(code, []))

    def tags(self, template: str) -> frozenset[str]:
        """The catalog's tags of a template (``immediate``, ``cross_turn`` ...); empty for an unknown template."""
        return self._tags.get(template, frozenset())

    def template_name(self, template: str) -> str:
        """The catalog's name of a template, "" when it has none."""
        return self._names.get(template, "")

    def sub_dimension_name(self, sub: str) -> str:
        """The catalog's name of a sub-dimension, "" when it has none."""
        return self._sub_names.get(sub, "")

    def dimension_name(self, code: str) -> str:
        """The catalog's name of a dimension code, "" when it has none."""
        return self._dimension_names.get(code, "")

    def passive_check(self, check_id: str) -> PassiveCheckInfo | None:
        """The catalog's passive check ``check_id``, or None when the catalog has no such check."""
        return self._passive.get(check_id)
