#!/usr/bin/env python3
"""Charts' labels as Chromium sets them (issue 67, point 2: text is SVG text).

A chart's text is real `<text>`, set by the reader's browser in DejaVu Sans where it has it and in
another face where it does not; each run says the width Cairo laid it out with (`textLength`).
This builds the demo site and, for every chart file and each of its layouts (the wide one a
desktop page shows at 1280 px, the phone one a 390 px page shows), measures in headless Chromium
the box of every label: none may leave its chart's box or overlap another label. It does so
twice: in DejaVu Sans, and with the family swapped for a serif face of other widths (what a
reader without DejaVu Sans gets), where the stated widths must keep every label in its place.

Charts shown on one page only are written into that page (`<svg class="iNr">`): those are measured
in their pages as a reader gets them, 390 and 1280 px wide, in both faces.

Usage: chart-labels-test.py GAZETTE_BINARY      Needs chromium; Python's standard library only.
"""
import glob
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("chart_look", os.path.join(HERE, "chart-look-test.py"))
look = importlib.util.module_from_spec(spec)
spec.loader.exec_module(look)

FAMILIES = {"DejaVu Sans": "DejaVu Sans,Verdana,sans-serif", "a serif face": "serif"}
# Half a pixel: Chromium's boxes are fractional, and labels laid out edge to edge may touch.
SLACK = 0.5
MEASURE = """
<pre id="out"></pre>
<script>
var out = [];
document.querySelectorAll('div.chart').forEach(function (box) {
  var root = box.querySelector('svg').getBoundingClientRect();
  var labels = [];
  box.querySelectorAll('text').forEach(function (t) {
    var r = t.getBoundingClientRect();
    if (r.width > 0) labels.push([t.textContent, r.left - root.left, r.top - root.top, r.right - root.left, r.bottom - root.top]);
  });
  out.push(box.id + '\\t' + root.width + '\\t' + root.height + '\\t' + JSON.stringify(labels));
});
document.getElementById('out').textContent = out.join('\\n');
</script></body></html>"""


def layouts(svg):
    """Each layout's number and size: the nested `<svg class="lN">`s, or the root's own size."""
    found = [(int(n), float(w), float(h))
             for n, w, h in re.findall(r'<svg class="l(\d+)" viewBox="0 0 ([\d.]+) ([\d.]+)">', svg)]
    if found:
        return found
    size = re.match(r'<svg xmlns="[^"]*" width="([\d.]+)" height="([\d.]+)"', svg)
    return [(1, float(size.group(1)), float(size.group(2)))]


def page(charts, family):
    """One page holding every chart's every layout inline, each at its own size, in `family`."""
    parts = ['<!doctype html><html><body style="margin:0">']
    for index, (name, svg) in enumerate(charts):
        for number, width, height in layouts(svg):
            one = look.reference(svg, False, number)
            one = re.sub(r'^<svg xmlns="http://www.w3.org/2000/svg"( width="[^"]*" height="[^"]*")?',
                         f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"', one)
            one = one.replace('font-family="DejaVu Sans,Verdana,sans-serif"', f'font-family="{family}"')
            parts.append(f'<div class="chart" id="{index}:{number}" style="width:{width}px;height:{height}px">'
                         f'{one}</div>')
    return "".join(parts) + MEASURE


INLINE = """<!doctype html><html><body style="margin:0">%s<pre id="out"></pre>
<script>
function measure() {
  var out = [];
  document.querySelectorAll('iframe').forEach(function (frame) {
    var doc = frame.contentDocument;
    var face = doc.createElement('style');
    face.textContent = '%s';
    doc.head.appendChild(face);
    doc.querySelectorAll('svg[class$="r"][role="img"]').forEach(function (root, index) {
      if (!/^i[0-9]+r$/.test(root.getAttribute('class'))) return;
      var box = root.getBoundingClientRect();
      var labels = [];
      root.querySelectorAll('text').forEach(function (t) {
        var r = t.getBoundingClientRect();
        if (r.width > 0) labels.push([t.textContent, r.left - box.left, r.top - box.top, r.right - box.left, r.bottom - box.top]);
      });
      out.push(frame.dataset.page + '#' + root.getAttribute('class') + '\t' + box.width + '\t' + box.height + '\t' + JSON.stringify(labels));
    });
  });
  document.getElementById('out').textContent = out.join('\\n');
}
// The window's load comes after every frame's.
window.addEventListener('load', measure);
</script></body></html>"""


def inline_pages(site, browser, work, width, family):
    """Every page with a chart written into it, `width` px wide, measured in `family`: one line a
    chart, as `page()`'s are."""
    pages = [path for path in sorted(glob.glob(os.path.join(site, "*", "*.html")))
             if re.search(r'<svg class="i\d+r"', open(path).read())]
    frames = "".join(f'<iframe data-page="{os.path.relpath(p, site)}" src="file://{p}" width="{width}" '
                     f'height="3000" style="border:0;display:block"></iframe>' for p in pages)
    rule = "" if family is None else f"svg text {{ font-family: {family} !important }}"
    wrapper = os.path.join(work, "inline.html")
    with open(wrapper, "w") as f:
        f.write(INLINE % (frames, rule))
    dom = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                          f"--user-data-dir={work}/profile", "--virtual-time-budget=5000", "--dump-dom",
                          f"file://{wrapper}"], check=True, capture_output=True, text=True, timeout=300).stdout
    return len(pages), dom.split('<pre id="out">')[1].split("</pre>")[0]


