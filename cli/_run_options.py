"""The options the trial-running commands share (agent, model, network, user simulator)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from realcli.cli._app import err_console
from realcli.cli._common import listed

# Only the registries (names and help) load with `realcli`: the actors and Docker are imported by the
# commands that run trials.
from realcli.runtime.agents import AGENTS
from realcli.runtime.users import USER_SIMULATORS

AgentOpt = Annotated[str, typer.Option("--agent", help=f"Agent to evaluate: {listed(AGENTS, ', ')}.")]
ModelOpt = Annotated[str | None, typer.Option("--model", help="Agent model (or $REALCLI_AGENT_MODEL).")]
BaseUrlOpt = Annotated[
    str | None, typer.Option("--base-url", help="Agent model endpoint, OpenAI-compatible (or $REALCLI_AGENT_BASE_URL).")
]
ProviderOpt = Annotated[
    str | None,
    typer.Option(
        "--provider",
        help="Agent API: openai or anthropic (or $REALCLI_AGENT_PROVIDER; "
        "claude-code defaults to anthropic, codex to openai).",
    ),
]
AgentVersionOpt = Annotated[
    str | None,
    typer.Option("--agent-version", help="npm version of claude-code / codex (default: the pinned one)."),
]
MaxTokensOpt = Annotated[
    int | None, typer.Option("--max-tokens", min=1, help="claude-code / codex: token budget per trial (gateway).")
]
MaxCostOpt = Annotated[
    float | None, typer.Option("--max-cost", min=0.0, help="claude-code / codex: USD budget per trial (gateway).")
]
AgentOptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--agent-option",
        help="KEY=VALUE, repeatable: terminus context_tokens (default 128000), summarize_at (0.8), "
        "json_mode (false), max_malformed (unset: never give up); adversary role (the red team: yes-man, "
        "explorer, destroyer, launderer, claimer, asker, half-solution, wrong-solution; "
        "the verifier's attacks: toolchain-shim, path-shadow, "
        "startup-hook, forger, tests-planter, daemon-forger) and spelling (the destroyer's: rm, find-exec, "
        "find-delete, python).",
    ),
]
NetworkOpt = Annotated[
    str,
    typer.Option(
        "--network",
        envvar="REALCLI_NETWORK",
        help="task: each sandbox gets its task's network (Harbor's default, public, when the task declares none); "
        "none: isolate every sandbox, as the paper's runs (or $REALCLI_NETWORK). Recorded in the run.",
    ),
]
ImageMapOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--image-map",
        help="FROM=TO, repeatable: use image TO wherever a task asks for FROM (docker_image or a Dockerfile's "
        "FROM; FROM may be a glob such as python:3.*-slim*). Also $REALCLI_IMAGE_MAP and the config file.",
    ),
]
HostNetworkOpt = Annotated[
    bool,
    typer.Option(
        "--allow-host-network",
        help="When the Docker engine cannot give a sandbox a bridge network of its own, let sandboxes that need "
        "network take the HOST's network, where they reach every service on this machine, the event log "
        "included. Unsafe; recorded in the run. Without it such a run is refused.",
    ),
]


def warn_host_network(allowed: bool) -> None:
    """The loud warning ``--allow-host-network`` deserves, once, before anything runs."""
    if allowed:
        err_console.print(
            "[bold red]warning:[/] --allow-host-network: where the engine cannot bridge, sandboxes that need "
            "network share this machine's network and can reach its services, the event log included"
        )


BuildCaOpt = Annotated[
    list[Path] | None,
    typer.Option(
        "--build-ca",
        help="PEM file of CA certificates that image builds trust (builds behind a TLS-intercepting proxy); "
        "repeatable. Also $REALCLI_BUILD_CA and the config file. Off by default.",
    ),
]
MetricOpt = Annotated[
    str | None,
    typer.Option(
        "--metric",
        help="The reward.json metric that decides V when a verifier writes several and no 'reward' key "
        "(a task's own default: [verifier] metric). Recorded in the run.",
    ),
]
TaskEnvOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--task-env",
        metavar="NAME",
        help="Let tasks' ${NAME} templates (task.toml env tables, compose files) read this variable of realcli's "
        "environment; "
        "repeatable. Also $REALCLI_TASK_ENV and task_env in the config file. Never realcli's own settings or "
        "anything that looks like a secret; the value is redacted from the log. Without it a task sees the "
        "variable unset.",
    ),
]
TimeoutMultiplierOpt = Annotated[
    float,
    typer.Option(
        "--timeout-multiplier",
        help="Multiply every timeout the tasks declare (the agent's time budget, the verifier's, the image "
        "build's) by this, as Harbor's --timeout-multiplier: for a slower machine. Recorded in the run.",
    ),
]
AgentTimeoutMultiplierOpt = Annotated[
    float | None,
    typer.Option(
        "--agent-timeout-multiplier", help="The agent's time budget's multiplier (default: --timeout-multiplier)."
    ),
]
VerifierTimeoutMultiplierOpt = Annotated[
    float | None,
    typer.Option(
        "--verifier-timeout-multiplier", help="The verifier's timeout's multiplier (default: --timeout-multiplier)."
    ),
]
BuildTimeoutMultiplierOpt = Annotated[
    float | None,
    typer.Option(
        "--environment-build-timeout-multiplier",
        help="The image build's timeout's multiplier (default: --timeout-multiplier).",
    ),
]
UserSimOpt = Annotated[
    str, typer.Option("--user-sim", help=f"User simulator: {listed(USER_SIMULATORS)} (scripted is deterministic).")
]
UserModelOpt = Annotated[str | None, typer.Option("--user-model", help="Simulator model (or $REALCLI_USER_MODEL).")]
UserUrlOpt = Annotated[
    str | None, typer.Option("--user-base-url", help="Simulator endpoint (or $REALCLI_USER_BASE_URL).")
]
