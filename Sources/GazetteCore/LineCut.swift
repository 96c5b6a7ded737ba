import Deterministic

extension ErrorLocation {
    /// The location with any quoted line cut to what an error keeps (`LineCut.quoting`).
    public var bounded: ErrorLocation {
        guard case let .text(path, line, column, sourceLine?, nil) = self else { return self }
        let (kept, cut) = LineCut.quoting(sourceLine, column: column)
        guard let cut else { return self }
        return .text(path: path, line: line, column: column, sourceLine: kept, cut: cut)
    }
}
