import ArgumentKit
import Foundation
import VitrineKit

/// Runs a command that makes outputs of every item into DIR (`thumbs`, `tiles`): the output
/// folder checked first, then the pipeline, then the IIIF manifest when one is asked for.
enum GalleryRun {
    static func run(_ command: ParsedCommand, options: GalleryOptions, tiles: TileSpec?) -> Int32 {
        do {
            try AtomicFile.prepareOutputFolder(options.outputFolder)
        } catch .cannotCreate(let folder, let reason) {
            Diagnostics.error("cannot create the output folder \(folder): \(reason)")
            return ExitStatus.fatal
        } catch {
            // Said before any file is read: otherwise every file would fail to be written.
            Diagnostics.usageError(error.description, commandPath: command.path)
            return ExitStatus.usage
        }
        var presentationWritten = true
        let status = ReportPrinter.run(command) { pool, inputs, readList, reporter throws(ScanError) in
            let report = try GalleryBuilder(options: options, pool: pool, listener: reporter).build(inputs, readList: readList)
            if let tiles {
                presentationWritten = TileOptions.writePresentation(of: report.manifest, spec: tiles,
                    outputFolder: options.outputFolder, command: command)
            }
            return report.manifest
        }
        return presentationWritten || status != ExitStatus.success ? status : ExitStatus.someFailed
    }
}
