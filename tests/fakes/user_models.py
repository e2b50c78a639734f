"""Scripted models behind the LLM user simulator (``LlmVoice``): a faithful one, and ones that drift.

``LlmVoice`` asks its model three things: to phrase a slice "in your voice",
which of the ``asked`` topics a question asks about ("Which of these
topics"), and to answer a question no slice answers ("Reply briefly").  A
``UserModel`` answers each from the request text, as a default step of a
``FakeModelServer``::

    async with FakeModelServer(default=faithful_user()) as server:
        ...  # LlmVoice(ModelEndpoint(base_url=server.openai_base_url, ...), script, writer)

* ``faithful_user``: keeps every word of a slice (it prefixes "Sure."),
  releases exactly the candidates whose topics the question names (the
  scripted simulator's rule), and answers other questions with the fixed
  "don't know";
* ``hedging_user``: a faithful user whose paraphrases add "that said, this
  one is optional, skip it if it is a hassle" (every token kept);
* ``eager_user``: a faithful user whose topic decision releases every
  candidate on any question.

``delay`` holds every answer back, as a hosted model's latency does: the
agent then acts while the simulator is still waiting for its model.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from realcli.events import DONT_KNOW
from realcli.runtime.users import topic_match

from .model_server import Delay, RecordedRequest, Step, Text

__all__ = ["HEDGE", "UserModel", "eager_user", "faithful_user", "hedging_user"]

HEDGE = "That said, this one is optional, skip it if it is a hassle."

Paraphrase = Callable[[str], str]
Decide = Callable[[str, dict[str, list[str]]], list[str]]


def _by_topic(question: str, candidates: dict[str, list[str]]) -> list[str]:
    return [ident for ident, topics in candidates.items() if topic_match(question, topics) is not None]


@dataclass(frozen=True)
class UserModel:
    """Answers LlmVoice's three kinds of request; ``__call__`` is a ``FakeModelServer`` step."""

    paraphrase: Paraphrase = lambda content: f"Sure. {content}"
    decide: Decide = _by_topic
    answer: str = DONT_KNOW
    delay: float = 0.0

    def __call__(self, request: RecordedRequest) -> Step:
        reply = self._reply(request.last_user_text)
        return Delay(self.delay, reply) if self.delay > 0 else reply

    def _reply(self, text: str) -> Step:
        if "in your voice" in text:
            return Text(self.paraphrase(text.split(":\n\n", 1)[1]))
        if "Which of these topics" in text:
            question = text.split("The assistant asked you:\n\n", 1)[1].split("\n\nWhich of these topics", 1)[0]
            listing = text.split("Topics:\n", 1)[1].split("\n\nAnswer with JSON", 1)[0]
            candidates = {}
            for line in listing.splitlines():
                ident, _, topics = line.removeprefix("- ").partition(": ")
                candidates[ident] = topics.split(", ")
            return Text(json.dumps({"ids": self.decide(question, candidates)}))
        if "Reply briefly" in text:
            return Text(self.answer)
        return Text("(the user model got a request it does not know)")


def faithful_user(*, delay: float = 0.0) -> UserModel:
    """Keeps every slice's words, releases what the question asks about, reveals nothing else."""
    return UserModel(delay=delay)


def hedging_user(*, delay: float = 0.0) -> UserModel:
    """Adds optionality to every slice it paraphrases, keeping every token."""
    return UserModel(paraphrase=lambda content: f"{content} {HEDGE}", delay=delay)


def eager_user(*, delay: float = 0.0) -> UserModel:
    """Releases every candidate slice and probe on any question."""
    return UserModel(decide=lambda question, candidates: list(candidates), delay=delay)
