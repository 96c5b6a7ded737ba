#!/usr/bin/env python3
"""One file per chart, as a browser shows it (issue 67, point 1).

Builds the demo site; measures, at 390 and 1280 px, the box each picture of some pages is shown
in (a file with a phone layout must get the phone's shape on a phone and as a thumbnail, the
wide one's on a desktop; every picture fits the page); and shows some of its chart files in headless Chromium through <img>, as
the pages do, in each box a page gives them (the wide box, and for a file with a phone layout
the phone box), light and dark. Each screenshot must match, pixel for pixel within a small
tolerance, the screenshot of a reference drawn from the same file with one scheme and one
layout written out (the media queries taken away): so the file's own style picks the right
colours for the reader's scheme and the right layout for the box. In forced colours
(`--force-high-contrast`) every mark stays visible: the marks cover at least as many pixels
as in the light picture, in colours other than the background.

A chart shown on one page only is written into that page as an <svg> element (an exercise's
weekly volume, the athlete's): on its page at 390 and 1280 px, light and dark, it must show the
layout an <img> of its file would show in the box the page gives it (the phone's shape at 390 px,
the wide one's at 1280), pixel for pixel against that <img> (the file taken from a self-contained
build, which carries it as a data URI), and keep every mark in forced colours.

Usage: chart-look-test.py GAZETTE_BINARY      Needs chromium; Python's standard library only.
"""
import base64
import html
import os
import re
import struct
import subprocess
import sys
import tempfile
import zlib

CHARTS = [
    "training-log-alex/charts/back-squat.svg",
    "credit-score/charts/score-gauge.svg",
    "kestrel-downs-races/charts/market-0625-kestrel-downs-larkspur-fillies-stakes.svg",
]
DARK = ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"]
# Pages with a chart written into them, each chart named by words of its <title>.
INLINE = [
    ("training-log-alex/back-squat.html", "weekly volume"),
    ("training-log-alex/index.html", "weekly volume"),
    ("credit-score/index.html", "credit score bands"),
    ("credit-score/index.html", "short-term credit utilisation"),
    ("kestrel-downs-races/0735-kestrel-downs-last-light-handicap.html", "market"),
]


def chromium():
    for name in ("chromium", "chromium-browser"):
        for folder in os.environ.get("PATH", "").split(os.pathsep):
            path = os.path.join(folder, name)
            if os.access(path, os.X_OK):
                return path
    return None


def pixels(path):
    """An 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes) as rows of RGB tuples."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    offset, idat, header = 8, b"", None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, (path, header)
    step = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * step
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up = previous[i]
            corner = previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, step)])
        previous = line
    return rows


def differing(a, b, tolerance=24):
    total = sum(len(row) for row in a)
    off = sum(1 for ra, rb in zip(a, b) for p, q in zip(ra, rb) if max(abs(x - y) for x, y in zip(p, q)) > tolerance)
    return off / total


def inked(rows):
    """Pixels of another colour than the picture's most common one (its background)."""
    counts = {}
    for row in rows:
        for p in row:
            counts[p] = counts.get(p, 0) + 1
    background = max(counts, key=counts.get)
    return sum(n for p, n in counts.items() if max(abs(x - y) for x, y in zip(p, background)) > 40)


def reference(svg, dark, layout):
    """The file with one scheme's rules written plainly and only `layout` (1-based) left."""
    out = []
    skip = False
    for line in svg.split("\n"):
        if skip and line == "}":
            skip = False
            continue
        if line.startswith("@media (prefers-color-scheme:dark){"):
            if dark:
                out.append(line[len("@media (prefers-color-scheme:dark){"):])
            skip = True
            continue
        if line.startswith("@media (forced-colors:active){") or line.startswith("@media (max-aspect-ratio"):
            skip = line.startswith("@media (forced-colors:active){")
            continue
        if re.fullmatch(r"(\.l\d+,?)+\{display:none\}", line):
            continue
        out.append(line)
    text = "\n".join(out)
    boxes = re.findall(r'<svg class="l(\d+)" viewBox="0 0 ([\d.]+) ([\d.]+)">', text)
    for number, _, _ in boxes:
        if int(number) != layout:
            text = re.sub(r'<svg class="l%s" viewBox="[^"]*">.*?</svg>\n' % number, "", text, flags=re.S)
    return text


