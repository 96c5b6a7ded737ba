/// One named step of the build and its work. The runner prints `[n/N] name` before each step
/// and tags an error that stops the build with the step it happened in.
struct BuildStep {
    var name: String
    var work: () async throws(BuildError) -> Void

    init(_ name: String, work: @escaping () async throws(BuildError) -> Void) {
        self.name = name
        self.work = work
    }

    /// Runs the steps in order; the first error stops the run and is returned, tagged.
    static func run(_ steps: [BuildStep], reporter: Reporter) async -> BuildError? {
        for (number, step) in steps.enumerated() {
            reporter.progress("[\(number + 1)/\(steps.count)] \(step.name)")
            do {
                try await step.work()
            } catch {
                var tagged = error
                if tagged.step == nil { tagged.step = step.name }
                return tagged
            }
        }
        return nil
    }
}
