"""Installed CLI agents: Claude Code and Codex, run in the sandbox behind the model gateway.

Each is an ``InstalledAgent``.  Before the sandbox exists the supervisor
calls ``installed``: the agent's image (the task image plus the npm-installed
agent, ``realcli.environments.ensure_agent_image``) and a host directory for the
gateway's Unix socket, bind-mounted at ``/run/realcli-gateway``.  Then
``run(session)``, all inside the agent's own task group:

1. the model gateway (``realcli.models.ModelGateway``) serves that socket and
   records every model call through the session (the agent stream's single
   writer);
2. a forwarder in the container (``node forward.js``) exposes the socket on
   ``127.0.0.1:41741``, the only address the agent can reach (the sandbox
   has no network); the agent holds a placeholder key;
3. the agent's own process runs through the session's ``SandboxGrant`` and
   its JSON output becomes events: tool calls are ``CommandStarted`` /
   ``CommandFinished`` (shell commands verbatim, other tools as
   ``[Tool] {input}``), text is ``AgentMessaged`` (the last text of a turn
   carries ``question`` / ``claims_done``), each model response is an
   ``AgentTurnTaken``, the end of a turn with nothing unread is
   ``AgentYielded``.

Claude Code runs once per trial in stream-json mode: user messages (slices,
probes, answers) are written to its stdin as they arrive, and it takes them
into the running turn or queues a new one; ``--replay-user-messages`` says
when each was taken, so a yield is only recorded once every delivered
message has been.  Codex runs ``codex exec --json`` per turn and later turns
resume the same thread (``codex exec resume``); messages that arrive while it
works are delivered when its turn ends.

Failures: an upstream that stays down, or refuses the key, fails the gateway
and the trial ends as an infrastructure error.  An agent process that exits
mid-run (or a turn it reports as failed) while the gateway is fine is the
agent's own failure (``AgentFailedError("agent_crashed")``: its exit code and
stderr are in ``AgentStopped``); the trial is scored from what it left.  A spent
token or cost budget makes the gateway refuse further calls; the agent then
hands back and stops (``AgentStopped(budget)``; the trial is scored from what it left).
"""

from __future__ import annotations

import contextlib
import json
import re
import shlex
import tempfile
import time
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import aiodocker
import anyio

from realcli import AgentFailedError, ConfigError, InfrastructureError, find_error
from realcli import events as ev
from realcli.environments import (
    CLAUDE_CODE,
    CODEX,
    FORWARDER,
    NODE,
    NODE_VERSION,
    AgentPackage,
    BindMount,
    ContainerProcesses,
    SandboxProcess,
    ensure_agent_image,
)
from realcli.models import PLACEHOLDER_KEY, GatewayError, GatewayLimits, ModelEndpoint, ModelGateway
from realcli.runtime._agent import AgentSession, SandboxSetup

__all__ = ["GATEWAY_DIR", "GATEWAY_PORT", "ClaudeCodeAgent", "CliAgent", "CodexAgent"]

GATEWAY_DIR: Final = "/run/realcli-gateway"
GATEWAY_PORT: Final = 41741
_SOCKET: Final = "gateway.sock"
_READY_TIMEOUT_SEC: Final = 30.0
_COMMAND_CHARS: Final = 2000
_OUTPUT_CHARS: Final = 64 * 1024
_EXIT_CODE: Final = re.compile(r"^\s*(?:Error:\s*)?Exit code (\d+)")


