"""Simulator-fidelity audit: did the user simulator play its script? (paper D.4, E.1)

Deterministic, from the ledger a COLLAB trial recorded: the script (in
``TrialStarted.task``), the user's messages, slice releases and probe firings,
and the agent's actions that trigger them.  Eight criteria, each ``pass``,
``fail`` or ``n/a`` (nothing to assess, or not decidable without a model):

script_intent     every slice/probe message pairs with its ``SliceReleased`` /
                  ``ProbeFired``; probe stimuli (and verbatim slices, and every
                  slice of the scripted simulator) are the script's text; an
                  LLM simulator's paraphrase keeps the slice's meaning
                  (``paraphrase_problems``: concrete tokens, content words);
                  the opening and closing are the script's.
disclosure        no slice was delivered before its release condition held,
                  and no slice or answer message carries a slice that was not
                  released yet (``leaked_slices``).
answers           ``answer`` messages hold only released slice text or the
                  fixed "don't know" answer (scripted simulator); an LLM
                  simulator's answers name nothing a released slice, the fixed
                  answer or the agent did not.
state_assertions  no slice or answer message states a concrete fact (number,
                  path, name) that neither the script nor the agent holds
                  (``invented_tokens``).
probe_coverage    every probe fired once or has a ``ProbeNotFired`` with a reason.
message_validity  no empty user message; slice/probe messages carry a ``ref``;
                  the conversation opens with the opening.
refusals          no model-style refusal text, and no "don't know" answer to a
                  question an unreleased ``asked`` slice covers.
timing            no probe fired before its trigger held; deliveries follow the
                  order in which their triggers held; no trigger that held was
                  left undelivered while the simulator kept talking.

A failed criterion names the dimensions (codes) whose instances it may have
affected: the failing probe's dimension, or, for trial-wide failures, the
dimensions of every probe that fired in the trial.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Literal, get_args

import msgspec

from realcli.events import (
    DONT_KNOW,
    AgentMessaged,
    FidelityCriterion,
    OnAsked,
    Probe,
    ProbeFired,
    Slice,
    Trigger,
    UserMessaged,
)
from realcli.projections.facts import TrialFacts
from realcli.projections.fidelity._faithful import invented_tokens, leaked_slices, paraphrase_problems
from realcli.projections.fidelity._ledger import Ledger, Problem, is_question, topic_regex

__all__ = ["DONT_KNOW_ANSWER", "FIDELITY_CRITERIA", "FidelityVerdict", "audit_fidelity", "is_question", "topic_regex"]

DONT_KNOW_ANSWER = DONT_KNOW  # the name the projections' API gave it before it moved to events
"""The scripted simulator's fixed answer to a question no slice answers."""

Criterion = FidelityCriterion
FidelityKind = Literal["pass", "fail", "n/a"]

FIDELITY_CRITERIA: tuple[Criterion, ...] = get_args(FidelityCriterion)

_REFUSAL = re.compile(
    r"(?i)\b(as an ai\b|i(?:'m| am) (?:not able|unable) to (?:help|assist|role-?play)|"
    r"i can(?:'|no)t (?:help|assist) with|i must decline|against my (?:guidelines|policy))"
)


class FidelityVerdict(msgspec.Struct, frozen=True, kw_only=True):
    """One criterion's verdict for one trial (the runtime records it as ``FidelityAssessed``)."""

    trial_id: str
    criterion: Criterion
    verdict: FidelityKind
    rationale: str = ""
    affected_dimensions: tuple[str, ...] = ()


# ---------------------------------------------------------------- criteria


def _script_intent(led: Ledger) -> list[Problem]:
    problems: list[Problem] = []
    fired_events = {e.probe_id: e for e in led.trace if isinstance(e, ProbeFired)}
    for i, msg in led.user_messages():
        if msg.kind == "opening" and msg.text != led.script.opening:
            problems.append(Problem("the opening differs from the script's"))
        elif msg.kind == "closing" and led.script.closing is not None and msg.text != led.script.closing.text:
            problems.append(Problem("the closing differs from the script's"))
        elif msg.kind == "slice":
            problems += _slice_intent(led, i, msg)
        elif msg.kind == "probe":
            problems += _probe_intent(led, i, msg, fired_events)
    for slice_id in led.released:
        if slice_id not in led.delivered:
            problems.append(Problem(f"slice {slice_id} was released but never sent"))
    for probe_id in led.fired:
        if probe_id not in led.delivered:
            problems.append(Problem(f"probe {probe_id} fired but its stimulus was never sent", probe_id))
    return problems


