import VipsKit

/// Why one item's work failed, with its cause typed: what the manifest's `errors[]` records
/// and what the run says on stderr.
///
/// Workers throw these (never messages to be searched later), so that the reason reaches the
/// manifest as it was known where it happened.
public struct ItemFailure: Error, Codable, Equatable, Sendable, CustomStringConvertible {
    public var reason: ErrorReason
    /// One line saying what went wrong, without the file's path (the caller names the file).
    public var message: String

    public init(_ reason: ErrorReason, _ message: String) {
        self.reason = reason
        self.message = message
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

/// A libvips failure while decoding pixels whose header read fine: damage, described later
/// with the warnings the decoder raised on the way (see ``ItemProducer``).
struct DecodeFailure: Error {
    var error: VipsError
}
