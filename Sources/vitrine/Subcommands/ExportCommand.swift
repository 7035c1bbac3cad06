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
            A site's manifest (SITE/manifest.json) finds its files in the sources its build was
            given, as the site's state (SITE/.vitrine) records them, or in the folders given with
            --source; a manifest from 'scan' or 'thumbs' takes its paths from the current folder.
            Each file must hold the bytes (size, SHA-256) the manifest records: one that changed is
            an error, and nothing of it is left in DIR. Copies go through a temporary file and a
            rename; --link makes symbolic links to the sources instead. Sources are only read.
            Prints the files made, one per line. Ctrl-C or SIGTERM stops it at once (status 130
            or 143) and removes the copy in hand.
            """,
        options: OptionSpec.list(selection, output, link, source),
        positionals: [PositionalSpec(name: "FILE", help: "a manifest, or - for stdin", arity: .one)])

    static let selection = Option.flag("selection", help: "export the selected items (the only mode today; required)")
    static let output = Option.value("output", short: "o", placeholder: "DIR", .string, help: "folder to write into (required)")
    static let link = Option.flag("link", help: "make symbolic links instead of copies")
    static let source = Option.repeatable("source", placeholder: "DIR", .string,
        help: "a source the site was built from, in the build's order: where its files are (default: as the site's state says)")

    static func run(_ command: ParsedCommand) -> Int32 {
        guard command[selection] else {
            Diagnostics.usageError("missing option '\(selection.flagName)'", commandPath: command.path)
            return ExitStatus.usage
        }
        guard let output = command.requiredOutput(Self.output) else { return ExitStatus.usage }
        let given = InputPath.commandLine(command[source])
        for folder in given where folder.status() == nil {
            Diagnostics.usageError("\(source.flagName) \(folder.display): no such file or folder", commandPath: command.path)
            return ExitStatus.usage
        }
        let file = command.positionals[0]
        guard let manifest = ManifestFile.readReportingFailure(file) else { return ExitStatus.someFailed }
        // A site's paths are below its sources: those given, else those its state records.
        let sources = given.isEmpty ? (file == "-" ? nil : BuildInputs.recorded(besideManifest: file)) : BuildInputs(given: given)
        let plan = SelectionExport.plan(manifest, into: output.hasSuffix("/") ? String(output.dropLast()) : output, sources: sources)
        if plan.isEmpty { Diagnostics.note("\(file): nothing is selected") }
        let failures = SelectionExport.run(plan, link: command[link])
        let missing = !given.isEmpty ? "no such file in the folders given with \(source.flagName)"
            : sources != nil ? "no such file in the sources the site was built from: give the folders they are in now with "
                + "\(source.flagName), in the build's order"
            : "no such file from the current folder: give the folder its paths start from with \(source.flagName) "
                + "(for a site, the folders it was built from, in the build's order)"
        for failure in failures {
            Diagnostics.fileError(path: "\(failure.source) (item \(failure.item))", message: failure.isMissing ? missing : failure.reason)
        }
        let failed = Set(failures.map(\.source))
        Output.write(plan.filter { !failed.contains($0.source) }.map { $0.target + "\n" }.joined())
        return failures.isEmpty ? ExitStatus.success : ExitStatus.someFailed
    }
}