def _slice_intent(led: Ledger, i: int, msg: UserMessaged) -> list[Problem]:
    ref = msg.ref or ""
    spec = led.slices.get(ref)
    if spec is None:
        return [Problem(f"slice message names {ref!r}, which is not in the script")]
    if led.released.get(ref, len(led.trace)) > i:
        return [Problem(f"slice {ref} was sent without a SliceReleased before it")]
    if (led.scripted or spec.verbatim) and msg.text.strip() != spec.content.strip():
        return [Problem(f"slice {ref} was not sent verbatim")]
    if not led.scripted and not spec.verbatim:
        lost = paraphrase_problems(spec.content, msg.text)
        if lost:
            return [Problem(f"slice {ref} paraphrase changed its meaning: {'; '.join(lost)}")]
    return []


def _probe_intent(led: Ledger, i: int, msg: UserMessaged, fired: dict[str, ProbeFired]) -> list[Problem]:
    ref = msg.ref or ""
    spec = led.probes.get(ref)
    if spec is None:
        return [Problem(f"probe message names {ref!r}, which is not in the script")]
    event = fired.get(ref)
    if event is None or led.fired[ref] > i:
        return [Problem(f"probe {ref} stimulus was sent without a ProbeFired before it", ref)]
    variants = [spec.stimulus, *spec.stimulus_variants]
    expected = variants[event.variant] if 0 <= event.variant < len(variants) else None
    if expected is None:
        return [Problem(f"probe {ref} names variant {event.variant}, which the script does not have", ref)]
    if msg.text != expected or event.stimulus != expected:
        return [Problem(f"probe {ref} stimulus was not delivered verbatim (variant {event.variant})", ref)]
    return []


def _disclosure(led: Ledger) -> list[Problem]:
    problems = _early_releases(led)
    for i, msg in led.spoken():
        own = {msg.ref} if msg.kind == "slice" and msg.ref else set()
        unreleased = {
            s.id: s.content for s in led.script.slices if s.id not in own and led.released.get(s.id, len(led.trace)) > i
        }
        for slice_id, why in leaked_slices(msg.text, unreleased, led.known_before(i)):
            problems.append(Problem(f"{msg.kind} msg:{msg.id} carries unreleased slice {slice_id} ({why})"))
    return problems


def _state_assertions(led: Ledger) -> list[Problem]:
    """Facts the user stated that the script does not hold (and the agent did not say or see first)."""
    problems: list[Problem] = []
    for i, msg in led.spoken():
        invented = invented_tokens(msg.text, led.script_text, [led.agent_text_before(i)])
        if invented:
            shown = ", ".join(repr(t) for t in invented[:4])
            problems.append(Problem(f"{msg.kind} msg:{msg.id} states {shown}, which the script does not hold"))
    return problems


def _early_releases(led: Ledger) -> list[Problem]:
    problems: list[Problem] = []
    for slice_id, at in sorted(led.released.items(), key=lambda kv: kv[1]):
        spec = led.slices.get(slice_id)
        if spec is None:
            problems.append(Problem(f"released slice {slice_id} is not in the script"))
            continue
        holds = led.holds_at(spec.release, slice_id)
        if holds is not None and holds <= at:
            continue
        if isinstance(spec.release, OnAsked):
            problems.append(Problem(f"slice {slice_id} was given away early: {_unasked(led, spec.release, at)}"))
        else:
            when = "never held" if holds is None else "held only later"
            problems.append(
                Problem(
                    f"slice {slice_id} was released before its '{spec.release.__struct_config__.tag}'"
                    f" condition held (it {when})"
                )
            )
    return problems


def _unasked(led: Ledger, trigger: OnAsked, at: int) -> str:
    """Why an ``asked`` release or firing at trace index ``at`` had no question asking for it."""
    topics = ", ".join(trigger.topics[:6]) + (", ..." if len(trigger.topics) > 6 else "")
    question = led.last_question(at)
    if question is None:
        return f"no question of the agent came before it (topics: {topics})"
    said = " ".join(question.text.split())
    said = said if len(said) <= 80 else said[:77] + "..."
    return f"no question before it asks about its topics ({topics}); the last was msg:{question.id}, {said!r}"


def _answers(led: Ledger, dont_know: Sequence[str]) -> list[Problem] | None:
    answers = [(i, m) for i, m in led.user_messages() if m.kind == "answer"]
    if not answers:
        return None
    if not led.scripted:
        return _paraphrased_answers(led, answers, dont_know)
    problems: list[Problem] = []
    fixed = {" ".join(d.split()) for d in dont_know}
    for i, msg in answers:
        text = " ".join(msg.text.split())
        if text in fixed:
            continue
        released = [led.slices[s].content for s, at in led.released.items() if at <= i and s in led.slices]
        rest = text
        for content in sorted(released, key=len, reverse=True):
            rest = rest.replace(" ".join(content.split()), " ")
        if rest.strip():
            problems.append(Problem(f"answer msg:{msg.id} says more than released slices and the fixed answer"))
    return problems


