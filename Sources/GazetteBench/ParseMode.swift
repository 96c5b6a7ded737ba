/// How WorkoutsParseBench gets the log's bytes to the aggregator (passed to it by name).
enum ParseMode: String, CaseIterable {
    /// Read the whole file into memory first, as the build's loader does.
    case whole
    /// Map the file: its pages come in as the parser reaches them.
    case mapped
    /// Read 1 MiB at a time and ingest whole lines only: memory no longer follows the file size.
    case chunked
}
