import CCurl
import Foundation

/// One download thread's libcurl handle, reused from request to request (so that its
/// connections are too). A request runs on the calling thread (`curl_easy_perform`); what it
/// receives goes straight to the part file, so nothing piles up in memory and nothing waits on
/// an event loop between two parts of a slow body.
final class CurlHandle {
    private let handle: UnsafeMutableRawPointer?
    private let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

    /// libcurl's global set-up, once, before any handle (it is not thread-safe).
    private static let started: Bool = vitrine_curl_global_init() == CURLE_OK

    init() {
        handle = Self.started ? curl_easy_init() : nil
        errorText.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        if let handle { curl_easy_cleanup(handle) }
        errorText.deallocate()
    }

    /// What one request got.
    struct Answer {
        var status: Int
        /// The last response's headers, by lowercased name.
        var headers: [String: String]
        /// What went wrong on the way, if anything did (the reception's own verdict first).
        var failure: FetchFailure?
    }

    /// GETs `url` with `headers`, streaming a 200's body into `reception`'s part file.
    func get(_ url: URL, headers: [String], into reception: Reception) -> Answer {
        guard let handle else { return Answer(status: 0, headers: [:], failure: .other("libcurl could not be started")) }
        curl_easy_reset(handle)
        errorText[0] = 0
        var list: UnsafeMutablePointer<curl_slist>?
        for header in headers { list = curl_slist_append(list, header) }
        defer { curl_slist_free_all(list) }
        reception.handle = handle
        let context = Unmanaged.passUnretained(reception).toOpaque()
        _ = vitrine_curl_set_string(handle, CURLOPT_URL, url.absoluteString)
        _ = vitrine_curl_set_list(handle, CURLOPT_HTTPHEADER, list)
        _ = vitrine_curl_set_string(handle, CURLOPT_USERAGENT, "vitrine/\(VitrineVersion.string)")
        // Redirects are judged here, by their Location header; signals are never used (threads).
        _ = vitrine_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        _ = vitrine_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = vitrine_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorText)
        _ = vitrine_curl_set_write_function(handle, CURLOPT_WRITEFUNCTION, Reception.body)
        _ = vitrine_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = vitrine_curl_set_write_function(handle, CURLOPT_HEADERFUNCTION, Reception.header)
        _ = vitrine_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        // Called about once a second even when nothing arrives: the clocks and a stop are watched there.
        _ = vitrine_curl_set_long(handle, CURLOPT_NOPROGRESS, 0)
        _ = vitrine_curl_set_progress_function(handle, Reception.progress)
        _ = vitrine_curl_set_pointer(handle, CURLOPT_XFERINFODATA, context)
        // libcurl's own clocks are backstops only.
        _ = vitrine_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, max(1, Int(reception.timeout.rounded(.up))))
        _ = vitrine_curl_set_long(handle, CURLOPT_TIMEOUT_MS, max(1, Int((reception.deadline - reception.elapsed + 1) * 1000)))
        let code = curl_easy_perform(handle)
        var status = 0
        _ = vitrine_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        let failure = reception.failure ?? (code == CURLE_OK ? nil : failure(of: code, url: url, reception: reception))
        return Answer(status: status, headers: reception.headers, failure: failure)
    }

    /// The failure a libcurl error stands for.
    private func failure(of code: CURLcode, url: URL, reception: Reception) -> FetchFailure {
        let detail = errorText[0] != 0 ? String(cString: errorText) : String(cString: curl_easy_strerror(code))
        let timedOut: FetchFailure = reception.elapsed >= reception.deadline ? .deadline(seconds: Int(reception.deadline.rounded(.up)))
            : .timedOut(seconds: Int(reception.timeout.rounded(.up)))
        return .from(curl: code, detail: detail, url: url, timedOut: timedOut)
    }
}

/// One request's reception, touched by libcurl's callbacks on the requesting thread: the
/// headers, the body streamed to the part file under the size limit, and the clocks.
final class Reception {
    /// Where a 200's body is streamed to (renamed over the copy when whole).
    let partPath: String
    let maxBytes: Int
    /// Seconds without hearing from the server, and seconds for the whole attempt.
    let timeout: Double, deadline: Double
    let isCancelled: @Sendable () -> Bool
    fileprivate(set) var headers: [String: String] = [:]
    /// The part file, once a 200's body begins.
    private(set) var descriptor: Int32 = -1
    private(set) var received = 0
    fileprivate(set) var failure: FetchFailure?
    fileprivate var handle: UnsafeMutableRawPointer?
    private let started = ProcessInfo.processInfo.systemUptime
    private var heard = ProcessInfo.processInfo.systemUptime

