import Foundation
import GazetteCore
import Reports
import Workouts

/// `--columns-from FILE`: a `columns:` block in a file of its own, as a guess prints it (pasted
/// with its comments) or its keys alone; read as a job file is, so an error names its line.
public enum ColumnsFile {
    public static func read(_ file: URL) throws(BuildError) -> CSVColumns {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw BuildError(.usage, .file(file.path), "--columns-from: cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw BuildError(.usage, .file(file.path), "--columns-from: the file is not UTF-8 text")
        }
        let reader = NodeReader(path: file.path, text: text)
        let root = try JobFileLoader.compose(text, reader: reader, what: "--columns-from: the file")
        return try WorkoutsJobKeys.columns(file: reader.optionValue(root))
    }
}
