import GazetteCore
@testable import Rendering
import XCTest

final class SearchPostingsTests: XCTestCase {
    /// Every word's ids come back in order, whatever their steps' lengths in bytes (1, 2, 3 and
    /// 5 bytes of LEB128), and the words in UTF-16 order.
    func testIdsComeBackInOrderAcrossStepLengths() throws {
        let ids: [Int32] = [0, 1, 2, 129, 130, 16_514, 16_515, 2_200_000, Int32.max]
        var postings = SearchPostings()
        for id in ids {
            postings.add("lb", id: id)
            if id % 2 == 0 { postings.add("even", id: id) }
        }
        postings.add("\u{1F600}", id: 7)
        postings.add("\u{FB01}", id: 8)
        postings.add("once", id: 5)
        var seen: [(String, [Int32])] = []
        try postings.forEachWord { word, list in
            var read: [Int32] = []
            while let id = list.pop() { read.append(id) }
            XCTAssertNil(list.peek)
            seen.append((word, read))
        }
        XCTAssertEqual(seen.map(\.0), ["even", "lb", "once", "\u{1F600}", "\u{FB01}"])
        XCTAssertEqual(seen[1].1, ids)
        XCTAssertEqual(seen[0].1, ids.filter { $0 % 2 == 0 })
        XCTAssertEqual(seen[2].1, [5])
        XCTAssertEqual(seen[3].1, [7])
    }

    func testPeekShowsTheNextIdWithoutTakingIt() throws {
        var postings = SearchPostings()
        postings.add("a", id: 3)
        postings.add("a", id: 300)
        try postings.forEachWord { _, list in
            XCTAssertEqual(list.peek, 3)
            XCTAssertEqual(list.pop(), 3)
            XCTAssertEqual(list.peek, 300)
            XCTAssertEqual(list.pop(), 300)
            XCTAssertNil(list.pop())
        }
    }
}
