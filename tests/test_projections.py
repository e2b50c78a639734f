"""The run fold and the paper's formulas, with hand-computed expected numbers."""

from __future__ import annotations

import pytest

from realcli import events as ev
from realcli.projections import (
    CatalogView,
    Instance,
    InstanceItem,
    TaskSample,
    aggregate,
    bootstrap,
    build_instances,
    constraint_retention,
    flip_counts,
    fold,
    goal_maintenance,
    instance_status,
    mcnemar,
    median,
    mode_outcome,
    near_acceptance,
    pairs,
    percentile,
    retry_stats,
    successful_missing,
    task_sign_test,
    tool_call_ratios,
    trial_outcomes,
    verifier_outcome,
)
from tests._reports import report
from tests._trials import RunRecorder, catalog_info, rotation_script, script_of, task_spec

CATALOG = catalog_info()
VIEW = CatalogView(CATALOG)


def exec_trial(
    rec: RunRecorder,
    task: str,
    attempt: int = 1,
    *,
    reward: float | None = 1.0,
    reason: str = "completed",
    commands: int = 1,
    category: str = "system-administration",
    **finish: object,
) -> None:
    t = rec.trial(task_spec(task, category=category), "exec", attempt).start()
    for i in range(commands):
        t.run(f"echo {i}")
    t.turn()
    t.say("Done.", claims_done=True)
    t.yield_(claims_done=True)
    t.finish(reward=reward, reason=reason, **finish)  # type: ignore[arg-type]


def collab_trial(
    rec: RunRecorder,
    task: str,
    attempt: int = 1,
    *,
    reward: float | None = 1.0,
    commands: int = 1,
    category: str = "system-administration",
    **finish: object,
) -> None:
    t = rec.trial(task_spec(task, category=category, script=script_of()), "collab", attempt).start()
    for i in range(commands):
        t.run(f"echo {i}")
    t.turn()
    t.say("Done.", claims_done=True)
    t.yield_(claims_done=True)
    t.finish(reward=reward, **finish)  # type: ignore[arg-type]


# ------------------------------------------------------------------ the fold


def test_fold_collects_per_trial_facts() -> None:
    rec = RunRecorder()
    rec.run_started(catalog=CATALOG)
    t = rec.trial(task_spec("t1", category="data", script=rotation_script()), "collab", 2).start()
    t.say("Which logs must be kept?", question=True)
    t.yield_(question_pending=True)
    t.slice("s1")
    t.run("gzip a.log", exit_code=1)
    t.run("gzip a.log")
    t.model_call(tokens_in=10, tokens_out=5, cost=0.5)
    t.model_call(tokens_in=1, tokens_out=1, cost=None, error="HTTP 500")
    t.turn(2)
    t.probe("p1")
    t.finish(reward=0.5, checks=[("a", "passed"), ("b", "failed")], hard_checks={("p1", "h1"): False})

    facts = fold("r1", rec.records())
    trial = facts.trials["t1-collab-2"]
    assert (trial.task_id, trial.mode, trial.attempt, trial.category) == ("t1", "collab", 2, "data")
    assert (trial.agent_commands, trial.agent_messages, trial.agent_questions, trial.turns) == (2, 1, 1, 1)
    assert trial.user_messages == 4  # opening, slice, probe, closing
    assert set(trial.probes_fired) == {"p1"}
    assert set(trial.probes_not_fired) == {"p2", "p3"}
    assert set(trial.slices_released) == {"s1"}
    assert trial.hard_checks[("p1", "h1")].passed is False
    assert trial.verifier is not None
    assert trial.verifier.reward == 0.5
    assert trial.finished is not None
    assert trial.finished.reason == "completed"
    usage = trial.usage["agent"]
    assert (usage.calls, usage.errors, usage.tokens_in, usage.tokens_out, usage.cost_usd) == (2, 1, 11, 6, 0.5)
    assert trial.trace is None  # compact by default
    assert (trial.retry.failures, trial.retry.retries, trial.retry.retry_succeeded) == (1, 1, 1)


