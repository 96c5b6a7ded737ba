#!/usr/bin/env python3
"""E-mails as a strict mail program shows them (issue 11): every report.eml under a site folder is
parsed with Python's email package, its HTML part gets its cid: pictures as data URIs and loses
its <head> (and any <style>), and headless Chromium shows it at 600 CSS px. The check: nothing is
wider than 600 px, every picture loads, the title keeps its inline style, and each headline figure
shows exactly once, large and bold. A screenshot of each is written to OUT_DIR to look at.

Usage: mail-screenshot.py SITE_DIR OUT_DIR     Needs chromium, chromedriver and selenium.
"""
import base64
import email
import pathlib
import re
import sys
from email import policy

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def stripped_html(message):
    pictures = {}
    html = None
    for part in message.walk():
        if part.get("Content-ID"):
            pictures[part["Content-ID"].strip("<>")] = part.get_content()
        if part.get_content_type() == "text/html":
            html = part.get_content()
    for cid, data in pictures.items():
        html = html.replace(f"cid:{cid}", "data:image/png;base64," + base64.b64encode(data).decode())
    html = re.sub(r"<head>.*?</head>", "", html, flags=re.S)
    return re.sub(r"<style.*?</style>", "", html, flags=re.S)


CHECK = """
const body = document.body;
const figures = [...document.querySelectorAll('span')].filter(s => {
  const style = getComputedStyle(s);
  return style.fontSize === '20px' && Number(style.fontWeight) >= 700;
}).map(s => s.textContent.trim());
const images = [...document.images].map(i => [i.naturalWidth, i.width]);
const title = document.querySelector('h1');
return {
  width: document.documentElement.scrollWidth,
  height: document.documentElement.scrollHeight,
  figures: figures,
  images: images,
  titleSize: title ? getComputedStyle(title).fontSize : null,
  text: body.innerText,
};
"""


def main():
    site, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    failed = False
    try:
        for path in sorted(site.glob("*/report.eml")):
            message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
            page = out / f"{path.parent.name}.html"
            page.write_text(stripped_html(message), encoding="utf-8")
            driver.set_window_size(600, 900)
            driver.get(page.resolve().as_uri())
            seen = driver.execute_script(CHECK)
            problems = []
            if seen["width"] > 600:
                problems.append(f"{seen['width']} px wide")
            if any(natural == 0 for natural, _ in seen["images"]):
                problems.append("a picture does not load")
            if any(shown > 600 for _, shown in seen["images"]):
                problems.append("a picture is wider than 600 px")
            if seen["titleSize"] != "24px":
                problems.append(f"the title lost its style ({seen['titleSize']})")
            if not seen["figures"]:
                problems.append("no headline figure is shown large")
            for figure in seen["figures"]:
                # Each figure once: its value shows in one large span and nowhere else as a line.
                if seen["figures"].count(figure) > 1:
                    problems.append(f"the figure {figure!r} shows twice")
            driver.set_window_size(600, min(int(seen["height"]) + 20, 16000))
            driver.save_screenshot(str(out / f"{path.parent.name}.png"))
            status = "ok" if not problems else "FAILED: " + "; ".join(sorted(set(problems)))
            print(f"  {path.relative_to(site)}: {len(seen['figures'])} figures, {len(seen['images'])} pictures, "
                  f"{seen['height']} px tall: {status}")
            failed = failed or bool(problems)
    finally:
        driver.quit()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