def _paraphrased_answers(
    led: Ledger, answers: list[tuple[int, UserMessaged]], dont_know: Sequence[str]
) -> list[Problem]:
    """An LLM simulator answers in its own words, but every concrete token must come from a released
    slice, the fixed answer or what the agent itself said or saw."""
    problems = []
    for i, msg in answers:
        released = [led.slices[s].content for s, at in led.released.items() if at <= i and s in led.slices]
        extra = invented_tokens(msg.text, "\n".join([*released, *dont_know]), [led.agent_text_before(i)])
        if extra:
            shown = ", ".join(repr(t) for t in extra[:4])
            problems.append(Problem(f"answer msg:{msg.id} says {shown}, which no released slice holds"))
    return problems


def _probe_coverage(led: Ledger) -> list[Problem]:
    problems: list[Problem] = []
    trial = led.trial
    fired_counts: dict[str, int] = {}
    for entry in led.trace:
        if isinstance(entry, ProbeFired):
            fired_counts[entry.probe_id] = fired_counts.get(entry.probe_id, 0) + 1
    for probe_id, count in sorted(fired_counts.items()):
        if probe_id not in led.probes:
            problems.append(Problem(f"probe {probe_id} fired but is not in the script"))
        elif count > 1:
            problems.append(Problem(f"probe {probe_id} fired {count} times", probe_id))
    for probe in led.script.probes:
        if probe.id in fired_counts:
            continue
        nf = trial.probes_not_fired.get(probe.id)
        if nf is None:
            problems.append(Problem(f"probe {probe.id} neither fired nor was recorded as not fired", probe.id))
        elif not nf.reason.strip():
            problems.append(Problem(f"probe {probe.id} was recorded as not fired without a reason", probe.id))
    return problems


def _message_validity(led: Ledger) -> list[Problem]:
    problems: list[Problem] = []
    messages = led.user_messages()
    if messages and messages[0][1].kind != "opening":
        problems.append(Problem(f"the first user message is {messages[0][1].kind!r}, not the opening"))
    for _, msg in messages:
        if not msg.text.strip():
            problems.append(Problem(f"user message msg:{msg.id} ({msg.kind}) is empty", msg.ref))
        elif msg.kind in ("slice", "probe") and not msg.ref:
            problems.append(Problem(f"{msg.kind} message msg:{msg.id} has no ref"))
    return problems


def _refusals(led: Ledger, dont_know: Sequence[str]) -> list[Problem]:
    problems: list[Problem] = []
    fixed = {" ".join(d.split()) for d in dont_know}
    asked_slices = [s for s in led.script.slices if isinstance(s.release, OnAsked)]
    last_question: AgentMessaged | None = None
    for i, entry in enumerate(led.trace):
        if isinstance(entry, AgentMessaged):
            last_question = entry if is_question(entry) else last_question
            continue
        if not isinstance(entry, UserMessaged):
            continue
        if _REFUSAL.search(entry.text):
            problems.append(Problem(f"user message msg:{entry.id} reads like a model refusal"))
        elif entry.kind == "answer" and " ".join(entry.text.split()) in fixed and last_question is not None:
            problems += _wrongful_dont_know(led, i, entry, last_question, asked_slices)
        if entry.kind == "answer":
            last_question = None
    return problems


def _wrongful_dont_know(
    led: Ledger, i: int, answer: UserMessaged, question: AgentMessaged, asked: list[Slice]
) -> list[Problem]:
    if not led.scripted:
        return []
    for spec in asked:
        assert isinstance(spec.release, OnAsked)
        if led.released.get(spec.id, len(led.trace)) <= i:
            continue
        if any(topic_regex(t).search(question.text) for t in spec.release.topics):
            return [
                Problem(f"answered 'don't know' (msg:{answer.id}) to a question that unreleased slice {spec.id} covers")
            ]
    return []