def test_fold_with_trace_orders_commands_where_they_were_requested() -> None:
    rec = RunRecorder()
    t = rec.trial(task_spec("t1", script=script_of()), "collab").start()
    t.run("ls")
    t.say("hi")
    facts = fold("r1", rec.records(), keep_trace=True)
    trace = facts.trials["t1-collab-1"].trace
    assert trace is not None
    kinds = [type(e).__name__ for e in trace]
    assert kinds == ["UserMessaged", "CommandRun", "AgentMessaged"]


def test_a_retried_trial_keeps_only_its_latest_try_and_drops_old_verdicts() -> None:
    rec = RunRecorder()
    spec = task_spec("t1", script=script_of())
    first = rec.trial(spec, "collab").start()
    first.run("echo one")
    first.finish(reward=None, reason="infrastructure_error", verify=False)
    rec.judge(
        "rules",
        ev.JudgingStarted(judge_id="rules", kind="rules", **rec.stamp()),
        ev.VerdictRendered(
            judge_id="rules",
            trial_id="t1-collab-1",
            scenario="5.4.d",
            template="5.4.d",
            item_id="5.4.d.c1",
            verdict="fail",
            **rec.stamp(),
        ),
    )
    second = rec.trial(spec, "collab", schedule=False).start()
    second.run("echo two")
    second.run("echo three")
    second.finish(reward=1.0)

    facts = fold("r1", rec.records())
    trial = facts.trials["t1-collab-1"]
    assert trial.tries == 2
    assert trial.agent_commands == 2
    assert trial.finished is not None
    assert trial.finished.reason == "completed"
    assert facts.judges["rules"].verdicts == {}  # rendered for the old try


def test_events_before_a_trial_starts_are_counted_not_scored() -> None:
    rec = RunRecorder()
    rec.add("r1.t9.agent", ev.AgentMessaged(text="early", **rec.stamp()))
    facts = fold("r1", rec.records())
    assert facts.orphan_events == 1
    assert facts.trials == {}


# ------------------------------------------------------------------ task outcome


def test_verifier_outcome_counts_only_full_rewards() -> None:
    assert [verifier_outcome(r) for r in (0.0, 0.8, 0.999, 1.0, 1.5)] == [0, 0, 0, 1, 1]


def test_avg_at_k_excludes_infrastructure_errors_and_scores_budget_cuts() -> None:
    rec = RunRecorder()
    rec.run_started(tasks=["t1", "t2"], attempts=3)
    exec_trial(rec, "t1", 1, reward=1.0)
    exec_trial(rec, "t1", 2, reward=0.8)  # partial credit: V = 0
    exec_trial(rec, "t1", 3, reward=1.0, reason="turn_budget")  # budget cut: scored from its verifier
    exec_trial(rec, "t2", 1, reward=0.0)
    exec_trial(rec, "t2", 2, reward=0.0, reason="time_budget")
    exec_trial(rec, "t2", 3, reward=None, reason="infrastructure_error", verify=False, detail="docker died")
    outcomes = trial_outcomes(fold("r1", rec.records()))
    ex = mode_outcome(outcomes, "exec")

    assert ex.per_task == {"t1": pytest.approx(2 / 3), "t2": 0.0}
    assert ex.r == pytest.approx(1 / 3)
    assert ex.per_attempt == {1: 0.5, 2: 0.0, 3: 1.0}  # attempt 3 of t2 is not a zero: it is not there
    assert (ex.tasks, ex.trials, ex.passed_trials) == (2, 5, 2)
    assert ex.reward_mean == pytest.approx((1 + 0.8 + 1 + 0 + 0) / 5)
    excluded = [o for o in outcomes if o.status != "scored"]
    assert [(o.trial_id, o.status, o.detail) for o in excluded] == [
        ("t2-exec-3", "infrastructure_error", "docker died")
    ]


