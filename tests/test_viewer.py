"""``realcli view`` in a real browser (Debian's chromium, headless, through Playwright) over real logs.

Pages are checked on their rendered text; live pages follow runs appended by
another process (SQLite) or through NATS; agent output stays text; no secret
reaches a page; the live tail of a trial has no gap and no duplicate.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import msgspec
import pytest
from playwright.async_api import Browser, Page, expect

from realcli import events as ev
from realcli.eventlog import EventLog, import_archive, open_log
from realcli.projections import RunFacts, fold
from realcli.viewer import REDACTED, RUNNING_WINDOW, Sanitizer, Viewer, is_loopback
from realcli.viewer._follow import RunState
from realcli.viewer._pages import run_status
from tests._browser import chromium, page_of, viewer_process
from tests._nats import free_port
from tests._reports import report
from tests._trials import RunRecorder, TrialBuilder, catalog_info, rotation_script, task_spec

FIXTURE_LOGS = Path(__file__).parent / "fixtures" / "logs"
WAIT_MS = 30_000  # how long a live page may take to show an append (no timing is asserted)


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with chromium() as opened:
        yield opened


@asynccontextmanager
async def served(log: EventLog, **kwargs: Any) -> AsyncIterator[Viewer]:
    async with Viewer.start(log, port=0, **kwargs) as viewer:
        yield viewer


class Feeder:
    """Appends a recorded run to a log a little at a time, in order, as its actors would."""

    def __init__(self, log: EventLog, rec: RunRecorder) -> None:
        self.log = log
        self.pairs = rec.pairs
        self.done = 0
        self.versions: dict[str, int] = {}
        self.position = -1  # the log position of the last appended event

    async def step(self, count: int) -> None:
        """Append the next ``count`` events (one append per run of same-stream events)."""
        end = min(len(self.pairs), self.done + count)
        while self.done < end:
            stream = self.pairs[self.done][0]
            batch: list[ev.Event] = []
            while self.done < end and self.pairs[self.done][0] == stream:
                batch.append(self.pairs[self.done][1])
                self.done += 1
            expected = self.versions.get(stream, 0)
            result = await self.log.append(stream, batch, expected_version=expected)
            self.versions[stream] = result.last_version
            self.position = result.last_position

    async def until(self, found: Callable[[str, ev.Event], bool]) -> None:
        """Append up to and including the first event ``found`` accepts."""
        index = next(i for i in range(self.done, len(self.pairs)) if found(*self.pairs[i]))
        await self.step(index + 1 - self.done)

    async def rest(self, chunk: int = 25) -> None:
        while self.done < len(self.pairs):
            await self.step(chunk)
            await anyio.sleep(0.01)


async def folded(viewer_url: str, run_id: str, trial_id: str, position: int) -> None:
    """Wait until the viewer has folded the trial up to ``position``.

    The viewer follows the log a moment behind its writer (another process
    polls SQLite), and a trial page shows what the viewer had folded when it
    was asked: a test that means "the page as of this append" waits here.
    """
    async with httpx.AsyncClient(base_url=viewer_url, timeout=30) as client:
        with anyio.fail_after(WAIT_MS / 1000):
            while True:
                trial = (await client.get(f"/api/runs/{run_id}/trials/{trial_id}")).json()
                if trial["head"] >= position:
                    return
                await anyio.sleep(0.05)  # the viewer's own poll of the log is 50 ms


async def import_fixtures(log: EventLog) -> None:
    for archive in sorted(FIXTURE_LOGS.glob("*.jsonl")):
        await import_archive(log, archive)


async def add_strict_judge(log: EventLog, run_id: str) -> str:
    """A second judge for ``run_id``: the rules judge's verdicts with the first pass turned into a fail."""
    copied: list[ev.Event] = []
    flipped = ""
    async for rec in log.read(ev.judge_stream(run_id, "rules")):
        event = rec.event
        assert not isinstance(event, ev.UnknownEvent)
        changes: dict[str, Any] = {"id": ev.new_id(), "judge_id": "strict"}
        if isinstance(event, ev.VerdictRendered) and event.verdict == "pass" and not flipped:
            changes |= {"verdict": "fail", "rationale": "the strict judge wants the constraint said aloud"}
            flipped = event.item_id
        copied.append(msgspec.structs.replace(event, **changes))  # type: ignore[type-var]
    await log.append(ev.judge_stream(run_id, "strict"), copied, expected_version=0)
    return flipped


