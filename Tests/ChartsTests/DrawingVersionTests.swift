import ChartDrawing
import Graphics
import Canvas
import Foundation
import GazettePictureTestSupport
import GazetteTestSupport
import XCTest
@testable import Charts

/// Cached chart files are found by a key that includes `ChartRenderer.drawingVersion`, so a change
/// to drawing code that moves a byte must raise it, or a rebuild would reuse files the new code
/// would not draw. This test records the bytes of a set of charts with the version: when the bytes
/// change on the machine that recorded them and the version did not, it fails.
final class DrawingVersionTests: XCTestCase {
    private var charts: [any Chart] {
        let points = (0..<800).map {
            DatedValue(day: 17_000 + $0 * 2, value: 100 + Double(($0 * 37) % 91) + Double($0) / 9)
        }
        return [
            LineChart(
                title: "Squat: daily 1RM", seriesName: "Squat", unit: "lb", points: points, highlight: points[300]),
            LineChart(
                title: "Press", seriesName: "Press", unit: "kg", points: Array(points.prefix(12)), highlight: nil,
                size: Size(width: 360, height: 300)),
            MarketChart(
                title: "Market: 13:30",
                entries: [
                    MarketEntry(label: "1 Copper Lantern", probability: 0.4, odds: "6/4"),
                    MarketEntry(label: "2 Quiet Orchard", probability: 0.25, odds: "3/1")
                ], size: 320),
            ScoreGauge(score: 514, minimum: 0, maximum: 700, band: 3, bandName: "Good"),
            HalfGauge(title: "Utilisation", percent: 42, caption: "42%", detail: "£4,200 of £10,000"),
            BandBar(bandNames: ["Poor", "Fair", "Good", "Excellent"], current: 2)
        ]
    }

    func testChangedDrawingBytesComeWithANewDrawingVersion() throws {
        var all: [UInt8] = []
        for chart in charts {
            for theme in [Theme.light, Theme.dark] {
                for format in [OutputFormat.png(scale: 1), .png(scale: 2), .svg] {
                    all += try ChartRenderer.render(chart, theme: theme, format: format)
                }
            }
            all += try ChartRenderer.themedSVG([chart])
        }
        let digest = hexDigest(all)
        let golden = Golden(besides: #filePath).folder.appendingPathComponent("drawing-version.txt")
        try VersionRecord(
            file: golden, version: ChartRenderer.drawingVersion, environment: Canvas.environmentFingerprint,
            digest: digest
        )
        .check(name: "ChartRenderer.drawingVersion")
    }

    /// 5 of issue 23: recording with bytes changed under the recorded version fails, as the check does.
    func testRecordingCannotHideAForgottenVersion() {
        let record: [Substring] = ["7", "cairo 1.16 | DejaVu", "abc"]
        XCTAssertEqual(
            VersionRecord.verdict(recorded: record, version: "7", environment: "cairo 1.16 | DejaVu", digest: "abc"),
            .matches)
        XCTAssertEqual(
            VersionRecord.verdict(recorded: record, version: "7", environment: "cairo 1.16 | DejaVu", digest: "def"),
            .versionNotRaised)
        XCTAssertEqual(
            VersionRecord.verdict(recorded: record, version: "8", environment: "cairo 1.16 | DejaVu", digest: "def"),
            .stale)
        XCTAssertEqual(
            VersionRecord.verdict(recorded: record, version: "7", environment: "cairo 1.18 | DejaVu", digest: "def"),
            .otherEnvironment)
        XCTAssertEqual(VersionRecord.verdict(recorded: [], version: "7", environment: "x", digest: "def"), .missing)
    }

    /// 5 of issue 38: recording a version record writes the file and fails that run, as the
    /// README says; the next run, not recording, passes on what was written.
    func testRecordingAVersionRecordWritesItAndFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "version-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("version.txt")
        try "7\ncairo 1.16 | DejaVu\nabc\n".write(to: file, atomically: true, encoding: .utf8)
        let raised = VersionRecord(file: file, version: "8", environment: "cairo 1.16\nDejaVu", digest: "def")

        guard case let .fail(message) = try raised.outcome(name: "the version", recording: true) else {
            return XCTFail("recording passed")
        }
        XCTAssertTrue(message.contains("recorded the version 8"), message)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "8\ncairo 1.16 | DejaVu\ndef\n")
        XCTAssertEqual(try raised.outcome(name: "the version", recording: false), .pass)
        XCTAssertEqual(try raised.outcome(name: "the version", recording: true), .pass)

        // A forgotten version fails when recording too, and leaves the record as it was.
        let forgotten = VersionRecord(file: file, version: "8", environment: "cairo 1.16 | DejaVu", digest: "ghi")
        guard case .fail = try forgotten.outcome(name: "the version", recording: true) else {
            return XCTFail("recording hid a forgotten version")
        }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "8\ncairo 1.16 | DejaVu\ndef\n")
    }

    private func hexDigest(_ bytes: [UInt8]) -> String {
        // FNV-1a over 64 bits, twice with different offsets: enough to notice a changed byte.
        var first: UInt64 = 0xcbf29ce484222325, second: UInt64 = 0x84222325cbf29ce4
        for byte in bytes {
            first = (first ^ UInt64(byte)) &* 0x100000001b3
            second = (second ^ UInt64(byte)) &* 0x100000001b3
        }
        return String(first, radix: 16) + String(second, radix: 16)
    }
}
