"""The HTML report in a real headless Chromium (Playwright, system browser): it loads from disk with
no console errors, filters and sorts, screenshots, and renders hostile file names and code as text."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser"), "/usr/bin/chromium")
                 if p and os.path.exists(p)), None)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed: `apt-get install "
                                 "chromium` (.ci/run does this when it runs as root)")]

XSS_NAME = 'x"><img src=x onerror=alert(1)>.py'


def ms_scan(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "ms_scan", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=300)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def open_report(browser, html: Path):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    problems, dialogs = [], []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url}"))

    def on_dialog(d):
        dialogs.append(d.message)
        d.dismiss()
    page.on("dialog", on_dialog)
    page.goto(html.as_uri())
    page.wait_for_selector("#findings tbody tr")
    return page, problems, dialogs


def rows(page) -> int:
    return page.locator("#findings tbody tr").count()


def test_report_loads_filters_sorts_and_screenshots(browser, write_tree, tmp_path_factory):
    root = write_tree({
        "models/net.py": "import torch.nn as nn\nclass Net(nn.Module):\n    def forward(self, x):\n"
                         "        return nn.functional.interpolate(x, scale_factor=2)\n",
        "ops/select.py": "import torch\ndef f(t):\n    i = torch.nonzero(t)\n    return t[t > 0], i\n",
    })
    html = root / "r.html"
    assert ms_scan(root, "--format", "html", "-o", html, "--no-cache").returncode == 1
    page, problems, dialogs = open_report(browser, html)
    total = rows(page)
    assert total >= 4
    assert page.inner_text("#shown") == f"{total} of {total} findings"
    page.fill("#f-path", "select")
    narrowed = rows(page)
    assert 0 < narrowed < total
    assert all("ops/select.py" in t for t in page.locator("#findings tbody td.loc").all_inner_texts())
    page.fill("#f-path", "no-such-file")
    assert page.inner_text("#findings tbody") == "No finding matches the filters."
    page.fill("#f-path", "")
    page.select_option("#f-family", "dynamic-shape")
    assert set(page.locator("#findings tbody td:nth-child(4)").all_inner_texts()) == {"dynamic-shape"}
    page.select_option("#f-family", "")
    page.click("th[data-key=path]")
    locs = page.locator("#findings tbody td.loc").all_inner_texts()
    assert locs[0].startswith("models/") and locs[-1].startswith("ops/")
    page.click("th[data-key=path]")  # descending
    assert page.locator("#findings tbody td.loc").first.inner_text().startswith("ops/")
    shot = tmp_path_factory.mktemp("shots") / "report.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert problems == [] and dialogs == []
    page.close()


def test_hostile_file_names_and_code_render_as_text(browser, write_tree):
    root = write_tree({XSS_NAME: "import torch\n"
                                 "i = torch.nonzero(t); s = '</script><script>alert(2)</script>'\n"
                                 "j = torch.nonzero(t)  # ms-scan: ignore\n"})
    html = root / "r.html"
    ms_scan(root, "--format", "html", "-o", html, "--no-cache")
    page, problems, dialogs = open_report(browser, html)
    page.wait_for_timeout(300)
    assert dialogs == [] and problems == []
    assert page.locator("img").count() == 0 and page.locator("script").count() == 2
    body = page.inner_text("body")
    assert XSS_NAME in body  # the name shows, as text
    assert "</script><script>alert(2)</script>" in page.locator("#findings tbody").inner_text()
    assert page.inner_text("#suppressed-count") == "2"  # counted ...
    page.select_option("#f-state", "suppressed")
    assert rows(page) == 2  # ... and listed
    page.close()
