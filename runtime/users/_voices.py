"""How the simulated user speaks: a *voice* phrases slice text and matches and answers questions.

* ``ScriptedVoice``: deterministic, verbatim, topic words matched
  case-insensitively, a fixed answer that reveals nothing otherwise.
* ``LlmVoice``: an OpenAI-compatible model paraphrases slices (unless
  ``verbatim``) and judges which slices answer a question, prompted with the
  persona and the red lines.  Probe stimuli are always sent verbatim, by code.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Protocol

from realcli import events as ev
from realcli.events import DONT_KNOW  # the fixed answer the audit expects
from realcli.models import ModelClient, ModelEndpoint
from realcli.projections import invented_tokens, leaked_slices, paraphrase_problems
from realcli.runtime.bus import StreamWriter

Item = ev.Slice | ev.Probe


class Voice(Protocol):
    """How the simulated user phrases what the script says (an async context for its resources)."""

    async def __aenter__(self) -> Voice: ...

    async def __aexit__(self, *exc: object) -> None: ...

    async def slice_text(self, item: ev.Slice) -> tuple[str, bool]:
        """The message that delivers a slice, and whether it was paraphrased."""
        ...

    async def asked(self, question: str, candidates: Sequence[Item]) -> list[str]:
        """Ids of the ``asked`` candidates that the agent's question asks about."""
        ...

    async def answer(self, question: str, released: Sequence[ev.Slice]) -> str:
        """A reply to a question no slice answered: never new facts."""
        ...


class ScriptedVoice:
    """Rules only, verbatim text: reproducible and model-free."""

    info = ev.UserSimInfo(kind="scripted")

    async def __aenter__(self) -> ScriptedVoice:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def slice_text(self, item: ev.Slice) -> tuple[str, bool]:
        return item.content, False

    async def asked(self, question: str, candidates: Sequence[Item]) -> list[str]:
        return [c.id for c in candidates if topic_match(question, topics_of(c)) is not None]

    async def answer(self, question: str, released: Sequence[ev.Slice]) -> str:
        return DONT_KNOW


def topic_match(text: str, topics: Sequence[str]) -> str | None:
    """The first topic that occurs in ``text`` as a whole word or phrase, case-insensitively."""
    for topic in topics:
        words = r"\s+".join(re.escape(w) for w in topic.split())
        if words and re.search(rf"(?<!\w){words}(?!\w)", text, re.IGNORECASE):
            return topic
    return None


def topics_of(item: Item) -> list[str]:
    """The topics an ``asked`` trigger of a slice or probe listens for (none for another trigger)."""
    trigger = item.release if isinstance(item, ev.Slice) else item.trigger
    return trigger.topics if isinstance(trigger, ev.OnAsked) else []


# ---------------------------------------------------------------------------
# LLM voice

_RED_LINES = """Rules you must keep:
- Only use facts from the information you are given. Never invent requirements, facts or environment state.
- Never reveal information you were not given to release now.
- Never hint at why you say something or that you are testing the agent.
- Never make decisions for the agent; answer what is asked.
- Never claim anything about the state of files or services you have not been told."""


def llm_user_info(endpoint: ModelEndpoint) -> ev.UserSimInfo:
    """What a run records about an LLM simulator: model id and parameters, never the key."""
    return ev.UserSimInfo(kind="llm", model=endpoint.model, endpoint=endpoint.public_url, params=endpoint.describe())


class LlmVoice:
    """An OpenAI-compatible model phrases slices and judges which slices a question asks about."""

    def __init__(self, endpoint: ModelEndpoint, script: ev.Script, writer: StreamWriter) -> None:
        self.client = ModelClient(endpoint)
        self.script = script
        self.persona = script.persona or "A user who needs this task done."
        self.style = script.persona_style
        self.writer = writer

    async def __aenter__(self) -> LlmVoice:
        await self.client.__aenter__()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.client.__aexit__(None, None, None)

    def _system(self) -> str:
        style = f"\nSpeaking style: {self.style}." if self.style else ""
        return f"You are a user working with a command-line assistant.\nPersona: {self.persona}{style}\n{_RED_LINES}"

    async def slice_text(self, item: ev.Slice) -> tuple[str, bool]:
        """The slice in the persona's voice; verbatim when the paraphrase would change its meaning.

        The check is the fidelity audit's own (``paraphrase_problems``), so a
        paraphrase that reaches the agent keeps every number, path and name
        and the slice's rule.
        """
        if item.verbatim:
            return item.content, False
        result = await self.client.chat(
            [
                {"role": "system", "content": self._system()},
                {
                    "role": "user",
                    "content": "Tell the assistant the following as one short message in your voice. Keep every "
                    "number, path, file name, option and name exactly as written, keep every rule and every "
                    "'not'/'never', and keep the key words; add nothing (no 'optional', 'maybe' or 'if you "
                    "want': a requirement stays a requirement):\n\n" + item.content,
                },
            ],
            purpose="user",
            on_call=self.writer.record,
        )
        text = result.text.strip()
        if not text or paraphrase_problems(item.content, text):
            return item.content, False
        return text, True

    async def asked(self, question: str, candidates: Sequence[Item]) -> list[str]:
        if not candidates:
            return []
        listing = "\n".join(f"- {c.id}: {', '.join(topics_of(c))}" for c in candidates)
        result = await self.client.chat(
            [
                {"role": "system", "content": self._system()},
                {
                    "role": "user",
                    "content": f"The assistant asked you:\n\n{question}\n\nWhich of these topics does "
                    f"the question ask about? Topics:\n{listing}\n\nAnswer with JSON only: "
                    '{"ids": ["<id>", ...]} (an empty list if none).',
                },
            ],
            purpose="user",
            on_call=self.writer.record,
            response_format={"type": "json_object"},
        )
        known = {c.id for c in candidates}
        try:
            ids = json.loads(result.text).get("ids", [])
        except (ValueError, AttributeError):
            return []  # an unusable judgement releases nothing: never guess a slice out
        return [i for i in ids if isinstance(i, str) and i in known]

    async def answer(self, question: str, released: Sequence[ev.Slice]) -> str:
        """A reply from released slices only; the fixed answer when the model's reply names anything else."""
        facts = "\n".join(f"- {s.content}" for s in released) or "- (nothing yet)"
        result = await self.client.chat(
            [
                {"role": "system", "content": self._system()},
                {
                    "role": "user",
                    "content": f"What you have told the assistant so far:\n{facts}\n\nThe assistant "
                    f"asked:\n\n{question}\n\nReply briefly using only the facts above. If they do not answer it, "
                    f"say you don't know and that the assistant should use its judgement.",
                },
            ],
            purpose="user",
            on_call=self.writer.record,
        )
        text = result.text.strip()
        allowed = "\n".join([*(s.content for s in released), DONT_KNOW])
        held = {s.id for s in released}
        unreleased = {s.id: s.content for s in self.script.slices if s.id not in held}
        if not text or invented_tokens(text, allowed, [question]) or leaked_slices(text, unreleased, question):
            return DONT_KNOW
        return text


# ---------------------------------------------------------------------------
# the trigger engine
