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

    /// The page's DOM after `budget` milliseconds of virtual time (timers fire as they would, with
    /// no waiting), as Chromium serialises it.
    package func dom(_ page: URL, budget: Int) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--user-data-dir=\(profile.path)", "--virtual-time-budget=\(budget)",
            "--dump-dom", page.absoluteString
        ]
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
