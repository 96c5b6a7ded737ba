import Foundation
import GazetteCore

/// What the watch remembers of an input file to notice that it changed: its modification time
/// and size (a missing file has neither, so its appearing is a change too).
struct FileStamp: Equatable, Sendable {
    var modified: Date?
    var size: UInt64?

    init(path: String) {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        modified = attributes?[.modificationDate] as? Date
        size = (attributes?[.size] as? NSNumber)?.uint64Value
    }
}
