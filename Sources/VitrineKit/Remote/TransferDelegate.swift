import Foundation
import VipsKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request's state, changed only on the session's delegate queue and read by the thread
/// that waits for ``done``.
final class Transfer: @unchecked Sendable {
    let url: URL
    /// Where the body is streamed to (renamed over the copy when whole).
    let partPath: String
    let maxBytes: Int
    var file: FileHandle?
    var received = 0
    var redirects = 0
    var response: HTTPURLResponse?
    /// What the delegate decided (too large, a refused redirect, an error status).
    var failure: FetchFailure?
    /// What the transport said.
    var error: Error?
    /// Whether its task was cancelled (after a failure).
    var cancelled = false
    let done = DispatchSemaphore(value: 0)
    /// When the server was last heard from (seconds of uptime), read by the waiting thread.
    private let heard = Locked(ProcessInfo.processInfo.systemUptime)

    /// The server was heard from: a response, a part of the body, a redirect.
    func touch() { heard.withLock { $0 = ProcessInfo.processInfo.systemUptime } }

    /// Seconds since the server was last heard from.
    var silence: Double { ProcessInfo.processInfo.systemUptime - heard.current }

    init(url: URL, partPath: String, maxBytes: Int) {
        self.url = url
        self.partPath = partPath
        self.maxBytes = maxBytes
    }
}

