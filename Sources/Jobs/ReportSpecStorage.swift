import GazetteCore

/// How a `ReportSpec` holds its inputs and its place in the job file: a job of 100,000 reports
/// holds one of each per report, and these keep the common case (one input, a place in a text
/// file) inline.
extension ReportSpec {
    /// A report's inputs: its one input inline (an array of one was a 56-byte allocation a
    /// report), or the array when it has none or several.
    enum SourceList: Equatable, Sendable {
        case one(Source)
        case many([Source])

        init(_ sources: [Source]) {
            self = sources.count == 1 ? .one(sources[0]) : .many(sources)
        }

        var sources: [Source] {
            switch self {
            case let .one(source): [source]
            case let .many(sources): sources
            }
        }
    }

    /// Where a report was declared: a place in a text file in 40 bytes (an `ErrorLocation` is 65),
    /// nowhere, or anything else boxed.
    enum Origin: Equatable, Sendable {
        case text(path: String, sourceLine: String?, line: Int32, column: Int32)
        case nowhere
        indirect case other(ErrorLocation)

        init(_ location: ErrorLocation) {
            if location == .none {
                self = .nowhere
            } else if case let .text(path, line, column, sourceLine, nil) = location, let small = Int32(exactly: line),
                let smallColumn = Int32(exactly: column)
            {
                self = .text(path: path, sourceLine: sourceLine, line: small, column: smallColumn)
            } else {
                self = .other(location)
            }
        }

        var location: ErrorLocation {
            switch self {
            case let .text(path, sourceLine, line, column):
                .text(path: path, line: Int(line), column: Int(column), sourceLine: sourceLine)
            case .nowhere: .none
            case let .other(location): location
            }
        }
    }
}
