"""Codex (``codex exec --json``): one process per turn, later turns resuming the same thread.

Messages that arrive while it works are delivered when its turn ends.
"""

from __future__ import annotations

from typing import Any, Final

from realcli import AgentFailedError
from realcli.environments import CODEX, ContainerProcesses, SandboxProcess
from realcli.models import PLACEHOLDER_KEY, ModelGateway
from realcli.runtime.agents._cli_agent import GATEWAY_PORT, CliAgent, installed_recipe
from realcli.runtime.agents._protocol import AgentSession
from realcli.runtime.agents._recording import Recorder, crashed, json_line, tool_command, unwrap_shell

__all__ = ["RECIPE", "CodexAgent"]


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
        record = Recorder(session)
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

    def __init__(self, record: Recorder, proc: SandboxProcess, name: str, thread: str | None) -> None:
        self.record = record
        self.proc = proc
        self.name = name
        self.thread = thread
        self.completed = False
        self.failure: str | None = None

    async def run(self) -> str | None:
        while (line := await self.proc.readline()) is not None:
            event = json_line(line)
            if event is not None:
                await self._on(event)
        code = await self.proc.wait()
        if not self.completed and self.failure is None:
            raise crashed(self.name, code, self.proc)
        return self.thread

    async def _on(self, event: dict[str, Any]) -> None:
        raw = event.get("item")
        item: dict[str, Any] = raw if isinstance(raw, dict) else {}
        match event.get("type"):
            case "thread.started":
                self.thread = str(event.get("thread_id") or self.thread or "") or None
            case "item.started" if item.get("type") == "command_execution":
                await self.record.started(str(item.get("id")), unwrap_shell(str(item.get("command", ""))))
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
            await self.record.started(tool_id, tool_command(str(kind), arguments, (), ""))
            failed = item.get("status") == "failed"
            await self.record.finished(tool_id, 1 if failed else 0, "")
            await self.record.step()


RECIPE: Final = installed_recipe(CodexAgent)
"""The ``codex`` entry of ``AGENTS``."""