class CliAgent:
    """What Claude Code and Codex share: image, gateway, forwarder, event recording."""

    package: AgentPackage
    provider: str

    def __init__(
        self, endpoint: ModelEndpoint, *, version: str | None = None, limits: GatewayLimits | None = None
    ) -> None:
        if endpoint.provider != self.provider:
            raise ConfigError(
                f"agent {self.package.agent} speaks the {self.provider} API, but its endpoint "
                f"{endpoint.public_url} is configured as {endpoint.provider}; set --provider {self.provider}"
            )
        self._endpoint = endpoint
        self._limits = limits or GatewayLimits()
        self.package = self.package.pinned(version)

    @property
    def info(self) -> ev.AgentInfo:
        params = self._endpoint.describe() | {"npm": self.package.spec, "node": NODE_VERSION}
        if self._limits.max_tokens is not None:
            params["max_tokens"] = str(self._limits.max_tokens)
        if self._limits.max_cost_usd is not None:
            params["max_cost_usd"] = f"{self._limits.max_cost_usd:g}"
        return ev.AgentInfo(
            name=self.package.agent,
            version=self.package.version,
            model=self._endpoint.model,
            endpoint=self._endpoint.public_url,
            params=params,
        )

    @contextlib.asynccontextmanager
    async def installed(self, docker: aiodocker.Docker, task_image: str) -> AsyncIterator[SandboxSetup]:
        """The agent image on top of ``task_image``, and the gateway socket's directory for this trial."""
        image = await ensure_agent_image(docker, self.package, task_image)
        with _gateway_dir() as host_dir:
            yield SandboxSetup(
                image=image.tag,
                content_hash=image.content_hash,
                cached=image.cached,
                duration_sec=image.duration_sec,
                mounts=(BindMount(host_dir, GATEWAY_DIR),),
            )

    async def run(self, session: AgentSession) -> None:
        try:
            await self._run(session)
        except BaseExceptionGroup as group:
            # Task groups wrap what failed; the supervisor wants the error itself.
            error = _first_error(group)
            if error is None:
                raise
            raise error from group

    async def _run(self, session: AgentSession) -> None:
        grant = session.grant
        socket = grant.setup.mount_source(GATEWAY_DIR) / _SOCKET
        async with ModelGateway(self._endpoint, session.record, limits=self._limits) as gateway:
            try:
                async with anyio.create_task_group() as tg:
                    await tg.start(gateway.serve_unix, socket)
                    with anyio.CancelScope() as work:
                        tg.start_soon(_cancel_when_failed, gateway, work)
                        forwarder = [NODE, FORWARDER, str(GATEWAY_PORT), f"{GATEWAY_DIR}/{_SOCKET}"]
                        async with grant.processes.spawn(forwarder, stdin=False) as fwd:
                            await _ready(fwd)
                            await self._drive(session, grant.processes, gateway)
                    tg.cancel_scope.cancel()
            except Exception as e:
                # An agent that dies because its model endpoint went away did not fail on its own.
                if gateway.failure is not None and isinstance(find_error(e), AgentFailedError):
                    raise gateway.failure from e
                raise
            spent = gateway.budget_spent
            if spent is not None and gateway.usage.refused:  # a call was refused for it: the agent stopped short
                session.stop_for_budget(spent)
            if gateway.failure is not None:
                raise gateway.failure
            if gateway.errors:
                raise GatewayError(f"the realcli model gateway failed: {gateway.errors[0]}")

    async def _drive(self, session: AgentSession, processes: ContainerProcesses, gateway: ModelGateway) -> None:
        raise NotImplementedError


@contextlib.contextmanager
def _gateway_dir() -> Iterator[Path]:
    """A host directory for the gateway's socket, removed with it at the end of the trial."""
    # Under /tmp: a Unix socket's path must fit in 108 bytes, whatever TMPDIR says.
    with tempfile.TemporaryDirectory(prefix="realcli-gw-", dir="/tmp") as tmp:
        Path(tmp).chmod(0o755)  # the sandbox's user may not be root
        yield Path(tmp)


async def _cancel_when_failed(gateway: ModelGateway, scope: anyio.CancelScope) -> None:
    await gateway.failed.wait()
    scope.cancel()


async def _ready(forwarder: SandboxProcess) -> None:
    with anyio.move_on_after(_READY_TIMEOUT_SEC):
        line = await forwarder.readline()
        if line is not None and line.strip() == b"ready":
            return
    raise GatewayError(
        f"the gateway forwarder did not start in the sandbox: {forwarder.stderr().text.strip()[:300] or 'no output'}"
    )


def _first_error(group: BaseExceptionGroup[BaseException]) -> Exception | None:
    """The error to report from a task group's failure: an infrastructure error first; None if only cancelled."""
    leaves: list[BaseException] = []

    def walk(g: BaseExceptionGroup[BaseException]) -> None:
        for e in g.exceptions:
            if isinstance(e, BaseExceptionGroup):
                walk(e)
            else:
                leaves.append(e)

    walk(group)
    errors = [e for e in leaves if isinstance(e, Exception)]
    return next((e for e in errors if isinstance(e, InfrastructureError)), errors[0] if errors else None)


# ---------------------------------------------------------------- recording


