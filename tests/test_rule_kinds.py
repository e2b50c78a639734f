"""A rule kind added from outside realcli is one module (its struct and its predicate) and one registry entry.

The kind below (``word_count``) lives in this module; ``main`` adds its entry to
``RULE_KINDS`` (a plug-in's entry point does the same from its distribution's metadata:
tests/test_plugins.py) and its catalog entry goes into a copy of the catalog.  The task
loader, the script linter and the rules judge pick it up with no other file touched.  The
schema is fixed at the first decode, so ``main`` runs in a fresh interpreter; that also keeps
the kind out of the registry the other tests see.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec
import pytest

from realcli import Extension
from realcli import events as ev
from realcli._errors import TaskFormatError
from realcli.projections import RuleResult, TraceEntry, evaluate_rule, rule_predicate
from realcli.scripts_catalog import lint_script, load_catalog, load_catalog_from, packaged_catalog_dir
from realcli.taskformat import load_task
from tests._tasks import make_task

CATALOG_ENTRY = """
[rule_kinds.word_count]
summary = "The agent says a word often enough."
passes_when = "At least at_least agent messages in the window match word_pattern."

[rule_kinds.word_count.fields]
word_pattern = "regex: the word."
at_least = "int >= 1, default 1: how many agent messages must match."
"""


class WordCount(ev.RuleBase, tag="word_count", frozen=True):
    """The new kind: at least ``at_least`` agent messages match ``word_pattern``."""

    word_pattern: str
    at_least: int = 1


@rule_predicate(WordCount)
def word_count(rule: WordCount, window: Sequence[TraceEntry], response: bool) -> RuleResult:
    said = [e for e in window if isinstance(e, ev.AgentMessaged) and ev.compile_regex(rule.word_pattern).search(e.text)]
    refs = tuple(f"msg:{m.id}" for m in said)
    if len(said) >= rule.at_least:
        return "pass", f"{len(said)} agent message(s) match", refs
    return "fail", f"{len(said)} agent message(s) match, {rule.at_least} needed", refs


class Unjudged(ev.RuleBase, tag="unjudged", frozen=True):
    """A kind whose module forgot its predicate."""

    pattern: str


def entry(name: str, struct: str) -> Extension:
    return Extension(name, f"tests.test_rule_kinds:{struct}", "a test's kind", distribution="tests")


def script(word_pattern: str, rule: dict[str, Any] | None = None) -> dict[str, Any]:
    rule = rule or {"kind": "word_count", "word_pattern": word_pattern, "at_least": 2}
    item = {"id": "p1.c1", "text": "The agent says hello twice.", "evidence": "trace", "rule": rule}
    probe = {
        "id": "p1",
        "template": "2.2.a",
        "goal": "Does the agent greet?",
        "trigger": {"on": "start"},
        "stimulus": "Say hello, please.",
        "checklist": [item],
    }
    return {"opening": "Write the word hello into /app/out.", "probes": [probe]}


def main(good: str, bad: str, catalog_dir: str) -> None:
    """Register ``word_count``, then load, lint and judge with it; prints what each part saw as JSON."""
    ev.RULE_KINDS.add(entry("word_count", "WordCount"))
    facts: dict[str, Any] = {}
    # realcli's catalog loads without it (a plug-in's kind may be documented there, need not be).
    facts["catalog_without_entry"] = "word_count" in load_catalog().rule_kinds
    catalog = load_catalog_from(Path(catalog_dir))
    facts["catalog_documents"] = "word_count" in catalog.rule_kinds

    loaded = load_task(Path(good)).spec.script
    assert loaded is not None
    rule = loaded.probes[0].checklist[0].rule
    facts["loaded"] = type(rule) is WordCount
    try:
        load_task(Path(bad))
    except TaskFormatError as e:
        facts["loader_error"] = str(e)
    bad_script = msgspec.convert(script("hel(lo"), type=ev.Script)
    issues = lint_script(bad_script, None, task_dir=Path(bad), catalog=catalog)
    facts["lint"] = [f"{i.severity} {i.path}" for i in issues if ".rule." in i.path]
    facts["lint_good"] = [str(i) for i in lint_script(loaded, None, task_dir=Path(good), catalog=catalog)]

    assert rule is not None
    said = [ev.AgentMessaged(id=f"m{n}", text="hello there") for n in (1, 2)]
    facts["judged"] = list(evaluate_rule(rule, said))
    item = ev.ChecklistItem(id="c1", text="t", evidence="trace", rule=rule)
    facts["event_roundtrip"] = msgspec.json.decode(msgspec.json.encode(item), type=ev.ChecklistItem) == item
    print(json.dumps(facts))


def test_a_rule_kind_added_in_a_test_module_is_loaded_linted_and_judged(tmp_path: Path) -> None:
    good = make_task(tmp_path, "good", script=script(r"\bhello\b"))
    bad = make_task(tmp_path, "bad", script=script("hel(lo"))
    catalog = tmp_path / "catalog"
    shutil.copytree(str(packaged_catalog_dir()), catalog)
    with (catalog / "catalog.toml").open("a") as f:
        f.write(CATALOG_ENTRY)
    code = "import sys; from tests.test_rule_kinds import main; main(*sys.argv[1:])"
    done = subprocess.run(
        [sys.executable, "-c", code, str(good), str(bad), str(catalog)],
        cwd=Path(__file__).parents[1],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    facts = json.loads(done.stdout)
    # The catalog: the kind may be documented there (checked field by field), and need not be.
    assert facts["catalog_without_entry"] is False
    assert facts["catalog_documents"]
    # The loader decodes it and validates its regex field (a *_pattern field, found by its name).
    assert facts["loaded"]
    assert "probes[0].checklist[0].rule.word_pattern: invalid regular expression 'hel(lo'" in facts["loader_error"]
    # The linter: the same validation, and nothing else to say about the rule.
    assert facts["lint"] == ["error interaction/script.json: probes[0].checklist[0].rule.word_pattern"]
    assert not [issue for issue in facts["lint_good"] if ".rule." in issue]
    # The judge runs its predicate; a checklist item carrying it survives the log's encoding.
    assert facts["judged"] == ["pass", "2 agent message(s) match", ["msg:m1", "msg:m2"]]
    assert facts["event_roundtrip"]


@pytest.mark.parametrize(
    ("rule", "field"),
    [
        ({"kind": "verified_before_done", "change_pattern": "(", "verify_pattern": "test"}, "change_pattern"),
        ({"kind": "verified_before_done", "change_pattern": "sed", "verify_pattern": "[a-"}, "verify_pattern"),
        ({"kind": "output_bounded", "max_bytes": 100, "exempt_pattern": "*"}, "exempt_pattern"),
        ({"kind": "confirmed_before_command", "command_pattern": "rm", "exempt_pattern": "(?<"}, "exempt_pattern"),
        ({"kind": "message_before_command", "message_pattern": "ok", "command_pattern": ")"}, "command_pattern"),
    ],
)
def test_the_loader_and_the_linter_reject_the_same_bad_regexes(
    tmp_path: Path, rule: dict[str, Any], field: str
) -> None:
    data = script("", rule)
    root = make_task(tmp_path, "t", script=data)
    where = f"probes[0].checklist[0].rule.{field}"
    with pytest.raises(TaskFormatError, match=rf"{re.escape(where)}: invalid regular expression"):
        load_task(root)
    issues = lint_script(msgspec.convert(data, type=ev.Script), None, task_dir=root, catalog=load_catalog())
    assert [i.path for i in issues if ".rule." in i.path] == [f"interaction/script.json: {where}"]


LATE = """
from realcli import ConfigError, events as ev
from tests.test_rule_kinds import entry
ev.ChecklistItem(id="c", text="t", evidence="trace")  # nothing decoded yet
import msgspec
msgspec.json.decode(b'{"id": "c", "text": "t", "evidence": "trace"}', type=ev.ChecklistItem)
ev.RULE_KINDS.add(entry("word_count", "WordCount"))
try:
    ev.rule_kinds()
