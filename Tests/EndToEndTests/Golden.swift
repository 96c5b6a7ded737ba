import Foundation
import GazettePictureTestSupport
import GazetteTestSupport
@testable import GazetteCore
@testable import Jobs

/// The end-to-end tests' goldens (in `Goldens/` beside this file), through the shared harness.
enum Goldens {
    static let harness = Golden(besides: #filePath)

    /// A new output folder for one build.
    static func outputFolder() -> URL {
        Scratch.folder().appendingPathComponent("Output")
    }
}