def test_unscored_trials_are_reported_apart_never_as_zeros() -> None:
    rec = RunRecorder()
    rec.run_started(tasks=["t1", "t2", "t3", "t4"])
    exec_trial(rec, "t1", reward=1.0)
    exec_trial(rec, "t2", reward=None, verifier_error="verifier crashed")
    exec_trial(rec, "t3", reward=1.0, reason="cancelled")
    t = rec.trial(task_spec("t4"), "exec").start()
    t.run("sleep 1")  # never finishes
    data = report(fold("r1", rec.records()))

    assert data["R_EXEC"] == 1.0  # only t1 is scored
    excluded = data["outcome"]["excluded"]
    assert excluded["by_status"] == {"cancelled": 1, "incomplete": 1, "no_reward": 1}
    assert {t["trial"]: t["detail"] for t in excluded["trials"]}["t2-exec-1"] == "verifier crashed"
    assert data["outcome"]["exec"]["tasks"] == 1


# ------------------------------------------------------------------ four levels


def inst(
    template: str,
    status: str,
    *,
    trial: str = "t-collab-1",
    task: str = "t",
    v: int | None = 1,
    items: tuple[InstanceItem, ...] = (),
) -> Instance:
    if not items:
        items = (InstanceItem(f"{template}.c1", status if status != "undecided" else "undecided", "trace"),)
    return Instance(
        trial_id=trial,
        task_id=task,
        category="c",
        attempt=1,
        scenario=template,
        template=template,
        kind="probe",
        status=status,
        items=items,
        trial_v=v,
    )  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("verdicts", "expected"),
    [
        (["pass", "pass"], "pass"),
        (["pass", "fail"], "fail"),
        (["n/a", "n/a"], "n/a"),
        (["n/a", "pass"], "pass"),
        (["pass", "undecided"], "undecided"),  # an undecided item is no pass: every applicable item must pass
        (["pass", "unjudged", "n/a"], "undecided"),
        (["fail", "undecided"], "fail"),
        (["undecided", "n/a"], "undecided"),
        (["unjudged"], "undecided"),
    ],
)
def test_instance_status(verdicts: list[str], expected: str) -> None:
    assert instance_status(verdicts) == expected


def four_level_instances() -> list[Instance]:
    return [
        # 2.2.a: 3/4 = 0.75 -> passes at exactly the threshold
        *[inst("2.2.a", s) for s in ("pass", "pass", "pass", "fail")],
        # 2.2.b: 1/2 -> fails; 2.2.c: only n/a -> no r_q, left out
        inst("2.2.b", "pass"),
        inst("2.2.b", "fail"),
        inst("2.2.c", "n/a"),
        inst("2.2.c", "n/a"),
        inst("2.1.a", "pass"),  # 2.1 = 1
        inst("1.2.c", "pass"),  # U = 1
        inst("3.1.c", "fail"),  # OR = 0
        inst("4.1.a", "pass"),
        inst("4.1.a", "undecided"),  # undecided left out: 1/1
        *[inst("5.4.d", s) for s in ("pass", "pass", "pass", "fail", "fail")],  # 0.6
    ]


def test_four_level_aggregation_by_hand() -> None:
    score = aggregate(four_level_instances(), VIEW, 0.75)

    t = score.templates
    assert (t["2.2.a"].pass_rate, t["2.2.a"].r_q, t["2.2.a"].instances) == (0.75, 1, 4)
    assert (t["2.2.b"].pass_rate, t["2.2.b"].r_q) == (0.5, 0)
    assert (t["2.2.c"].pass_rate, t["2.2.c"].r_q, t["2.2.c"].not_applicable) == (None, None, 2)
    assert (t["4.1.a"].instances, t["4.1.a"].undecided, t["4.1.a"].r_q) == (1, 1, 1)
    assert score.sub_dimensions["2.2"] == 0.5
    assert score.sub_dimensions["2.1"] == 1.0
    assert score.sub_dimensions["2.3"] is None  # no template of 2.3 occurred
    assert score.dimensions == {"U": 1.0, "S": 0.75, "OR": 0.0, "TC": 1.0, "SR": 0.0}
    assert score.s == pytest.approx((1 + 0.75 + 0 + 1 + 0) / 5)  # 0.55
    assert score.missing == ()


