import Foundation
import VipsKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A downloaded (or still current) copy of a URL.
public struct Download: Sendable, Equatable {
    /// The copy, in the cache folder.
    public var path: String
    public var bytes: Int
    /// Seconds since 1970: the server's `Last-Modified` when it gave one (the copy's
    /// modification time is set to it), else when it was downloaded.
    public var modified: Double
    /// The server answered 304 Not Modified and the cached copy was kept.
    public var reused: Bool
}

/// What a fetch tells as it goes, one event at a time.
public enum FetchEvent: Sendable {
    /// URL number `index` failed with `failure` and is tried again after `delay` seconds.
    case retrying(index: Int, failure: FetchFailure, attempt: Int, of: Int, delay: Double)
    /// URL number `index` is done.
    case finished(index: Int, result: Result<Download, FetchFailure>, attempts: Int)
}

/// Downloads URLs into a ``RemoteCache`` with Foundation's URLSession (FoundationNetworking on
/// Linux), in ephemeral sessions: no cache and no cookies are kept (the default configuration
/// keeps both under `$HOME`), and the folders FoundationNetworking makes all the same go into
/// a private folder that is removed (``SessionFolders``).
///
/// A copy already in the cache is asked for again with `If-None-Match` / `If-Modified-Since`
/// and kept on 304. Bodies are streamed to a temporary file beside the copy and renamed over it
/// when whole, so a copy is never half-written. ``RemoteOptions`` says how many at once, how
/// long to wait, how often to retry (with a doubling wait) and how much to take; redirects are
/// followed only to `http` and `https`, judged by the response's own `Location` header
/// (FoundationNetworking rewrites `file:///etc/passwd` into `http://same-host/etc/passwd`).
///
/// Each download thread has a session of its own, and so a delegate queue of its own: a
/// body being written out (``BoundedDelegateQueue``) never holds up another download's
/// callbacks. The timeout is watched here, by the clock: FoundationNetworking's own timer runs
/// on a queue all its sessions share, which is late while a body is being written.
public final class RemoteFetcher: @unchecked Sendable {
    public let options: RemoteOptions
    public let cache: RemoteCache

    /// One session and its delegate, used by one download thread.
    private struct Lane {
        var session: URLSession
        var delegate: TransferDelegate
    }

    public init(options: RemoteOptions, cache: RemoteCache) {
        self.options = options
        self.cache = cache
    }

    private func makeLane() -> Lane {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // The timeout is watched here (see `attempt`); FoundationNetworking's own timer is only a
        // backstop, since it runs late and counts time this process held the transfer back.
        configuration.timeoutIntervalForRequest = Double(options.wholeSecondsTimeout + Self.timerMargin)
        configuration.httpAdditionalHeaders = ["User-Agent": "vitrine/\(VitrineVersion.string)"]
        let delegate = TransferDelegate()
        return Lane(session: URLSession(configuration: configuration, delegate: delegate, delegateQueue: BoundedDelegateQueue()),
            delegate: delegate)
    }

    /// Downloads each of `urls`, at most ``RemoteOptions/jobs`` at once, telling `events` of
    /// retries and of each URL's end (one event at a time). Returns when every one is done.
    ///
    /// Each download waits for its transfer on a thread of its own, not on Dispatch's shared
    /// threads: on Linux there are only as many of those as cores, and sessions need them.
    public func fetch(_ urls: [URL], events: @escaping @Sendable (FetchEvent) -> Void) {
        let entries = urls.map(cache.entry(for:))
        for folder in Set(entries.map { Path.parent(of: $0.data) }) { AtomicFile.removeLeftovers(in: folder) }
        let next = Locked(0)
        let serial = NSLock()
        let tell: @Sendable (FetchEvent) -> Void = { event in serial.withLock { events(event) } }
        let finished = DispatchSemaphore(value: 0)
        let threads = min(options.jobs, urls.count)
        guard threads > 0 else { return }
        let (lanes, folders) = SessionFolders.making(in: cache.folder) { (0..<threads).map { _ in makeLane() } }
        defer {
            for lane in lanes { lane.session.invalidateAndCancel() }
            SessionFolders.remove(folders)
        }
        for lane in lanes {
            Thread.detachNewThread {
                while true {
                    let index = next.withLock { value -> Int in
                        defer { value += 1 }
                        return value
                    }
                    guard index < urls.count else { break }
                    let (result, attempts) = self.download(urls[index], into: entries[index], on: lane) { failure, attempt, total, delay in
                        tell(.retrying(index: index, failure: failure, attempt: attempt, of: total, delay: delay))
                    }
                    tell(.finished(index: index, result: result, attempts: attempts))
                }
                finished.signal()
            }
        }
        for _ in 0..<threads { finished.wait() }
    }

