import Foundation
import XCTest

@testable import GazetteCore

/// An input's path in a job is resolved against the job's folder; the quick way for plain paths
/// must give exactly the path the general way gives.
final class SourceTests: XCTestCase {
    func testAPlainPathResolvesAsTheGeneralWayDoes() throws {
        let bases = ["/tmp/site", "/tmp/site/", "/", "/tmp/a b/ü"].map { URL(fileURLWithPath: $0, isDirectory: true) }
        let texts = ["logs/a1.txt", "a.txt", "deep/er/log.csv", "with space.txt", "ümlaut/é.txt", "a%20b.txt"]
        for base in bases {
            for text in texts {
                let general = base.appendingPathComponent(text).standardizedFileURL
                let quick = try XCTUnwrap(Source.plainPath(text, under: base), "\(base.path) \(text)")
                XCTAssertEqual(quick, general.path, "\(base.path) \(text)")
                XCTAssertEqual(Source.lastPart(of: quick), general.lastPathComponent)
                XCTAssertEqual(Source(parsing: text, relativeTo: base), .file(general))
            }
        }
    }

    func testAPlainAbsolutePathResolvesAsTheGeneralWayDoes() throws {
        let base = URL(fileURLWithPath: "/unused", isDirectory: true)
        for text in ["/tmp/logs/a1.txt", "/a.txt", "/tmp/a b/ü/é.txt", "/tmp/a%20b.txt", "/no/such/folder/x.csv"] {
            let general = URL(fileURLWithPath: text).standardizedFileURL
            let quick = try XCTUnwrap(Source.plainAbsolutePath(text), text)
            XCTAssertEqual(quick, general.path, text)
            XCTAssertEqual(Source.lastPart(of: quick), general.lastPathComponent)
            XCTAssertEqual(Source(parsing: text, relativeTo: base), .file(general))
        }
        for text in ["/", "/tmp/../logs/a.txt", "/tmp/./a.txt", "//tmp/a.txt", "/tmp//a.txt", "/tmp/", "/tmp/.."] {
            XCTAssertNil(Source.plainAbsolutePath(text), text)
            XCTAssertEqual(
                Source(parsing: text, relativeTo: base), .file(URL(fileURLWithPath: text).standardizedFileURL), text)
        }
    }

    func testPathsToStandardizeTakeTheGeneralWay() {
        let base = URL(fileURLWithPath: "/tmp/site", isDirectory: true)
        for text in ["../logs/a.txt", "./a.txt", "logs//a.txt", "logs/", "logs/./a.txt", ""] {
            XCTAssertNil(Source.plainPath(text, under: base), text)
        }
        XCTAssertEqual(
            Source(parsing: "../logs/a.txt", relativeTo: base), .file(URL(fileURLWithPath: "/tmp/logs/a.txt")))
    }
}
