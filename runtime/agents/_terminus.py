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

Like Terminus-2 it keeps going where a weaker scaffold would stop:

* an answer that is not the JSON object is pointed out to the model and the
  episode goes on (it counts as a turn, so the turn budget bounds it);
  ``max_malformed`` consecutive unusable answers, when set, end the agent's
  work as its own failure (``agent_malformed_output``);
* when the conversation nears the model's context window (an estimate
  passes ``summarize_at`` of ``context_tokens``, or the endpoint refuses the
  prompt as too long), it hands over: the model summarises its work, a fresh
  conversation asks it what it still needs to know, and the new conversation
  (system prompt, every user message verbatim, the summary, the questions and
  answers) goes on.  A ``ContextSummarized`` event records each hand-over;
  a conversation that still does not fit ends the work as
  ``agent_context_overflow``;
* a request the endpoint refuses for its content is the agent's failure
  (``agent_request_refused``); an unreachable endpoint, a bad key or an
  unknown model are infrastructure errors.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from realcli import AgentFailedError, ConfigError
from realcli import events as ev
from realcli.models import ChatResult, ModelClient, ModelEndpoint, ModelRejectedError, clip_middle
from realcli.runtime.agents._protocol import AgentSession
from realcli.runtime.agents._recipe import AgentChoice, AgentFactory, AgentRecipe

OUTPUT_CHARS: Final = 6000
DEFAULT_TIMEOUT: Final = 60.0
MAX_TIMEOUT: Final = 1800.0
CHARS_PER_TOKEN: Final = 3.5  # a conservative average for prompts mixing prose, code and shell output
_KEEP_RECENT: Final = 6  # messages a summary request keeps when the whole history no longer fits
_MIN_HANDOVER_MESSAGES: Final = 3

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

_SUMMARY_REQUEST = """You are about to hand your work over to another engineer who will continue it with a fresh
context. Summarise, in plain text (not JSON): 1. what you have done (commands and what they showed); 2. what you
learned (files, settings, errors, the state of the system); 3. problems you met and how you handled them; 4. where
exactly you are now and what remains. Include every requirement the user gave. Be complete: the next engineer
knows only what you write."""

_QUESTIONS_REQUEST = """You are taking over a task from another engineer.

Everything the user has said so far:
{user_messages}

The previous engineer's summary:
{summary}

Ask the previous engineer the questions you need answered to continue (at least three), in plain text."""

_HANDOFF = """You are continuing a task another engineer started; the conversation so far was condensed.

Everything the user has said so far, verbatim:
{user_messages}

Summary of the work so far:
{summary}

Your questions and the previous engineer's answers:
{questions}

{answers}

Continue the task from here. Answer with the JSON object only."""


# ``json_mode``: the turn's JSON Schema as an OpenAI-compatible ``json_schema`` response format (OpenAI,
# vLLM and llama.cpp enforce it; llama.cpp with a grammar).  Bounded strings and lists keep a small
# model from looping inside the object; a bare ``json_object`` does not (it repeats keys for ever).
TURN_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "properties": {
        "analysis": {"type": "string", "maxLength": 1000},
        "plan": {"type": "string", "maxLength": 1000},
        "commands": {
            "type": "array",
            "maxItems": 8,
            "items": {
                "type": "object",
                "properties": {"command": {"type": "string", "maxLength": 2000}, "timeout_sec": {"type": "integer"}},
                "required": ["command", "timeout_sec"],
                "additionalProperties": False,
            },
        },
        "message": {"type": "string", "maxLength": 2000},
        "question": {"type": "boolean"},
        "done": {"type": "boolean"},
    },
    "required": ["analysis", "plan", "commands", "message", "question", "done"],
    "additionalProperties": False,
}
TURN_FORMAT: Final[dict[str, Any]] = {
    "type": "json_schema",
    "json_schema": {"name": "terminus_turn", "schema": TURN_SCHEMA, "strict": True},
}

_OPTION_KEYS: Final = frozenset({"context_tokens", "summarize_at", "json_mode", "max_malformed"})


