"""The sandboxes realcli knows: one entry each (the class implementing ``Sandbox``), plug-ins included.

An entry points at a class implementing ``realcli.environments.Sandbox``; plug-ins add theirs
under the entry-point group ``realcli.sandboxes`` (and prove it with a test module that
subclasses ``realcli.environments.conformance.SandboxContract``).
"""

from __future__ import annotations

from typing import Final

from realcli import ConfigError, Extension, Registry


def _sandbox_class(entry: Extension, obj: object) -> type:
    if not isinstance(obj, type):
        raise ConfigError(
            f"sandbox {entry.name!r} ({entry.origin}): {entry.target!r} is not a class "
            "(expected one implementing realcli.environments.Sandbox)"
        )
    return obj


SANDBOXES: Final[Registry[type]] = Registry(
    "sandbox",
    "realcli.sandboxes",
    [
        Extension("docker", "realcli.environments._sandbox:DockerSandbox", "a container of the Docker engine"),
        Extension("local", "realcli.environments._local:LocalSandbox", "local processes, UNSAFE: no isolation"),
    ],
    _sandbox_class,
)
"""Every sandbox class: Docker (what runs trials), the local one, then plug-ins (``realcli.sandboxes``)."""
