import ArgumentKit
import Foundation
import VitrineKit

/// The options every command that reads inputs shares: order, navigation, limits, workers.
enum InputOptions {
    static let specs: [OptionSpec] = [
        .flag("null", short: "0", help: "the list read for - is NUL-separated (find -print0), not one path per line"),
        .value("order", placeholder: "ORDER", type: .choice(ItemOrder.allCases.map(\.rawValue)),
            defaultDescription: "natural",
            help: "item order; natural sorts img2 before img10, date uses EXIF DateTimeOriginal, else mtime"),
        .flag("reverse", short: "r", help: "reverse the order"),
        .flag("cyclic", help: "prev/next wrap around: the last item's next is the first"),
        .value("initial-index", placeholder: "N", type: .integer(in: 0...Int(Int32.max)), defaultDescription: "0",
            help: "the item a viewer opens first (0-based; must exist)"),
        .value("jobs", short: "j", placeholder: "N", type: .integer(in: 1...256),
            defaultDescription: "\(ProcessInfo.processInfo.activeProcessorCount) (cores)",
            help: "worker processes"),
        .value("timeout", placeholder: "SECONDS", type: .number(in: 0.1...86_400), defaultDescription: "30",
            help: "time limit for one file; a file over it is reported and the run goes on"),
        .value("max-pixels", placeholder: "N", type: .integer(in: 1...Int(Int64.max)), defaultDescription: "200000000",
            help: "refuse images whose header claims more pixels than this, before decoding"),
    ]

    static func scanOptions(from command: ParsedCommand) -> ScanOptions {
        var options = ScanOptions()
        options.order = command.value("order").flatMap(ItemOrder.init(rawValue:)) ?? .natural
        options.reverse = command.flag("reverse")
        options.cyclic = command.flag("cyclic")
        options.initialIndex = command.int("initial-index") ?? 0
        options.probe.maxPixels = command.int("max-pixels") ?? options.probe.maxPixels
        // ffprobe/ffmpeg get most of a file's time, so that the worker can still answer for it.
        options.probe.toolTimeout = (command.double("timeout") ?? 30) * 0.9
        options.probe.allowDamaged = command.flag("allow-damaged")
        return options
    }

    /// How `-` is read: lines, or NUL-separated with `--null`.
    static func listReader(from command: ParsedCommand) -> () -> [String] {
        if command.flag("null") { return { InputWalker.standardInputNulSeparated() } }
        return { InputWalker.standardInputLines() }
    }

    /// The worker pool, running this very binary as `vitrine __worker`.
    static func pool(from command: ParsedCommand) -> WorkerPool? {
        guard let executable = Bundle.main.executableURL else {
            Diagnostics.error("cannot find the vitrine executable to start workers")
            return nil
        }
        let pool = WorkerPool(.init(executable: executable, workers: command.int("jobs"),
            timeout: command.double("timeout") ?? 30))
        pool.prewarm()
        return pool
    }
}
