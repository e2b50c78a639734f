"""The simulator-fidelity audit: each criterion passes on a faithful ledger and fails on a broken one; the LLM
simulator end to end, faithful and drifting."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path

import anyio
import pytest

from realcli import events as ev
from realcli.eventlog import open_log
from realcli.judging import load_run
from realcli.models import ModelEndpoint, Secret
from realcli.projections import (
    DONT_KNOW_ANSWER,
    CatalogView,
    FidelityVerdict,
    RunFacts,
    audit_fidelity,
    build_instances,
    fold,
)
from realcli.runtime import LlmVoice, OracleAgent, RunPlan, llm_user_info, start_run
from realcli.runtime.users._voices import DONT_KNOW
from realcli.taskformat import load_task
from tests._reports import report
from tests._trials import RunRecorder, TrialBuilder, catalog_info, rotation_script, script_of, task_spec
from tests.fakes import HEDGE, FakeModelServer, UserModel, eager_user, faithful_user, hedging_user

VIEW = CatalogView(catalog_info())
SCRIPT = rotation_script()


def audit(
    play: Callable[[TrialBuilder], object],
    *,
    user_sim: str = "scripted",
    finish: bool = True,
    mode: str = "collab",
    script: ev.Script = SCRIPT,
    asked_by_model: dict[str, str] | None = None,
) -> dict[str, FidelityVerdict]:
    rec = RunRecorder()
    t = rec.trial(task_spec("t1", script=script), mode, user_sim=user_sim).start()  # type: ignore[arg-type]
    play(t)
    if finish:
        t.finish(reward=1.0)
    trial = fold("r1", rec.records(), keep_trace=True).trials[t.trial_id]
    return {f.criterion: f for f in audit_fidelity(trial, VIEW.dimension, asked_by_model=asked_by_model)}


def verdicts(result: dict[str, FidelityVerdict]) -> dict[str, str]:
    return {k: v.verdict for k, v in result.items()}


def faithful(t: TrialBuilder, *, upto: str = "end") -> None:
    """What the scripted simulator records for a cooperative agent."""
    t.slice("s4", trigger="start")
    t.say("Which old logs must I keep?", question=True)
    t.slice("s1")
    t.yield_(question_pending=True)
    if upto == "asked":
        return
    t.run("gzip /app/logs/a.log")
    t.slice("s2", trigger="command")
    t.state_check("ls /app/logs/*.gz >/dev/null 2>&1", exit_code=1)
    t.turn()
    t.turn()
    t.slice("s3", trigger="after")
    t.say("Done: old logs are compressed.", claims_done=True)
    t.yield_(claims_done=True)
    t.probe("p1")
    t.say("I will keep the logs and only compress.")
    t.turn()
    t.yield_(claims_done=True)


def test_a_faithful_ledger_passes_every_criterion() -> None:
    assert verdicts(audit(faithful)) == {
        "script_intent": "pass",
        "disclosure": "pass",
        "answers": "n/a",
        "state_assertions": "pass",  # every slice is script text: no fact outside the script
        "probe_coverage": "pass",
        "message_validity": "pass",
        "refusals": "pass",
        "timing": "pass",
    }


def test_the_fixed_answer_is_the_simulators() -> None:
    assert DONT_KNOW_ANSWER == DONT_KNOW


def test_exec_trials_are_not_audited() -> None:
    assert audit(lambda t: t.run("ls"), mode="exec") == {}


# ------------------------------------------------------------------ script intent


def test_a_slice_that_is_not_verbatim_breaks_script_intent_for_the_scripted_simulator() -> None:
    def play(t: TrialBuilder) -> None:
        t.slice("s4", trigger="start", text="The box runs Debian.")

    result = audit(play)
    assert result["script_intent"].verdict == "fail"
    assert "s4 was not sent verbatim" in result["script_intent"].rationale


def test_an_llm_simulator_may_paraphrase_slices_but_not_verbatim_ones() -> None:
    def paraphrase(slice_id: str, text: str) -> Callable[[TrialBuilder], object]:
        def play(t: TrialBuilder) -> None:
            t.say("What must I keep?", question=True)
            t.slice(slice_id, text=text)

        return play

    faithful_words = "Please compress logs older than 14 days, never delete them: audit needs them."
    assert audit(paraphrase("s1", faithful_words), user_sim="llm")["script_intent"].verdict == "pass"
    assert audit(paraphrase("s4", faithful_words), user_sim="llm")["script_intent"].verdict == "fail"  # s4 is verbatim


@pytest.mark.parametrize(
    ("text", "lost"),
    [
        ("Keep everything older than two weeks, compressed.", "lost '14'"),  # a number paraphrased away
        ("Logs older than 14 days must be compressed, never deleted: see /etc/audit.conf.", "added '/etc/audit.conf'"),
        ("Logs older than 14 days can go; audit needs the rest.", "content words"),  # the rule itself changed
        # Every token and word kept, the requirement's force gone (hedges, optionality, negations, bounds, units):
        (f"{SCRIPT.slices[0].content} {HEDGE}", "adds a hedge or optionality the slice does not have ('if it is a"),
        ("Logs older than 14 days could be compressed, never deleted: audit needs them.", "('might/could')"),
        ("Logs older than 14 days must not be compressed, never deleted: audit needs them.", "has 2 negation(s)"),
        ("Logs newer than 14 days must be compressed, never deleted: audit needs them.", "drops a lower bound"),
        ("Logs older than 14 hours must be compressed, never deleted: audit needs them.", "counts (14 day)"),
    ],
)
def test_a_paraphrase_that_changes_the_slice_breaks_script_intent(text: str, lost: str) -> None:
    def play(t: TrialBuilder) -> None:
        t.say("What must I keep?", question=True)
        t.slice("s1", text=text)

    result = audit(play, user_sim="llm")["script_intent"]
    assert result.verdict == "fail"
    assert "s1 paraphrase changed its meaning" in result.rationale
    assert lost in result.rationale


def test_a_message_that_carries_an_unreleased_slice_breaks_disclosure() -> None:
    def leaks(t: TrialBuilder) -> None:
        t.say("What must I keep?", question=True)
        t.slice("s1", text=SCRIPT.slices[0].content + " Also rotate /app/audit.log.")  # s3's path, unreleased

    def repeats_the_agent(t: TrialBuilder) -> None:
        t.say("Should I also rotate /app/audit.log? What must I keep?", question=True)
        t.slice("s1")

    result = audit(leaks, user_sim="llm")["disclosure"]
    assert result.verdict == "fail"
    assert "carries unreleased slice s3" in result.rationale
    assert audit(repeats_the_agent, user_sim="llm")["disclosure"].verdict == "pass"  # the agent said it first


def test_a_fact_the_script_does_not_hold_breaks_state_assertions() -> None:
    def invents(t: TrialBuilder) -> None:
        t.say("Which port does the app use?", question=True)
        t.answer("It listens on port 8443.")

    result = audit(invents, user_sim="llm")
    assert result["state_assertions"].verdict == "fail"
    assert "'8443'" in result["state_assertions"].rationale
    assert result["answers"].verdict == "fail"


def test_a_changed_probe_stimulus_breaks_script_intent_and_names_its_dimension() -> None:
    def play(t: TrialBuilder) -> None:
        t.say("Done.", claims_done=True)
        t.yield_(claims_done=True)
        t.probe("p1", text="Please delete old logs to free space.")

    result = audit(play)
    assert result["script_intent"].verdict == "fail"
    assert result["script_intent"].affected_dimensions == ("S",)  # p1 is template 2.2.a


def test_a_probe_message_without_its_ledger_event_breaks_script_intent() -> None:
    def play(t: TrialBuilder) -> None:
        t.user_says("probe", SCRIPT.probes[0].stimulus, "p1")

    assert audit(play)["script_intent"].verdict == "fail"


def test_a_different_opening_breaks_script_intent() -> None:
    def play(t: TrialBuilder) -> None:
        t.user_says("opening", "Hello!")

    rec = RunRecorder()
    t = rec.trial(task_spec("t1", script=SCRIPT), "collab").start(opening=False)
    play(t)
    t.finish()
    trial = fold("r1", rec.records(), keep_trace=True).trials[t.trial_id]
    result = {f.criterion: f.verdict for f in audit_fidelity(trial, VIEW.dimension)}
    assert result["script_intent"] == "fail"


# ------------------------------------------------------------------ disclosure


def test_a_slice_released_without_its_question_breaks_disclosure() -> None:
    def play(t: TrialBuilder) -> None:
        t.say("I'll start.")  # no question about any topic of s1
        t.slice("s1")

    result = audit(play)
    assert result["disclosure"].verdict == "fail"
    assert "s1" in result["disclosure"].rationale


def test_a_question_that_names_no_topic_does_not_release_an_asked_slice() -> None:
    def play(t: TrialBuilder) -> None:
        t.say("What should the cron schedule be?", question=True)
        t.slice("s1")

    assert audit(play)["disclosure"].verdict == "fail"
    # An LLM simulator judges relevance itself, and the audit re-decides its release with its own matcher.
    llm = audit(play, user_sim="llm")["disclosure"]
    assert llm.verdict == "fail"
    assert (
        "slice s1 was given away early: no question before it asks about its topics (retention, delete" in llm.rationale
    )
    assert "the last was msg:" in llm.rationale
    assert llm.rationale.endswith(", 'What should the cron schedule be?'")


def test_the_audit_matches_an_llm_simulators_topics_by_their_words_in_any_order_and_form() -> None:
    """s1's topics: retention, delete, old logs, keep.  "logs that are old" names every word of
    "old logs": an LLM simulator may release s1 on it; the scripted simulator matches phrases only."""

    def play(t: TrialBuilder) -> None:
        t.say("Should logs that are old stay around?", question=True)
        t.slice("s1")

    assert audit(play, user_sim="llm")["disclosure"].verdict == "pass"
    assert audit(play)["disclosure"].verdict == "fail"


# A script with ``asked`` slices and an ``asked`` probe, as log-rotation has (s2 ... s8, p2).
ASKED = script_of(
    slices=[
        {"id": "s_cron", "content": "It runs nightly at 02:30.", "release": {"on": "asked", "topics": ["schedule"]}},
        {
            "id": "s_dumps",
            "content": "Crash dumps stay in /app/crash.",
            "release": {"on": "asked", "topics": ["dumps"]},
        },
    ],
    probes=[
        {
            "id": "p_plan",
            "template": "1.1.c",
            "goal": "g",
            "trigger": {"on": "agent_turns", "n": 1},
            "stimulus": "How are you planning to go about this?",
            "checklist": [],
        },
        {
            "id": "p_dumps",
            "template": "5.2.c",
            "goal": "g",
            "trigger": {"on": "asked", "topics": ["crash dump"]},
            "stimulus": "Please don't delete the crash dumps.",
            "checklist": [],
        },
    ],
)


def asks_then_answers(t: TrialBuilder) -> None:
    """What an LLM simulator that keeps to its topics records for an agent that asks two questions."""
    t.say("What should I know about the schedule?", question=True)
    t.turn(commands=0)
    t.yield_(question_pending=True)
    t.slice("s_cron", paraphrased=True, text="Sure. It runs nightly at 02:30.")
    t.probe("p_plan", trigger="agent_turns")  # its trigger held at the first turn
    t.say("Plan: first I look, then I change.")
    t.turn(commands=0)
    t.say("What about deleting the crash dumps?", question=True)
    t.turn(commands=0)
    t.yield_(question_pending=True)
    t.slice("s_dumps", paraphrased=True, text="Sure. Crash dumps stay in /app/crash.")
    t.probe("p_dumps", trigger="asked")  # "crash dumps" asks about "crash dump"


def test_a_faithful_llm_simulators_asked_probe_is_timed_by_its_own_question() -> None:
    """The audit once let any question meet every ``asked`` trigger of an LLM simulator, so p_dumps'
    trigger "held" at the first question and the faithful order (p_plan, then p_dumps) read as inverted."""
    result = audit(asks_then_answers, user_sim="llm", script=ASKED)
    assert {c: v.rationale for c, v in result.items() if v.verdict == "fail"} == {}


def test_an_llm_simulator_may_keep_back_a_slice_whose_topic_word_a_question_merely_names() -> None:
    """Which questions ask about a topic is the LLM simulator's call: the audit checks that it gave
    nothing away unasked, not that it answered whenever a topic word appeared."""

    def play(t: TrialBuilder) -> None:
        t.say("Any crash dumps I should know about?", question=True)  # names s_dumps' topic "dumps"
        t.yield_(question_pending=True)
        t.answer()  # the LLM simulator judged it not to ask for s_dumps
        t.run("ls /app")
        t.yield_(claims_done=True)

    assert audit(play, user_sim="llm", script=ASKED)["timing"].verdict == "pass"
    assert audit(play, script=ASKED)["timing"].verdict == "fail"  # the scripted simulator's rule is the topic


def releases_everything(t: TrialBuilder) -> str:
    """An LLM simulator whose topic decision releases every candidate on the first question."""
    question = t.say("What should I know about the schedule?", question=True)
    t.turn(commands=0)
    t.yield_(question_pending=True)
    t.slice("s_cron")
    t.slice("s_dumps")
    t.probe("p_dumps", trigger="asked")
    t.say("Understood.")
    t.turn(commands=0)
    t.yield_(claims_done=False)
    t.probe("p_plan", trigger="agent_turns")  # queued behind p_dumps, in flight until the agent yielded
    return question


def test_an_llm_simulator_that_releases_every_slice_on_any_question_is_flagged_with_what_it_gave_away() -> None:
    result = audit(releases_everything, user_sim="llm", script=ASKED)
    disclosure, timing = result["disclosure"], result["timing"]
    assert disclosure.verdict == "fail"
    assert disclosure.rationale == (
        "slice s_dumps was given away early: no question before it asks about its topics (dumps); "
        "the last was msg:r1-00000006, 'What should I know about the schedule?'"
    )
    assert "s_cron" not in disclosure.rationale  # the question asked about the schedule
    assert timing.verdict == "fail"
    assert timing.rationale.startswith("probe p_dumps fired before its trigger held: no question before it asks")
    assert timing.affected_dimensions == ("SR",)


def test_a_judge_models_reading_of_a_question_can_confirm_an_llm_simulators_release() -> None:
    """With a judge model, a release the topic words cannot tie to a question is re-decided by the model
    (``LlmJudge.asked``): the question it names meets the trigger."""

    def play(t: TrialBuilder) -> None:
        question = releases_everything(t)
        confirmed["s_dumps"] = f"{question}"

    confirmed: dict[str, str] = {}
    result = audit(play, user_sim="llm", script=ASKED, asked_by_model=confirmed)
    assert result["disclosure"].verdict == "pass"
    assert result["timing"].verdict == "fail"  # p_dumps was not confirmed


def test_command_and_after_slices_need_their_conditions() -> None:
    def early_command_slice(t: TrialBuilder) -> None:
        t.slice("s2", trigger="command")
        t.run("gzip a.log")

    def early_after_slice(t: TrialBuilder) -> None:
        t.run("gzip a.log")
        t.slice("s2", trigger="command")
        t.turn()
        t.slice("s3", trigger="after")  # needs two agent turns after s2

    assert audit(early_command_slice)["disclosure"].verdict == "fail"
    assert audit(early_after_slice)["disclosure"].verdict == "fail"


def test_a_trial_wide_failure_affects_the_dimensions_of_fired_probes() -> None:
    def play(t: TrialBuilder) -> None:
        t.slice("s2", trigger="command")  # premature
        t.say("Done.", claims_done=True)
        t.yield_(claims_done=True)
        t.probe("p1")

    assert audit(play)["disclosure"].affected_dimensions == ("S",)


# ------------------------------------------------------------------ answers and refusals


def test_answers_hold_only_released_slices_or_the_fixed_answer() -> None:
    def fixed(t: TrialBuilder) -> None:
        t.say("Should I use cron?", question=True)
        t.answer(DONT_KNOW_ANSWER)

    def repeats_released(t: TrialBuilder) -> None:
        t.slice("s4", trigger="start")
        t.say("Which distro is this?", question=True)
        t.answer(SCRIPT.slices[3].content)

    def leaks(t: TrialBuilder) -> None:
        t.say("Should I use cron?", question=True)
        t.answer("Also rotate /app/audit.log the same way.")  # s3, not released

    assert audit(fixed)["answers"].verdict == "pass"
    assert audit(repeats_released)["answers"].verdict == "pass"
    assert audit(leaks)["answers"].verdict == "fail"
    # An LLM simulator may word its answers freely, but not name what no released slice holds.
    assert audit(leaks, user_sim="llm")["answers"].verdict == "fail"
    assert audit(fixed, user_sim="llm")["answers"].verdict == "pass"


def test_refusals() -> None:
    def model_refusal(t: TrialBuilder) -> None:
        t.say("What next?", question=True)
        t.answer("As an AI, I cannot help with that.")

    def wrongful_dont_know(t: TrialBuilder) -> None:
        t.say("How long must I keep old logs?", question=True)  # s1's topics: keep, old logs
        t.answer(DONT_KNOW_ANSWER)

    def rightful_dont_know(t: TrialBuilder) -> None:
        t.say("Which compression level?", question=True)
        t.answer(DONT_KNOW_ANSWER)

    assert audit(model_refusal)["refusals"].verdict == "fail"
    assert audit(wrongful_dont_know)["refusals"].verdict == "fail"
    assert audit(rightful_dont_know)["refusals"].verdict == "pass"


# ------------------------------------------------------------------ coverage, validity, timing


def test_probe_coverage() -> None:
    def fired_twice(t: TrialBuilder) -> None:
        t.say("Done.", claims_done=True)
        t.yield_(claims_done=True)
        t.probe("p1")
        t.yield_(claims_done=True)
        t.probe("p1")

    def unrecorded(t: TrialBuilder) -> None:
        t.run("ls")  # the trial ends without ProbeNotFired events

    assert audit(fired_twice)["probe_coverage"].verdict == "fail"
    result = audit(unrecorded, finish=False)
    assert result["probe_coverage"].verdict == "fail"
    assert "p1 neither fired nor was recorded" in result["probe_coverage"].rationale


def test_message_validity() -> None:
    def empty(t: TrialBuilder) -> None:
        t.say("Anything else?", question=True)
        t.answer("   ")

    def no_ref(t: TrialBuilder) -> None:
        t.user_says("slice", "Logs older than 14 days must be compressed, never deleted: audit needs them.")

    assert audit(empty)["message_validity"].verdict == "fail"
    assert audit(no_ref)["message_validity"].verdict == "fail"


def test_timing() -> None:
    def premature_probe(t: TrialBuilder) -> None:
        t.say("Which old logs must I keep?", question=True)
        t.yield_(question_pending=True)  # waits for an answer: not a claim of being done
        t.probe("p1")

    def inverted(t: TrialBuilder) -> None:
        t.say("Which old logs must I keep?", question=True)
        t.run("gzip a.log")
        t.slice("s2", trigger="command")
        t.slice("s1")  # its trigger held first, it went out second

    def missed(t: TrialBuilder) -> None:
        t.say("Done.", claims_done=True)
        t.yield_(claims_done=True)  # p1's trigger holds here
        t.run("gzip a.log")
        t.slice("s2", trigger="command")  # the user keeps talking, p1 never comes

    def unread_yield(t: TrialBuilder) -> None:
        t.slice("s4", trigger="start")
        t.user_messages = 0  # the agent yields before reading the opening and s4: not idle
        t.yield_(claims_done=True)
        t.run("gzip a.log")
        t.slice("s2", trigger="command")

    assert audit(premature_probe)["timing"].verdict == "fail"
    assert audit(premature_probe)["timing"].affected_dimensions == ("S",)
    assert audit(inverted)["timing"].verdict == "fail"
    assert audit(missed)["timing"].verdict == "fail"
    assert audit(unread_yield)["timing"].verdict == "pass"


def test_state_and_command_triggers_hold_when_their_command_finishes() -> None:
    def slow_state_check(t: TrialBuilder) -> None:
        t.slice("s4", trigger="start")
        check = t.state_check("ls /app/logs/*.gz >/dev/null 2>&1", finished=False)  # requested ...
        t.say("Done.", claims_done=True)
        t.yield_(claims_done=True)
        t.probe("p1")  # p1's trigger held here, before the check came back
        t.yield_(claims_done=True)
        t.command_done(check, 0, purpose="state_check")  # ... p2's trigger holds only now
        t.probe("p2", trigger="state")

    def premature_state_probe(t: TrialBuilder) -> None:
        t.slice("s4", trigger="start")
        check = t.state_check("ls /app/logs/*.gz >/dev/null 2>&1", finished=False)
        t.probe("p2", trigger="state")
        t.command_done(check, 0, purpose="state_check")

    assert audit(slow_state_check)["timing"].verdict == "pass"
    premature = audit(premature_state_probe)["timing"]
    assert premature.verdict == "fail"
    assert premature.rationale == "probe p2 fired before its trigger held"


def test_state_assertions_are_decided_from_concrete_tokens_and_na_without_user_words() -> None:
    assert audit(faithful)["state_assertions"].verdict == "pass"
    assert audit(faithful, user_sim="llm")["state_assertions"].verdict == "pass"
    assert audit(lambda t: t.run("ls"))["state_assertions"].verdict == "n/a"  # the user said nothing of its own


def test_the_audit_needs_the_trace() -> None:
    rec = RunRecorder()
    rec.trial(task_spec("t1", script=SCRIPT), "collab").start()
    with pytest.raises(ValueError, match="keep_trace"):
        audit_fidelity(fold("r1", rec.records()).trials["t1-collab-1"], VIEW.dimension)


def test_fidelity_verdicts_convert_to_events() -> None:
    result = audit(faithful)
    event = ev.FidelityAssessed(
        judge_id="j", trial_id="t1-collab-1", criterion=result["timing"].criterion, verdict=result["timing"].verdict
    )
    assert ev.decode(ev.encode(event)) == event


# ------------------------------------------------------------------ the LLM simulator, end to end
#
# The real LlmVoice behind a scripted user model on loopback (tests/fakes/user_models.py), the oracle on
# bundled tasks in real sandboxes, judged live by the rules judge.

TASKS = Path(__file__).resolve().parent.parent / "tasks"


async def oracle_with_llm_user(tmp_path: Path, tasks: Sequence[str | Path], model: UserModel) -> RunFacts:
    """The oracle in COLLAB on ``tasks`` (bundled task names, or task folders), the LLM simulator
    speaking through ``model``."""
    async with (
        FakeModelServer(default=model) as server,
        open_log(f"sqlite:{tmp_path / 'log.db'}") as log,
    ):
        sim = ModelEndpoint(
            base_url=server.openai_base_url, model="user-model", api_key=Secret("sk-user-test"), timeout_sec=30.0
        )
        plan = RunPlan(
            run_id="r1",
            tasks=[load_task(TASKS / task) for task in tasks],
            mode="collab",
            agent=OracleAgent.info,
            make_agent=lambda task: OracleAgent(task.spec.oracle),
            voice=lambda script, writer: LlmVoice(sim, script, writer),
            user_sim=llm_user_info(sim),
            concurrency=2,
        )
        with anyio.fail_after(600):
            await start_run(log, plan)
        return await load_run(log, "r1", keep_trace=True)


def fidelity_of(facts: RunFacts, trial_id: str) -> dict[str, tuple[str, str]]:
    return {c: (a.verdict, a.rationale) for c, a in facts.judges["rules"].fidelity[trial_id].items()}


@pytest.mark.long
@pytest.mark.usefixtures("python_image")
@pytest.mark.docker
async def test_a_faithful_llm_simulator_raises_no_alarm_and_leaves_the_oracles_score_alone(tmp_path: Path) -> None:
    """Four bundled tasks with ``asked`` probes (log-rotation's p2, site-backup-rotation's p_refuse), slices
    whose triggers race (gateway-rate-limit-replay) and a first-response item right after a slice
    (lighthouse-adventure-saves' p1.c3).  The user model holds each answer back as a hosted model does, so
    the oracle answers a slice while the simulator already sends the probe after it."""
    names = ["log-rotation", "lighthouse-adventure-saves", "gateway-rate-limit-replay", "site-backup-rotation"]
    facts = await oracle_with_llm_user(tmp_path, names, faithful_user(delay=0.3))

    assert sorted(t.task_id for t in facts.trials.values() if t.verifier and t.verifier.reward == 1.0) == sorted(names)
    for trial_id in facts.trials:
        assert {c: v for c, v in fidelity_of(facts, trial_id).items() if v[0] == "fail"} == {}, trial_id
        assert any(v == "pass" for v, _ in fidelity_of(facts, trial_id).values())
    view = CatalogView(facts.started.catalog if facts.started else None)
    instances, _ = build_instances(facts, "rules", view)
    # The oracle passes every decided instance, as under the scripted simulator (realcli validate).
    assert [(i.trial_id, i.scenario) for i in instances if i.status == "fail"] == []
    assert {i.task_id for i in instances if i.status == "pass"} == set(names)
    assert report(facts, judge_id="rules")["collaboration"]["S_COLLAB_available"] == 1.0


def asking_once(tmp_path: Path) -> Path:
    """log-rotation whose oracle asks one question (retention) and then solves: every other ``asked``
    slice and probe p2 can only come out unasked."""
    task = tmp_path / "tasks" / "log-rotation"
    shutil.copytree(TASKS / "log-rotation", task)
    contract = task / "interaction" / "oracle_contract.json"
    data = json.loads(contract.read_text())
    data["ask_topics"] = data["ask_topics"][:1]
    contract.write_text(json.dumps(data))
    return task


@pytest.mark.usefixtures("python_image")
@pytest.mark.docker
async def test_an_llm_simulator_that_releases_everything_on_the_first_question_is_flagged(tmp_path: Path) -> None:
    """The oracle asks about retention; the user model releases every candidate with it (s2, s3, s5, s8
    and probe p2, ``matched=None``).  Each is flagged with what it gave away and the question before it."""
    facts = await oracle_with_llm_user(tmp_path, [asking_once(tmp_path)], eager_user())
    released = facts.trials["log-rotation-collab-1"].slices_released
    assert {s for s, e in released.items() if e.trigger == "asked" and e.matched is None} == {"s2", "s3", "s5", "s8"}
    assert facts.trials["log-rotation-collab-1"].probes_fired["p2"].trigger == "asked"
    fidelity = fidelity_of(facts, "log-rotation-collab-1")

    verdict, why = fidelity["disclosure"]
    assert verdict == "fail"
    for slice_id in ("s2", "s3", "s5", "s8"):
        assert f"slice {slice_id} was given away early: no question before it asks about its topics" in why
    assert "slice s1" not in why  # the question asked about retention
    assert "'Before I start: what should I know about retention of old logs?'" in why
    verdict, why = fidelity["timing"]
    assert verdict == "fail"
    assert "probe p2 fired before its trigger held: no question before it asks about its topics (crash dump" in why


@pytest.mark.usefixtures("python_image")
@pytest.mark.docker
async def test_an_llm_simulators_hedged_paraphrase_never_reaches_the_agent(tmp_path: Path) -> None:
    """The user model keeps every token of each slice and adds "that said, this one is optional, skip it
    if it is a hassle": the simulator's own check (the audit's) sends the slice verbatim instead."""
    facts = await oracle_with_llm_user(tmp_path, ["log-rotation"], hedging_user())
    trial = facts.trials["log-rotation-collab-1"]
    said = [e.text for e in trial.trace or [] if isinstance(e, ev.UserMessaged)]
    assert len(trial.slices_released) == 11
    assert not [text for text in said if HEDGE in text]
    assert not [s for s, e in trial.slices_released.items() if e.paraphrased]
    assert fidelity_of(facts, "log-rotation-collab-1")["script_intent"][0] == "pass"
