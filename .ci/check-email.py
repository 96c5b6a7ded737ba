#!/usr/bin/env python3
"""Parses every report.eml under a site folder with Python's email package and checks it:
MIME structure, headers, every cid: reference has its part, the text part has content, and the
report's PDF is attached when the build wrote one."""
import email
import re
import sys
from email import policy
from pathlib import Path


def check(path: Path) -> list[str]:
    problems = []
    message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
    for header in ("From", "To", "Subject", "Date", "Message-ID", "MIME-Version"):
        if not message.get(header):
            problems.append(f"missing header {header}")
    pdf = path.parent / "report.pdf"
    expected_top = "multipart/mixed" if pdf.exists() else "multipart/alternative"
    if message.get_content_type() != expected_top:
        problems.append(f"top type is {message.get_content_type()}, not {expected_top}")
    if pdf.exists():
        attached = [p for p in message.walk() if p.get_content_type() == "application/pdf"]
        if len(attached) != 1 or attached[0].get_content_disposition() != "attachment":
            problems.append(f"{len(attached)} PDF attachments")
        elif attached[0].get_content() != pdf.read_bytes():
            problems.append("the attached PDF is not report.pdf")
    texts = [p for p in message.walk() if p.get_content_type() == "text/plain"]
    htmls = [p for p in message.walk() if p.get_content_type() == "text/html"]
    if len(texts) != 1 or len(htmls) != 1:
        problems.append(f"{len(texts)} text and {len(htmls)} HTML parts")
        return problems
    if len(texts[0].get_content().strip()) < 20:
        problems.append("the text part is nearly empty")
    ids = {p["Content-ID"].strip("<>") for p in message.walk() if p.get("Content-ID")}
    html = htmls[0].get_content()
    for reference in re.findall(r'cid:([^"\'\s)]+)', html):
        if reference not in ids:
            problems.append(f"cid:{reference} has no part")
    if "data:image" in html:
        problems.append("the HTML uses data URIs")
    # Strict mail programs drop <style>, custom properties, grid and flex: nothing may depend on them.
    for needle in ("<style", "var(", "display:flex", "display:grid", "<link"):
        if needle in html:
            problems.append(f"the HTML uses {needle}")
    for width in re.findall(r'\swidth="(\d+)"', html):
        if int(width) > 600:
            problems.append(f"an element is {width} px wide")
    for number, line in enumerate(path.read_bytes().split(b"\r\n"), 1):
        if len(line) > 998:
            problems.append(f"line {number} is longer than 998 bytes")
            break
    return problems


def main() -> int:
    root = Path(sys.argv[1])
    messages = sorted(root.glob("*/report.eml"))
    if not messages:
        print(f"no report.eml under {root}")
        return 1
    failed = False
    for path in messages:
        problems = check(path)
        status = "ok" if not problems else "FAILED: " + "; ".join(problems)
        print(f"  {path.relative_to(root)}: {status}")
        failed = failed or bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
