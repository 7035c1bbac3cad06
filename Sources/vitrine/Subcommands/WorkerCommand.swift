import ArgumentKit
import Foundation
import VitrineKit

/// `vitrine __worker`: the hidden per-file worker the pool starts (see WorkerServer).
enum WorkerCommand {
    static let spec = CommandSpec(
        name: "__worker",
        abstract: "Internal: serve per-file tasks on stdin/stdout for a parent vitrine process.",
        options: [.value("vips-threads", placeholder: "N", type: .integer(in: 1...256), defaultDescription: "1",
            help: "libvips threads for this worker")],
        hidden: true)

    static func run(_ command: ParsedCommand) -> Int32 {
        // libvips' own VIPS_CONCURRENCY wins over the default of one thread per worker.
        let fromEnvironment = ProcessInfo.processInfo.environment["VIPS_CONCURRENCY"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        return WorkerServer.run(vipsThreads: command.int("vips-threads") ?? fromEnvironment ?? 1)
    }
}
