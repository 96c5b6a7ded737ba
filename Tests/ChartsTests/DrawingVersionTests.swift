import Canvas
import Foundation
import GazetteTestSupport
import XCTest
@testable import Charts

/// Cached chart files are found by a key that includes `ChartRenderer.drawingVersion`, so a change
/// to drawing code that moves a byte must raise it, or a rebuild would reuse files the new code
/// would not draw. This test records the bytes of a set of charts with the version: when the bytes
/// change on the machine that recorded them and the version did not, it fails.
final class DrawingVersionTests: XCTestCase {
    private var charts: [any Chart] {
        let points = (0..<800).map { DatedValue(day: 17_000 + $0 * 2, value: 100 + Double(($0 * 37) % 91) + Double($0) / 9) }
        return [
            LineChart(title: "Squat: daily 1RM", seriesName: "Squat", unit: "lb", points: points, highlight: points[300]),
            LineChart(title: "Press", seriesName: "Press", unit: "kg", points: Array(points.prefix(12)), highlight: nil,
                      size: Size(width: 360, height: 300)),
            MarketChart(title: "Market: 13:30", entries: [
                MarketEntry(label: "1 Copper Lantern", probability: 0.4, odds: "6/4"),
                MarketEntry(label: "2 Quiet Orchard", probability: 0.25, odds: "3/1"),
            ], size: 320),
            ScoreGauge(score: 514, minimum: 0, maximum: 700, band: 3, bandName: "Good"),
            HalfGauge(title: "Utilisation", percent: 42, caption: "42%", detail: "£4,200 of £10,000"),
            BandBar(bandNames: ["Poor", "Fair", "Good", "Excellent"], current: 2),
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
        }
        let digest = hexDigest(all)
        let golden = Golden(besides: #filePath).folder.appendingPathComponent("drawing-version.txt")
        let recorded = (try? String(contentsOf: golden, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        let environment = Canvas.environmentFingerprint.replacingOccurrences(of: "\n", with: " | ")
        if Golden.recording {
            try "\(ChartRenderer.drawingVersion)\n\(environment)\n\(digest)\n".write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        guard recorded.count >= 3 else { return XCTFail("no recorded drawing version: record with GAZETTE_RECORD_GOLDENS=1") }
        guard recorded[1] == environment else {
            throw XCTSkip("recorded with other libraries or fonts (\(recorded.dropFirst().first ?? "")); the bytes cannot be compared here")
        }
        if recorded[2] != digest {
            XCTAssertNotEqual(String(recorded[0]), ChartRenderer.drawingVersion,
                              "chart bytes changed: raise ChartRenderer.drawingVersion, then record with GAZETTE_RECORD_GOLDENS=1")
        }
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