def test_threshold_moves_templates_across_the_line() -> None:
    at_06 = aggregate(four_level_instances(), VIEW, 0.6)
    assert at_06.templates["5.4.d"].r_q == 1
    assert at_06.dimensions["SR"] == 1.0
    assert at_06.s == pytest.approx((1 + 0.75 + 0 + 1 + 1) / 5)
    at_1 = aggregate(four_level_instances(), VIEW, 1.0)
    assert at_1.templates["2.2.a"].r_q == 0
    assert at_1.dimensions["S"] == 0.5


def test_s_collab_is_null_when_a_dimension_has_no_decided_instance() -> None:
    score = aggregate([inst("2.2.a", "pass"), inst("5.4.d", "fail"), inst("1.1.a", "n/a")], VIEW, 0.75)
    assert score.dimensions == {"U": None, "S": 1.0, "OR": None, "TC": None, "SR": 0.0}
    assert score.s is None
    assert score.s_available == 0.5
    assert score.missing == ("U", "OR", "TC")


def judged_run(verdicts: dict[str, list[tuple[str, str, str]]], rewards: dict[str, float]) -> RunRecorder:
    """COLLAB trials (one per task) with the given (scenario, template, verdict) items judged by 'j'."""
    rec = RunRecorder()
    rec.run_started(tasks=sorted(rewards), catalog=CATALOG)
    for task, reward in sorted(rewards.items()):
        collab_trial(rec, task, reward=reward)
    rec.judge("j", ev.JudgingStarted(judge_id="j", kind="rules", **rec.stamp()))
    for task, rows in sorted(verdicts.items()):
        for n, (scenario, template, verdict) in enumerate(rows):
            rec.judge(
                "j",
                ev.VerdictRendered(
                    judge_id="j",
                    trial_id=f"{task}-collab-1",
                    scenario=scenario,
                    template=template,
                    item_id=f"{scenario}.i{n}",
                    verdict=verdict,
                    **rec.stamp(),
                ),
            )  # type: ignore[arg-type]
    return rec


def test_j_is_r_times_s_in_the_report() -> None:
    all_dims = [
        ("a", "1.1.a", "pass"),
        ("b", "2.1.a", "pass"),
        ("c", "3.2.a", "pass"),
        ("d", "4.4.a", "pass"),
        ("e", "5.3.a", "pass"),
    ]
    rec = judged_run({"t1": all_dims, "t2": [*all_dims[:4], ("e", "5.3.a", "fail")]}, {"t1": 1.0, "t2": 0.0})
    data = report(fold("r1", rec.records()), judge_id="j")
    # 5.3.a passes 1 of 2 (0.5 < 0.75): SR = 0, the rest 1 -> S = 0.8; R_COLLAB = 0.5
    assert data["R_COLLAB"] == 0.5
    assert data["S_COLLAB"] == 0.8
    assert data["J_COLLAB"] == 0.4
    assert data["templates"]["5.3.a"] == data["templates"]["5.3.a"] | {
        "instances": 2,
        "pass_rate": 0.5,
        "passed": False,
    }
    assert data["dimensions"]["SR"] == 0.0


def test_build_instances_groups_items_and_reports_coverage() -> None:
    rec = judged_run(
        {"t1": [("p1", "2.2.a", "pass"), ("p1", "2.2.a", "undecided"), ("p2", "5.1.a", "n/a")]}, {"t1": 1.0, "t2": 1.0}
    )
    facts = fold("r1", rec.records())
    instances, unjudged = build_instances(facts, "j", VIEW)
    assert unjudged == ["t2-collab-1"]
    by_scenario = {i.scenario: i for i in instances}
    assert by_scenario["p1"].status == "undecided"  # one item passed, one undecided: no pass yet
    assert (by_scenario["p1"].applicable, by_scenario["p1"].decided) == (2, 1)
    assert by_scenario["p2"].status == "n/a"
    data = report(facts, judge_id="j")
    assert data["templates"]["2.2.a"]["coverage"] == 0.5
    assert data["collaboration"]["unjudged_trials"] == ["t2-collab-1"]


# ------------------------------------------------------------------ appendix E