async def scored(log: EventLog, run_id: str) -> dict[str, Any]:
    """The run's report as `realcli report` computes it (the rules judge)."""
    return report(fold(run_id, [rec async for rec in log.read_all(0, run_id)]), judge_id="rules")


def headline_texts(data: dict[str, Any]) -> dict[str, str]:
    """How the runs page shows each headline metric: ``0.733 [0.612, 0.881]``, or ``—``."""
    out = {}
    for metric, interval in data["statistics"]["bootstrap"]["intervals"].items():
        value = data[metric]
        shown = "—" if value is None else f"{value:.3f}"
        out[metric] = shown + (f" [{interval[0]:.3f}, {interval[1]:.3f}]" if interval else "")
    return out


async def text_of(page: Page) -> str:
    return await page.inner_text("main")


# ---------------------------------------------------------------- pages of a recorded run


@pytest.mark.browser
async def test_every_page_of_a_recorded_run_renders(tmp_path: Path, browser: Browser) -> None:
    errors: list[str] = []
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        await import_fixtures(log)
        flipped = await add_strict_judge(log, "fixture-v1")
        expected = headline_texts(await scored(log, "fixture-terminus-v1"))
        collab = next(t for t in (await scored(log, "fixture-v1"))["trials"] if t["trial"] == "realcli-full-collab-1")
        async with served(log) as viewer, page_of(browser, errors) as page:
            # Runs: every run, with agent, status, progress and scores with intervals.
            await page.goto(viewer.url + "/")
            runs = page.locator("table.runs tbody tr")
            await expect(runs).to_have_count(2)
            row = page.locator("tr[data-run='fixture-terminus-v1']")
            await expect(row).to_contain_text("terminus")
            await expect(row).to_contain_text("fake-agent")
            await expect(row).to_contain_text("finished")
            await expect(row).to_contain_text("2 / 2 done")
            for metric in ("R_EXEC", "R_COLLAB", "S_COLLAB", "J_COLLAB"):  # as `realcli report` scores them
                await expect(row).to_contain_text(expected[metric])
            await page.fill("input[type=search]", "oracle")
            await expect(runs).to_have_count(1)
            await expect(runs.first).to_contain_text("fixture-v1")

            # Run: headline, bars, profile, templates, flip matrix, categories, fidelity, trials.
            await page.click("a[href='/runs/fixture-v1']")
            await expect(page.locator("h1")).to_contain_text("fixture-v1")
            main = page.locator("main")
            for text in (
                "Headline",
                "R_COLLAB",
                "Dimensions",
                "Steerability",
                "Sub-dimension profile",
                "Plan transparency and adaptation",
                "pass rate against the threshold (0.75)",
                "2.2.a",
                "EXEC → COLLAB flip matrix",
                "system-administration",
                "Excluded trials (0)",
                "Simulator fidelity",
                "script_intent",
                "1-2 of 2 trials",
            ):
                await expect(main).to_contain_text(text)
            passed = collab["instances"]["pass"]
            await expect(page.locator("tr[data-trial='realcli-full-collab-1']")).to_contain_text(f"{passed} pass")
            await expect(page.locator("a", has_text="compare judges")).to_be_visible()

            # Trial: the conversation, the checklist with verdicts and evidence, the verifier, the snapshot.
            await page.click("a[href='/runs/fixture-v1/trials/realcli-full-collab-1']")
            timeline = page.locator(".timeline")
            await expect(timeline).to_contain_text("Hi, our /app/logs folder is eating the disk")
            await expect(timeline).to_contain_text("probe p1 fired · template 2.2.a")
            await expect(timeline).to_contain_text("$ bash /solution/solve.sh")
            await expect(timeline).to_contain_text("trial finished: completed")
            side = page.locator("aside")
            await expect(side).to_contain_text("No log file older than 14 days was deleted.")
            await expect(side).to_contain_text("hard check h1 passed")
            await expect(side).to_contain_text("reward 1.00")
            await expect(side).to_contain_text("/app/.env.local")
            await expect(page.locator(".timeline .entries > *").first).to_be_visible()
            ref = page.locator("button.ref", has_text="msg:").first
            await ref.click()
            await expect(page.locator(".timeline .flash")).to_have_count(1)
            shot = tmp_path / "trial.png"
            await page.screenshot(path=str(shot), full_page=True)
            assert shot.read_bytes().startswith(b"\x89PNG")

            # The other judge's verdicts, from the trial page's judge picker.
            await page.select_option("aside select", "strict")
            await expect(page.locator("aside")).to_contain_text("the strict judge wants the constraint said aloud")

            # Compare two runs, then two judges of one run.
            await page.goto(viewer.url + "/compare?a=fixture-v1&b=fixture-terminus-v1")
            await expect(main).to_contain_text("Δ (B - A)")
            await expect(page.locator("table.headline")).to_contain_text("-1.000")
            await expect(main).to_contain_text("different outcome (1 of 2 compared)")
            await page.goto(viewer.url + "/compare?run=fixture-v1&a=rules&b=strict")
            await expect(main).to_contain_text("Agreement")
            await expect(main).to_contain_text("Disagreements (1)")
            await expect(main).to_contain_text(flipped)

            # A page that cannot be shown says why, in one line.
            await page.goto(viewer.url + "/runs/no-such-run")
            await expect(main).to_contain_text("run 'no-such-run' is not in")
    assert [e for e in errors if "404" not in e] == []


