"""The read side: reading a recorded run from the log, and judging it there.

No containers and no agents: everything a judge needs is in the log (the
task snapshot in ``TrialStarted``, the trace, hard-check results, the
evidence snapshot), so ``realcli report``, ``rejudge``, ``runs`` and the
viewer read and judge runs with this package, the event log and the
projections alone.  Verdicts go to ``<run>.judge.<judge_id>``:
``JudgingStarted``, then per trial one atomic batch of ``VerdictRendered``
and ``FidelityAssessed`` events (``ModelCalled`` events of an LLM judge
before it), and ``JudgingFinished``.

* Reading: ``load_run`` folds a whole run, ``read_trial`` one trial with its
  trace, ``select_judge`` picks the judge a report uses, ``run_status`` says
  where a run stands (finished when every scheduled trial's latest try is,
  whoever ran it).
* Judging a finished trial is the duty of whatever process finds it
  unjudged in the log (``LiveJudge``): the run coordinator after each trial
  and at the end, ``resume``, workers, ``realcli wait``; ``report`` warns.
  A trial's latest try is judged once (``judge_trial`` is one such call);
  a retried trial (a new ``TrialStarted``) is judged again.
* ``rejudge`` judges a whole finished run, with the rules or an LLM judge.
  A judge id that already exists is only accepted for the *same* judge
  configuration (kind, model, rule set / prompt version), and
  then completes it: trials without verdicts (new, or re-run since they
  were judged) are judged, the rest are kept.
* ``finish_judging`` appends ``JudgingFinished`` with the stream's totals,
  only once every finished, scored COLLAB trial has verdicts.

Appends use optimistic concurrency: a batch is appended at the version the
writer last saw; on a conflict (another process judging concurrently) the
version is re-read and the same batch (same event ids) appended again.
"""

from realcli.judging._live import LiveJudge, finish_judging, judge_trial, unjudged_trials
from realcli.judging._read import load_run, read_trial, require_run, select_judge
from realcli.judging._rejudge import rejudge
from realcli.judging._status import RunStatus, read_run, run_status, trial_status
from realcli.judging._summary import JudgeKind, JudgeSummary

__all__ = [
    "JudgeKind",
    "JudgeSummary",
    "LiveJudge",
    "RunStatus",
    "finish_judging",
    "judge_trial",
    "load_run",
    "read_run",
    "read_trial",
    "rejudge",
    "require_run",
    "run_status",
    "select_judge",
    "trial_status",
    "unjudged_trials",
]