class _Recorder:
    """Turns an agent's own output into the trial's agent events, in the order things happened."""

    def __init__(self, session: AgentSession) -> None:
        self.session = session
        self._held: list[str] = []  # the latest texts: the last of a turn is the final message
        self._open: dict[str, tuple[str, float]] = {}  # the agent's tool call id -> (command id, started)
        self._step_commands = 0
        self._in_step = False

    async def text(self, text: str) -> None:
        if text.strip():
            self._held.append(text)
        self._in_step = True

    async def release(self) -> None:
        """The agent went on after the held texts: they were not its final word."""
        for text in self._held:
            await self.session.say(text)
        self._held.clear()

    async def started(self, tool_id: str, command: str) -> None:
        await self.release()
        command_id = ev.new_id()
        self._open[tool_id] = (command_id, time.monotonic())
        self._step_commands += 1
        self._in_step = True
        await self.session.record_command(ev.CommandStarted(command_id=command_id, command=command))

    async def finished(self, tool_id: str, exit_code: int | None, stdout: str, stderr: str = "") -> None:
        opened = self._open.pop(tool_id, None)
        if opened is None:
            return
        command_id, started = opened
        await self.session.record_command(
            ev.CommandFinished(
                command_id=command_id,
                exit_code=exit_code,
                stdout=_output(stdout),
                stderr=_output(stderr),
                duration_sec=time.monotonic() - started,
            )
        )

    @property
    def running(self) -> bool:
        """Whether a tool call of the current step has no result yet."""
        return bool(self._open)

    async def step(self) -> None:
        """One model response fully acted on."""
        if self._in_step:
            await self.session.end_turn(commands=self._step_commands)
        self._step_commands = 0
        self._in_step = False

    async def turn_over(self) -> tuple[bool, bool]:
        """The turn ended: say the final text; (claims_done, question_pending) for the yield."""
        final = self._held.pop() if self._held else ""
        await self.release()
        await self.step()
        question = final.rstrip().endswith("?")
        if final:
            await self.session.say(final, question=question, claims_done=not question)
        return not question, question


def _output(text: str) -> ev.Output:
    data = text.encode()
    if len(text) <= _OUTPUT_CHARS:
        return ev.Output(text=text, total_bytes=len(data), kept_bytes=len(data))
    half = _OUTPUT_CHARS // 2
    kept = text[:half] + f"\n[... {len(text) - _OUTPUT_CHARS} characters omitted ...]\n" + text[-half:]
    return ev.Output(text=kept, total_bytes=len(data), kept_bytes=len(kept.encode()))


def _tool_command(name: str, arguments: Mapping[str, Any], shell_tools: Sequence[str], key: str) -> str:
    """A shell tool's command as is; any other tool as ``[Name] {input}``, clipped."""
    command = arguments.get(key)
    if name in shell_tools and isinstance(command, str):
        return command
    if name in shell_tools and isinstance(command, list) and all(isinstance(c, str) for c in command):
        return " ".join(command)
    text = f"[{name}] {json.dumps(arguments, ensure_ascii=False)}"
    return text if len(text) <= _COMMAND_CHARS else text[: _COMMAND_CHARS - 3] + "..."


def _unwrap_shell(command: str) -> str:
    """``/bin/bash -lc 'cmd'`` (how Codex reports what it ran) as ``cmd``."""
    try:
        argv = shlex.split(command)
    except ValueError:
        return command
    if len(argv) == 3 and argv[0].rsplit("/", 1)[-1] in ("bash", "sh", "zsh") and argv[1] in ("-c", "-lc"):
        return argv[2]
    return command


def _texts(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(b.get("text", "")) for b in content if isinstance(b, dict) and b.get("type") == "text")
    return ""


def _json_lines(line: bytes) -> dict[str, Any] | None:
    try:
        data = json.loads(line)
    except ValueError:
        return None  # a warning the program printed among its events
    return data if isinstance(data, dict) else None


def _crashed(name: str, code: int | None, proc: SandboxProcess) -> AgentFailedError:
    """The agent's own program died: the agent's failure, scored from the state it left."""
    tail = " ".join(proc.stderr().text.split())[-300:]
    how = "was killed" if code is None or code >= 128 else f"exited with code {code}"
    return AgentFailedError("agent_crashed", f"agent {name} {how} mid-run" + (f": {tail}" if tail else ""))


# ---------------------------------------------------------------- Claude Code


