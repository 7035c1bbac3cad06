import Foundation
import VipsKit

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

/// Downloads URLs into a ``RemoteCache`` with libcurl, one handle per download thread; no
/// cookie, cache or credential file is read or written.
///
/// A copy already in the cache is asked for again with `If-None-Match` / `If-Modified-Since`
/// and kept on 304. Bodies are streamed to a temporary file beside the copy and renamed over it
/// when whole, so a copy is never half-written. ``RemoteOptions`` says how many at once, how
/// long to wait (for anything, and for the whole attempt), how often to retry (with a doubling
/// wait) and how much to take; redirects are followed only to `http` and `https`, judged by the
/// response's own `Location` header.
///
/// A fetch stops within about a second of `isCancelled` turning true (a signal): transfers
/// under way end, no retry and no new URL is begun, and no event is told of what was not done.
public final class RemoteFetcher: @unchecked Sendable {
    public let options: RemoteOptions
    public let cache: RemoteCache
    public let isCancelled: @Sendable () -> Bool

    public init(options: RemoteOptions, cache: RemoteCache, isCancelled: @escaping @Sendable () -> Bool = { false }) {
        self.options = options
        self.cache = cache
        self.isCancelled = isCancelled
    }

    /// The statuses that are redirects, followed when their `Location` may be.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Downloads each of `urls`, at most ``RemoteOptions/jobs`` at once, telling `events` of
    /// retries and of each URL's end (one event at a time). Returns when every one is done, or
    /// soon after `isCancelled`.
    ///
    /// Each download runs on a thread of its own (libcurl's transfers block the thread).
    public func fetch(_ urls: [URL], events: @escaping @Sendable (FetchEvent) -> Void) {
        let entries = urls.map(cache.entry(for:))
        for folder in Set(entries.map { Path.parent(of: $0.data) }) { AtomicFile.removeLeftovers(in: folder) }
        let next = Locked(0)
        let serial = NSLock()
        let tell: @Sendable (FetchEvent) -> Void = { event in serial.withLock { events(event) } }
        let finished = DispatchSemaphore(value: 0)
        let threads = min(options.jobs, urls.count)
        guard threads > 0 else { return }
        for _ in 0..<threads {
            Thread.detachNewThread {
                let handle = CurlHandle()
                while !self.isCancelled() {
                    let index = next.withLock { value -> Int in
                        defer { value += 1 }
                        return value
                    }
                    guard index < urls.count else { break }
                    let (result, attempts) = self.download(urls[index], into: entries[index], with: handle) { failure, attempt, total, delay in
                        tell(.retrying(index: index, failure: failure, attempt: attempt, of: total, delay: delay))
                    }
                    if case .failure(.stopped) = result { break }
                    tell(.finished(index: index, result: result, attempts: attempts))
                }
                finished.signal()
            }
        }
        for _ in 0..<threads { finished.wait() }
    }

    /// One URL, tried again while it fails in a way that may pass.
    private func download(_ url: URL, into entry: RemoteCache.Entry, with handle: CurlHandle,
                          retrying: (FetchFailure, Int, Int, Double) -> Void) -> (Result<Download, FetchFailure>, Int) {
        let total = options.retries + 1
        var attempt = 1
        while true {
            let result = self.attempt(url, into: entry, with: handle)
            guard case .failure(let failure) = result, failure.isTransient, attempt < total else { return (result, attempt) }
            let delay = RemoteOptions.firstBackoff * pow(2, Double(attempt - 1))
            retrying(failure, attempt + 1, total, delay)
            let until = ProcessInfo.processInfo.systemUptime + delay
            while ProcessInfo.processInfo.systemUptime < until {
                if isCancelled() { return (.failure(.stopped), attempt) }
                Thread.sleep(forTimeInterval: min(0.1, max(0, until - ProcessInfo.processInfo.systemUptime)))
            }
            attempt += 1
        }
    }

    /// One attempt: a request (conditional when the cache has a copy with validators), and the
    /// redirects it is answered with, under one deadline.
    private func attempt(_ url: URL, into entry: RemoteCache.Entry, with handle: CurlHandle) -> Result<Download, FetchFailure> {
        let validators = cache.validators(of: entry)
        var headers = ["Accept: image/*, video/*;q=0.9, */*;q=0.5"]
        if let etag = validators?.etag { headers.append("If-None-Match: " + etag) }
        if let date = validators?.lastModified { headers.append("If-Modified-Since: " + date) }
        let reception = Reception(partPath: AtomicFile.temporaryPath(for: entry.data), maxBytes: options.maxBytes,
            timeout: Double(options.wholeSecondsTimeout), deadline: options.deadline, isCancelled: isCancelled)
        defer {
            reception.close()
            TemporariesInFlight.settled(reception.partPath)
        }
        var current = url
        var redirects = 0
        while true {
            let answer = handle.get(current, headers: headers, into: reception)
            if answer.failure == nil, Self.redirectStatuses.contains(answer.status) {
                // The response's own Location, resolved against the URL that gave it.
                let location = answer.headers["location"] ?? ""
                guard let target = URL(string: location, relativeTo: current)?.absoluteURL,
                    RemoteURL.parse(target.absoluteString) != nil
                else { return .failure(.redirectRefused(location: location)) }
                redirects += 1
                guard redirects <= RemoteOptions.maxRedirects else { return .failure(.tooManyRedirects) }
                current = target
                continue
            }
            reception.close()
            let outcome = finish(answer, reception: reception, entry: entry, asked: validators)
            if case .failure = outcome { unlink(reception.partPath) }
            return outcome
        }
    }

    /// What an answer gave: the new copy put in place, the cached one kept, or why not.
    private func finish(_ answer: CurlHandle.Answer, reception: Reception, entry: RemoteCache.Entry,
                        asked: RemoteCache.Validators?) -> Result<Download, FetchFailure> {
        if let failure = answer.failure { return .failure(failure) }
        let lastModified = answer.headers["last-modified"]
        switch answer.status {
        case 304:
            guard let asked else { return .failure(.notModifiedWithoutCopy) }
            return .success(Download(path: entry.data, bytes: asked.bytes, modified: Self.modificationTime(of: entry.data), reused: true))
        case 200, 203:
            if !reception.hasBody, let failure = reception.createEmptyBody() { return .failure(failure) }
            reception.close()
        case 0:
            return .failure(.other("no response"))
        case let code:
            return .failure(.status(code))
        }
        do {
            try AtomicFile.moveIntoPlace(reception.partPath, over: entry.data)
        } catch {
            return .failure(.write("cannot keep the download: \(error.reason)"))
        }
        if let date = lastModified.flatMap(Self.httpDate) {
            // The server's date only spares a later request: without it the copy is still good.
            try? FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: entry.data)
        }
        let validators = RemoteCache.Validators(etag: answer.headers["etag"], lastModified: lastModified, bytes: reception.received)
        if validators.etag != nil || validators.lastModified != nil {
            // Validators only spare a later download: a copy without them is fetched again in full.
            try? cache.store(validators, of: entry)
        } else {
            unlink(entry.meta)
        }
        return .success(Download(path: entry.data, bytes: reception.received, modified: Self.modificationTime(of: entry.data),
            reused: false))
    }

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
