import ArgumentKit
import Foundation
import VitrineKit

/// `vitrine export FILE --selection -o DIR`: the chosen sources, in the order chosen.
enum ExportCommand {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Copy (or link) the selected items' sources into DIR as 01-name.ext, 02-… in selection order.",
        discussion: """
            The selection is the one 'vitrine select' stored in the manifest (items[].selection).
            Copies go through a temporary file and a rename; --link makes symbolic links to the
            sources instead. Sources are only read. Prints the files made, one per line.
            """,
        options: OptionSpec.list(selection, output, link),
        positionals: [PositionalSpec(name: "FILE", help: "a manifest, or - for stdin", arity: .one)])

    static let selection = Option.flag("selection", help: "export the selected items (the only mode today; required)")
    static let output = Option.value("output", short: "o", placeholder: "DIR", .string, help: "folder to write into (required)")
    static let link = Option.flag("link", help: "make symbolic links instead of copies")

    static func run(_ command: ParsedCommand) -> Int32 {
        guard command[selection] else {
            Diagnostics.usageError("missing option '\(selection.flagName)'", commandPath: command.path)
            return ExitStatus.usage
        }
        guard let output = command.requiredOutput(Self.output) else { return ExitStatus.usage }
        let file = command.positionals[0]
        guard let manifest = ManifestFile.readReportingFailure(file) else { return ExitStatus.someFailed }
        let plan = SelectionExport.plan(manifest, into: output.hasSuffix("/") ? String(output.dropLast()) : output)
        if plan.isEmpty { Diagnostics.note("\(file): nothing is selected") }
        let failures = SelectionExport.run(plan, link: command[link])
        let failed = Set(failures.map(\.source))
        for failure in failures { Diagnostics.fileError(path: failure.source, message: failure.reason) }
        Output.write(plan.filter { !failed.contains($0.source) }.map { $0.target + "\n" }.joined())
        return failures.isEmpty ? ExitStatus.success : ExitStatus.someFailed
    }
}
