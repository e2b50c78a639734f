"""``realcli extensions``: every registry of extensions, built-in entries and plug-ins, each loaded and checked."""

from __future__ import annotations

import contextlib
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from realcli import ConfigError, Registry
from realcli.cli._app import app, console, err_console


def _registries() -> list[Registry[Any]]:
    # Imported here: loading every entry imports the runtime and Docker's client.
    from realcli.environments import SANDBOXES
    from realcli.eventlog import LOG_BACKENDS
    from realcli.events import RULE_KINDS
    from realcli.projections import REPORT_SECTIONS
    from realcli.runtime import AGENTS, USER_SIMULATORS

    return [AGENTS, USER_SIMULATORS, LOG_BACKENDS, RULE_KINDS, SANDBOXES, REPORT_SECTIONS]


def _problems(registry: Registry[Any]) -> list[str]:
    problems = []
    for name in registry.names():
        try:
            registry.load(name)
        except ConfigError as e:
            problems.append(str(e))
    return problems


def _missing_predicates() -> list[str]:
    from realcli.projections import missing_predicates

    return missing_predicates()


@app.command()
def extensions(
    kind: Annotated[
        str | None,
        typer.Option("--kind", help="Only this kind: agent, user simulator, log backend, rule kind, sandbox, ..."),
    ] = None,
) -> None:
    """List the agents, user simulators, log backends, rule kinds, sandboxes and report sections, and where each
    comes from (built in, or a plug-in's distribution); every entry is loaded and checked (exit 1 on a problem).

    A plug-in declares its entries as Python entry points (groups realcli.agents, realcli.user_simulators,
    realcli.log_backends, realcli.rule_kinds, realcli.sandboxes, realcli.report_sections).
    """
    registries = [r for r in _registries() if kind is None or r.kind == kind]
    if not registries:
        raise ConfigError(f"--kind {kind!r}: expected one of {', '.join(r.kind for r in _registries())}")
    table = Table("kind", "name", "from", "help", box=None, pad_edge=False)
    problems: list[str] = []
    for registry in registries:
        try:
            entries = registry.extensions()
        except ConfigError as e:
            problems.append(str(e))
            continue
        for entry in entries:
            table.add_row(registry.kind, entry.name, entry.origin, entry.help)
        problems += _problems(registry)
    if kind in (None, "rule kind"):
        with contextlib.suppress(ConfigError):  # a rule kind that does not load is listed above
            problems += _missing_predicates()
    console.print(table)
    for problem in problems:
        err_console.print(f"[bold red]error:[/] {escape(problem)}", soft_wrap=True)
    if problems:
        raise typer.Exit(1)