def shoot(browser, work, name, src, width, height, flags):
    page = os.path.join(work, name + ".html")
    with open(page, "w") as f:
        f.write('<!doctype html><html><body style="margin:0">'
                f'<img src="file://{src}" width="{width}" height="{height}" style="display:block"></body></html>')
    shot = os.path.join(work, name + ".png")
    # A headless window much smaller than this shows less than its size: a roomy window, cropped.
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--user-data-dir={work}/profile", f"--window-size={max(width, 600)},{height + 400}",
                    f"--screenshot={shot}", *flags, f"file://{page}"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    return [row[:width] for row in pixels(shot)[:height]]


PAGES = [
    "index.html",
    "training-log-alex/index.html",
    "training-log-alex/back-squat.html",
    "credit-score/index.html",
    "kestrel-downs-races/0735-kestrel-downs-last-light-handicap.html",
]
MEASURE = """<!doctype html><html><body style="margin:0">
<iframe id="f" src="file://%s" width="%d" height="2000" style="border:0"></iframe><pre id="out"></pre>
<script>document.getElementById('f').onload = function () {
  var out = [];
  this.contentDocument.querySelectorAll('img').forEach(function (i) {
    var r = i.getBoundingClientRect();
    out.push(i.currentSrc + ' ' + (i.closest('figure.chart') ? 'figure' : 'thumbnail') + ' ' + r.left + ' ' + r.right + ' ' + r.width + ' ' + r.height);
  });
  this.contentDocument.querySelectorAll('figure.chart > svg').forEach(function (i, n) {
    var r = i.getBoundingClientRect();
    out.push('inline:' + n + ' inline ' + r.left + ' ' + r.right + ' ' + r.width + ' ' + r.height);
  });
  document.getElementById('out').textContent = out.join('\\n');
};</script></body></html>"""


def boxes(browser, work, page, width):
    """Each picture of `page` in an iframe `width` px wide: its file, whether it is a chart's figure
    or a thumbnail, left, right, width, height."""
    wrapper = os.path.join(work, "measure.html")
    with open(wrapper, "w") as f:
        f.write(MEASURE % (page, width))
    dom = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                          f"--user-data-dir={work}/profile", "--virtual-time-budget=3000", "--dump-dom",
                          f"file://{wrapper}"], check=True, capture_output=True, text=True, timeout=120).stdout
    text = dom.split('<pre id="out">')[1].split("</pre>")[0]
    return [(*line.split(" ")[:2], *map(float, line.split(" ")[2:])) for line in text.split("\n") if line]


def breakpoint(svg):
    """The box shape (width / height) below which a two-layout file shows its phone layout."""
    match = re.search(r"@media \(max-aspect-ratio:(\d+)/(\d+)\)", svg)
    return int(match.group(1)) / int(match.group(2)) if match else None


def check_pages(browser, work, site):
    """On a phone (390 px) every two-layout chart is shown in a box of its phone layout's shape,
    on a desktop (1280 px) in its wide one's (thumbnails always in the phone's); every picture
    fits the page's width."""
    failed = checked = 0
    for page in PAGES:
        for width in (390, 1280):
            for src, role, left, right, w, h in boxes(browser, work, os.path.join(site, page), width):
                if "/charts/" not in src or role == "inline":
                    continue
                svg = open(src[len("file://"):]).read()
                cut = breakpoint(svg)
                checked += 1
                problems = []
                if w <= 0 or h <= 0 or left < 0 or right > width:
                    problems.append(f"box {left:.0f}..{right:.0f} of a {width} px page, {w:.0f}x{h:.0f}")
                if cut:
                    phone = width == 390 or role == "thumbnail"
                    if (w / h <= cut) != phone:
                        problems.append(f"shape {w / h:.2f} shows the {'phone' if w / h <= cut else 'wide'} layout")
                what = f"{page} at {width} px: {src.split('/')[-1]} {w:.0f}x{h:.0f}"
                if problems:
                    failed += 1
                    print(f"  FAILED: {what}: " + "; ".join(problems))
                else:
                    print(f"  ok: {what}")
    return checked, failed


def inline_charts(page):
    """The <svg> elements written into a page, each with its <title>."""
    text = open(page).read()
    found = re.findall(r'<figure class="chart">\n(<svg class="[^"]*".*?</svg>)\n(?:<details|</figure>)', text, flags=re.S)
    return [(svg, html.unescape(re.search(r"<title>(.*?)</title>", svg).group(1))) for svg in found]