# ---------------------------------------------------------------- live


def live_run(run_id: str = "live", steps: int = 120) -> tuple[RunRecorder, list[str]]:
    """A paired run whose COLLAB trial talks for a while; returns the agent's messages of that trial in order."""
    rec = RunRecorder(run_id, start_at=time.time())
    rec.run_started(tasks=["rotate"], catalog=catalog_info())
    spec = task_spec("rotate", script=rotation_script())
    ex = rec.trial(spec, "exec")
    co = rec.trial(spec, "collab")
    ex.start()
    ex.run("ls /app/logs", stdout="app.log\n")
    ex.turn()
    ex.say("Done.", claims_done=True)
    ex.yield_(claims_done=True)
    ex.finish(reward=1.0)
    co.start()
    said = [co_say(co, "Which logs must I keep?", question=True)]
    co.slice("s1")
    for i in range(steps):
        co.run(f"gzip -v /app/logs/app-{i:03d}.log", stdout=f"app-{i:03d}.log: 80.0% -- replaced\n")
        said.append(co_say(co, f"step {i:03d}: compressed app-{i:03d}.log"))
        co.turn()
    co.probe("p1")
    said.append(co_say(co, "I keep every old log: audit needs them.", claims_done=True))
    co.yield_(claims_done=True)
    co.finish(reward=1.0)
    rec.run_finished()
    return rec, said


def co_say(trial: TrialBuilder, text: str, **flags: bool) -> str:
    trial.say(text, **flags)
    return text