@dataclass(frozen=True)
class TerminusOptions:
    """How Terminus treats its model (recorded in the run as the agent's params, so resume rebuilds it).

    ``context_tokens`` is the window it budgets for (a smaller one is fine: it
    only summarises earlier); ``json_mode`` asks the endpoint to constrain
    answers to the turn's JSON Schema (``TURN_FORMAT``; for small local models,
    off by default for hosted ones).
    """

    context_tokens: int = 128_000
    summarize_at: float = 0.8
    json_mode: bool = False
    max_malformed: int | None = None

    def params(self) -> dict[str, str]:
        """The options that differ from Terminus-2's behaviour, as recorded parameters."""
        out = {"context_tokens": str(self.context_tokens), "summarize_at": f"{self.summarize_at:g}"}
        if self.json_mode:
            out["json_mode"] = "true"
        if self.max_malformed is not None:
            out["max_malformed"] = str(self.max_malformed)
        return out

    @classmethod
    def recorded(cls, params: Mapping[str, str]) -> TerminusOptions:
        """The options a run recorded in its agent's params (which also hold the endpoint's)."""
        return cls.parse({k: v for k, v in params.items() if k in _OPTION_KEYS})

    @classmethod
    def parse(cls, options: Mapping[str, str]) -> TerminusOptions:
        """Options from ``--agent-option KEY=VALUE`` pairs."""
        known = _OPTION_KEYS
        unknown = sorted(set(options) - known)
        if unknown:
            raise ConfigError(
                f"--agent-option {unknown[0]}: terminus has no such option (known: {', '.join(sorted(known))})"
            )
        try:
            parsed = cls(
                context_tokens=int(options.get("context_tokens", cls.context_tokens)),
                summarize_at=float(options.get("summarize_at", cls.summarize_at)),
                json_mode=_flag(options.get("json_mode", "false")),
                max_malformed=int(options["max_malformed"]) if options.get("max_malformed") else None,
            )
        except ValueError as e:
            raise ConfigError(f"--agent-option: {e}") from None
        if parsed.context_tokens < 1024 or not 0.1 <= parsed.summarize_at <= 1.0:
            raise ConfigError("--agent-option: context_tokens must be >= 1024 and summarize_at in [0.1, 1]")
        return parsed


def _flag(value: str) -> bool:
    if value.lower() in ("1", "true", "yes", "on"):
        return True
    if value.lower() in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"json_mode={value!r} is not true or false")


def system_prompt(workdir: str, *, collab: bool) -> str:
    """Terminus's system prompt for a trial in ``workdir`` (with a user to talk to when ``collab``)."""
    return _SYSTEM.format(workdir=workdir, role=_COLLAB_ROLE if collab else _EXEC_ROLE)


@dataclass(frozen=True)
class _Turn:
    commands: list[tuple[str, float]]
    message: str
    question: bool
    done: bool


class TerminusAgent:
    """The model-agnostic LLM agent (paper: Terminus-2), over an OpenAI-compatible endpoint."""

    def __init__(self, endpoint: ModelEndpoint, options: TerminusOptions | None = None) -> None:
        self._endpoint = endpoint
        self._options = options or TerminusOptions()
        self._kept: _Conversation | None = None  # the conversation a multi-step task's next step may go on with

    @property
    def info(self) -> ev.AgentInfo:
        return ev.AgentInfo(
            name="terminus",
            version="2",
            model=self._endpoint.model,
            endpoint=self._endpoint.public_url,
            params=self._endpoint.describe() | self._options.params(),
        )

    async def run(self, session: AgentSession) -> None:
        view = session.view
        first = await session.messages()
        async with ModelClient(self._endpoint) as client:
            if view.continues and self._kept is not None:
                talk = self._kept.rebind(client, session)  # Harbor's inherit_prior_session
            else:
                talk = _Conversation(client, session, self._options, system_prompt(view.workdir, collab=view.has_user))
            self._kept = talk
            talk.user(_user_text(first), first)
            while True:
                turn = await talk.next_turn()
                outputs = [await _run(session, command, limit) for command, limit in turn.commands]
                if turn.message:
                    await session.say(turn.message, question=turn.question, claims_done=turn.done)
                await session.end_turn(commands=len(turn.commands))
                feedback = "\n\n".join(outputs) or "(no commands were run)"
                if not (turn.done or turn.question):
                    news = session.unread()
                    talk.user(_with_news(feedback, news), news)
                    continue
                await session.yield_turn(claims_done=turn.done and not turn.question, question_pending=turn.question)
                if not view.has_user:
                    return
                news = await session.messages()
                if any(m.kind == "closing" for m in news):
                    return
                talk.user(_with_news(feedback, news), news)


