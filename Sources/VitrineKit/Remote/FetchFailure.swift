import CCurl
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a URL could not be downloaded, decided where it happened (the reception, libcurl),
/// never found later in a message. Its ``message`` is one line without the URL, which the error
/// is filed under.
public enum FetchFailure: Error, Equatable, Sendable {
    /// The host name does not resolve.
    case hostNotFound(String)
    /// Nothing accepts connections there (`host:port`).
    case refused(String)
    case connectionLost
    /// Nothing received for this many seconds (``RemoteOptions/timeout``).
    case timedOut(seconds: Int)
    /// The attempt as a whole took longer than this many seconds (``RemoteOptions/deadline``).
    case deadline(seconds: Int)
    /// Stopped by a signal before it was done.
    case stopped
    /// The server answered with an error status.
    case status(Int)
    /// Over ``RemoteOptions/maxBytes``: as announced by `Content-Length` (refused before any of
    /// the body is read), or counted while streaming (`announced` nil).
    case tooLarge(limit: Int, announced: Int?)
    /// A redirect to somewhere vitrine does not go (`file:`, `ftp:`, not a URL), as its
    /// `Location` header says.
    case redirectRefused(location: String)
    case tooManyRedirects
    /// 304 Not Modified to a request that asked nothing (the server is confused).
    case notModifiedWithoutCopy
    case secureConnection(String)
    /// The copy could not be written into the cache.
    case write(String)
    case other(String)

    /// Worth another attempt: a server error, a timeout, a connection refused or lost. Never a
    /// 4xx, a name that does not resolve, or anything vitrine refused itself.
    public var isTransient: Bool {
        switch self {
        case .status(let code): (500...599).contains(code)
        case .refused, .connectionLost, .timedOut: true
        default: false
        }
    }

    /// The manifest's reason for it.
    public var reason: ErrorReason {
        switch self {
        case .status(let code) where code == 404 || code == 410: .notFound
        case .status(let code) where code == 401 || code == 403: .permission
        case .timedOut, .deadline: .timeout
        case .tooLarge: .tooLarge
        case .redirectRefused: .unsupported
        case .write: .write
        default: .network
        }
    }

    /// The limit that stopped it, which the command names after ``message``.
    public var setting: Setting? {
        switch self {
        case .timedOut: .netTimeout
        case .deadline: .netDeadline
        case .tooLarge: .maxDownload
        default: nil
        }
    }

    /// The failure as an item's error records it: `attempts` over one are counted in its message.
    public func itemFailure(attempts: Int) -> ItemFailure {
        ItemFailure(reason, message + (attempts > 1 ? " (\(attempts) attempts)" : ""), setting: setting)
    }

    public var message: String {
        switch self {
        case .hostNotFound(let host): "cannot resolve the host name \(host)"
        case .refused(let address): "connection refused by \(address)"
        case .connectionLost: "the connection was lost"
        case .timedOut(let seconds): "nothing received for \(seconds) s"
        case .deadline(let seconds): "not finished in \(seconds) s"
        case .stopped: "stopped before it was done (interrupted)"
        case .status(let code): "HTTP \(code) \(HTTPURLResponse.localizedString(forStatusCode: code).capitalized)"
        case .tooLarge(let limit, let announced?):
            "\(ByteSize(bytes: announced).spoken) announced, over the download limit of \(ByteSize(bytes: limit).spoken): not downloaded"
        case .tooLarge(let limit, nil):
            "stopped at the download limit of \(ByteSize(bytes: limit).spoken)"
        case .redirectRefused(let location):
            "redirected to \(location.isEmpty ? "nowhere (no Location)" : location): only http and https URLs are followed"
        case .tooManyRedirects: "more than \(RemoteOptions.maxRedirects) redirects"
        case .notModifiedWithoutCopy: "the server answered 304 Not Modified to a request for the whole file"
        case .secureConnection(let detail): "secure connection failed: \(detail)"
        case .write(let detail): detail
        case .other(let detail): detail
        }
    }

    /// The failure a libcurl error stands for; `detail` is libcurl's own words, and
    /// `timedOut` what its timeout meant here (silence, or the deadline).
    static func from(curl code: CURLcode, detail: String, url: URL, timedOut: FetchFailure) -> FetchFailure {
        let host = RemoteURL.host(of: url)
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST: return .hostNotFound(host)
        case CURLE_COULDNT_CONNECT: return .refused("\(host):\(port)")
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE: return .connectionLost
        case CURLE_OPERATION_TIMEDOUT: return timedOut
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            return .secureConnection(oneLine(detail))
        default: return .other(oneLine(detail))
        }
    }

    private static func oneLine(_ text: String) -> String { text.split(whereSeparator: \.isNewline).joined(separator: " ") }
}