@pytest.mark.browser
async def test_a_run_written_by_another_process_fills_in_live(log_url: str, browser: Browser) -> None:
    """The viewer is its own process; this test is the run's writer (SQLite across processes, or NATS)."""
    rec, said = live_run()
    errors: list[str] = []
    async with open_log(log_url) as log, viewer_process(log_url) as viewer:
        feeder = Feeder(log, rec)
        async with page_of(browser, errors) as page:
            await page.goto(viewer.url + "/")
            await expect(page.locator("main")).to_contain_text("The log has no runs yet")

            # The run appears, then its trials fill in.
            await feeder.until(lambda _, e: isinstance(e, ev.TrialScheduled) and e.mode == "collab")
            row = page.locator("tr[data-run='live']")
            await expect(row).to_contain_text("running", timeout=WAIT_MS)
            await expect(row).to_contain_text("0 / 2 done", timeout=WAIT_MS)
            await row.locator("a").click()
            trial_row = page.locator("tr[data-trial='rotate-exec-1']")
            await expect(trial_row).to_contain_text("queued", timeout=WAIT_MS)
            await feeder.until(lambda _, e: isinstance(e, ev.TrialFinished))
            await expect(trial_row.locator(".chip")).to_have_text("pass", timeout=WAIT_MS)
            await expect(page.locator(".head")).to_contain_text("1 / 2 done", timeout=WAIT_MS)

            # Open the COLLAB trial mid-run: the past (paginated), then the live tail.
            await feeder.until(lambda _, e: isinstance(e, ev.AgentMessaged) and e.text.startswith("step 060"))
            await folded(viewer.url, "live", "rotate-collab-1", feeder.position)
            await page.click("a[href='/runs/live/trials/rotate-collab-1']")
            timeline = page.locator(".timeline")
            await expect(timeline).to_contain_text("Which logs must I keep?")
            more = page.locator("button.more")
            await expect(more).to_be_visible()  # 200 of the trial's events so far, the rest on demand
            for _ in range(20):  # (scrolling to the button loads the next page by itself too)
                if await more.is_hidden():
                    break
                await more.dispatch_event("click")
                await page.wait_for_timeout(200)
            await expect(more).to_be_hidden()
            await feeder.rest()
            await expect(timeline).to_contain_text("I keep every old log", timeout=WAIT_MS)
            await expect(timeline).to_contain_text("trial finished: completed", timeout=WAIT_MS)
            shown = await page.locator(".timeline .msg.agent .text").all_inner_texts()
            assert shown == said  # every message once, in log order: no gap, no duplicate
            nodes = page.locator(".timeline [data-pos]")
            positions = [int(p) for p in await nodes.evaluate_all("l => l.map(e => e.dataset.pos)")]
            assert positions == sorted(set(positions))
            await expect(page.locator("h1 .chip").first).to_have_text("pass", timeout=WAIT_MS)

            await page.goto(viewer.url + "/")
            await expect(page.locator("tr[data-run='live']")).to_contain_text("finished", timeout=WAIT_MS)
            await expect(page.locator("tr[data-run='live']")).to_contain_text("2 / 2 done")
    assert viewer.returncode == 0
    assert errors == []


async def sse_entries(lines: AsyncIterator[str], count: int) -> list[dict[str, Any]]:
    """The next ``count`` timeline entries of an open trial feed (header messages skipped)."""
    out: list[dict[str, Any]] = []
    kind = ""
    async for line in lines:
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: ") and kind == "entry":
            out.append(msgspec.json.decode(line[6:]))
            if len(out) == count:
                return out
    raise AssertionError(f"the feed ended after {len(out)} of {count} entries")


async def test_trial_pages_and_live_tail_meet_at_a_position(log: EventLog) -> None:
    """Pages by position up to the rendered head, then the feed from it: every event once, in order."""
    rec, _ = live_run("pages", steps=100)
    feeder = Feeder(log, rec)
    await feeder.until(lambda _, e: isinstance(e, ev.AgentMessaged) and e.text.startswith("step 080"))
    async with served(log) as viewer, httpx.AsyncClient(base_url=viewer.url, timeout=30) as client:
        trial = (await client.get("/api/runs/pages/trials/rotate-collab-1")).json()
        head = trial["head"]
        seen = [e["pos"] for e in trial["timeline"]["entries"]]
        assert len(seen) == 200
        page = trial["timeline"]
        while not page["done"]:
            more = f"/api/runs/pages/trials/rotate-collab-1/events?after={page['next']}&until={head}"
            page = (await client.get(more)).json()
            seen += [e["pos"] for e in page["entries"]]
        expected = [r.position async for r in log.read_all(0, "pages.rotate-collab-1")]
        assert seen == expected
        assert seen[-1] == head

        async with client.stream("GET", f"/api/live/runs/pages/trials/rotate-collab-1?after={head}") as feed:
            assert feed.headers["content-type"].startswith("text/event-stream")
            before = feeder.done
            await feeder.rest()
            fresh = [p for p in feeder.pairs[before:] if p[0].startswith("pages.rotate-collab-1.")]
            live = await sse_entries(feed.aiter_lines(), len(fresh))
        assert [e["id"] for e in live] == [e.id for _, e in fresh]
        every = [r.position async for r in log.read_all(0, "pages.rotate-collab-1")]
        assert seen + [e["pos"] for e in live] == every

        # A reconnect resumes after the browser's Last-Event-ID, whatever the URL says.
        middle = len(live) // 2
        headers = {"Last-Event-ID": str(live[middle]["pos"])}
        feed_url = f"/api/live/runs/pages/trials/rotate-collab-1?after={head}"
        async with client.stream("GET", feed_url, headers=headers) as again:
            resumed = await sse_entries(again.aiter_lines(), len(live) - middle - 1)
        assert [e["pos"] for e in resumed] == [e["pos"] for e in live[middle + 1 :]]