class _Conversation:
    """Terminus's side of the dialogue with its model: the messages, their size, and the hand-overs."""

    def __init__(self, client: ModelClient, session: AgentSession, options: TerminusOptions, system: str) -> None:
        self._client = client
        self._session = session
        self._options = options
        self.messages: list[dict[str, Any]] = [{"role": "system", "content": system}]
        self._said: list[str] = []  # every user message, verbatim: a hand-over must not lose one
        self._reported: tuple[int, int] | None = None  # (tokens_in the model reported, messages then)

    def rebind(self, client: ModelClient, session: AgentSession) -> _Conversation:
        """The same conversation, going on with another client and session (the next step of a task)."""
        self._client = client
        self._session = session
        return self

    def user(self, content: str, news: list[ev.UserMessaged]) -> None:
        self.messages.append({"role": "user", "content": content})
        self._said += [m.text for m in news]

    async def next_turn(self) -> _Turn:
        """The model's next usable turn; unusable answers are pointed out and count as turns."""
        malformed = 0
        while True:
            result = await self._ask()
            self.messages.append({"role": "assistant", "content": result.text})
            try:
                return parse_turn(result.text)
            except ValueError as e:
                malformed += 1
                limit = self._options.max_malformed
                if limit is not None and malformed >= limit:
                    raise AgentFailedError(
                        "agent_malformed_output",
                        f"model {self._client.endpoint.model} gave {malformed} unusable answers in a row: {e}",
                    ) from None
                self.messages.append(
                    {"role": "user", "content": f"Your answer was not usable ({e}). Answer with the JSON object only."}
                )
                await self._session.end_turn()

    async def _ask(self) -> ChatResult:
        # A conversation of the system prompt and one exchange has nothing to condense.
        crowded = len(self.messages) > _MIN_HANDOVER_MESSAGES
        if crowded and self._estimate() >= self._options.summarize_at * self._options.context_tokens:
            await self._hand_over("threshold")
        try:
            return await self._chat(self.messages)
        except ModelRejectedError as e:
            if not e.context_overflow:
                raise _refused(e) from e
        await self._hand_over("overflow")
        try:
            return await self._chat(self.messages)
        except ModelRejectedError as e:
            if e.context_overflow:
                raise AgentFailedError(
                    "agent_context_overflow", f"the conversation does not fit the model even after a hand-over: {e}"
                ) from e
            raise _refused(e) from e

    async def _chat(self, messages: list[dict[str, Any]], *, structured: bool = True) -> ChatResult:
        response_format = TURN_FORMAT if structured and self._options.json_mode else None
        result = await self._client.chat(
            messages, purpose="agent", on_call=self._session.record, response_format=response_format
        )
        if result.tokens_in and messages is self.messages:
            self._reported = (result.tokens_in, len(messages))
        return result

    def _estimate(self) -> int:
        """The prompt's size in tokens: the model's own count for the prefix it last saw, plus an estimate."""
        start, base = 0, 0
        if self._reported is not None and self._reported[1] <= len(self.messages):
            base, start = self._reported
        chars = sum(len(str(m.get("content", ""))) for m in self.messages[start:])
        return base + int(chars / CHARS_PER_TOKEN)

    async def _hand_over(self, trigger: str) -> None:
        """Summarise, ask, answer, and go on in a fresh conversation (Terminus-2's three-step hand-over)."""
        before, estimate = len(self.messages), self._estimate()
        summary = await self._plain(self.messages, _SUMMARY_REQUEST)
        said = "\n".join(f"- {text}" for text in self._said) or "(nothing yet)"
        fresh = [
            self.messages[0],
            {"role": "user", "content": _QUESTIONS_REQUEST.format(user_messages=said, summary=summary)},
        ]
        questions = await self._plain(fresh, None)
        answers = await self._plain(self.messages, f"The engineer taking over asks:\n{questions}\n\nAnswer them.")
        handoff = _HANDOFF.format(user_messages=said, summary=summary, questions=questions, answers=answers)
        self.messages = [self.messages[0], {"role": "user", "content": handoff}]
        self._reported = None
        await self._session.record_handover(
            ev.ContextSummarized(
                turn=self._session.turn,
                trigger="overflow" if trigger == "overflow" else "threshold",
                messages_before=before,
                messages_after=len(self.messages),
                tokens_before=estimate,
                context_tokens=self._options.context_tokens,
                summary=summary[:4000],
            )
        )

    async def _plain(self, history: list[dict[str, Any]], request: str | None) -> str:
        """A plain-text answer to ``request`` after ``history``; the recent part only if the whole is too long."""
        messages = history + ([{"role": "user", "content": request}] if request else [])
        try:
            return (await self._chat(messages, structured=False)).text.strip()
        except ModelRejectedError as e:
            if not e.context_overflow:
                raise _refused(e) from e
        recent = [history[0], *history[-_KEEP_RECENT:]] + ([{"role": "user", "content": request}] if request else [])
        try:
            return (await self._chat(recent, structured=False)).text.strip()
        except ModelRejectedError as e:
            if e.context_overflow:
                raise AgentFailedError(
                    "agent_context_overflow", f"not even a summary of the conversation fits the model: {e}"
                ) from e
            raise _refused(e) from e


def _refused(error: ModelRejectedError) -> Exception:
    """A refusal about the request's content is the agent's failure; a bad key or model name is not."""
    if error.about_content:
        return AgentFailedError("agent_request_refused", str(error))
    return error


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
    return clip_middle(text, OUTPUT_CHARS, lambda cut: f"\n[... {cut} characters not shown ...]\n")


def _user_text(messages: list[ev.UserMessaged]) -> str:
    return "\n\n".join(m.text for m in messages)


def _with_news(feedback: str, news: list[ev.UserMessaged]) -> str:
    if not news:
        return feedback
    said = "\n".join(f"User: {m.text}" for m in news)
    return f"{feedback}\n\nNew messages from the user:\n{said}"


def _build(choice: AgentChoice) -> tuple[ev.AgentInfo, AgentFactory]:
    endpoint = choice.options.endpoint("REALCLI_AGENT")
    tuned = TerminusOptions.parse(choice.tuning)
    agent = TerminusAgent(endpoint, tuned)
    return agent.info, lambda task: TerminusAgent(endpoint, tuned)


RECIPE: Final = AgentRecipe(_build, lambda params: TerminusOptions.recorded(params).params())
"""The ``terminus`` entry of ``AGENTS``."""
