import XCTest
@testable import Publishing

/// The cache's chart keys are held as bytes and given back as the same text.
final class ChartStemsTests: XCTestCase {
    func testKeysComeBackAsTheyWent() {
        let keys = [
            String(repeating: "0", count: 64),
            "00ff" + String(repeating: "a1", count: 30),
            BuildCache.key([Array("a chart".utf8)]),
            "not-a-hash",
            String(repeating: "A", count: 64)  // upper case: kept as text
        ]
        var stems = ChartStems()
        for (index, key) in keys.enumerated() { stems.note(key: key, stem: "report-\(index)/charts/c") }
        XCTAssertEqual(
            stems.all, Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, "report-\($0)/charts/c") }))
    }

    func testTheFirstStemInPathOrderWins() {
        let key = BuildCache.key([Array("same chart".utf8)])
        var stems = ChartStems()
        stems.note(key: key, stem: "b/charts/x")
        stems.note(key: key, stem: "a/charts/x")
        stems.note(key: key, stem: "c/charts/x")
        stems.note(key: "odd", stem: "z/charts/y")
        stems.note(key: "odd", stem: "y/charts/y")
        XCTAssertEqual(stems.all, [key: "a/charts/x", "odd": "y/charts/y"])
    }

    func testSortedGivesEveryKeyInTextOrder() {
        var keys = (0..<40).map { BuildCache.key([Array("chart \($0)".utf8)]) }
        keys += ["0-not-a-hash", "zz", "5", "ab", String(repeating: "F", count: 64)]
        var stems = ChartStems()
        for (index, key) in keys.enumerated() { stems.note(key: key, stem: "r\(index)/charts/c") }
        // Noted twice, the later stem first in path order: it wins either way of sorting.
        stems.note(key: keys[3], stem: "a0/charts/c")
        let sorted = Array(IteratorSequence(stems.sorted()))
        XCTAssertEqual(sorted.map(\.key), keys.sorted())
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: sorted.map { ($0.key, $0.value) }), stems.all)
        XCTAssertEqual(stems.all[keys[3]], "a0/charts/c")
        var merged = stems
        merged.sortAndMerge()
        XCTAssertEqual(
            Array(IteratorSequence(merged.sorted())).map { "\($0.key) \($0.value)" },
            sorted.map { "\($0.key) \($0.value)" })
        XCTAssertEqual(merged.all, stems.all)
    }
}