def paired_run() -> RunRecorder:
    rec = RunRecorder()
    rec.run_started(tasks=["a", "b", "c", "d", "e"], catalog=CATALOG)
    # (exec reward, collab reward, exec commands, collab commands, category)
    for task, (ex, co, nx, nc, cat) in {
        "a": (1.0, 1.0, 2, 6, "data"),
        "b": (1.0, 0.0, 4, 4, "data"),
        "c": (0.0, 1.0, 1, 5, "web"),
        "d": (0.0, 0.0, 2, 3, "web"),
    }.items():
        exec_trial(rec, task, reward=ex, commands=nx, category=cat)
        collab_trial(rec, task, reward=co, commands=nc, category=cat)
    exec_trial(rec, "e", reward=1.0, category="web")  # no COLLAB partner: not a pair
    return rec


def test_flip_matrix_and_mcnemar() -> None:
    facts = fold("r1", paired_run().records())
    paired = pairs(trial_outcomes(facts))
    assert [p.task_id for p in paired] == ["a", "b", "c", "d"]
    flip = flip_counts(paired)
    assert (flip.both_pass, flip.pass_to_fail, flip.fail_to_pass, flip.both_fail) == (1, 1, 1, 1)
    data = report(facts)
    assert data["trajectory"]["flip_matrix"]["changed_share"] == 0.5
    assert data["statistics"]["mcnemar"] == {
        "unit": "task",
        "tasks": 4,
        "exec_better_tasks": 1,
        "collab_better_tasks": 1,
        "tied_tasks": 2,
        "p_value": 1.0,
        "pairs": 4,
        "exec_pass_collab_fail": 1,
        "exec_fail_collab_pass": 1,
    }


def test_the_paired_test_counts_tasks_not_attempts() -> None:
    """Three attempts of one task are one unit: six discordant attempt pairs would be p = 0.03."""
    rec = RunRecorder()
    rec.run_started(tasks=["a", "b"], catalog=CATALOG)
    for attempt in (1, 2, 3):
        exec_trial(rec, "a", reward=1.0, attempt=attempt)
        collab_trial(rec, "a", reward=0.0, attempt=attempt)
        exec_trial(rec, "b", reward=1.0, attempt=attempt)
        collab_trial(rec, "b", reward=0.0, attempt=attempt)
    data = report(fold("r1", rec.records()))
    mc = data["statistics"]["mcnemar"]
    assert (mc["tasks"], mc["exec_better_tasks"], mc["collab_better_tasks"]) == (2, 2, 0)
    assert mc["p_value"] == 0.5  # two tasks, both EXEC-better: a sign test over 2 units
    assert mc["exec_pass_collab_fail"] == 6  # the attempt pairs, described, not tested
    assert mcnemar(6, 0).p_value == pytest.approx(0.03125)  # what treating attempts as independent would claim


def test_the_sign_test_uses_per_task_means() -> None:
    test = task_sign_test({"a": 1.0, "b": 2 / 3, "c": 0.0, "d": 1.0}, {"a": 1 / 3, "b": 2 / 3, "c": 1.0})
    assert (test.tasks, test.exec_better, test.collab_better, test.ties) == (3, 1, 1, 1)
    assert test.p_value == 1.0


@pytest.mark.parametrize(
    ("b", "c", "p"), [(0, 0, 1.0), (0, 5, 0.0625), (1, 5, 0.21875), (5, 1, 0.21875), (3, 3, 1.0), (0, 10, 2 / 1024)]
)
def test_mcnemar_exact(b: int, c: int, p: float) -> None:
    assert mcnemar(b, c).p_value == pytest.approx(p)


