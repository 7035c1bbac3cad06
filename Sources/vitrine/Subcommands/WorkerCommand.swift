import ArgumentKit
import Foundation
import VitrineKit

/// `vitrine __worker`: the hidden per-file worker the pool starts (see WorkerServer).
enum WorkerCommand {
    static let spec = CommandSpec(
        name: "__worker",
        abstract: "Internal: serve per-file tasks on stdin/stdout for a parent vitrine process.",
        options: OptionSpec.list(vipsThreads),
        hidden: true)

    static let vipsThreads = Option.value("vips-threads", placeholder: "N", .integer(in: 1...256), defaultDescription: "1",
        help: "libvips threads for this worker")

    static func run(_ command: ParsedCommand) -> Int32 {
        // Die with the build, however it ends; a build already gone has nothing for us to do.
        guard ParentDeath.bindToStartingParent() else { return 1 }
        // libvips' own VIPS_CONCURRENCY wins over the default of one thread per worker.
        let fromEnvironment = ProcessInfo.processInfo.environment["VIPS_CONCURRENCY"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        return WorkerServer.run(vipsThreads: command[vipsThreads] ?? fromEnvironment ?? 1)
    }
}
