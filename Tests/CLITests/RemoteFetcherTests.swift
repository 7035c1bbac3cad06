import Foundation
import VipsKit
import VitrineKit
import XCTest

/// The fetcher of remote images (``RemoteFetcher``) against a local HTTP server: conditional
/// requests, retries, redirects, the size limit, the timeout, names that keep secrets.
final class RemoteFetcherTests: TemporaryFolderTestCase {
    var server: HTTPTestServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try HTTPTestServer(folder: folder)
        for name in ["coffee.jpg", "chelsea.jpg"] {
            try FileManager.default.copyItem(atPath: Repository.examples + "/" + name, toPath: server.root + "/" + name)
        }
    }

    override func tearDownWithError() throws {
        server.stop()
        try super.tearDownWithError()
    }

    /// Fetches `paths` (on the server) with `options`: each one's result and attempts.
    func fetch(_ paths: [String], _ options: RemoteOptions = RemoteOptions()) -> [(Result<Download, FetchFailure>, Int)] {
        let fetcher = RemoteFetcher(options: options, cache: RemoteCache(folder: folder + "/cache"))
        let results = Locked([(Result<Download, FetchFailure>, Int)?](repeating: nil, count: paths.count))
        fetcher.fetch(paths.map { URL(string: server.url($0))! }) { event in
            if case .finished(let index, let result, let attempts) = event { results.withLock { $0[index] = (result, attempts) } }
        }
        return results.current.map { $0! }
    }

    func testASecondFetchAsksWhetherTheCopyChangedAndKeepsIt() throws {
        let first = try fetch(["/files/coffee.jpg"])[0].0.get()
        XCTAssertFalse(first.reused)
        XCTAssertEqual(first.bytes, 56981)
        XCTAssertEqual(FileManager.default.contents(atPath: first.path), FileManager.default.contents(atPath: server.root + "/coffee.jpg"))
        // The copy's time is the server's Last-Modified (whole seconds).
        let served = try FileManager.default.attributesOfItem(atPath: server.root + "/coffee.jpg")[.modificationDate] as! Date
        XCTAssertEqual(first.modified, served.timeIntervalSince1970.rounded(.down), accuracy: 0.001)
        let second = try fetch(["/files/coffee.jpg"])[0].0.get()
        XCTAssertTrue(second.reused)
        XCTAssertEqual(second.path, first.path)
        XCTAssertEqual(second.modified, first.modified)
        let requests = server.requests
        XCTAssertEqual(requests.map(\.status), [200, 304])
        XCTAssertFalse(requests[0].isConditional)
        XCTAssertNotNil(requests[1].ifNoneMatch)
        XCTAssertNotNil(requests[1].ifModifiedSince)
    }

    func testOnlyServerErrorsAndLostConnectionsAreTriedAgain() throws {
        var options = RemoteOptions()
        options.retries = 2
        let results = fetch(["/flaky/2/chelsea.jpg", "/status/404/a.jpg", "/status/503/b.jpg", "/status/429/c.jpg"], options)
        XCTAssertEqual(try results[0].0.get().bytes, 34300)
        XCTAssertEqual(results[0].1, 3, "two 500s, then the file")
        XCTAssertEqual(results[1].0, .failure(.status(404)))
        XCTAssertEqual(results[1].1, 1, "never again on a 4xx")
        XCTAssertEqual(results[2].0, .failure(.status(503)))
        XCTAssertEqual(results[2].1, 3)
        XCTAssertEqual(results[3].1, 1, "429 is a 4xx")
        let counts = Dictionary(grouping: server.requests, by: \.target).mapValues(\.count)
        XCTAssertEqual(counts, ["/flaky/2/chelsea.jpg": 3, "/status/404/a.jpg": 1, "/status/503/b.jpg": 3, "/status/429/c.jpg": 1])
    }

    func testRedirectsAreFollowedToHTTPOnlyAndAtMostFiveTimes() throws {
        let results = fetch(["/redirect-to/file%3A%2F%2F%2Fetc%2Fpasswd", "/redirect-to/ftp%3A%2F%2F127.0.0.1%2Fa.jpg",
            "/redirects/5/coffee.jpg", "/redirects/6/coffee.jpg"])
        XCTAssertEqual(results[0].0, .failure(.redirectRefused(location: "file:///etc/passwd")))
        XCTAssertEqual(results[1].0, .failure(.redirectRefused(location: "ftp://127.0.0.1/a.jpg")))
        XCTAssertEqual(try results[2].0.get().bytes, 56981)
        XCTAssertEqual(results[3].0, .failure(.tooManyRedirects))
        // FoundationNetworking would have asked the same host for /etc/passwd.
        let targets = server.requests.map(\.target)
        XCTAssertEqual(targets.filter { !$0.hasPrefix("/redirect") }, ["/files/coffee.jpg"], "\(targets)")
    }

    func testTheSizeLimitHoldsWhetherTheLengthIsAnnouncedOrNot() throws {
        var options = RemoteOptions()
        options.maxBytes = 1 << 20
        let results = fetch(["/huge/300", "/huge-chunked/300"], options)
        XCTAssertEqual(results[0].0, .failure(.tooLarge(limit: 1 << 20, announced: 300 << 20)))
        XCTAssertEqual(results[1].0, .failure(.tooLarge(limit: 1 << 20, announced: nil)))
        // Nothing is left of either: no copy, no temporary file.
        let left = FileManager.default.enumerator(atPath: folder + "/cache")?.allObjects as? [String] ?? []
        XCTAssertEqual(left.filter { !$0.hasSuffix("127-0-0-1") && $0 != "remote" }, [])
    }

    func testSilenceLongerThanTheTimeoutEndsTheAttempt() throws {
        var options = RemoteOptions()
        options.timeout = 1
        options.retries = 0
        let started = Date()
        let results = fetch(["/slow/4/coffee.jpg", "/files/chelsea.jpg"], options)
        XCTAssertEqual(results[0].0, .failure(.timedOut(seconds: 1)))
        XCTAssertLessThan(Date().timeIntervalSince(started), 3)
        XCTAssertEqual(try results[1].0.get().bytes, 34300)
    }

    func testAQueryStringNeverNamesAFile() throws {
        let result = try fetch(["/files/coffee.jpg?token=s3cr3t-T0KEN"])[0].0.get()
        XCTAssertFalse(result.path.contains("s3cr3t"))
        let names = FileManager.default.enumerator(atPath: folder + "/cache")?.allObjects as? [String] ?? []
        XCTAssertFalse(names.isEmpty)
        XCTAssertFalse(names.contains { $0.contains("s3cr3t") || $0.contains("token") }, "\(names)")
        XCTAssertEqual(server.requests.first?.target, "/files/coffee.jpg?token=s3cr3t-T0KEN", "the server gets the query string")
    }

    func testNothingListeningIsRefusedAndRetried() throws {
        var options = RemoteOptions()
        options.retries = 1
        let fetcher = RemoteFetcher(options: options, cache: RemoteCache(folder: folder + "/cache"))
        let result = Locked<(Result<Download, FetchFailure>, Int)?>(nil)
        // Port 1 on 127.0.0.1: nothing listens there.
        fetcher.fetch([URL(string: "http://127.0.0.1:1/a.jpg")!]) { event in
            if case .finished(_, let outcome, let attempts) = event { result.withLock { $0 = (outcome, attempts) } }
        }
        XCTAssertEqual(result.current?.0, .failure(.refused("127.0.0.1:1")))
        XCTAssertEqual(result.current?.1, 2)
    }
}