def test_tool_call_ratio_medians() -> None:
    facts = fold("r1", paired_run().records())
    paired = pairs(trial_outcomes(facts))
    rows = tool_call_ratios(facts, paired)
    assert [(p.task_id, ex, co) for p, ex, co in rows] == [("a", 2, 6), ("b", 4, 4), ("c", 1, 5), ("d", 2, 3)]
    data = report(facts)
    tc = data["trajectory"]["tool_calls"]
    assert tc["median_ratio"] == median([3.0, 1.0, 5.0, 1.5]) == 2.25
    assert tc["by_category"] == {"data": {"pairs": 2, "median_ratio": 2.0}, "web": {"pairs": 2, "median_ratio": 3.25}}
    # EXEC failed and COLLAB made more calls: c (gained) and d (did not)
    assert (tc["exec_failed_more_collab_calls"], tc["exec_failed_more_collab_calls_no_gain"]) == (2, 1)
    assert data["categories"]["web"]["R_EXEC"] == pytest.approx(1 / 3)


def test_retry_outcomes_after_failed_commands() -> None:
    rec = RunRecorder()
    t = rec.trial(task_spec("t1"), "exec").start()
    for command, code in [
        ("make", 2),
        ("make", 0),
        ("ls x", 1),
        ("cat y", 0),
        ("pytest", 1),
        ("pytest  ", 1),
        ("pytest", 0),
    ]:
        t.run(command, exit_code=code)
    t.run("sleep 99", exit_code=None, timed_out=True)
    t.finish(reward=1.0)
    facts = fold("r1", rec.records())
    stats = retry_stats(facts, trial_outcomes(facts), "exec")
    # failures: make, ls x, pytest, pytest, sleep; retries: make, pytest (x2, whitespace ignored)
    assert (stats.failures, stats.followed, stats.retries, stats.retry_succeeded, stats.retry_failed) == (5, 4, 3, 2, 1)


def test_near_acceptance_failures() -> None:
    rec = RunRecorder()
    nine = [(f"ok{i}", "passed") for i in range(9)]
    exec_trial(rec, "a", reward=0.0, checks=[*nine, ("bad", "failed")])  # 90 %: near
    exec_trial(rec, "b", reward=0.0, checks=[*nine[:8], ("bad", "failed"), ("bad2", "failed")])  # 80 %
    exec_trial(rec, "c", reward=0.0)  # no checks reported
    exec_trial(rec, "d", reward=1.0, checks=nine)  # passed: not a failure
    exec_trial(rec, "e", reward=0.0, checks=[*nine, ("s", "skipped")])  # skipped checks are not counted: 100 %
    facts = fold("r1", rec.records())
    na = near_acceptance(facts, trial_outcomes(facts), "exec")
    assert (na.failed, na.with_checks, na.near) == (4, 3, 2)


def test_goal_maintenance_by_tags() -> None:
    instances = [
        inst("2.1.a", "pass"),
        inst("3.2.a", "fail"),
        inst("2.2.a", "fail"),
        inst("2.3.a", "pass"),
        inst("2.4.a", "n/a"),
        inst("1.4.a", "pass"),
    ]
    assert goal_maintenance(instances, VIEW, "immediate") == (1, 2)
    assert goal_maintenance(instances, VIEW, "cross_turn") == (1, 2)


def test_successful_trials_missing_a_scenario() -> None:
    instances = [
        inst("2.1.a", "fail", trial="A", v=1),
        inst("5.4.d", "pass", trial="A", v=1),
        inst("2.1.a", "pass", trial="B", v=1),
        inst("2.1.a", "n/a", trial="B", v=1),
        inst("2.1.a", "fail", trial="C", v=0),
        inst("2.1.a", "undecided", trial="D", v=1),
    ]
    assert successful_missing(instances) == (1, 2)


def test_constraint_retention_split() -> None:
    env_fail = InstanceItem("x.c1", "fail", "environment")
    both_fail = InstanceItem("x.c1", "fail", "both")
    trace_pass = InstanceItem("x.c2", "pass", "trace")
    trace_fail = InstanceItem("x.c2", "fail", "trace")
    instances = [
        inst("2.2.a", "fail", items=(env_fail, trace_pass)),  # artifact, communication all pass
        inst("2.2.b", "fail", items=(InstanceItem("x.c1", "pass", "environment"), trace_fail)),  # communication only
        inst("2.2.c", "fail", items=(both_fail, trace_fail)),  # artifact, communication failed too
        inst("2.2.a", "fail", items=(env_fail,)),  # artifact without communication items
        inst("2.3.a", "fail", items=(env_fail,)),  # not constraint retention
    ]
    cr = constraint_retention(instances, VIEW)
    assert (cr.failures, cr.artifact, cr.communication_only, cr.artifact_with_comm, cr.artifact_comm_all_pass) == (
        4,
        3,
        1,
        2,
        1,
    )