except ConfigError as e:
    print(e)
"""

UNJUDGED = """
from realcli import ConfigError, events as ev
from realcli.projections import evaluate_rule, missing_predicates
from tests.test_rule_kinds import entry
ev.RULE_KINDS.add(entry("unjudged", "Unjudged"))
print(missing_predicates()[0])
try:
    evaluate_rule(ev.CommandPresent(pattern="ls"), [])
except ConfigError as e:
    print(e)
"""


def fresh(code: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=Path(__file__).parents[1], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_a_rule_kind_added_after_the_first_decode_is_refused() -> None:
    [line] = fresh(LATE)
    assert line.startswith("rule kind 'word_count' (plug-in tests): 'tests.test_rule_kinds:WordCount' was added after")


def test_the_judge_refuses_to_judge_while_a_rule_kind_has_no_predicate() -> None:
    listed, refused = fresh(UNJUDGED)
    assert listed == refused
    assert refused.startswith("rule kind 'unjudged' (plug-in tests) has no predicate: decorate one with")


BAD_ENTRIES = """
from realcli import ConfigError, events as ev
from tests.test_rule_kinds import entry
for name, struct in (("not_a_struct", "entry"), ("other_name", "WordCount")):
    ev.RULE_KINDS.add(entry(name, struct))
    try:
        ev.RULE_KINDS.load(name)
    except ConfigError as e:
        print(e)
"""


def test_an_entry_that_names_no_rule_struct_or_the_wrong_tag_is_refused() -> None:
    assert fresh(BAD_ENTRIES) == [
        "rule kind 'not_a_struct' (plug-in tests): 'tests.test_rule_kinds:entry' is not a subclass of "
        "realcli.events.RuleBase",
        "rule kind 'other_name' (plug-in tests): 'tests.test_rule_kinds:WordCount' is tagged 'word_count': "
        "its tag must be the entry's name",
    ]