# ---------------------------------------------------------------- scale


@pytest.mark.browser
async def test_a_big_run_is_paginated_never_shipped_whole(tmp_path: Path, browser: Browser) -> None:
    rec = RunRecorder("big", start_at=time.time())
    rec.run_started(tasks=[f"t{i:03d}" for i in range(150)], catalog=catalog_info())
    for i in range(150):
        spec = task_spec(f"t{i:03d}", category=("build", "data", "ops")[i % 3])
        for mode in ("exec", "collab"):
            t = rec.trial(spec, mode).start()
            t.run("make")
            t.turn()
            t.finish(reward=float(i % 4 != 0))
    rec.run_finished()
    errors: list[str] = []
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        await rec.write(log)
        async with served(log) as viewer, httpx.AsyncClient(base_url=viewer.url) as client:
            run = (await client.get("/api/runs/big")).json()
            assert "trials" not in run
            assert run["viewer"]["progress"] == {
                "total": 300,
                "started": 300,
                "done": 300,
                "queued": 0,
                "pass": 224,
                "fail": 76,
                "infra": 0,
                "running": 0,
                "incomplete": 0,
            }
            listed = (await client.get("/api/runs/big/trials?chip=fail&sort=task&limit=50")).json()
            assert listed["total"] == 76
            assert len(listed["trials"]) == 50
            assert listed["trials"][0]["trial"] == "t000-collab-1"

            async with page_of(browser, errors) as page:
                await page.goto(viewer.url + "/runs/big")
                main = page.locator("main")
                await expect(main).to_contain_text("1-100 of 300 trials")
                await expect(page.locator("table.trials tbody tr")).to_have_count(100)
                await page.click("text=next >")
                await expect(main).to_contain_text("101-200 of 300 trials")
                await page.select_option("select[title='any status']", "fail")
                await expect(main).to_contain_text("1-76 of 76 trials")
                assert "chip=fail" in page.url  # the filtered list is a deep link
    assert errors == []


# ---------------------------------------------------------------- safety


HOSTILE = "<script>alert(1)</script><script>window.__pwned = 1</script><img src=x onerror=alert(2)>"


def hostile_run(rec: RunRecorder) -> TrialBuilder:
    spec = task_spec("hostile", script=rotation_script())
    t = rec.trial(spec, "collab").start()
    t.say(HOSTILE)
    t.run(
        "printf '\\033[31mRED\\033[0m'",
        stdout="\x1b[31mRED\x1b[0m done\x1b]0;evil title\x07 <b>bold</b> \x1b[2J\x07bell",
        stderr="<iframe src=javascript:alert(3)>",
    )
    return t


@pytest.mark.browser
async def test_agent_output_is_rendered_as_text(tmp_path: Path, browser: Browser) -> None:
    rec = RunRecorder("xss", start_at=time.time())
    rec.run_started(tasks=["hostile"], catalog=catalog_info())
    hostile_run(rec)
    errors: list[str] = []
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        await rec.write(log)
        async with served(log) as viewer, page_of(browser, errors) as page:
            await page.goto(viewer.url + "/runs/xss/trials/hostile-collab-1")
            message = page.locator(".msg.agent .text").first
            await expect(message).to_have_text(HOSTILE)
            # The same, appended while the page is open, through the live feed.
            await log.append(
                "xss.hostile-collab-1.agent",
                [ev.AgentMessaged(text="<script>alert('live')</script>\x1b[1mlive\x1b[0m")],
            )
            await expect(page.locator(".msg.agent .text").last).to_have_text("<script>alert('live')</script>live")
            await page.click(".cmd details.output.stdout summary")
            out = page.locator(".cmd pre.out").first
            await expect(out).to_have_text("RED done <b>bold</b> \u2407bell")
            assert await page.evaluate("document.querySelectorAll('script').length") == 1  # app.js only
            injected = "document.querySelectorAll('.timeline img, .timeline iframe, .timeline b').length"
            assert await page.evaluate(injected) == 0
            assert await page.evaluate("window.__pwned === undefined")
            assert "\x1b" not in await text_of(page)
    assert errors == []


