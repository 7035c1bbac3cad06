import Foundation

/// How remote images are downloaded: where copies are kept, how many at once, how long to wait,
/// how often to try again and how much to take. Every value is checked here
/// (``validated()``), where its default is defined.
public struct RemoteOptions: Sendable, Equatable {
    /// The folder downloads are kept in, and reused from on later runs (conditional requests):
    /// default nil, which a command that writes an output folder reads as
    /// ``defaultCacheFolder(in:)``; `scan` has none and asks for `--cache` when it meets a URL.
    /// Inline SVGs of custom items are kept there too.
    public var cacheFolder: String?
    /// Downloads at once: default 4.
    public var jobs = RemoteOptions.defaultJobs
    /// Seconds a download may go without receiving anything (to connect, for the headers, or
    /// between two parts of the body) before it is given up: default 30. Whole seconds (a
    /// fraction is rounded up).
    public var timeout = RemoteOptions.defaultTimeout
    /// Seconds one attempt may take in all, redirects included, however steadily the server
    /// sends (a server dripping a byte at a time never falls silent): default 600. Not tried
    /// again: another attempt would take as long.
    public var deadline = RemoteOptions.defaultDeadline
    /// Attempts after the first, on a server error (5xx), a timeout or a connection refused
    /// or lost; never on a 4xx: default 2.
    public var retries = RemoteOptions.defaultRetries
    /// The largest body taken, in bytes, checked against `Content-Length` before any of it is
    /// read and counted while it is streamed to disk: default 200 MiB (`200M`).
    public var maxBytes = RemoteOptions.defaultMaxBytes
    /// Publish a URL's query (and fragment) in `source.url`: default off, since queries carry
    /// tokens. User info (`user:password@`) is never published.
    public var keepQuery = false

    public static let defaultJobs = 4
    public static let defaultTimeout: Double = 30
    public static let defaultDeadline: Double = 600
    public static let defaultRetries = 2
    public static let defaultMaxBytes = 200 << 20
    /// Redirects followed for one URL: 5.
    public static let maxRedirects = 5
    /// The wait before the first retry, doubled before each next one: 0.5 s (0.5, 1, 2…).
    public static let firstBackoff: Double = 0.5
    /// The largest values the options take.
    public static let maximumJobs = 64, maximumRetries = 10, maximumTimeout: Double = 3600, maximumDeadline: Double = 86_400

    public init() {}

    /// `DIR/.vitrine/cache`: inside the output folder, so that a gallery's run writes nothing
    /// elsewhere (and a hidden folder, which no walk reads as input).
    public static func defaultCacheFolder(in outputFolder: String) -> String {
        Path.join(outputFolder, defaultCacheName)
    }

    /// The default cache below the output folder.
    static let defaultCacheName = Path.join(SiteBuilder.stateFolder, "cache")

    /// The timeout in whole seconds, at least 1.
    var wholeSecondsTimeout: Int { max(1, Int(timeout.rounded(.up))) }

    public enum Problem: SettingProblem, Equatable, Sendable {
        case jobs(Int), timeout(Double), deadline(Double), retries(Int), maxBytes(Int)

        public var sentence: SettingText {
            switch self {
            case .jobs(let value): "\(Setting.netJobs) \(value): from 1 to \(RemoteOptions.maximumJobs)"
            case .timeout(let value): "\(Setting.netTimeout) \(value): from 1 to \(Int(RemoteOptions.maximumTimeout)) seconds"
            case .deadline(let value): "\(Setting.netDeadline) \(value): from 1 to \(Int(RemoteOptions.maximumDeadline)) seconds"
            case .retries(let value): "\(Setting.retries) \(value): from 0 to \(RemoteOptions.maximumRetries)"
            case .maxBytes(let value): "\(Setting.maxDownload) \(value): at least 1 byte"
            }
        }
    }

    /// The options, or the first that is out of range.
    public func validated() throws(Problem) -> RemoteOptions {
        guard (1...Self.maximumJobs).contains(jobs) else { throw .jobs(jobs) }
        guard timeout > 0, timeout <= Self.maximumTimeout else { throw .timeout(timeout) }
        guard deadline >= 1, deadline <= Self.maximumDeadline else { throw .deadline(deadline) }
        guard (0...Self.maximumRetries).contains(retries) else { throw .retries(retries) }
        guard maxBytes >= 1 else { throw .maxBytes(maxBytes) }
        return self
    }
}