class ClaudeCodeAgent(CliAgent):
    """Claude Code (``claude -p`` in stream-json mode), one process for the whole trial."""

    package = CLAUDE_CODE
    provider = "anthropic"

    def _argv(self) -> list[str]:
        return [
            self.package.path,
            "-p",
            "--input-format",
            "stream-json",
            "--output-format",
            "stream-json",
            "--verbose",
            "--replay-user-messages",
            "--no-session-persistence",
            "--model",
            self._endpoint.model,
            "--dangerously-skip-permissions",
        ]

    def _env(self) -> dict[str, str]:
        model = self._endpoint.model
        return {
            "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{GATEWAY_PORT}",
            "ANTHROPIC_API_KEY": PLACEHOLDER_KEY,
            # Every model Claude Code might pick (background tasks, subagents) is the evaluated one.
            "ANTHROPIC_MODEL": model,
            "ANTHROPIC_SMALL_FAST_MODEL": model,
            "ANTHROPIC_DEFAULT_HAIKU_MODEL": model,
            "ANTHROPIC_DEFAULT_SONNET_MODEL": model,
            "ANTHROPIC_DEFAULT_OPUS_MODEL": model,
            "CLAUDE_CODE_SUBAGENT_MODEL": model,
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_TELEMETRY": "1",
            "DISABLE_ERROR_REPORTING": "1",
            "DISABLE_AUTOUPDATER": "1",
            "IS_SANDBOX": "1",  # permission checks off as root: the sandbox is the boundary
        }

    async def _drive(self, session: AgentSession, processes: ContainerProcesses, gateway: ModelGateway) -> None:
        async with processes.spawn(self._argv(), env=self._env(), workdir=session.view.workdir) as proc:
            await _ClaudeConversation(session, proc, gateway, self.package.agent).run()


class _ClaudeConversation:
    def __init__(self, session: AgentSession, proc: SandboxProcess, gateway: ModelGateway, name: str) -> None:
        self.session = session
        self.proc = proc
        self.gateway = gateway
        self.name = name
        self.record = _Recorder(session)
        self.delivered = 0
        self.taken = 0  # user messages Claude Code has taken into the conversation (replayed)
        self.message_id: str | None = None

    async def run(self) -> None:
        await self._deliver(await self.session.messages())
        async with anyio.create_task_group() as tg:
            if self.session.view.has_user:
                tg.start_soon(self._listen, tg.cancel_scope)
            await self._follow()
            tg.cancel_scope.cancel()

    async def _listen(self, done: anyio.CancelScope) -> None:
        """Deliver the user's messages as they arrive; the closing message ends the agent's work."""
        while True:
            messages = await self.session.messages()
            if any(m.kind == "closing" for m in messages):
                done.cancel()
                return
            await self._deliver(messages)

    async def _deliver(self, messages: Sequence[ev.UserMessaged]) -> None:
        self.delivered += len(messages)  # before any await: a yield decided meanwhile must see them
        for message in messages:
            line = {"type": "user", "message": {"role": "user", "content": message.text}}
            await self.proc.write(json.dumps(line).encode() + b"\n")

    async def _follow(self) -> None:
        """Map Claude Code's events until its work is over (EXEC: the first yield)."""
        while (line := await self.proc.readline()) is not None:
            event = _json_lines(line)
            if event is not None and await self._on(event):
                return
        raise _crashed(self.name, await self.proc.wait(), self.proc)

    async def _on(self, event: dict[str, Any]) -> bool:
        match event.get("type"):
            case "user" if event.get("isReplay"):
                self.taken += 1
            case "user":
                await self._tool_results(event)
            case "assistant":
                await self._assistant(event.get("message") or {})
            case "result":
                return await self._result(event)
        return False

    async def _assistant(self, message: dict[str, Any]) -> None:
        if message.get("id") != self.message_id:
            await self.record.release()
            await self.record.step()
            self.message_id = message.get("id")
        for block in message.get("content") or []:
            if not isinstance(block, dict):
                continue
            if block.get("type") == "text":
                await self.record.text(str(block.get("text", "")))
            elif block.get("type") == "tool_use":
                raw = block.get("input")
                arguments: dict[str, Any] = raw if isinstance(raw, dict) else {}
                command = _tool_command(str(block.get("name", "")), arguments, ("Bash",), "command")
                await self.record.started(str(block.get("id", "")), command)

    async def _tool_results(self, event: dict[str, Any]) -> None:
        content = (event.get("message") or {}).get("content")
        detail = event.get("tool_use_result")
        for block in content if isinstance(content, list) else []:
            if not isinstance(block, dict) or block.get("type") != "tool_result":
                continue
            text = _texts(block.get("content"))
            failed = bool(block.get("is_error"))
            code = 1 if failed else 0
            if failed and (match := _EXIT_CODE.match(text)):
                code = int(match.group(1))
            if isinstance(detail, dict) and isinstance(detail.get("stdout"), str):
                await self.record.finished(
                    str(block.get("tool_use_id", "")), code, detail["stdout"], str(detail.get("stderr") or "")
                )
            else:
                await self.record.finished(str(block.get("tool_use_id", "")), code, text)
        if not self.record.running:
            await self.record.step()  # every call of the step has its result

    async def _result(self, event: dict[str, Any]) -> bool:
        """The end of a turn: yield if nothing delivered is waiting; True when the agent is done."""
        self.message_id = None
        claims_done, question = await self.record.turn_over()
        if self.taken < self.delivered or _int(event.get("queued_turn_count")) > 0:
            return False  # a message came in late: Claude Code goes on with it
        await self.session.yield_turn(claims_done=claims_done, question_pending=question)
        return not self.session.view.has_user or self.gateway.exhausted is not None


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


