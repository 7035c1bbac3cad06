import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a URL could not be downloaded, decided where it happened (the delegate, the transport),
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
        case .timedOut: .timeout
        case .tooLarge: .tooLarge
        case .redirectRefused: .unsupported
        case .write: .write
        default: .network
        }
    }

    public var message: String {
        switch self {
        case .hostNotFound(let host): "cannot resolve the host name \(host)"
        case .refused(let address): "connection refused by \(address)"
        case .connectionLost: "the connection was lost"
        case .timedOut(let seconds): "nothing received for \(seconds) s (--net-timeout)"
        case .status(let code): "HTTP \(code) \(HTTPURLResponse.localizedString(forStatusCode: code).capitalized)"
        case .tooLarge(let limit, let announced?):
            "\(ByteSize(bytes: announced).spoken) announced, over the download limit of \(ByteSize(bytes: limit).spoken) (--max-download): not downloaded"
        case .tooLarge(let limit, nil):
            "stopped at the download limit of \(ByteSize(bytes: limit).spoken) (--max-download)"
        case .redirectRefused(let location):
            "redirected to \(location.isEmpty ? "nowhere (no Location)" : location): only http and https URLs are followed"
        case .tooManyRedirects: "more than \(RemoteOptions.maxRedirects) redirects"
        case .notModifiedWithoutCopy: "the server answered 304 Not Modified to a request for the whole file"
        case .secureConnection(let detail): "secure connection failed: \(detail)"
        case .write(let detail): detail
        case .other(let detail): detail
        }
    }

    /// The failure a transport error stands for.
    static func from(_ error: Error, url: URL, timeout: Int) -> FetchFailure {
        let host = RemoteURL.host(of: url)
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else { return .other(oneLine(error)) }
        switch URLError.Code(rawValue: nsError.code) {
        case .cannotFindHost, .dnsLookupFailed: return .hostNotFound(host)
        case .cannotConnectToHost: return .refused("\(host):\(port)")
        case .networkConnectionLost, .notConnectedToInternet: return .connectionLost
        case .timedOut: return .timedOut(seconds: timeout)
        case .httpTooManyRedirects: return .tooManyRedirects
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
             .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return .secureConnection(oneLine(error))
        default: return .other(oneLine(error))
        }
    }

    /// An error's description on one line (FoundationNetworking's carry libcurl's words).
    private static func oneLine(_ error: Error) -> String {
        let text = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String ?? "\(error)"
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
