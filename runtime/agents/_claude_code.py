"""Claude Code (``claude -p`` in stream-json mode): one process for the whole trial.

User messages (slices, probes, answers) are written to its stdin as they
arrive, and it takes them into the running turn or queues a new one;
``--replay-user-messages`` says when each was taken, so a yield is only
recorded once every delivered message has been.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, Final

import anyio

from realcli import events as ev
from realcli.environments import CLAUDE_CODE, ContainerProcesses, SandboxProcess
from realcli.models import PLACEHOLDER_KEY, ModelGateway
from realcli.runtime.agents._cli_agent import GATEWAY_PORT, CliAgent, installed_recipe
from realcli.runtime.agents._protocol import AgentSession
from realcli.runtime.agents._recording import Recorder, crashed, json_line, texts_of, tool_command

__all__ = ["RECIPE", "ClaudeCodeAgent"]

_EXIT_CODE: Final = re.compile(r"^\s*(?:Error:\s*)?Exit code (\d+)")


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
        self.record = Recorder(session)
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
            event = json_line(line)
            if event is not None and await self._on(event):
                return
        raise crashed(self.name, await self.proc.wait(), self.proc)

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
                command = tool_command(str(block.get("name", "")), arguments, ("Bash",), "command")
                await self.record.started(str(block.get("id", "")), command)

    async def _tool_results(self, event: dict[str, Any]) -> None:
        content = (event.get("message") or {}).get("content")
        detail = event.get("tool_use_result")
        for block in content if isinstance(content, list) else []:
            if not isinstance(block, dict) or block.get("type") != "tool_result":
                continue
            text = texts_of(block.get("content"))
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


RECIPE: Final = installed_recipe(ClaudeCodeAgent)
"""The ``claude-code`` entry of ``AGENTS``."""
