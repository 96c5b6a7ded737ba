#!/usr/bin/env python3
"""Pages that print whole (issue 11, item 4): every page of a built site printed to PDF by headless
Chromium (--print-to-pdf, A4 from the page's @page rule) keeps every column of every table that
shows in print (the last header cell of each is found in pdftotext's text), keeps its charts
(every picture the page shows in print is drawn: a raster image that pdfimages lists, or, for the
SVG charts, which print as vectors, a /Figure of Chromium's tagged PDF whose marked content paints
paths), and its last page holds more than the footer.

Usage: print-test.py SITE_DIR [PDF_DIR]     Needs chromium, poppler-utils and qpdf.
"""
import html.parser
import pathlib
import re
import subprocess
import sys
import tempfile

CHROMIUM = "/usr/bin/chromium"


class Page(html.parser.HTMLParser):
    """The last header cell of each printed table, the printed pictures, the footer's text."""

    def __init__(self):
        super().__init__()
        self.stack = []            # open elements: (tag, hidden in print)
        self.headers = []          # per table: the header cells of its first row
        self.in_header_row = False
        self.cell = None
        self.pictures = 0
        self.footer_depth = None
        self.footer = []

    def hidden(self):
        return any(hidden for _, hidden in self.stack)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        # Closed <details> (a chart's data table) and what print CSS hides do not print.
        hidden = (tag == "details" and "open" not in attrs) or any(c in classes for c in (
            "chart-links", "pager", "order-tabs", "race-pager", "ntg-tabs", "ntg-filter", "skip", "visually-hidden", "ntg-sr"))
        if tag in ("br", "img", "source", "meta", "link", "input", "hr", "col", "wbr"):
            if tag == "img" and not self.hidden():
                self.pictures += 1
            return
        self.stack.append((tag, hidden))
        if tag == "table" and not self.hidden():
            self.headers.append(None)
        if tag == "tr" and self.headers and self.headers[-1] is None and not self.hidden():
            self.in_header_row = True
            self.headers[-1] = []
        if tag == "th" and self.in_header_row:
            self.cell = []
        if tag == "footer" and "site-footer" in classes:
            self.footer_depth = len(self.stack)

    def handle_endtag(self, tag):
        if tag == "th" and self.cell is not None:
            self.headers[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
        if tag == "tr":
            self.in_header_row = False
        if self.footer_depth is not None and len(self.stack) == self.footer_depth and tag == "footer":
            self.footer_depth = -1
        while self.stack:
            open_tag, _ = self.stack.pop()
            if open_tag == tag:
                break

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)
        if self.footer_depth is not None and self.footer_depth > 0:
            self.footer.append(data)


PAINT = re.compile(rb"(?:^|\s)(?:f\*?|F|S|s|B\*?|b\*?)\s*$")


def drawn_figures(pdf):
    """Figures of the tagged PDF whose marked content paints at least one path: an SVG chart
    prints as its own fills and strokes, not as an image."""
    with tempfile.TemporaryDirectory() as folder:
        plain = pathlib.Path(folder) / "plain.pdf"
        # Uncompressed content streams, one operator a line.
        subprocess.run(["qpdf", "--qdf", "--object-streams=disable", str(pdf), str(plain)], check=True,
                       capture_output=True)
        lines = plain.read_bytes().splitlines()
    figures = 0
    depth = None      # marked-content depth inside a figure, None outside one
    paints = 0
    for line in lines:
        if depth is None:
            if line.startswith(b"/Figure ") and line.rstrip().endswith(b"BDC"):
                depth, paints = 0, 0
            continue
        if line.rstrip().endswith(b"BDC") or line.rstrip().endswith(b"BMC"):
            depth += 1
        elif line.strip() == b"EMC":
            if depth == 0:
                figures += paints > 0
                depth = None
            else:
                depth -= 1
        elif PAINT.search(line):
            paints += 1
    return figures


def words(text):
    return " ".join(text.replace("\u00ad", "").split())


def main():
    site = pathlib.Path(sys.argv[1])
    out = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else pathlib.Path(tempfile.mkdtemp())
    out.mkdir(parents=True, exist_ok=True)
    failures = 0
    pages = sorted(site.rglob("*.html"))
    for page in pages:
        name = str(page.relative_to(site))
        parsed = Page()
        parsed.feed(page.read_text(encoding="utf-8"))
        pdf = out / (name.replace("/", "__") + ".pdf")
        # Chromium tags a picture as a /Figure only when the accessibility tree has it: a copy of
        # the page beside it (for its relative links) gives decorative pictures (alt="", inside an
        # aria-hidden link) a name, so every printed picture can be found. Nothing else changes.
        counter = iter(range(1, 10_000))
        labelled = re.sub(r'(<img\b[^>]*?) alt=""', lambda m: f'{m.group(1)} alt="picture {next(counter)}"',
                          page.read_text(encoding="utf-8")).replace(' aria-hidden="true"', "")
        copy = page.with_name(page.stem + ".print-test.html")
        copy.write_text(labelled, encoding="utf-8")
        try:
            subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                            f"--print-to-pdf={pdf}", copy.resolve().as_uri()], check=True, capture_output=True,
                           timeout=120)
        finally:
            copy.unlink()
        # Reading order, not layout: a header that wraps inside its cell ("Days / since / run") reads whole.
        text = subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
        flat = words(text)
        problems = []
        for cells in parsed.headers:
            if cells and words(cells[-1]) not in flat:
                problems.append(f"the column \"{cells[-1]}\" is missing")
        images = subprocess.run(["pdfimages", "-list", str(pdf)], check=True, capture_output=True, text=True).stdout
        # Every picture drawn counts once; soft masks (a PNG's alpha) are not pictures of their own,
        # and a broken picture's icon (14×16) is none.
        printed = sum(1 for row in images.strip().splitlines()[2:]
                      if row.split()[2] == "image" and min(int(row.split()[3]), int(row.split()[4])) >= 32)
        printed += drawn_figures(pdf)
        if printed < parsed.pictures:
            problems.append(f"{parsed.pictures} pictures on the page, {printed} in the print")
        last_page = text.split("\f")
        last_page = [p for p in last_page if p.strip()][-1] if any(p.strip() for p in last_page) else ""
        footer = words("".join(parsed.footer))
        if footer and words(last_page) and words(last_page) in footer:
            problems.append("the last page holds only the footer")
        pages_count = text.count("\f")
        status = "ok" if not problems else "FAILED: " + "; ".join(problems)
        print(f"  {name}: {pages_count} page(s), {len(parsed.headers)} table(s), {printed} of {parsed.pictures} picture(s): {status}")
        failures += bool(problems)
    if not pages:
        print(f"no pages under {site}")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
