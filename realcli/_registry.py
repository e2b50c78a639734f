"""One registry shape for every kind of extension (agents, user simulators, log backends, rule kinds ...).

An entry (``Extension``) is a name, an import path (``"package.module:Object"``) and the one line
the command line shows for it.  A registry lists its built-in entries and, the first time it is
read, the entries installed distributions declare under its entry-point group
(``realcli.agents`` ...): plug-ins need no line in realcli.  Nothing is imported until an entry is
loaded, so the command line can list names and help without importing what they name.

A plug-in whose name is already taken (by a built-in entry or by another plug-in) is refused with
one line naming its distribution: two extensions never answer to one name.
"""

from __future__ import annotations

import importlib
import importlib.metadata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from realcli._errors import ConfigError

T = TypeVar("T")

BUILT_IN = ""
"""``Extension.distribution`` of realcli's own entries."""


@dataclass(frozen=True)
class Extension:
    """One registry entry: a name, where its object lives (``"package.module:Object"``), and its one-line help.

    ``distribution`` is the plug-in's distribution (``BUILT_IN`` for realcli's own entries).
    """

    name: str
    target: str
    help: str = ""
    distribution: str = BUILT_IN

    @property
    def built_in(self) -> bool:
        """Whether realcli ships this entry (else a plug-in distribution declares it)."""
        return self.distribution == BUILT_IN

    @property
    def origin(self) -> str:
        """Where the entry comes from, for messages: ``built in`` or ``plug-in <distribution>``."""
        return "built in" if self.built_in else f"plug-in {self.distribution}"


Check = Callable[[Extension, object], T]
"""Validates a loaded object (raises ``ConfigError`` naming the entry) and returns it typed."""
Discover = Callable[[str], Iterable[importlib.metadata.EntryPoint]]
"""The entry points installed under a group (``importlib.metadata.entry_points``, or a test's own)."""


def installed_entry_points(group: str) -> Iterable[importlib.metadata.EntryPoint]:
    """The entry points every installed distribution declares under ``group``."""
    return importlib.metadata.entry_points(group=group)


def import_target(target: str) -> object:
    """The object ``"package.module:Object"`` (or ``"package.module:Object.attr"``) names, imported."""
    module_name, _, attrs = target.partition(":")
    obj: object = importlib.import_module(module_name)
    for attr in attrs.split(".") if attrs else ():
        obj = getattr(obj, attr)
    return obj


class Registry(Generic[T]):
    """The extensions of one kind: built-in entries, then plug-ins (by name), each loaded on first use.

    ``kind`` names one extension in messages (``"agent"``); ``group`` is the entry-point group
    plug-ins declare their entries under; ``check`` validates a loaded object.
    """

    def __init__(
        self,
        kind: str,
        group: str,
        built_in: Sequence[Extension],
        check: Check[T],
        *,
        discover: Discover = installed_entry_points,
    ) -> None:
        self.kind = kind
        self.group = group
        self._built_in = tuple(built_in)
        self._check = check
        self._discover = discover
        self._added: list[Extension] = []
        self._entries: dict[str, Extension] | None = None
        self._loaded: dict[str, T] = {}

    # ---------------------------------------------------------------- reading the entries

    def extensions(self) -> tuple[Extension, ...]:
        """Every entry, built-in ones first (in their order), then plug-ins (by name)."""
        return tuple(self._table().values())

    def built_ins(self) -> tuple[Extension, ...]:
        """realcli's own entries, in their order (no plug-in is looked for)."""
        return self._built_in

    def names(self) -> tuple[str, ...]:
        """Every entry's name, in ``extensions()`` order."""
        return tuple(self._table())

    def __contains__(self, name: object) -> bool:
        return name in self._table()

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def get(self, name: str) -> Extension:
        """The entry called ``name``; ``ConfigError`` listing the known names if there is none."""
        entry = self._table().get(name)
        if entry is None:
            raise ConfigError(f"{self.kind} {name!r} is unknown (expected {self.describe()})")
        return entry

    def describe(self, last: str = " or ") -> str:
        """The names as a sentence fragment for help texts and errors: ``a, b or c``."""
        names = self.names()
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + last + names[-1]

    # ---------------------------------------------------------------- loading them

    def load(self, name: str) -> T:
        """The object entry ``name`` points at, imported and checked once (``ConfigError`` if it cannot be)."""
        if name not in self._loaded:
            entry = self.get(name)
            try:
                obj = import_target(entry.target)
            except (ImportError, AttributeError) as e:
                raise ConfigError(
                    f"{self.kind} {name!r} ({entry.origin}): cannot import {entry.target!r}: {e}; "
                    "fix or uninstall the distribution that declares it"
                ) from e
            self._loaded[name] = self._check(entry, obj)
        return self._loaded[name]

    def load_all(self) -> dict[str, T]:
        """Every entry's object, in ``extensions()`` order."""
        return {name: self.load(name) for name in self._table()}

    def add(self, extension: Extension) -> None:
        """Add an entry from Python rather than from an entry point (after the built-in ones and the plug-ins).

        Its name must be free, as a plug-in's must.
        """
        self._added.append(extension)
        if self._entries is not None:
            self._insert(self._entries, extension)

    # ---------------------------------------------------------------- the table

    def _table(self) -> dict[str, Extension]:
        if self._entries is None:
            table: dict[str, Extension] = {}
            for entry in self._built_in:
                table[entry.name] = entry
            for entry in sorted(self._plugins(), key=lambda e: (e.name, e.distribution)):
                self._insert(table, entry)
            for entry in self._added:
                self._insert(table, entry)
            self._entries = table
        return self._entries

    def _plugins(self) -> Iterator[Extension]:
        for point in self._discover(self.group):
            dist = point.dist.name if point.dist is not None else "an unnamed distribution"
            yield Extension(name=point.name, target=point.value, distribution=dist)

    def _insert(self, table: dict[str, Extension], entry: Extension) -> None:
        taken = table.get(entry.name)
        if taken is not None:
            raise ConfigError(
                f"{self.kind} {entry.name!r} of {entry.origin} ({self.group}) clashes with the {taken.origin} "
                f"{self.kind} of that name: rename it in {entry.distribution or 'realcli'}'s entry points"
            )
        table[entry.name] = entry


def instance_of(expected: Callable[[], type[T]]) -> Check[T]:
    """A check that the loaded object is an instance of ``expected()`` (a thunk: the type is imported late)."""

    def check(entry: Extension, obj: object) -> T:
        kind = expected()
        if not isinstance(obj, kind):
            raise ConfigError(
                f"{entry.name!r} ({entry.origin}): {entry.target!r} is a {type(obj).__name__}, "
                f"expected a {kind.__name__}"
            )
        return obj

    return check
