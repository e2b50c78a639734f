"""A Terminus-style LLM agent: the model drives a shell through structured JSON turns.

Each turn the model answers with one JSON object::

    {"analysis": "...", "plan": "...",
     "commands": [{"command": "ls -la", "timeout_sec": 30}],
     "message": "text for the user, or empty", "question": false, "done": false}

The agent runs the commands in the sandbox, feeds back their (truncated)
output, relays ``message`` to the user and hands the floor back when the
model asks a question or says it is done.  In EXEC mode there is no user to
ask: ``done`` ends the work.  User messages that arrive while it works are
added to the conversation before the next model call.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Final

from realcli import InfrastructureError
from realcli import events as ev
from realcli.runtime._agent import AgentSession
from realcli.runtime._model import ModelClient, ModelEndpoint

MAX_MALFORMED: Final = 3
OUTPUT_CHARS: Final = 6000
DEFAULT_TIMEOUT: Final = 60.0
MAX_TIMEOUT: Final = 1800.0

_EXEC_ROLE = """There is no user to talk to during this task: the instruction below is complete. Work until the
task is done and verified, then set "done": true."""
_COLLAB_ROLE = """A user works with you. They may add information or change their mind while you work. Write to them
in "message". Set "question": true when you need their answer before going on (you will wait for it). Set "done":
true when you have finished what they asked and hand back to them; they may then ask for more."""

_SYSTEM = """You are an expert engineer operating a Linux shell in a sandbox. The working directory is {workdir}.
{role}

Answer every turn with ONE JSON object and nothing else:
{{"analysis": "what you observe", "plan": "what you will do next",
  "commands": [{{"command": "a shell command", "timeout_sec": 60}}],
  "message": "text for the user, or an empty string",
  "question": false,
  "done": false}}
Commands run one after another with sh -c in a fresh shell each (state such as `cd` does not persist: use
absolute paths or `cd DIR && ...`). You will see their exit codes and output. Keep outputs short (use head, grep,
wc) since long outputs are truncated."""


@dataclass(frozen=True)
class _Turn:
    commands: list[tuple[str, float]]
    message: str
    question: bool
    done: bool


class TerminusAgent:
    """The model-agnostic LLM agent (paper: Terminus-2), over an OpenAI-compatible endpoint."""

    def __init__(self, endpoint: ModelEndpoint) -> None:
        self._endpoint = endpoint

    @property
    def info(self) -> ev.AgentInfo:
        return ev.AgentInfo(
            name="terminus",
            version="2",
            model=self._endpoint.model,
            endpoint=self._endpoint.public_url,
            params=self._endpoint.describe(),
        )

    async def run(self, session: AgentSession) -> None:
        view = session.view
        role = _COLLAB_ROLE if view.has_user else _EXEC_ROLE
        conversation: list[dict[str, Any]] = [
            {"role": "system", "content": _SYSTEM.format(workdir=view.workdir, role=role)},
            {"role": "user", "content": _user_text(await session.messages())},
        ]
        async with ModelClient(self._endpoint) as client:
            while True:
                turn = await self._next_turn(client, session, conversation)
                outputs = [await _run(session, command, limit) for command, limit in turn.commands]
                if turn.message:
                    await session.say(turn.message, question=turn.question, claims_done=turn.done)
                await session.end_turn(commands=len(turn.commands))
                feedback = "\n\n".join(outputs) or "(no commands were run)"
                if not (turn.done or turn.question):
                    conversation.append({"role": "user", "content": _with_news(feedback, session.unread())})
                    continue
                await session.yield_turn(claims_done=turn.done and not turn.question, question_pending=turn.question)
                if not view.has_user:
                    return
                news = await session.messages()
                if any(m.kind == "closing" for m in news):
                    return
                conversation.append({"role": "user", "content": _with_news(feedback, news)})

    async def _next_turn(self, client: ModelClient, session: AgentSession, conversation: list[dict[str, Any]]) -> _Turn:
        """Ask the model for a turn; malformed answers are pointed out, a few times at most."""
        for _ in range(MAX_MALFORMED):
            result = await client.chat(conversation, purpose="agent", on_call=session.record)
            conversation.append({"role": "assistant", "content": result.text})
            try:
                return parse_turn(result.text)
            except ValueError as e:
                conversation.append(
                    {"role": "user", "content": f"Your answer was not usable ({e}). Answer with the JSON object only."}
                )
        raise InfrastructureError(
            f"model {self._endpoint.model} at {self._endpoint.public_url} answered with malformed JSON "
            f"{MAX_MALFORMED} times in a row"
        )


def parse_turn(text: str) -> _Turn:
    """The turn in a model answer: a JSON object, possibly inside a ```json fence or surrounding prose."""
    match = re.search(r"\{.*\}", text, re.DOTALL)
    if match is None:
        raise ValueError("no JSON object found")
    try:
        data = json.loads(match.group(0))
    except json.JSONDecodeError as e:
        raise ValueError(f"invalid JSON: {e.msg} at line {e.lineno}") from e
    if not isinstance(data, dict):
        raise ValueError("the answer is not a JSON object")
    raw_commands = data.get("commands") or []
    if not isinstance(raw_commands, list):
        raise ValueError('"commands" must be a list')
    commands = []
    for item in raw_commands:
        if isinstance(item, str):
            commands.append((item, DEFAULT_TIMEOUT))
        elif isinstance(item, dict) and isinstance(item.get("command") or item.get("keystrokes"), str):
            timeout = item.get("timeout_sec", item.get("duration", DEFAULT_TIMEOUT))
            timeout = float(timeout) if isinstance(timeout, int | float) and timeout > 0 else DEFAULT_TIMEOUT
            commands.append(
                (str(item.get("command") or item.get("keystrokes")).rstrip("\n"), min(timeout, MAX_TIMEOUT))
            )
        else:
            raise ValueError('each command must be {"command": "...", "timeout_sec": N}')
    message = data.get("message") or ""
    return _Turn(
        commands=[c for c in commands if c[0].strip()],
        message=str(message),
        question=bool(data.get("question")),
        done=bool(data.get("done") or data.get("task_complete")),
    )


async def _run(session: AgentSession, command: str, limit_sec: float) -> str:
    result = await session.run(command, timeout_sec=limit_sec)
    status = "timed out" if result.timed_out else f"exit {result.exit_code}"
    parts = [f"$ {command}", f"[{status}]"]
    for name, out in (("stdout", result.stdout), ("stderr", result.stderr)):
        if out.text:
            cut = f"\n[... {out.total_bytes - out.kept_bytes} bytes not shown ...]" if out.truncated else ""
            parts.append(f"{name}:\n{_clip(out.text)}{cut}")
    return "\n".join(parts)


def _clip(text: str) -> str:
    if len(text) <= OUTPUT_CHARS:
        return text
    half = OUTPUT_CHARS // 2
    return f"{text[:half]}\n[... {len(text) - OUTPUT_CHARS} characters not shown ...]\n{text[-half:]}"


def _user_text(messages: list[ev.UserMessaged]) -> str:
    return "\n\n".join(m.text for m in messages)


def _with_news(feedback: str, news: list[ev.UserMessaged]) -> str:
    if not news:
        return feedback
    said = "\n".join(f"User: {m.text}" for m in news)
    return f"{feedback}\n\nNew messages from the user:\n{said}"