def overlap(a, b):
    return min(a[3], b[3]) - max(a[1], b[1]) > SLACK and min(a[4], b[4]) - max(a[2], b[2]) > SLACK


def check(charts, measured, what):
    failed = checked = 0
    for line in measured.split("\n"):
        if not line:
            continue
        key, width, height, labels = line.split("\t")
        if charts is None:
            name, number = key, "shown"
        else:
            index, number = map(int, key.split(":"))
            name = charts[index][0]
        width, height = float(width), float(height)
        labels = __import__("json").loads(labels)
        problems = []
        for text, left, top, right, bottom in labels:
            if left < -SLACK or top < -SLACK or right > width + SLACK or bottom > height + SLACK:
                problems.append(f'"{text}" leaves the {width:.0f}x{height:.0f} box ({left:.1f}, {top:.1f}, '
                                f'{right:.1f}, {bottom:.1f})')
        for i, a in enumerate(labels):
            for b in labels[i + 1:]:
                if overlap(a, b):
                    problems.append(f'"{a[0]}" overlaps "{b[0]}"')
        checked += 1
        if problems:
            failed += 1
            print(f"  FAILED: {name} layout {number} in {what}: " + "; ".join(problems[:4]))
        elif not labels:
            failed += 1
            print(f"  FAILED: {name} layout {number} in {what}: no label measured")
    print(f"  {checked} layouts in {what}: {checked - failed} with every label inside and apart")
    return checked, failed


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    browser = look.chromium()
    if not browser:
        print("chromium is not installed (apt-get install chromium)")
        sys.exit(2)
    work = tempfile.mkdtemp()
    site = os.path.join(work, "site")
    subprocess.run([os.path.abspath(sys.argv[1]), "build", "--now", "2023-11-04T05:50:00Z", "--output", site,
                    "--quiet"], check=True)
    charts = [(os.path.relpath(path, site), open(path).read())
              for path in sorted(glob.glob(os.path.join(site, "*", "charts", "*.svg")))]
    if not charts:
        sys.exit("the demo site has no chart files")
    checked = failed = 0
    for what, family in FAMILIES.items():
        wrapper = os.path.join(work, "labels.html")
        with open(wrapper, "w") as f:
            f.write(page(charts, family))
        dom = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={work}/profile",
                              "--virtual-time-budget=3000", "--dump-dom", f"file://{wrapper}"],
                             check=True, capture_output=True, text=True, timeout=300).stdout
        measured = dom.split('<pre id="out">')[1].split("</pre>")[0]
        c, f = check(charts, measured, what)
        checked += c
        failed += f
    for width in (390, 1280):
        for what, family in (("DejaVu Sans", None), ("a serif face", "serif")):
            count, measured = inline_pages(site, browser, work, width, family)
            c, f = check(None, measured, f"{what}, inline at {width} px")
            if c == 0:
                f += 1
                print(f"  FAILED: no chart written into a page was measured at {width} px")
            checked += c
            failed += f
    print(f"{len(charts)} chart files and the charts written into pages, {checked} layouts checked, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
