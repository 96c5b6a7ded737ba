#!/usr/bin/env python3
"""Accessible HTML (issue 6, item 5): an axe-core audit of every page in headless Chromium.

Loads every .html file under the given folders (file:// URLs) in one headless Chromium driven by
selenium and Debian's chromedriver, runs axe-core (the axe.min.js that PyPI's axe-selenium-python
ships) with its default rule set (WCAG 2 A and AA plus best practices) in the light theme and with
`prefers-color-scheme: dark` emulated (CDP Emulation.setEmulatedMedia), each at a desktop width and
at a phone width (320 CSS px, the WCAG reflow width, where tables scroll and columns fold), and
prints every violation with its page, theme, width and nodes. Exits 1 on any violation, 2 when the
browser or axe cannot be set up.

Before each audit every <details> is opened, so the collapsed data tables are audited too.
Identical files (the same bytes at the same depth, e.g. the plain and --email builds' pages) are
audited once.

Usage: axe_audit.py DIR...
"""
import concurrent.futures
import hashlib
import os
import pathlib
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
THEMES = ("light", "dark")
WIDTHS = (1280, 320)  # CSS pixels: a desktop and the narrowest phone
HEIGHT = 900


def axe_script():
    import axe_selenium_python

    path = pathlib.Path(axe_selenium_python.__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
    return path.read_text(encoding="utf-8")


def pages(folders):
    """Every .html file under the folders, sorted, one per distinct (content, depth)."""
    seen = {}
    found = []
    for folder in folders:
        root = pathlib.Path(folder).resolve()
        for path in sorted(root.rglob("*.html")):
            key = (hashlib.sha256(path.read_bytes()).hexdigest(), len(path.relative_to(root).parts))
            found.append(path)
            seen.setdefault(key, path)
    return found, sorted(seen.values())


def browser():
    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={WIDTHS[0]},{HEIGHT}", "--hide-scrollbars", "--force-device-scale-factor=1",
                     "--lang=en-GB"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(60)
    return driver


def set_view(driver, theme, width):
    """The emulated colour scheme and the viewport width; checks the page sees both."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": theme}]})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False})
    seen = driver.execute_script(
        "return [matchMedia('(prefers-color-scheme: dark)').matches, window.innerWidth];")
    if seen != [theme == "dark", width]:
        raise RuntimeError(f"emulation failed: asked for {theme} at {width}px, the page sees {seen}")


def load(driver, script, path):
    """Opens the page with every <details> open and axe-core injected."""
    driver.get(path.as_uri())
    driver.execute_script("document.querySelectorAll('details').forEach(function (d) { d.open = true; });")
    driver.execute_script(script)


def audit(driver):
    return driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(function (r) { done({violations: r.violations}); })"
        ".catch(function (e) { done({error: String(e)}); });")


def audit_pages(paths, script, base):
    """Audits `paths` in one browser: each page's lines of violations (in page order), the audits
    made, the violations found and axe-core's version."""
    driver = browser()
    lines, audits, violations, version = [], 0, 0, None
    try:
        for path in paths:
            load(driver, script, path)
            if version is None:
                version = driver.execute_script("return axe.version")
            page = os.path.relpath(path, base)
            for width in WIDTHS:
                for theme in THEMES:
                    set_view(driver, theme, width)
                    result = audit(driver)
                    audits += 1
                    view = f"[{theme}, {width}px]"
                    if "error" in result:
                        lines.append((path, f"{page} {view}: axe failed: {result['error']}"))
                        violations += 1
                        continue
                    for violation in result["violations"]:
                        for node in violation["nodes"]:
                            violations += 1
                            target = " ".join(str(t) for t in node["target"])
                            summary = (node.get("failureSummary") or "").replace("\n", " ")
                            lines.append((path, f"{page} {view}: {violation['id']} ({violation['impact']}): "
                                                f"{violation['help']}\n    at {target}: {node['html'][:200]}\n    {summary}"))
    finally:
        driver.quit()
    return lines, audits, violations, version


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    every, distinct = pages(argv[1:])
    if not distinct:
        print("no pages found")
        return 1
    try:
        script = axe_script()
        browser().quit()
    except Exception as error:  # noqa: BLE001 - report any set-up failure plainly
        print(f"cannot set up the browser or axe-core: {error}")
        return 2
    start = time.monotonic()
    base = os.path.commonpath([str(pathlib.Path(f).resolve()) for f in argv[1:]])
    # One browser a core: each audits every other page (an audit keeps its browser's core busy).
    workers = max(1, min(len(distinct), os.cpu_count() or 1))
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(lambda k: audit_pages(distinct[k::workers], script, base), range(workers)))
    order = {path: index for index, path in enumerate(distinct)}
    for _, line in sorted((line for result in results for line in result[0]), key=lambda item: order[item[0]]):
        print(line)
    audits = sum(result[1] for result in results)
    violations = sum(result[2] for result in results)
    version = next((result[3] for result in results if result[3]), None)
    seconds = time.monotonic() - start
    print(f"axe-core {version}: {len(every)} pages ({len(distinct)} distinct) x {len(THEMES)} themes x {len(WIDTHS)} widths = "
          f"{audits} audits, {violations} violations ({seconds:.0f} s, {workers} browsers)")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
