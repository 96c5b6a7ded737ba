import Foundation

/// Debian's `chromium` in headless mode, for tests that need a real browser: a page's DOM after
/// its scripts ran, under a clock the test chooses.
package struct HeadlessChromium {
    package let executable: URL
    /// A fresh profile per test, so no cache or state leaks between runs.
    package let profile: URL

    package init() throws {
        executable = try ToolOnPath.require("chromium")
        profile = TestSupport.temporaryFolder().appendingPathComponent("chromium-profile")
    }

    /// A copy of `page` beside it (so its relative links still resolve) whose clock reads
    /// `unixSeconds` when the page starts loading and runs on from there: a script at the top of
    /// `<head>`, before any of the page's own, replaces `Date` with one shifted by the difference.
    package static func withClock(_ page: URL, at unixSeconds: Int64, name: String) throws -> URL {
        let html = try String(contentsOf: page, encoding: .utf8)
        let shim = """
            <script>(function () {
              var RealDate = Date, shift = \(unixSeconds) * 1000 - RealDate.now();
              class ReaderDate extends RealDate {
                constructor(...args) { if (args.length === 0) super(RealDate.now() + shift); else super(...args); }
                static now() { return RealDate.now() + shift; }
              }
              window.Date = ReaderDate;
            })();</script>
            """
        guard let head = html.range(of: "<head>") else { throw CocoaError(.fileReadCorruptFile) }
        let copy = page.deletingLastPathComponent().appendingPathComponent(name)
        try Data(html.replacingCharacters(in: head, with: "<head>\n" + shim).utf8).write(to: copy)
        return copy
    }

    /// A copy of `page` beside it in which the reader types `text` into its search box once the
    /// page's own scripts ran (a `DOMContentLoaded` listener, which runs after deferred scripts).
    package static func typing(_ text: String, into page: URL, name: String) throws -> URL {
        let html = try String(contentsOf: page, encoding: .utf8)
        let quoted = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
        let shim = """
            <script>document.addEventListener("DOMContentLoaded", function () {
              var box = document.querySelector("input[type=search]");
              box.value = \(quoted);
              box.dispatchEvent(new Event("input"));
            });</script>
            """
        guard let end = html.range(of: "</body>") else { throw CocoaError(.fileReadCorruptFile) }
        let copy = page.deletingLastPathComponent().appendingPathComponent(name)
        try Data(html.replacingCharacters(in: end, with: shim + "\n</body>").utf8).write(to: copy)
        return copy
    }

    /// A copy of `page` beside it whose own scripts do not run, as for a reader without
    /// JavaScript: a Content-Security-Policy allowing none (Chromium's switch that turns scripts off
    /// also stops `--dump-dom` from writing the page).
    package static func withoutScripts(_ page: URL, name: String) throws -> URL {
        let html = try String(contentsOf: page, encoding: .utf8)
        let policy = #"<meta http-equiv="Content-Security-Policy" content="script-src 'none'">"#
        guard let head = html.range(of: "<head>") else { throw CocoaError(.fileReadCorruptFile) }
        let copy = page.deletingLastPathComponent().appendingPathComponent(name)
        try Data(html.replacingCharacters(in: head, with: "<head>\n" + policy).utf8).write(to: copy)
        return copy
    }

    /// What a reader at `width` CSS pixels sees cut off: a copy of `page` beside it measures, once
    /// laid out, whether the page scrolls sideways, every caption that runs past what its table's
    /// region shows, and every cell of a column marked `class="phone-key"` (what a reader came for)
    /// that is not in view without scrolling the table. Each problem is one line.
    package func cutOff(_ page: URL, width: Int) throws -> [String] {
        let html = try String(contentsOf: page, encoding: .utf8)
        let script = """
            <script>window.addEventListener("load", function () {
              var out = [], view = document.documentElement.clientWidth;
              if (document.documentElement.scrollWidth > view) out.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " > " + view);
              function shown(el) { var r = el.closest(".table-scroll"); return r ? r.getBoundingClientRect() : {left: 0, right: view}; }
              document.querySelectorAll("figure.chart > svg, figure.chart img").forEach(function (chart) {
                var box = chart.getBoundingClientRect();
                if (box.width <= 0 || box.left < -0.5 || box.right > view + 0.5) out.push("chart outside the page: " + (chart.alt || (chart.querySelector("title") || {}).textContent || "").slice(0, 40) + " " + Math.round(box.left) + ".." + Math.round(box.right));
              });
              document.querySelectorAll("caption").forEach(function (c) {
                if (c.classList.contains("visually-hidden")) return;
                var box = c.getBoundingClientRect(), area = shown(c);
                if (box.right > area.right + 0.5 || c.scrollWidth > c.clientWidth + 0.5) out.push("caption cut: " + c.textContent.trim().slice(0, 60));
              });
              document.querySelectorAll("table").forEach(function (table) {
                var keys = [];
                table.querySelectorAll("thead th").forEach(function (th, i) { if (th.classList.contains("phone-key")) keys.push(i); });
                table.querySelectorAll("tr").forEach(function (row) {
                  keys.forEach(function (i) {
                    var cell = row.children[i]; if (!cell) return;
                    var box = cell.getBoundingClientRect(), area = shown(cell);
                    if (box.width > 0 && box.right > area.right + 0.5) out.push("out of view: " + (table.querySelector("caption") || table).textContent.trim().slice(0, 30) + " / " + cell.textContent.trim().slice(0, 30));
                  });
                });
              });
              parent.postMessage(JSON.stringify(out), "*");
            });</script>
            """
        guard let end = html.range(of: "</body>") else { throw CocoaError(.fileReadCorruptFile) }
        let name = ".cut-off-\(width)-" + page.lastPathComponent
        let copy = page.deletingLastPathComponent().appendingPathComponent(name)
        try Data(html.replacingCharacters(in: end, with: script + "\n</body>").utf8).write(to: copy)
        // Headless Chromium keeps its window at least 500 px wide: the page is shown in a frame of
        // the width asked for, whose own viewport its media queries read, and it reports to the frame's page.
        let frame = page.deletingLastPathComponent().appendingPathComponent(".frame-\(width)-" + page.lastPathComponent)
        try Data(
            """
            <!DOCTYPE html><html><body style="margin:0">
            <iframe src="\(name)" style="width:\(width)px;height:1200px;border:0"></iframe>
            <script>window.addEventListener("message", function (event) {
              var pre = document.createElement("pre"); pre.id = "gazette-cut-off"; pre.textContent = event.data;
              document.body.appendChild(pre);
            });</script></body></html>
            """.utf8
        ).write(to: frame)
        defer {
            try? FileManager.default.removeItem(at: copy)
            try? FileManager.default.removeItem(at: frame)
        }
        let dom = try self.dom(frame, budget: 3000, window: (max(width, 500) + 20, 1200))
        guard let start = dom.range(of: #"<pre id="gazette-cut-off">"#),
            let stop = dom[start.upperBound...].range(of: "</pre>")
        else { return ["no measurement: the page did not finish loading"] }
        let json = String(dom[start.upperBound..<stop.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
        return (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]) ?? ["unreadable: \(json)"]
    }

    /// The page's DOM after `budget` milliseconds of virtual time (timers fire as they would, with
    /// no waiting), as Chromium serialises it; `window` its size in CSS pixels.
    package func dom(_ page: URL, budget: Int, window: (width: Int, height: Int)? = nil) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--user-data-dir=\(profile.path)", "--virtual-time-budget=\(budget)"
            ] + (window.map { ["--window-size=\($0.width),\($0.height)"] } ?? []) + ["--dump-dom", page.absoluteString]
        let out = TestSupport.temporaryFolder().appendingPathComponent("dom.html")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        let handle = try FileHandle(forWritingTo: out)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
        process.waitUntilExit()
        watchdog.cancel()
        return try String(contentsOf: out, encoding: .utf8)
    }
}