    /// One URL, tried again while it fails in a way that may pass.
    private func download(_ url: URL, into entry: RemoteCache.Entry, on lane: Lane,
                          retrying: (FetchFailure, Int, Int, Double) -> Void) -> (Result<Download, FetchFailure>, Int) {
        let total = options.retries + 1
        var attempt = 1
        while true {
            let result = self.attempt(url, into: entry, on: lane)
            guard case .failure(let failure) = result, failure.isTransient, attempt < total else { return (result, attempt) }
            let delay = RemoteOptions.firstBackoff * pow(2, Double(attempt - 1))
            retrying(failure, attempt + 1, total, delay)
            Thread.sleep(forTimeInterval: delay)
            attempt += 1
        }
    }

    /// One request: conditional when the cache has a copy with validators.
    private func attempt(_ url: URL, into entry: RemoteCache.Entry, on lane: Lane) -> Result<Download, FetchFailure> {
        let validators = cache.validators(of: entry)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: Double(options.wholeSecondsTimeout + Self.timerMargin))
        request.setValue("image/*, video/*;q=0.9, */*;q=0.5", forHTTPHeaderField: "Accept")
        if let etag = validators?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let date = validators?.lastModified { request.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
        let transfer = Transfer(url: url, partPath: AtomicFile.temporaryPath(for: entry.data), maxBytes: options.maxBytes)
        let task = lane.session.dataTask(with: request)
        lane.delegate.register(transfer, for: task)
        task.resume()
        // Silence counts from now, and never while a body being written out holds every
        // transfer back (they share one queue): only time the server could have been heard.
        transfer.touch()
        let limit = Double(options.wholeSecondsTimeout)
        while transfer.done.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            if BoundedDelegateQueue.isHoldingBack { transfer.touch() }
            guard transfer.silence > limit else { continue }
            lane.session.delegateQueue.addOperation { lane.delegate.timeOut(task, transfer, seconds: Int(limit)) }
            // A cancelled task ends at once; should it not, it is left behind rather than waited for.
            _ = transfer.done.wait(timeout: .now() + .seconds(10))
            break
        }
        lane.delegate.unregister(task)
        try? transfer.file?.close()
        let outcome = finish(transfer, entry: entry, asked: validators)
        if case .failure = outcome { unlink(transfer.partPath) }
        return outcome
    }

    /// What a transfer that ended gave: the new copy put in place, the cached one kept, or why not.
    private func finish(_ transfer: Transfer, entry: RemoteCache.Entry, asked: RemoteCache.Validators?)
        -> Result<Download, FetchFailure>
    {
        if let failure = transfer.failure { return .failure(failure) }
        if let error = transfer.error { return .failure(.from(error, url: transfer.url, timeout: options.wholeSecondsTimeout)) }
        guard let response = transfer.response else { return .failure(.other("no response")) }
        let lastModified = response.value(forHTTPHeaderField: "Last-Modified")
        if response.statusCode == 304 {
            guard let asked else { return .failure(.notModifiedWithoutCopy) }
            return .success(Download(path: entry.data, bytes: asked.bytes, modified: Self.modificationTime(of: entry.data), reused: true))
        }
        guard transfer.file != nil else { return .failure(.status(response.statusCode)) }
        do {
            try AtomicFile.moveIntoPlace(transfer.partPath, over: entry.data)
        } catch {
            return .failure(.write("cannot keep the download: \(error.reason)"))
        }
        if let date = lastModified.flatMap(Self.httpDate) {
            try? FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: entry.data)
        }
        let validators = RemoteCache.Validators(etag: response.value(forHTTPHeaderField: "ETag"), lastModified: lastModified,
            bytes: transfer.received)
        if validators.etag != nil || validators.lastModified != nil {
            try? cache.store(validators, of: entry)
        } else {
            unlink(entry.meta)
        }
        return .success(Download(path: entry.data, bytes: transfer.received, modified: Self.modificationTime(of: entry.data),
            reused: false))
    }

    /// Seconds FoundationNetworking's own timer waits beyond the timeout.
    static let timerMargin = 60

    static func modificationTime(of path: String) -> Double {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    }

    /// An HTTP date (`Tue, 01 Dec 2026 03:29:57 GMT`, RFC 9110's preferred form).
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
