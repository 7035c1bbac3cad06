import VipsKit

/// Why one item's work failed, with its cause typed: what the manifest's `errors[]` records
/// and what the run says on stderr.
///
/// Workers throw these (never messages to be searched later), so that the reason reaches the
/// manifest as it was known where it happened.
public struct ItemFailure: Error, Codable, Equatable, Sendable, CustomStringConvertible {
    public var reason: ErrorReason
    /// One line saying what went wrong, without the file's path (the caller names the file) and
    /// without the option that decided it, which only a command can spell (``setting``).
    public var message: String
    /// The limit or option that decided the failure (`--max-pixels`), which each command says
    /// after the message as its own flag, and the manifest's error records by its key.
    public var setting: Setting?

    public init(_ reason: ErrorReason, _ message: String, setting: Setting? = nil) {
        self.reason = reason
        self.message = message
        self.setting = setting
    }

    public var description: String { message }

    /// A helper program or decoder ran out of its time.
    public static func timeout(_ message: String) -> ItemFailure { ItemFailure(.timeout, message) }
    /// The header read but the pixels did not.
    public static func damaged(_ detail: String) -> ItemFailure { ItemFailure(.damaged, "damaged: " + detail) }
    /// An output could not be encoded or written.
    public static func write(_ message: String) -> ItemFailure { ItemFailure(.write, message) }
    public static func unsupported(_ message: String) -> ItemFailure { ItemFailure(.unsupported, message) }
    public static func unreadable(_ message: String) -> ItemFailure { ItemFailure(.unreadable, message) }
}

/// A setting crosses the worker protocol as its case's name.
extension Setting: Codable {}

extension WorkFailure {
    /// The limit that decided it: a file's work past `--timeout`.
    public var setting: Setting? {
        if case .timedOut = self { .timeout } else { nil }
    }
}

/// A libvips failure while decoding pixels whose header read fine: damage, described later
/// with the warnings the decoder raised on the way (see ``ItemProducer``).
struct DecodeFailure: Error {
    var error: VipsError
}
