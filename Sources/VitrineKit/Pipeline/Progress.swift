import Foundation
import VipsKit

/// What a run tells as it goes, as it happens: a terminal's progress line, a CI dashboard's
/// NDJSON events and the one-line messages people read are all drawn from these.
public enum ProgressEvent: Equatable, Sendable {
    /// A phase begins, with the number of tasks it will report.
    case started(phase: Phase, total: Int)
    /// One task of the phase is done.
    case item(phase: Phase, path: String, status: ItemStatus)
    /// A long task (a video's transcode) has come this far: a fraction from 0 to 1, said
    /// while it runs, before its `item`.
    case working(phase: Phase, path: String, fraction: Double)
    /// Something people should know about a file that was kept (damage, a caption problem).
    /// `setting`, in these three: the option that decided it, which the command says after the
    /// message (``ItemFailure/setting``).
    case warning(path: String, message: String, setting: Setting? = nil)
    /// Something only `--verbose` shows (a file ignored as not media, a metadata oddity).
    case note(path: String, message: String, setting: Setting? = nil)
    /// A file that could not be used (also in the manifest's `errors`).
    case error(path: String, message: String, reason: ErrorReason, setting: Setting? = nil)
    /// The run is over.
    case finished(RunSummary)

    /// The parts of a run.
    public enum Phase: String, Sendable, CaseIterable {
        /// Downloading remote images (or finding the cached copies current), before the scan.
        case fetch
        /// Reading every file's header.
        case scan
        /// Making every item's outputs.
        case render
        /// Composing contact sheets, page by page.
        case sheet
    }

    /// How one task ended.
    public enum ItemStatus: String, Sendable {
        case ok
        /// Kept although the decoder reported damage (`--allow-damaged`).
        case damaged
        /// Not media; left out quietly.
        case ignored
        case failed
    }
}

/// The counts a run ends with (they match its manifest).
public struct RunSummary: Equatable, Sendable {
    public var items: Int
    public var errors: Int
    public var warnings: Int
    public var seconds: Double
    /// An incremental build's outputs: made, kept from the last build (moved ones too), and
    /// removed; nil for commands that make everything every time.
    public var outputs: Outputs?

    public struct Outputs: Equatable, Sendable {
        public var made: Int
        public var kept: Int
        public var removed: Int

        public init(made: Int, kept: Int, removed: Int) {
            self.made = made
            self.kept = kept
            self.removed = removed
        }
    }

    public init(items: Int, errors: Int, warnings: Int, seconds: Double) {
        self.items = items
        self.errors = errors
        self.warnings = warnings
        self.seconds = seconds
    }
}

/// Hears a run's events. Events come one at a time (never concurrently), from whichever
/// thread the work is on.
public protocol ProgressListener: AnyObject, Sendable {
    func receive(_ event: ProgressEvent)
}

/// A listener that keeps every event, for tests and for callers that want them afterwards.
public final class ProgressRecorder: ProgressListener, @unchecked Sendable {
    private let events = Locked<[ProgressEvent]>([])

    public init() {}

    public func receive(_ event: ProgressEvent) { events.withLock { $0.append(event) } }

    public var received: [ProgressEvent] { events.current }
}