    init(partPath: String, maxBytes: Int, timeout: Double, deadline: Double, isCancelled: @escaping @Sendable () -> Bool) {
        self.partPath = partPath
        self.maxBytes = maxBytes
        self.timeout = timeout
        self.deadline = deadline
        self.isCancelled = isCancelled
    }

    /// Seconds since the attempt began (redirects included).
    var elapsed: Double { ProcessInfo.processInfo.systemUptime - started }

    /// Whether a 200's body was begun (its part file made).
    private(set) var hasBody = false

    /// Makes the part file of a 200 with no body at all.
    func createEmptyBody() -> FetchFailure? {
        openPart()
        return failure
    }

    func close() {
        if descriptor >= 0 { Foundation.close(descriptor) }
        descriptor = -1
    }

    private func openPart() {
        guard !hasBody, failure == nil else { return }
        do { try AtomicFile.createFolder(Path.parent(of: partPath)) } catch {
            failure = .write("cannot write the download: \(error.description)")
            return
        }
        descriptor = open(partPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        hasBody = descriptor >= 0
        if descriptor < 0 { failure = .write("cannot write the download: \(partPath): \(String(cString: strerror(errno)))") }
    }

    private func status() -> Int {
        var status = 0
        if let handle { _ = vitrine_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status) }
        return status
    }

    /// A part of the body: kept for a 200 or 203, skipped for a redirect, refused otherwise.
    private func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        heard = ProcessInfo.processInfo.systemUptime
        guard failure == nil else { return false }
        if !hasBody {
            switch status() {
            case 200, 203:
                var announced: curl_off_t = -1
                if let handle { _ = vitrine_curl_get_offset(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &announced) }
                if announced > maxBytes {
                    failure = .tooLarge(limit: maxBytes, announced: Int(announced))
                    return false
                }
                openPart()
                guard failure == nil else { return false }
            case let code where RemoteFetcher.redirectStatuses.contains(code):
                return true
            case let code:
                // Not a body to keep (an error page, a partial answer never asked for).
                failure = .status(code)
                return false
            }
        }
        received += bytes.count
        guard received <= maxBytes else {
            failure = .tooLarge(limit: maxBytes, announced: nil)
            return false
        }
        if let code = Descriptor.write(bytes, to: descriptor) {
            failure = .write("cannot write the download: \(partPath): \(String(cString: strerror(code)))")
            return false
        }
        return true
    }

    /// One header line; a status line starts a new response (after a redirect or a proxy's).
    private func header(_ line: String) {
        heard = ProcessInfo.processInfo.systemUptime
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The clocks and the stop, about once a second: true ends the transfer.
    private func check() -> Bool {
        if failure != nil { return true }
        let now = ProcessInfo.processInfo.systemUptime
        if isCancelled() {
            failure = .stopped
        } else if now - started > deadline {
            failure = .deadline(seconds: Int(deadline.rounded(.up)))
        } else if now - heard > timeout {
            failure = .timedOut(seconds: Int(timeout.rounded(.up)))
        }
        return failure != nil
    }

    // libcurl's callbacks: C functions, with the reception as their context.

    static let body: curl_write_callback = { data, size, count, context in
        guard let context, let data else { return 0 }
        let reception = Unmanaged<Reception>.fromOpaque(context).takeUnretainedValue()
        let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
        return reception.receive(bytes) ? size * count : 0
    }

    static let header: curl_write_callback = { data, size, count, context in
        guard let context, let data else { return 0 }
        let reception = Unmanaged<Reception>.fromOpaque(context).takeUnretainedValue()
        let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
        reception.header(String(decoding: bytes, as: UTF8.self))
        return size * count
    }

    static let progress: curl_xferinfo_callback = { context, _, _, _, _ in
        guard let context else { return 1 }
        return Unmanaged<Reception>.fromOpaque(context).takeUnretainedValue().check() ? 1 : 0
    }
}
