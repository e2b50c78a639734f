"""Debian's chromium, driven headless by Playwright (no browser download), and a viewer in a subprocess."""

from __future__ import annotations

import re
import shutil
import signal
import sys
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import anyio
from anyio.abc import Process
from playwright.async_api import Browser, Page, async_playwright

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str:
    found = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(found).exists():
        raise RuntimeError("chromium is not installed: run `make setup` (apt-get install chromium)")
    return found


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    """The system chromium; Playwright gives it a fresh profile and removes it on close."""
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            await browser.close()


@asynccontextmanager
async def page_of(browser: Browser, errors: list[str]) -> AsyncIterator[Page]:
    """A page whose script errors and failed requests are collected in ``errors``, and any dialog too."""
    context = await browser.new_context(viewport={"width": 1400, "height": 1000})
    page = await context.new_page()
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)

    async def dialog(d: object) -> None:
        errors.append(f"dialog opened: {getattr(d, 'message', '')}")
        await d.dismiss()  # type: ignore[attr-defined]

    page.on("dialog", dialog)
    try:
        yield page
    finally:
        await context.close()


@dataclass
class ViewerProcess:
    url: str = ""
    returncode: int | None = None  # set when the block ends


@asynccontextmanager
async def viewer_process(
    log_url: str, *args: str, env: Mapping[str, str] | None = None
) -> AsyncIterator[ViewerProcess]:
    """``realcli view --port 0`` in its own process, until the block ends (then SIGTERM, as Ctrl-C would)."""
    command = [sys.executable, "-m", "realcli", "view", "--log", log_url, "--port", "0", *args]
    viewer = ViewerProcess()
    # stderr stays the test's own (pytest captures it), so a failing viewer explains itself.
    async with await anyio.open_process(command, env=dict(env) if env is not None else None, stderr=None) as proc:
        try:
            viewer.url = await _announced_url(proc)
            yield viewer
        finally:
            with anyio.CancelScope(shield=True):
                if proc.returncode is None:
                    proc.send_signal(signal.SIGTERM)
                    with anyio.move_on_after(10):
                        await proc.wait()
                    if proc.returncode is None:
                        proc.kill()
                        await proc.wait()
                viewer.returncode = proc.returncode


async def _announced_url(proc: Process) -> str:
    assert proc.stdout is not None
    seen = b""
    with anyio.fail_after(60):
        while b"\n" not in seen:
            seen += await proc.stdout.receive()
    match = re.search(r"http://[^/\s]+", seen.decode())
    assert match, seen
    return match.group(0)
