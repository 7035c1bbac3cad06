import ArgumentKit
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
        WorkerServer.run(vipsThreads: command.int("vips-threads") ?? 1)
    }
}