def embedded_file(page, title):
    """The chart file titled `title` as a self-contained page carries it (a data URI)."""
    for data in re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', open(page).read()):
        svg = base64.b64decode(data).decode()
        if html.unescape(re.search(r"<title>(.*?)</title>", svg).group(1)) == title:
            return svg
    return None


def shoot_in_frame(browser, work, name, body, width, box, flags):
    """`body` in a page `width` px wide (a frame of that width, whose viewport its media queries
    read), cropped to `box` (width, height) at its top left."""
    inner = os.path.join(work, name + "-inner.html")
    with open(inner, "w") as f:
        f.write('<!doctype html><html><head><meta name="color-scheme" content="light dark"></head>'
                f'<body style="margin:0;background:Canvas">{body}</body></html>')
    page = os.path.join(work, name + ".html")
    with open(page, "w") as f:
        f.write('<!doctype html><html><body style="margin:0">'
                f'<iframe src="file://{inner}" style="width:{width}px;height:{box[1] + 50}px;border:0;display:block">'
                '</iframe></body></html>')
    shot = os.path.join(work, name + ".png")
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--allow-file-access-from-files", f"--user-data-dir={work}/profile",
                    f"--window-size={max(width, 600)},{box[1] + 400}", f"--screenshot={shot}", *flags,
                    f"file://{page}"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    return [row[:box[0]] for row in pixels(shot)[:box[1]]]