# ------------------------------------------------------------------ statistics


def test_percentile_and_median() -> None:
    assert percentile([0.0, 1.0, 2.0, 3.0], 0.5) == 1.5
    assert percentile([0.0, 10.0], 0.025) == 0.25
    assert median([]) is None
    assert median([3.0, 1.0, 2.0]) == 2.0


def test_bootstrap_is_deterministic_and_resamples_tasks() -> None:
    tasks = {
        "a": TaskSample(1.0, 0.0, (("2.1.a", True),)),
        "b": TaskSample(0.0, 1.0, (("2.1.a", False),)),
    }
    first = bootstrap(tasks, VIEW, 0.75, resamples=500, seed=3)
    again = bootstrap(tasks, VIEW, 0.75, resamples=500, seed=3)
    assert first == again
    assert first.intervals["R_EXEC"] == (0.0, 1.0)  # two tasks: means 0, 0.5 or 1
    assert first.undefined["S_COLLAB"] == 500  # only S has instances: the other dimensions are missing
    single = bootstrap({"a": tasks["a"]}, VIEW, 0.75, resamples=50, seed=1)
    assert single.intervals["R_EXEC"] == (1.0, 1.0)
    assert single.intervals["R_COLLAB"] == (0.0, 0.0)


def test_sensitivity_table_covers_the_thresholds() -> None:
    rec = judged_run(
        {
            "t1": [
                ("a", "1.1.a", "pass"),
                ("b", "2.1.a", "pass"),
                ("c", "3.2.a", "pass"),
                ("d", "4.4.a", "pass"),
                ("e", "5.3.a", "pass"),
            ],
            "t2": [
                ("a", "1.1.a", "pass"),
                ("b", "2.1.a", "fail"),
                ("c", "3.2.a", "pass"),
                ("d", "4.4.a", "pass"),
                ("e", "5.3.a", "pass"),
            ],
        },
        {"t1": 1.0, "t2": 1.0},
    )
    data = report(fold("r1", rec.records()), judge_id="j")
    table = {row["threshold"]: row["S_COLLAB"] for row in data["statistics"]["sensitivity"]}
    # 2.1.a passes 1 of 2: r_q = 1 up to threshold 0.5, else 0 -> S = 1.0 or 0.8
    assert table == {0.5: 1.0, 0.6: 0.8, 0.7: 0.8, 0.75: 0.8, 0.8: 0.8, 0.9: 0.8, 1.0: 0.8}


# ------------------------------------------------------------------ contamination


def test_a_low_dimension_with_a_simulator_failure_is_flagged_contaminated() -> None:
    rec = judged_run(
        {
            "t1": [("p1", "2.2.a", "fail"), ("p2", "1.1.a", "fail")],
            "t2": [("p1", "2.2.a", "pass"), ("p2", "1.1.a", "pass")],
        },
        {"t1": 1.0, "t2": 1.0},
    )
    rec.judge(
        "j",
        ev.FidelityAssessed(
            judge_id="j",
            trial_id="t1-collab-1",
            criterion="timing",
            verdict="fail",
            rationale="probe p1 fired before its trigger held",
            affected_dimensions=["S"],
            **rec.stamp(),
        ),
    )
    data = report(fold("r1", rec.records()), judge_id="j")
    contamination = data["collaboration"]["contamination"]
    assert data["dimensions"]["S"] == 0.0
    assert data["dimensions"]["U"] == 0.0
    assert contamination["S"] == {"contaminated": True, "affected_failed_instances": ["t1-collab-1/p1"]}
    assert contamination["U"]["contaminated"] is False  # also low, but no simulator failure touched it
    assert data["fidelity"]["trials_audited"] == 1
    assert data["fidelity"]["criteria"]["timing"]["fail"] == 1
