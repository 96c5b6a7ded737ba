#!/usr/bin/env python3
"""`gazette serve` in a real browser (issue 14): pages reload by themselves.

Starts `gazette serve` on a free port with a credit report and a next-to-go feed (the project's
own fixtures), opens pages in headless Chromium through selenium and checks that
  - changing the credit report's score makes the open page reload with the new figure,
  - the next-to-go page reloads when its first race leaves (one minute after its start),
  - the files on disk carry no reload script, while served HTML does,
  - requests that leave the output folder get 403 or 404, plain and percent-encoded,
  - a second `serve` on the same port moves to the next free one and says so.

Usage: serve-test.py GAZETTE_BINARY      Needs chromium, chromedriver and selenium.
"""
import http.client
import json
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests" / "Fixtures"
# Thornvale R3 (horse) starts at 1700000000 - 25 and leaves the list one minute later, at
# 1700000035: 25 seconds after the watch's clock starts here, once the credit check is done.
NOW = 1700000010


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(what, condition, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            if condition():
                return
        except Exception:  # the page may be reloading under us
            pass
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for: {what}")


def describe(driver):
    return driver.execute_script("return [window.gazetteMarker, [...document.querySelectorAll('main li.ntg-race')]"
                                 ".find(li => li.offsetParent !== null).textContent.trim().split('\\n')[0]]")


def raw_get(port, path):
    """A GET with the path exactly as given (no client-side tidying of `..`)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.putrequest("GET", path, skip_host=False, skip_accept_encoding=True)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, response.getheader("Content-Type"), body


# countdown.js counts from the reader's clock; the browser's clock is set to the watch's (NOW at
# the serve's start, running at real speed) before any page script runs.
CLOCK_SHIM = """(function () {
  var RealDate = Date, shift = %d;
  class ReaderDate extends RealDate {
    constructor(...args) { if (args.length === 0) super(RealDate.now() + shift); else super(...args); }
    static now() { return RealDate.now() + shift; }
  }
  window.Date = ReaderDate;
})();"""


def start_serve(binary, folder, port):
    process = subprocess.Popen([binary, "serve", "job.yml", "--port", str(port), "--now", str(NOW), "--jobs", "1"],
                               cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    banner = process.stdout.readline().strip()
    return process, banner


def main():
    binary = sys.argv[1]
    work = pathlib.Path(tempfile.mkdtemp())
    shutil.copy(FIXTURES / "credit-report.json", work / "credit.json")
    shutil.copy(FIXTURES / "next-to-go.json", work / "races.json")
    (work / "job.yml").write_text(
        "title: Preview\nreports:\n"
        "  - kind: credit-score\n    input: credit.json\n"
        "  - kind: next-to-go\n    input: races.json\n    categories: [horse]\n", encoding="utf-8")
    port = free_port()
    started = time.time()
    serve, banner = start_serve(binary, work, port)
    other = None
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                           {"source": CLOCK_SHIM % round(NOW * 1000 - started * 1000)})
    try:
        expected = f"at http://127.0.0.1:{port}/"
        assert expected in banner, banner
        print(f"  ok: {banner}")
        base = f"http://127.0.0.1:{port}"
        wait_for("the first build", lambda: (work / "Output" / "credit-score" / "index.html").exists(), 60)

        # Served HTML carries the reload script; the file on disk is what `build` wrote.
        status, kind, body = raw_get(port, "/credit-score/index.html")
        assert status == 200 and kind.startswith("text/html"), (status, kind)
        assert b"gazette serve: live reload" in body
        assert b"live reload" not in (work / "Output" / "credit-score" / "index.html").read_bytes()
        status, kind, _ = raw_get(port, "/assets/style.css")
        assert status == 200 and kind.startswith("text/css"), (status, kind)
        status, kind, _ = raw_get(port, "/favicon.svg")
        assert status == 200 and kind == "image/svg+xml", (status, kind)
        print("  ok: HTML served with the reload script, files on disk unchanged, media types right")

        for path in ("/../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/credit-score/%2E%2E/%2E%2E/job.yml",
                     "/..%2f..%2fjob.yml"):
            status, _, body = raw_get(port, path)
            assert status in (403, 404) and b"root:" not in body, (path, status)
        (work / "Output" / "escape").symlink_to(work / "job.yml")
        status, _, _ = raw_get(port, "/escape")
        assert status in (403, 404), status
        print("  ok: traversal (plain, encoded, by a link) refused with 403/404")

        # An input changes: the open page reloads by itself with the new figure.
        driver.get(base + "/credit-score/index.html")
        wait_for("the credit page", lambda: "468" in driver.find_element("tag name", "main").text, 20)
        driver.execute_script("window.gazetteMarker = 1")
        time.sleep(1.5)  # the page's socket is open
        report = json.loads((work / "credit.json").read_text(encoding="utf-8"))
        report["creditReportInfo"]["score"] = 512
        (work / "credit.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
        wait_for("the credit page to reload with 512", lambda: driver.execute_script("return window.gazetteMarker") is None
                 and "512" in driver.find_element("tag name", "main").text, 30)
        print("  ok: the open credit page reloaded by itself and shows 512")

        # A next-to-go page reloads when its first race leaves.
        driver.get(base + "/next-to-go/index.html")
        # The first race on show (the page also holds races it has not revealed yet, hidden).
        first = lambda: driver.execute_script(
            "return [...document.querySelectorAll('main li.ntg-race')].find(li => li.offsetParent !== null).textContent")
        wait_for("Thornvale R3 first", lambda: "Thornvale" in first() and "R3" in first(), 20)
        driver.execute_script("window.gazetteMarker = 1")
        print(f"  (next-to-go page open: {describe(driver)})")
        wait_for("the next-to-go page to reload without Thornvale R3",
                 lambda: driver.execute_script("return window.gazetteMarker") is None and "Saltbush Downs" in first(), 60)
        print(f"  ok: the next-to-go page reloaded when Thornvale R3 left; first now: {' '.join(first().split())!r}")

        # The port is taken: a second serve says so and uses the next free one.
        (work / "second").mkdir()
        shutil.copy(work / "job.yml", work / "second" / "job.yml")
        shutil.copy(work / "credit.json", work / "second" / "credit.json")
        shutil.copy(work / "races.json", work / "second" / "races.json")
        other, second_banner = start_serve(binary, work / "second", port)
        match = re.search(r"at http://127\.0\.0\.1:(\d+)/ \(port (\d+) is taken\)", second_banner)
        assert match and int(match.group(1)) != port and int(match.group(2)) == port, second_banner
        print(f"  ok: {second_banner}")
    finally:
        driver.quit()
        for process in (serve, other):
            if process:
                process.terminate()
                process.wait(timeout=15)
        shutil.rmtree(work, ignore_errors=True)
    assert serve.returncode == 0, f"serve ended with {serve.returncode}"
    print("serve test passed")


if __name__ == "__main__":
    main()
