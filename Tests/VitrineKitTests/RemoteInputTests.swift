import CCurl
import Foundation
import VipsKit
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@testable import VitrineKit

/// Remote images without a network: which inputs are URLs, their ids, their cache names, how
/// failures are named and judged, and the options' checks.
final class RemoteInputTests: XCTestCase {
    func testOnlyHTTPAndHTTPSURLsWithAHostAreFetched() {
        XCTAssertNotNil(RemoteURL.parse("https://example.com/a.jpg"))
        XCTAssertNotNil(RemoteURL.parse("HTTP://Example.com:8080/a%20b.jpg?x=1#f"))
        for refused in ["file:///etc/passwd", "ftp://example.com/a.jpg", "data:image/png;base64,AAAA", "http:///a.jpg",
                        "https://exa mple.com/a.jpg", "http://example.com/a\nb.jpg", "photos/http.jpg", "javascript://x"] {
            XCTAssertNil(RemoteURL.parse(refused), refused)
        }
        XCTAssertEqual(RemoteURL.scheme(of: "FILE:///etc/passwd"), "file")
        XCTAssertNil(RemoteURL.scheme(of: "photos/a://b.jpg"), "a path whose folder has a colon")
        XCTAssertNil(RemoteURL.scheme(of: "/abs/path.jpg"))
    }

    func testIdsComeFromTheHostAndPathNeverTheQuery() throws {
        let url = try XCTUnwrap(RemoteURL.parse("https://Example.COM:8443/Trips/Beach%20Day.JPG?token=s3cret"))
        let relative = ItemIdentifier.relativePath(forURL: url)
        XCTAssertEqual(relative, "example.com/Trips/Beach Day.JPG")
        XCTAssertEqual(ItemIdentifier.slug(forRelativePath: relative), "example-com/trips/beach-day")
        XCTAssertEqual(ItemIdentifier.relativePath(forURL: try XCTUnwrap(RemoteURL.parse("http://h.example/"))), "h.example/index")
        XCTAssertEqual(ItemIdentifier.relativePath(forURL: try XCTUnwrap(RemoteURL.parse("http://h.example/a/?q"))), "h.example/a/index")
        // `%2F` inside a part is not a folder; `..` is not a way up.
        XCTAssertEqual(ItemIdentifier.relativePath(forURL: try XCTUnwrap(RemoteURL.parse("http://h/a%2Fb/../c.png"))), "h/a-b/c.png")
        // Two URLs that differ by their query only get ids of their own, as files of one name do.
        let paths = ["http://h/a.jpg?v=1", "http://h/a.jpg?v=2"].compactMap(RemoteURL.parse).map(ItemIdentifier.relativePath(forURL:))
        XCTAssertEqual(ItemIdentifier.uniqueIDs(forRelativePaths: paths), ["h/a", "h/a-2"])
        XCTAssertEqual(RemoteURL.fileName(of: "http://h/x/Beach%20Day.jpg?t=1"), "Beach Day.jpg")
    }

    func testCacheNamesHashTheWholeURLAndKeepOnlyAMediaExtension() throws {
        let cache = RemoteCache(folder: "/c")
        let secret = cache.entry(for: try XCTUnwrap(RemoteURL.parse("https://h.example/p/Beach.JPG?token=s3cret")))
        XCTAssertTrue(secret.data.hasPrefix("/c/remote/h-example/beach-"), secret.data)
        XCTAssertTrue(secret.data.hasSuffix(".jpg"))
        XCTAssertFalse(secret.data.contains("s3cret") || secret.data.contains("token"))
        XCTAssertEqual(secret.meta, Path.removingExtension(secret.data) + ".meta")
        let other = cache.entry(for: try XCTUnwrap(RemoteURL.parse("https://h.example/p/Beach.JPG?token=other")))
        XCTAssertNotEqual(other.data, secret.data, "the query is in the hash")
        XCTAssertEqual(cache.entry(for: try XCTUnwrap(RemoteURL.parse("https://h.example/p/Beach.JPG?token=s3cret"))), secret)
        let page = cache.entry(for: try XCTUnwrap(RemoteURL.parse("https://h.example/photo.php?id=3")))
        XCTAssertEqual(Path.fileExtension(of: page.data), "", "not named as media: judged by content alone")
    }

    func testAnInlineSVGIsKeptOnceByItsHash() throws {
        let folder = try TestFolder()
        let cache = RemoteCache(folder: folder.path + "/cache")
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='3'/>"
        let first = try cache.file(forInlineSVG: svg)
        XCTAssertEqual(first.bytes, svg.utf8.count)
        XCTAssertEqual(try String(contentsOfFile: first.path, encoding: .utf8), svg)
        XCTAssertEqual(try cache.file(forInlineSVG: svg).path, first.path)
        XCTAssertNotEqual(try cache.file(forInlineSVG: svg + " ").path, first.path)
    }