/// The session's delegate: streams bodies to disk, enforces the size limit and the redirect
/// rules, and ends each transfer.
final class TransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let transfers = Locked<[Int: Transfer]>([:])
    /// Where cancels are made: a serial queue has a thread of its own when Dispatch's shared
    /// ones are all busy.
    private static let cancels = DispatchQueue(label: "vitrine.remote.cancel")

    func register(_ transfer: Transfer, for task: URLSessionTask) {
        transfers.withLock { $0[task.taskIdentifier] = transfer }
    }

    func unregister(_ task: URLSessionTask) {
        _ = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }

    private func transfer(of task: URLSessionTask) -> Transfer? { transfers.withLock { $0[task.taskIdentifier] } }

    /// Stops `task` for `failure`. `cancel()` waits for the session's work queue, which may be
    /// waiting for this very queue (``BoundedDelegateQueue``): it is called from elsewhere.
    private func stop(_ task: URLSessionTask, _ transfer: Transfer, _ failure: FetchFailure) {
        guard transfer.failure == nil else { return }
        transfer.failure = failure
        transfer.cancelled = true
        Self.cancels.async { task.cancel() }
    }

    /// Stops `task` after `seconds` of silence (``RemoteFetcher`` watches the clock: the
    /// session's own timer runs on a queue shared with every transfer, and is not always on time).
    func timeOut(_ task: URLSessionTask, _ transfer: Transfer, seconds: Int) {
        stop(task, transfer, .timedOut(seconds: seconds))
    }

    /// Ends a redirect without following it: the task completes with the redirect's response.
    /// (Cancelling as well would race with the answer, which FoundationNetworking traps on.)
    private func refuse(_ transfer: Transfer, _ failure: FetchFailure, _ completionHandler: (URLRequest?) -> Void) {
        if transfer.failure == nil { transfer.failure = failure }
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        completionHandler(.allow)  // FoundationNetworking ignores the disposition: a refusal is a cancel
        guard let transfer = transfer(of: dataTask), transfer.failure == nil else { return }
        transfer.touch()
        guard let http = response as? HTTPURLResponse else { return stop(dataTask, transfer, .other("not an HTTP response")) }
        transfer.response = http
        switch http.statusCode {
        case 304:
            return
        case 200, 203:
            if http.expectedContentLength > Int64(transfer.maxBytes) {
                return stop(dataTask, transfer, .tooLarge(limit: transfer.maxBytes, announced: Int(http.expectedContentLength)))
            }
            do {
                try AtomicFile.createFolder(Path.parent(of: transfer.partPath))
                guard FileManager.default.createFile(atPath: transfer.partPath, contents: nil),
                    let file = FileHandle(forWritingAtPath: transfer.partPath)
                else { throw AtomicFileError(path: transfer.partPath, code: errno) }
                transfer.file = file
            } catch {
                stop(dataTask, transfer, .write("cannot write the download: \(error)"))
            }
        default:
            // Not a body to keep (an error page, a partial answer never asked for).
            stop(dataTask, transfer, .status(http.statusCode))
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(of: dataTask), transfer.failure == nil, let file = transfer.file else { return }
        transfer.touch()
        transfer.received += data.count
        guard transfer.received <= transfer.maxBytes else {
            return stop(dataTask, transfer, .tooLarge(limit: transfer.maxBytes, announced: nil))
        }
        do { try file.write(contentsOf: data) } catch { stop(dataTask, transfer, .write("cannot write the download: \(error)")) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        guard let transfer = transfer(of: task) else { return completionHandler(nil) }
        guard !transfer.cancelled else { return }  // the cancel ends it
        transfer.touch()
        transfer.redirects += 1
        // The response's own Location, not the request FoundationNetworking made of it.
        let location = response.value(forHTTPHeaderField: "Location") ?? ""
        let target = URL(string: location, relativeTo: response.url ?? transfer.url)?.absoluteURL
        guard let target, RemoteURL.parse(target.absoluteString) != nil,
            let next = request.url, RemoteURL.schemes.contains(next.scheme?.lowercased() ?? "")
        else { return refuse(transfer, .redirectRefused(location: location), completionHandler) }
        guard transfer.redirects <= RemoteOptions.maxRedirects else { return refuse(transfer, .tooManyRedirects, completionHandler) }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let transfer = transfer(of: task) else { return }
        if transfer.response == nil, let http = task.response as? HTTPURLResponse { transfer.response = http }
        transfer.error = error
        transfer.done.signal()
    }
}

/// The delegate queue: one operation at a time, and at most ``capacity`` waiting. When it is
/// full, adding one waits.
///
/// FoundationNetworking hands each block of a body (16 KiB from libcurl) to the delegate queue
/// as an operation and reads on without waiting for it: from a fast server the body piles up in
/// memory faster than it is written out (measured: 150 MB resident while streaming 200 MB from
/// a local server). Making the transfer thread wait here is the only backpressure there is; the
/// socket then fills and TCP slows the server down. (Delegate code must never wait for the
/// session's work queue, then: ``TransferDelegate`` cancels from another thread.)
///
/// FoundationNetworking's work queues all run on one Dispatch queue, so while a transfer waits
/// here no other can be heard from: ``isHoldingBack`` says so, and the timeouts do not count
/// that time.
final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    /// Operations waiting at most: 64 blocks, 1 MiB of body.
    static let capacity = 64
    private let slots = DispatchSemaphore(value: BoundedDelegateQueue.capacity)
    /// A serial queue of its own: OperationQueue's default is a concurrent one, which waits for
    /// Dispatch's shared threads. (Kept here: `underlyingQueue` does not keep it.)
    private let serial = DispatchQueue(label: "vitrine.remote.delegate")

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "vitrine.remote.delegate"
        underlyingQueue = serial
    }

    /// Transfers waiting for a delegate queue to make room, in all sessions.
    private static let waiting = Locked(0)

    /// Whether a transfer is waiting for its body to be written out, holding every other back.
    static var isHoldingBack: Bool { waiting.current > 0 }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        // An operation adding another would wait for itself.
        if OperationQueue.current === self { return super.addOperation(block) }
        if slots.wait(timeout: .now()) == .timedOut {
            Self.waiting.withLock { $0 += 1 }
            slots.wait()
            Self.waiting.withLock { $0 -= 1 }
        }
        super.addOperation { [slots] in
            slots.signal()
            block()
        }
    }
}
