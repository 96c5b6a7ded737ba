import Foundation
import GazetteCore
import Reports
import Workouts
import Yams

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
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text, JobFileLoader.resolver) else {
                throw BuildError(.usage, .file(file.path), "--columns-from: the file is empty")
            }
            root = node
        } catch let error as BuildError {
            throw error
        } catch let error as YamlError {
            throw reader.syntaxError(error)
        } catch {
            throw BuildError(.usage, .file(file.path), "--columns-from: cannot read the file: \(error)")
        }
        return try WorkoutsJobKeys.columns(file: reader.optionValue(root))
    }
}
