"""The simulator-fidelity audit: each criterion passes on a faithful ledger and fails on a broken one."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from realcli import events as ev
from realcli.projections import DONT_KNOW_ANSWER, CatalogView, FidelityVerdict, audit_fidelity, fold
from realcli.runtime.users._voices import DONT_KNOW
from tests._trials import RunRecorder, TrialBuilder, catalog_info, rotation_script, task_spec

VIEW = CatalogView(catalog_info())
SCRIPT = rotation_script()


def audit(
    play: Callable[[TrialBuilder], object], *, user_sim: str = "scripted", finish: bool = True, mode: str = "collab"
) -> dict[str, FidelityVerdict]:
    rec = RunRecorder()
    t = rec.trial(task_spec("t1", script=SCRIPT), mode, user_sim=user_sim).start()  # type: ignore[arg-type]
    play(t)
    if finish:
        t.finish(reward=1.0)
    trial = fold("r1", rec.records(), keep_trace=True).trials[t.trial_id]
    return {f.criterion: f for f in audit_fidelity(trial, VIEW.dimension)}


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
    # an LLM simulator judges relevance itself: any question will do
    assert audit(play, user_sim="llm")["disclosure"].verdict == "pass"


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