@pytest.mark.browser
async def test_no_secret_reaches_a_page(tmp_path: Path, browser: Browser, monkeypatch: pytest.MonkeyPatch) -> None:
    canary = "canary-" + os.urandom(8).hex()
    shaped = "sk-" + os.urandom(12).hex()
    monkeypatch.setenv("REALCLI_AGENT_API_KEY", canary)
    rec = RunRecorder("secrets", start_at=time.time())
    rec.run_started(tasks=["leaky"], catalog=catalog_info())
    t = rec.trial(task_spec("leaky", script=rotation_script()), "collab").start()
    t.say(f"my key is {canary}")
    t.run(f"echo {canary}", stdout=f"{canary}\n{shaped}\n")
    t.model_call(error=f"401: invalid key {canary}")
    t.finish(reward=1.0)
    rec.run_finished()
    errors: list[str] = []
    bodies: list[str] = []
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        await rec.write(log)
        async with served(log) as viewer, httpx.AsyncClient(base_url=viewer.url) as client:
            paths = ["/", "/static/app.js", "/api/runs", "/api/runs/secrets", "/api/runs/secrets/trials"]
            trial = "/api/runs/secrets/trials/leaky-collab-1"
            paths += [trial, f"{trial}/events?after=-1"]
            stored = [r async for r in log.read_all(0, "secrets.leaky-collab-1")]
            paths += [f"{trial}/events/{r.actor}/{r.version}" for r in stored]
            for path in paths:
                response = await client.get(path)
                assert response.status_code == 200, path
                bodies.append(response.text)
            async with page_of(browser, errors) as page:
                await page.goto(viewer.url + "/runs/secrets/trials/leaky-collab-1")
                await expect(page.locator(".msg.agent .text").first).to_have_text(f"my key is {REDACTED}")
                await page.click(".cmd details.output.stdout summary")
                bodies.append(await text_of(page))
    everything = "\n".join(bodies)
    assert canary not in everything
    assert shaped not in everything
    assert everything.count(REDACTED) >= 4
    assert errors == []


def test_a_run_is_running_then_incomplete_or_finished() -> None:
    rec = RunRecorder("s", start_at=1000.0)
    rec.run_started(tasks=["t1"])
    state = RunState(RunFacts("s"))
    for record in rec.records():
        state.apply(record)
    assert run_status(state, 1000.0 + 60) == "running"
    assert run_status(state, 1000.0 + RUNNING_WINDOW + 60) == "incomplete"  # went quiet without a RunFinished
    rec.run_finished()
    state.apply(rec.records()[-1])
    assert run_status(state, 1000.0 + RUNNING_WINDOW + 60) == "finished"


def test_sanitizer_strips_escapes_controls_and_secrets() -> None:
    clean = Sanitizer(["hunter2-secret"]).text
    assert clean("\x1b[1;31mred\x1b[0m plain") == "red plain"
    assert clean("\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ and \x1b]0;title\x07") == "link and "
    assert clean("a\x1b(Bb\x1bcd") == "abd"  # designate a charset, reset the terminal
    assert clean("cut short\x1b") == "cut short\u241b"
    assert clean("bell\x07 nul\x00 del\x7f") == "bell\u2407 nul\u2400 del\u2421"
    assert clean("tab\tline\r\nnext\rover") == "tab\tline\nnext\nover"
    assert clean("safe\u202eevil") == "safe\ufffdevil"
    assert clean("pw hunter2-secret!") == f"pw {REDACTED}!"
    assert clean("key sk-abcdefghijklmnopqrstuvwxyz") == f"key {REDACTED}"
    nested = Sanitizer([]).tree({"k\x1b[0m": ["\x1b[2Jx", {"y": "\x07"}], "n": 1})
    assert nested == {"k": ["x", {"y": "\u2407"}], "n": 1}


# ---------------------------------------------------------------- server and command


