"""Harbor's ``${VAR}`` templates in task.toml ``env`` tables, resolved from realcli's environment at run time.

``${VAR}`` is the value of ``VAR`` in the environment realcli runs in;
``${VAR:-default}`` falls back to ``default`` when it is unset or empty.  The
task snapshot in the log keeps the templates, never the resolved values (they
may be secrets).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Final

from realcli._errors import TaskFormatError

__all__ = ["resolve_env"]

_TEMPLATE: Final = re.compile(r"\$\{(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?::-(?P<default>[^}]*))?\}")


def resolve_env(env: Mapping[str, str], *, where: str, environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """``env`` with every template replaced; ``TaskFormatError`` naming ``where`` and the variable when one is unset.

    ``where`` is the file and table, e.g. ``tasks/x/task.toml: environment.env``.
    """
    source = os.environ if environ is None else environ
    out: dict[str, str] = {}
    for key, value in env.items():

        def substitute(m: re.Match[str], key: str = key) -> str:
            found = source.get(m["name"])
            if found:
                return found
            if m["default"] is not None:
                return m["default"]
            raise TaskFormatError(
                f"{where}.{key}: ${{{m['name']}}} is not set in realcli's environment "
                f"(set it, or give a default: ${{{m['name']}:-VALUE}})"
            )

        out[key] = _TEMPLATE.sub(substitute, value)
    return out