    func testFailuresAreNamedRetriedAndFiledByTheirCause() {
        let url = URL(string: "https://photos.example:8443/a.jpg")!
        let silence = FetchFailure.timedOut(seconds: 7)
        XCTAssertEqual(FetchFailure.from(curl: CURLE_COULDNT_RESOLVE_HOST, detail: "", url: url, timedOut: silence), .hostNotFound("photos.example"))
        XCTAssertEqual(FetchFailure.from(curl: CURLE_COULDNT_CONNECT, detail: "", url: url, timedOut: silence), .refused("photos.example:8443"))
        XCTAssertEqual(FetchFailure.from(curl: CURLE_OPERATION_TIMEDOUT, detail: "", url: url, timedOut: silence), .timedOut(seconds: 7))
        XCTAssertEqual(FetchFailure.from(curl: CURLE_RECV_ERROR, detail: "", url: url, timedOut: silence), .connectionLost)
        XCTAssertEqual(FetchFailure.from(curl: CURLE_SSL_CONNECT_ERROR, detail: "a\nb", url: url, timedOut: silence), .secureConnection("a b"))
        XCTAssertEqual(FetchFailure.deadline(seconds: 600).reason, .timeout)
        XCTAssertFalse(FetchFailure.deadline(seconds: 600).isTransient, "an attempt that took too long would again")
        XCTAssertEqual(FetchFailure.hostNotFound("photos.example").message, "cannot resolve the host name photos.example")
        XCTAssertEqual(FetchFailure.status(404).message, "HTTP 404 Not Found")
        let transient: [FetchFailure] = [.status(500), .status(503), .refused("h:80"), .connectionLost, .timedOut(seconds: 1)]
        let final: [FetchFailure] = [.status(404), .status(429), .status(403), .hostNotFound("h"), .tooManyRedirects,
            .redirectRefused(location: "file:///etc/passwd"), .tooLarge(limit: 1, announced: nil)]
        XCTAssertTrue(transient.allSatisfy(\.isTransient))
        XCTAssertFalse(final.contains(where: \.isTransient))
        XCTAssertEqual(FetchFailure.status(404).reason, .notFound)
        XCTAssertEqual(FetchFailure.status(403).reason, .permission)
        XCTAssertEqual(FetchFailure.status(502).reason, .network)
        XCTAssertEqual(FetchFailure.hostNotFound("h").reason, .network)
        XCTAssertEqual(FetchFailure.tooLarge(limit: 1, announced: 2).reason, .tooLarge)
        XCTAssertEqual(FetchFailure.redirectRefused(location: "file:///etc/passwd").reason, .unsupported)
        for failure in transient + final { XCTAssertFalse(failure.message.contains("\n"), failure.message) }
    }

    func testOptionsAreCheckedWhereTheyAreDefined() throws {
        let defaults = RemoteOptions()
        XCTAssertEqual([defaults.jobs, defaults.retries, defaults.maxBytes], [4, 2, 200 << 20])
        XCTAssertEqual(defaults.timeout, 30)
        XCTAssertNoThrow(try defaults.validated())
        var options = defaults
        options.jobs = 0
        XCTAssertThrowsError(try options.validated()) { XCTAssertEqual($0 as? RemoteOptions.Problem, .jobs(0)) }
        options = defaults
        options.retries = -1
        XCTAssertThrowsError(try options.validated()) { XCTAssertEqual($0 as? RemoteOptions.Problem, .retries(-1)) }
        options = defaults
        options.timeout = 0.5
        XCTAssertEqual(options.wholeSecondsTimeout, 1, "FoundationNetworking counts whole seconds")
        XCTAssertEqual(RemoteOptions.defaultCacheFolder(in: "out"), "out/.vitrine/cache")
    }

    /// A URL found in a walk: found as it is (nothing is opened), once however often it is
    /// given; another scheme is an error naming it.
    func testTheWalkFindsURLsAsTheyAre() {
        let result = InputWalker().walk(["https://h/a.jpg", "file:///etc/passwd", "-"], readList: { ["https://h/a.jpg", "http://h/b"] })
        XCTAssertEqual(result.files.map(\.path), ["https://h/a.jpg", "http://h/b"])
        XCTAssertEqual(result.files.map(\.relativePath), ["h/a.jpg", "h/b"])
        XCTAssertEqual(result.files.map(\.origin), [.remote(url: "https://h/a.jpg"), .remote(url: "http://h/b")])
        XCTAssertEqual(result.files.map(\.inputIndex), [0, 2])
        XCTAssertEqual(result.errors, [ItemError(path: "file:///etc/passwd", message: "a file: URL: only http and https URLs are read",
            reason: .unsupported)])
        XCTAssertEqual(result.duplicates.map(\.path), ["https://h/a.jpg"])
    }

    /// What a download the decoders refused is called: a web page when its bytes say so.
    func testARefusedDownloadIsSaidToBeAPageWhenItIsOne() throws {
        let folder = try TestFolder()
        try "\u{FEFF}  <!DOCTYPE html><html><body>Sign in</body></html>".write(toFile: folder.path + "/page", atomically: true, encoding: .utf8)
        try "GIF89a nonsense".write(toFile: folder.path + "/other", atomically: true, encoding: .utf8)
        let page = InputFile(path: folder.path + "/page", relativePath: "h/page", inputIndex: 0, bytes: 1, modified: 0,
            origin: .remote(url: "http://h/page"))
        XCTAssertEqual(MediaScanner.judged(.ignored(reason: "not a recognised image format"), of: page),
            .failed(message: "not an image: the server sent an HTML page", reason: .unsupported))
        var other = page
        other.path = folder.path + "/other"
        XCTAssertEqual(MediaScanner.judged(.ignored(reason: "not a recognised image format"), of: other),
            .failed(message: "not an image: not a recognised image format", reason: .unsupported))
        var local = other
        local.origin = nil
        XCTAssertEqual(MediaScanner.judged(.ignored(reason: "x"), of: local), .ignored(reason: "x"), "a file of a folder may be anything")
    }
}
