"""An installed agent's own output as the trial's agent events: texts, tool calls and their results, turns."""

from __future__ import annotations

import json
import shlex
import time
from collections.abc import Mapping, Sequence
from typing import Any, Final

from realcli import AgentFailedError
from realcli import events as ev
from realcli.environments import SandboxProcess
from realcli.runtime.agents._protocol import AgentSession

__all__ = ["Recorder", "as_output", "crashed", "json_line", "texts_of", "tool_command", "unwrap_shell"]

_COMMAND_CHARS: Final = 2000
_OUTPUT_CHARS: Final = 64 * 1024
_NO_END_REPORTED: Final = "realcli: the agent's tool reported no end for this command (it may have left it running)"


class Recorder:
    """Turns an agent's own output into the trial's agent events, in the order things happened."""

    def __init__(self, session: AgentSession) -> None:
        self.session = session
        self._held: list[str] = []  # the latest texts: the last of a turn is the final message
        self._open: dict[str, tuple[str, float]] = {}  # the agent's tool call id -> (command id, started)
        self._step_commands = 0
        self._in_step = False

    async def text(self, text: str) -> None:
        """Hold a text the agent wrote: the last one of a turn is its final message, earlier ones are said when it goes
        on."""
        if text.strip():
            self._held.append(text)
        self._in_step = True

    async def release(self) -> None:
        """The agent went on after the held texts: they were not its final word."""
        for text in self._held:
            await self.session.say(text)
        self._held.clear()

    async def started(self, tool_id: str, command: str) -> None:
        """Record the start of a command the agent's own tool ran (``tool_id``: the tool call's id in its output)."""
        await self.release()
        command_id = ev.new_id()
        self._open[tool_id] = (command_id, time.monotonic())
        self._step_commands += 1
        self._in_step = True
        await self.session.record_command(ev.CommandStarted(command_id=command_id, command=command))

    async def finished(self, tool_id: str, exit_code: int | None, stdout: str, stderr: str = "") -> None:
        """Record the end of the command started under ``tool_id`` (ignored when its start was never seen)."""
        opened = self._open.pop(tool_id, None)
        if opened is None:
            return
        command_id, started = opened
        await self.session.record_command(
            ev.CommandFinished(
                command_id=command_id,
                exit_code=exit_code,
                stdout=as_output(stdout),
                stderr=as_output(stderr),
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
        """The turn ended: say the final text; (claims_done, question_pending) for the yield.

        A command the agent's tool never reported an end for (Codex's ``exec_command``
        hands a slow command back as still running after its yield time, and
        ``codex exec --json`` then reports no completion) is closed here, with no
        exit code: it ran, and how it ended is unknown.
        """
        for tool_id in list(self._open):
            await self.finished(tool_id, None, "", _NO_END_REPORTED)
        final = self._held.pop() if self._held else ""
        await self.release()
        await self.step()
        question = final.rstrip().endswith("?")
        if final:
            await self.session.say(final, question=question, claims_done=not question)
        return not question, question


def as_output(text: str) -> ev.Output:
    """``text`` as an event's output, its middle cut out when it is longer than the recorded limit."""
    data = text.encode()
    if len(text) <= _OUTPUT_CHARS:
        return ev.Output(text=text, total_bytes=len(data), kept_bytes=len(data))
    half = _OUTPUT_CHARS // 2
    kept = text[:half] + f"\n[... {len(text) - _OUTPUT_CHARS} characters omitted ...]\n" + text[-half:]
    return ev.Output(text=kept, total_bytes=len(data), kept_bytes=len(kept.encode()))


def tool_command(name: str, arguments: Mapping[str, Any], shell_tools: Sequence[str], key: str) -> str:
    """A shell tool's command as is; any other tool as ``[Name] {input}``, clipped."""
    command = arguments.get(key)
    if name in shell_tools and isinstance(command, str):
        return command
    if name in shell_tools and isinstance(command, list) and all(isinstance(c, str) for c in command):
        return " ".join(command)
    text = f"[{name}] {json.dumps(arguments, ensure_ascii=False)}"
    return text if len(text) <= _COMMAND_CHARS else text[: _COMMAND_CHARS - 3] + "..."


def unwrap_shell(command: str) -> str:
    """``/bin/bash -lc 'cmd'`` (how Codex reports what it ran) as ``cmd``."""
    try:
        argv = shlex.split(command)
    except ValueError:
        return command
    if len(argv) == 3 and argv[0].rsplit("/", 1)[-1] in ("bash", "sh", "zsh") and argv[1] in ("-c", "-lc"):
        return argv[2]
    return command


def texts_of(content: Any) -> str:
    """The text blocks of a message's content (a string, or a list of typed blocks), joined by newlines."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(b.get("text", "")) for b in content if isinstance(b, dict) and b.get("type") == "text")
    return ""


def json_line(line: bytes) -> dict[str, Any] | None:
    """One line of an agent's JSON event stream as an object, or None for a line that is not one (a stray warning)."""
    try:
        data = json.loads(line)
    except ValueError:
        return None  # a warning the program printed among its events
    return data if isinstance(data, dict) else None


def crashed(name: str, code: int | None, proc: SandboxProcess) -> AgentFailedError:
    """The agent's own program died: the agent's failure, scored from the state it left."""
    tail = " ".join(proc.stderr().text.split())[-300:]
    how = "was killed" if code is None or code >= 128 else f"exited with code {code}"
    return AgentFailedError("agent_crashed", f"agent {name} {how} mid-run" + (f": {tail}" if tail else ""))