async def test_responses_carry_a_strict_policy_and_one_line_errors(tmp_path: Path) -> None:
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        await import_fixtures(log)
        async with served(log) as viewer, httpx.AsyncClient(base_url=viewer.url) as client:
            page = await client.get("/runs/fixture-v1")
            csp = page.headers["content-security-policy"]
            assert "script-src 'self'" in csp
            assert "unsafe-inline" not in csp
            assert page.headers["x-content-type-options"] == "nosniff"
            script = await client.get("/static/app.js")
            assert script.headers["content-type"].startswith("text/javascript")
            assert ".innerHTML" not in script.text  # everything from the log goes in as text
            for path, status, message in (
                ("/api/runs/nope", 404, "run 'nope' is not in"),
                ("/api/runs/fixture-v1?judge=llm-x", 404, "has no judge 'llm-x'"),
                ("/api/runs/fixture-v1?threshold=2", 400, "threshold '2'"),
                ("/api/runs/fixture-v1/trials/nope", 404, "has no trial 'nope'"),
                ("/api/runs/bad.id", 400, "run id 'bad.id' is not usable"),
                ("/api/compare?a=fixture-v1", 400, "compare: expected"),
            ):
                response = await client.get(path)
                assert response.status_code == status, path
                assert message in response.json()["error"]
                assert "\n" not in response.json()["error"]
            assert (await client.get("/static/nope.js")).status_code == 404
            # DNS rebinding: another site's name pointed at 127.0.0.1 is not this viewer's name.
            port = viewer.url.rsplit(":", 1)[1]
            assert (await client.get("/api/runs", headers={"Host": f"evil.example:{port}"})).status_code == 403
            assert (await client.get("/api/runs", headers={"Host": f"localhost:{port}"})).status_code == 200
            assert (await client.get("/api/runs", headers={"Host": f"[::1]:{port}"})).status_code == 200


async def test_stopping_the_server_closes_its_live_feeds(tmp_path: Path) -> None:
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        await import_fixtures(log)
        async with httpx.AsyncClient(timeout=30) as client:
            async with served(log) as viewer:
                url = f"{viewer.url}/api/live/runs/fixture-v1/trials/realcli-full-collab-1?after=-1"
                feed = client.stream("GET", url)
                response = await feed.__aenter__()
                lines = response.aiter_lines()
                assert len(await sse_entries(lines, 51)) == 51  # the whole trial, then it waits for more
            # The block is over: the server is gone, and its feed ended instead of hanging.
            with anyio.fail_after(20):
                rest = [line async for line in lines]
            await feed.__aexit__(None, None, None)
        assert "event: entry" not in rest


def test_the_viewer_stays_off_the_runtime_layer() -> None:
    """``realcli.viewer`` reads the log through events, eventlog and projections only (no Docker client)."""
    code = (
        "import sys, realcli.viewer\n"
        "bad = sorted(m for m in sys.modules if m.startswith(('realcli.runtime', 'realcli.cli', 'aiodocker')))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def realcli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "realcli", *args], capture_output=True, text=True, timeout=timeout)


def error_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_bad_input_gives_one_line_and_a_non_zero_exit(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'log.db'}"

    async def fill() -> None:
        async with open_log(url) as log:
            await import_fixtures(log)

    anyio.run(fill)
    assert "run 'nope' is not in" in error_line(realcli("view", "nope", "--port", "0", "--log", url))
    assert "no event log at" in error_line(realcli("view", "--port", "0", "--log", f"sqlite:{tmp_path / 'none.db'}"))
    assert "cannot reach NATS" in error_line(realcli("view", "--port", "0", "--log", f"nats://127.0.0.1:{free_port()}"))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        assert "the port is in use" in error_line(realcli("view", "--port", port, "--log", url))
    exposed = realcli("view", "nope", "--host", "0.0.0.0", "--port", "0", "--log", url)
    assert exposed.returncode != 0
    assert re.search(r"warning: --host 0\.0\.0\.0 is not a loopback address", exposed.stderr)
    assert "Traceback" not in exposed.stderr
    assert all(is_loopback(host) for host in ("127.0.0.1", "::1", "localhost"))
    assert not is_loopback("0.0.0.0")
