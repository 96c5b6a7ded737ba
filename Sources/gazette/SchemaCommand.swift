import ArgumentParser
import Jobs
import SiteBuild

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of job files, for editors that check YAML or JSON as you type.",
        discussion: """
            Save it and point your editor at it, for example with the YAML language server's modeline \
            as the job file's first line: # yaml-language-server: $schema=gazette-job.schema.json
            """
    )

    func run() throws {
        print(JobSchema.json)
    }
}