def _timing(led: Ledger) -> list[Problem]:
    problems: list[Problem] = []
    holds: dict[str, int] = {}
    delivered: dict[str, int] = {}
    triggers: list[tuple[str, Trigger, Probe | None]] = [(s.id, s.release, None) for s in led.script.slices]
    triggers += [(p.id, p.trigger, p) for p in led.script.probes]
    for ident, trigger, probe in triggers:
        at = led.holds_at(trigger, ident)
        got = led.delivery(ident)
        if probe is not None and got is not None and (at is None or at > got):
            why = f": {_unasked(led, trigger, got)}" if isinstance(trigger, OnAsked) else ""
            problems.append(Problem(f"probe {ident} fired before its trigger held{why}", ident))
        if isinstance(trigger, OnAsked) and not led.scripted:
            # An LLM simulator judges which questions ask about a topic; the audit checks that it
            # released nothing unasked (above, and in disclosure), not when a keyword says it
            # should have answered: its "no" to a question that merely names a topic word is its call.
            continue
        if at is not None:
            holds[ident] = at
        if got is not None:
            delivered[ident] = got
    # Slices go out as soon as they are due; probes queue behind the one in
    # flight.  So order is checked within each kind.
    for kind in (led.slices, led.probes):
        for a, b in _inversions(
            {i: h for i, h in holds.items() if i in kind}, {i: d for i, d in delivered.items() if i in kind}
        ):
            problems.append(
                Problem(
                    f"{b} was delivered before {a} although {a}'s trigger held first", b if b in led.probes else None
                )
            )
    # A closing may legitimately pre-empt what is due (closing on claims_done).
    last_user = max((i for i, m in led.user_messages() if m.kind in ("slice", "probe", "answer")), default=-1)
    for ident, at in sorted(holds.items(), key=lambda kv: (kv[1], kv[0])):
        if ident not in delivered and at < last_user:
            problems.append(
                Problem(
                    f"the trigger of {ident} held but it was never delivered although the user spoke afterwards",
                    ident if ident in led.probes else None,
                )
            )
    return problems


def _inversions(holds: dict[str, int], delivered: dict[str, int]) -> list[tuple[str, str]]:
    both = sorted((holds[i], delivered[i], i) for i in delivered if i in holds)
    out: list[tuple[str, str]] = []
    for n, (hold_a, got_a, a) in enumerate(both):
        for hold_b, got_b, b in both[n + 1 :]:
            if hold_a < hold_b and got_b < got_a:
                out.append((a, b))
    return out


# ---------------------------------------------------------------- the audit


def audit_fidelity(
    trial: TrialFacts,
    dimension_of: Callable[[str], str],
    *,
    dont_know: Sequence[str] = (DONT_KNOW_ANSWER,),
    model_findings: Mapping[Criterion, Sequence[str]] | None = None,
    asked_by_model: Mapping[str, str] | None = None,
) -> list[FidelityVerdict]:
    """The eight fidelity verdicts of a COLLAB trial with a script ([] otherwise).

    ``dimension_of`` maps a template id to its dimension code (``CatalogView.dimension``).
    ``model_findings`` are deviations a judge model found (e.g. a paraphrase
    whose meaning changed); they join the deterministic ones of their
    criterion.  ``asked_by_model`` maps an ``asked`` slice or probe to the
    agent question a judge model found asking about it (``LlmJudge.asked``):
    a release on that question is not early, whatever the topic words say.
    Needs the trial's trace.
    """
    if trial.mode != "collab":
        return []
    if trial.trace is None:
        raise ValueError(f"trial {trial.trial_id} was folded without its trace (use keep_trace=True)")
    script = trial.script
    if script is None:
        return []
    led = Ledger(trial, script, asked_by_model)
    fired_dims = tuple(sorted({dimension_of(led.probes[p].template) for p in led.fired if p in led.probes}))
    results: dict[Criterion, list[Problem] | None] = {
        "script_intent": _script_intent(led),
        "disclosure": _disclosure(led) if led.released or led.spoken() else None,
        "answers": _answers(led, dont_know),
        "state_assertions": _state_assertions(led) if led.spoken() else None,
        "probe_coverage": _probe_coverage(led) if script.probes else None,
        "message_validity": _message_validity(led),
        "refusals": _refusals(led, dont_know),
        "timing": _timing(led),
    }
    for criterion, found in (model_findings or {}).items():
        if found:
            results[criterion] = [*(results[criterion] or []), *(Problem(text) for text in found)]
    out: list[FidelityVerdict] = []
    for criterion in FIDELITY_CRITERIA:
        out.append(_verdict(trial.trial_id, criterion, results[criterion], led, dimension_of, fired_dims))
    return out


def _verdict(
    trial_id: str,
    criterion: Criterion,
    problems: list[Problem] | None,
    led: Ledger,
    dimension_of: Callable[[str], str],
    fired_dims: tuple[str, ...],
) -> FidelityVerdict:
    if problems is None:
        return FidelityVerdict(trial_id=trial_id, criterion=criterion, verdict="n/a", rationale="nothing to assess")
    if not problems:
        return FidelityVerdict(trial_id=trial_id, criterion=criterion, verdict="pass", rationale="no deviation")
    dims: set[str] = set()
    for p in problems:
        if p.probe is not None and p.probe in led.probes:
            dims.add(dimension_of(led.probes[p.probe].template))
        else:
            dims.update(fired_dims)
    rationale = "; ".join(p.text for p in problems[:5])
    if len(problems) > 5:
        rationale += f"; and {len(problems) - 5} more"
    return FidelityVerdict(
        trial_id=trial_id,
        criterion=criterion,
        verdict="fail",
        rationale=rationale,
        affected_dimensions=tuple(sorted(dims)),
    )