def check_inline(browser, work, site, standalone):
    """Each inline chart on its page: the right layout's shape at 390 and 1280 px, the same
    pixels as an <img> of its file in that box, light and dark; every mark in forced colours."""
    failed = checked = 0
    for page, title in INLINE:
        charts = [(svg, t) for svg, t in inline_charts(os.path.join(site, page)) if title in t.lower()]
        if not charts:
            print(f"  FAILED: {page} has no inline chart titled {title!r}")
            failed += 1
            continue
        markup, full_title = charts[0]
        file_svg = embedded_file(os.path.join(standalone, page), full_title)
        if file_svg is None:
            print(f"  FAILED: the self-contained {page} carries no file titled {full_title!r}")
            failed += 1
            continue
        source = os.path.join(work, re.sub(r"\W", "_", page) + "-file.svg")
        with open(source, "w") as f:
            f.write(file_svg)
        cut = breakpoint(file_svg)
        index = [t for _, t in inline_charts(os.path.join(site, page))].index(full_title)
        for width in (390, 1280):
            measured = [b for b in boxes(browser, work, os.path.join(site, page), width) if b[0] == f"inline:{index}"]
            _, _, left, right, w, h = measured[0]
            checked += 1
            what = f"{page} inline {full_title!r} at {width} px ({w:.0f}x{h:.0f})"
            phone = width == 390
            if w <= 0 or left < 0 or right > width or (cut and (w / h <= cut) != phone):
                failed += 1
                print(f"  FAILED: {what}: box {left:.0f}..{right:.0f}, shape {w / h:.2f}, phone cut {cut}")
                continue
            shape_said = "its one shape" if not cut else f"the {'phone' if phone else 'wide'} shape"
            print(f"  ok: {what}: {shape_said}, within the page")
            # The element in a column about as wide as the page gave it, and the file's <img> in
            # the same box: the widest at most as wide whose height in the layout's shape is whole
            # pixels (at a fraction of a pixel an image and an element round their edges apart).
            layouts = [(float(a), float(b)) for a, b in re.findall(r'<svg class="l\d+" viewBox="0 0 ([\d.]+) ([\d.]+)">',
                                                                     file_svg)]
            layouts = layouts or [tuple(map(float, re.match(r'<svg xmlns="[^"]*" width="([\d.]+)" height="([\d.]+)"',
                                                            file_svg).groups()))]
            shape = layouts[min(len(layouts) - 1, 1 if phone else 0)]
            box = next(((x, round(x * shape[1] / shape[0])) for x in range(int(w), 0, -1)
                        if abs(x * shape[1] / shape[0] - round(x * shape[1] / shape[0])) < 1e-6), (int(w), int(h)))
            inline_body = f'<div style="width:{box[0]}px">{markup}</div>'
            img_body = f'<img src="file://{source}" alt="" width="{box[0]}" height="{box[1]}" style="display:block">'
            stem = f"inline-{index}-{re.sub(chr(92) + 'W', '_', page)}-{width}"
            for dark in (False, True):
                flags = DARK if dark else []
                shown = shoot_in_frame(browser, work, f"{stem}-{dark}", inline_body, width, box, flags)
                wanted = shoot_in_frame(browser, work, f"{stem}-{dark}-ref", img_body, width, box, flags)
                off = differing(shown, wanted)
                checked += 1
                scheme = "dark" if dark else "light"
                if off > 0.004:
                    failed += 1
                    print(f"  FAILED: {what} {scheme}: {off * 100:.2f}% of pixels differ from the file's <img>")
                else:
                    print(f"  ok: {what} {scheme}: {off * 100:.2f}% of pixels differ from the file's <img>")
            light = shoot_in_frame(browser, work, f"{stem}-plain", inline_body, width, box, [])
            forced = shoot_in_frame(browser, work, f"{stem}-forced", inline_body, width, box,
                                    ["--force-high-contrast"])
            checked += 1
            if differing(light, forced) == 0 or inked(forced) < inked(light) * 0.9:
                failed += 1
                print(f"  FAILED: {what} in forced colours: {inked(forced)} marked pixels against {inked(light)}")
            else:
                print(f"  ok: {what} in forced colours ({inked(forced)} marked pixels)")
    return checked, failed


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    browser = chromium()
    if not browser:
        print("chromium is not installed (apt-get install chromium)")
        sys.exit(2)
    work = tempfile.mkdtemp()
    site = os.path.join(work, "site")
    subprocess.run([os.path.abspath(sys.argv[1]), "build", "--now", "2023-11-04T05:50:00Z", "--output", site,
                    "--quiet"], check=True)
    standalone = os.path.join(work, "standalone")
    subprocess.run([os.path.abspath(sys.argv[1]), "build", "--now", "2023-11-04T05:50:00Z", "--output", standalone,
                    "--self-contained", "--quiet"], check=True)
    checked, failed = check_pages(browser, work, site)
    more = check_inline(browser, work, site, standalone)
    checked, failed = checked + more[0], failed + more[1]
    for chart in CHARTS:
        path = os.path.join(site, chart)
        svg = open(path).read()
        layouts = [(int(float(w)), int(float(h)))
                   for _, w, h in re.findall(r'<svg class="l(\d+)" viewBox="0 0 ([\d.]+) ([\d.]+)">', svg)]
        if not layouts:
            size = re.match(r'<svg xmlns="[^"]*" width="([\d.]+)" height="([\d.]+)"', svg)
            layouts = [(int(float(size.group(1))), int(float(size.group(2))))]
        stem = chart.replace("/", "_")[:-4]
        for number, (width, height) in enumerate(layouts, start=1):
            for dark in (False, True):
                ref = os.path.join(work, f"{stem}-ref-{number}-{dark}.svg")
                with open(ref, "w") as f:
                    f.write(reference(svg, dark, number))
                flags = DARK if dark else []
                shown = shoot(browser, work, f"{stem}-{number}-{dark}", path, width, height, flags)
                wanted = shoot(browser, work, f"{stem}-{number}-{dark}-ref", ref, width, height, flags)
                off = differing(shown, wanted)
                checked += 1
                what = f"{chart} layout {number} ({width}x{height}) {'dark' if dark else 'light'}"
                if off > 0.002:
                    failed += 1
                    print(f"  FAILED: {what}: {off * 100:.2f}% of pixels differ from the reference")
                else:
                    print(f"  ok: {what}")
            light = shoot(browser, work, f"{stem}-{number}-plain", path, width, height, [])
            forced = shoot(browser, work, f"{stem}-{number}-forced", path, width, height, ["--force-high-contrast"])
            checked += 1
            if differing(light, forced) == 0 or inked(forced) < inked(light) * 0.9:
                failed += 1
                print(f"  FAILED: {chart} layout {number} in forced colours: {inked(forced)} marked pixels "
                      f"against {inked(light)} in light")
            else:
                print(f"  ok: {chart} layout {number} in forced colours ({inked(forced)} marked pixels)")
    print(f"{checked} checks, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