# ---------------------------------------------------------------------- Codex


class CodexAgent(CliAgent):
    """Codex (``codex exec --json``), one process per turn, resuming the same thread."""

    package = CODEX
    provider = "openai"

    def _argv(self, thread: str | None, prompt: str) -> list[str]:
        provider = (
            '{name="realcli", env_key="REALCLI_GATEWAY_KEY", wire_api="responses", '
            f'base_url="http://127.0.0.1:{GATEWAY_PORT}/v1"}}'
        )
        resume = ["resume", thread] if thread else []
        return [
            self.package.path,
            "exec",
            *resume,
            "--json",
            "--skip-git-repo-check",
            "--dangerously-bypass-approvals-and-sandbox",  # the sandbox is the boundary
            "-m",
            self._endpoint.model,
            "-c",
            "model_provider=realcli",
            "-c",
            f"model_providers.realcli={provider}",
            # Its metrics exporter would wait ~5 s at every exit for a host the sandbox cannot reach.
            "-c",
            "analytics.enabled=false",
            "--",
            prompt,
        ]

    async def _drive(self, session: AgentSession, processes: ContainerProcesses, gateway: ModelGateway) -> None:
        record = _Recorder(session)
        thread: str | None = None
        pending = await session.messages()
        while True:
            prompt = "\n\n".join(m.text for m in pending)
            env = {"REALCLI_GATEWAY_KEY": PLACEHOLDER_KEY}
            argv = self._argv(thread, prompt)
            async with processes.spawn(argv, env=env, workdir=session.view.workdir, stdin=False) as proc:
                turn = _CodexTurn(record, proc, self.package.agent, thread)
                thread = await turn.run()
            if turn.failure is not None and gateway.exhausted is None:
                raise AgentFailedError(
                    "agent_crashed", f"agent {self.package.agent}: its turn failed: {turn.failure[:300]}"
                )
            claims_done, question = await record.turn_over()
            pending = session.unread()
            if pending and gateway.exhausted is None:
                continue  # news came in while it worked: the next turn starts with them
            await session.yield_turn(claims_done=claims_done, question_pending=question)
            if not session.view.has_user or gateway.exhausted is not None:
                return
            pending = await session.messages()
            if any(m.kind == "closing" for m in pending):
                return


class _CodexTurn:
    """One ``codex exec`` process: its JSONL events as agent events; the thread id it ran."""

    def __init__(self, record: _Recorder, proc: SandboxProcess, name: str, thread: str | None) -> None:
        self.record = record
        self.proc = proc
        self.name = name
        self.thread = thread
        self.completed = False
        self.failure: str | None = None

    async def run(self) -> str | None:
        while (line := await self.proc.readline()) is not None:
            event = _json_lines(line)
            if event is not None:
                await self._on(event)
        code = await self.proc.wait()
        if not self.completed and self.failure is None:
            raise _crashed(self.name, code, self.proc)
        return self.thread

    async def _on(self, event: dict[str, Any]) -> None:
        raw = event.get("item")
        item: dict[str, Any] = raw if isinstance(raw, dict) else {}
        match event.get("type"):
            case "thread.started":
                self.thread = str(event.get("thread_id") or self.thread or "") or None
            case "item.started" if item.get("type") == "command_execution":
                await self.record.started(str(item.get("id")), _unwrap_shell(str(item.get("command", ""))))
            case "item.completed":
                await self._item(item)
            case "turn.completed":
                self.completed = True
            case "turn.failed":
                error = event.get("error")
                self.failure = str(error.get("message") if isinstance(error, dict) else error)

    async def _item(self, item: dict[str, Any]) -> None:
        kind = item.get("type")
        tool_id = str(item.get("id"))
        if kind == "agent_message":
            await self.record.release()
            await self.record.step()
            await self.record.text(str(item.get("text", "")))
        elif kind == "command_execution":
            code = item.get("exit_code")
            await self.record.finished(
                tool_id, code if isinstance(code, int) else None, str(item.get("aggregated_output") or "")
            )
            await self.record.step()
        elif kind in ("file_change", "mcp_tool_call", "web_search"):
            arguments = {k: v for k, v in item.items() if k not in ("id", "type", "status")}
            await self.record.started(tool_id, _tool_command(str(kind), arguments, (), ""))
            failed = item.get("status") == "failed"
            await self.record.finished(tool_id, 1 if failed else 0, "")
            await self.record.step()
