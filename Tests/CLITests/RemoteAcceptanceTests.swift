import Foundation
import VipsKit
import XCTest

/// Issue 15's acceptance: remote images, local files and a custom item in one gallery, in the
/// order asked, fetched from a local HTTP server (Tests/Support/http_test_server.py); a second
/// run that only asks whether anything changed; each way a download can fail said in one line
/// naming its URL while the rest is made; and no request for any other address.
final class RemoteAcceptanceTests: TemporaryFolderTestCase {
    var server: HTTPTestServer!
    var home: String!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try HTTPTestServer(folder: folder)
        home = folder + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        server.stop()
        // Nothing was written under HOME (URLSession's default configuration would keep a cache
        // and cookies there), and no request was meant for another address.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home), [])
        XCTAssertEqual(server.requests.filter(\.proxied).map(\.target), [])
        try super.tearDownWithError()
    }

    /// vitrine with the server's environment: proxies that catch any other address, empty HOME.
    func vitrine(_ arguments: [String], stdin: String? = nil) throws -> Vitrine.Run {
        try Vitrine.run(arguments, stdin: stdin, environment: server.environment(home: home))
    }

    /// The ten served images: the six examples (one stored sideways), and four made here in
    /// PNG, WebP and GIF, one served under a name without an extension.
    func serveTenImages() throws -> [String] {
        let examples = ["coffee.jpg", "chelsea.jpg", "astronaut.jpg", "orientation-landscape-1.jpg", "orientation-landscape-6.jpg",
            "portraits/orientation-portrait-8.jpg"]
        for name in examples {
            try FileManager.default.copyItem(atPath: Repository.examples + "/" + name, toPath: server.root + "/" + Path.name(name))
        }
        try Vips.initialize()
        let made = [("wide.png", [200.0, 40, 40], 640, 180), ("tall.webp", [30, 160, 60], 150, 420),
            ("tiny.gif", [20, 20, 220], 90, 60), ("no-extension", [240, 200, 0], 500, 500)]
        for (name, colour, width, height) in made {
            let black = try Operation.image("black", ["width": .int(width), "height": .int(height), "bands": .int(3)])
            let flat = try Operation.image("linear", ["in": .image(black), "a": .doubles([1, 1, 1]), "b": .doubles(colour)])
            let image = try Operation.image("cast", ["in": .image(flat), "format": .string("uchar")])
            let saver = name == "no-extension" ? "pngsave" : Path.fileExtension(name) + "save"
            try Operation.call(saver, ["in": .image(image), "filename": .string(server.root + "/" + name)])
        }
        return examples.map { Path.name($0) } + made.map(\.0)
    }

    func testTenRemoteThreeLocalAndACustomItemInTheOrderAskedThenOnlyConditionalRequests() throws {
        let served = try serveTenImages()
        let local = folder + "/local"
        try FileManager.default.createDirectory(atPath: local, withIntermediateDirectories: true)
        for name in ["chelsea.jpg", "astronaut.jpg", "coffee.jpg"] {
            try FileManager.default.copyItem(atPath: Repository.examples + "/" + name, toPath: local + "/" + name)
        }
        try ##"<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="#2080f0"/></svg>"##
            .write(toFile: local + "/route.svg", atomically: true, encoding: .utf8)
        // The view exactly as written: odd spacing, keys out of order, a number as typed.
        let view = #"{"z": 1.50,  "type":"map", "centre": [48.85, 2.35]}"#
        let remote = served.map { server.url("/files/" + $0) }
        let entries: [String] = [
            "\"\(remote[0])\"", "\"\(remote[1])\"", #"{"path": "local/astronaut.jpg", "caption": "Eileen Collins"}"#, "\"\(remote[2])\"",
            #"{"kind": "custom", "id": "route", "title": "The route", "view": \#(view), "svg": "local/route.svg"}"#,
            "\"\(remote[3])\"", "\"\(remote[4])\"", "{\"url\": \"\(remote[5])\", \"title\": \"Portrait\"}", "\"local/coffee.jpg\"",
            "\"\(remote[6])\"", "\"\(remote[7])\"", "\"\(remote[8])\"", "\"\(remote[9])\"",
        ]
        try ("[\n  " + entries.joined(separator: ",\n  ") + "\n]\n").write(toFile: folder + "/items.json", atomically: true, encoding: .utf8)
        let output = folder + "/out"
        // The first input, on the command line, comes before the items file's.
        let arguments = ["thumbs", local + "/chelsea.jpg", "--items", folder + "/items.json", "-o", output]
        let first = try vitrine(arguments)
        XCTAssertEqual(first.status, 0, first.stderr)
        let manifest = try first.json()
        let ids = items(manifest).map { $0["id"] as? String ?? "" }
        let remoteIDs = served.map { "127-0-0-1/files/" + Path.removingExtension($0).replacingOccurrences(of: ".", with: "-") }
        XCTAssertEqual(ids, ["chelsea", remoteIDs[0], remoteIDs[1], "astronaut", remoteIDs[2], "route", remoteIDs[3], remoteIDs[4],
            remoteIDs[5], "coffee"] + remoteIDs[6...])
        XCTAssertEqual(items(manifest).map { $0["kind"] as? String ?? "" }.filter { $0 != "image" }, ["custom"])
        XCTAssertEqual(errors(manifest).count, 0)
        try SchemaCheck.assertValid(try write(first.stdout, to: folder + "/first.json"))
        let validated = try vitrine(["manifest", "validate", folder + "/first.json"])
        XCTAssertEqual(validated.status, 0, validated.stdoutText + validated.stderr)

        // Each remote item: its URL, a copy in the cache whose name keeps no query, and
        // renditions pixel for pixel as vitrine makes them of the same file given locally.
        let direct = try vitrine(["thumbs", server.root, "-o", folder + "/direct"])
        XCTAssertEqual(direct.status, 0, direct.stderr)
        let directItems = Dictionary(uniqueKeysWithValues: items(try direct.json()).map { ($0["id"] as? String ?? "", $0) })
        for (number, id) in remoteIDs.enumerated() {
            let item = try XCTUnwrap(items(manifest).first { $0["id"] as? String == id })
            let source = try XCTUnwrap(item["source"] as? [String: Any])
            XCTAssertEqual(source["url"] as? String, remote[number])
            let copy = try XCTUnwrap(source["path"] as? String)
            XCTAssertTrue(copy.hasPrefix(output + "/.vitrine/cache/remote/127-0-0-1/"), copy)
            XCTAssertEqual(FileManager.default.contents(atPath: copy), FileManager.default.contents(atPath: server.root + "/" + served[number]))
            let twin = try XCTUnwrap(directItems[Path.removingExtension(served[number]).replacingOccurrences(of: ".", with: "-")])
            XCTAssertEqual(item["width"] as? Int, twin["width"] as? Int, id)
            XCTAssertEqual(item["height"] as? Int, twin["height"] as? Int, id)
            XCTAssertEqual(item["format"] as? String, twin["format"] as? String, id)
            let rendition = try XCTUnwrap((item["renditions"] as? [[String: Any]])?.first)
            let twinRendition = try XCTUnwrap((twin["renditions"] as? [[String: Any]])?.first)
            XCTAssertEqual(rendition["width"] as? Int, twinRendition["width"] as? Int, id)
            XCTAssertEqual(rendition["height"] as? Int, twinRendition["height"] as? Int, id)
            let made = output + "/" + (rendition["path"] as? String ?? "")
            XCTAssertTrue(Pixels.decodesCompletely(made), made)
            XCTAssertLessThan(try Pixels.meanDifference(made, folder + "/direct/" + (twinRendition["path"] as? String ?? "")), 0.5, id)
        }
        // EXIF orientation holds for a download as for a file: the sideways one comes out upright.
        let sideways = try XCTUnwrap(items(manifest).first { $0["id"] as? String == remoteIDs[4] })
        XCTAssertEqual([sideways["width"] as? Int, sideways["height"] as? Int], [600, 400])

        // The custom item: no format, its SVG's size, its view byte for byte, a rendition of the SVG.
        let route = try XCTUnwrap(items(manifest).first { $0["id"] as? String == "route" })
        XCTAssertNil(route["format"])
        XCTAssertEqual([route["width"] as? Int, route["height"] as? Int], [320, 200])
        XCTAssertEqual(route["title"] as? String, "The route")
        XCTAssertTrue(first.stdoutText.contains(#""view" : "# + view + ","), "the view is written as it was read")
        let routeRendition = try XCTUnwrap((route["renditions"] as? [[String: Any]])?.first)
        XCTAssertEqual([routeRendition["width"] as? Int, routeRendition["height"] as? Int], [256, 160])
        let picture = try Image.load(output + "/" + (routeRendition["path"] as? String ?? ""))
        XCTAssertEqual(try Pixels.mean(picture, x: 8, y: 8, width: 240, height: 144), [32, 128, 240], accuracy: 3)
        // The local files' words came from the items file.
        let astronaut = try XCTUnwrap(items(manifest).first { $0["id"] as? String == "astronaut" })
        XCTAssertEqual((astronaut["caption"] as? [String: Any])?["text"] as? String, "Eileen Collins")

        let firstRequests = server.requests
        XCTAssertEqual(firstRequests.count, 10, "\(firstRequests.map(\.target))")
        XCTAssertEqual(Set(firstRequests.map(\.target)), Set(served.map { "/files/" + $0 }))
        XCTAssertFalse(firstRequests.contains(where: \.isConditional))
        let copies = try cacheFiles(output)
        let renditions = try renditionBytes(manifest, output)

        // Second run: every request asks whether the copy changed, and is told it did not.
        server.clearLog()
        let second = try vitrine(arguments + ["--verbose"])
        XCTAssertEqual(second.status, 0, second.stderr)
        let secondRequests = server.requests
        XCTAssertEqual(secondRequests.count, 10)
        XCTAssertTrue(secondRequests.allSatisfy { $0.isConditional && $0.ifNoneMatch != nil && $0.status == 304 },
            "\(secondRequests.map { "\($0.target) \($0.status)" })")
        XCTAssertEqual(second.stderrLines.filter { $0.contains("not modified: the cached copy is used") }.count, 10)
        XCTAssertEqual(second.stdout, first.stdout, "the same manifest")
        XCTAssertEqual(try cacheFiles(output), copies, "the cached copies are kept as they were (same inode, time and size)")
        XCTAssertEqual(try renditionBytes(try second.json(), output), renditions)
    }

    func testEachFailureIsOneLineNamingItsURLAndTheOthersAreMade() throws {
        for name in ["coffee.jpg", "chelsea.jpg"] {
            try FileManager.default.copyItem(atPath: Repository.examples + "/" + name, toPath: server.root + "/" + name)
        }
        // The manifest's message names no option; the error's setting does, and stderr says its flag after the message.
        let failing: [(path: String, reason: String, says: String, setting: String?)] = [
            ("/slow/4/coffee.jpg", "timeout", "nothing received for 1 s (2 attempts)", "net-timeout"),
            ("/status/404/gone.jpg", "not-found", "HTTP 404 Not Found", nil),
            ("/huge-chunked/300", "too-large", "stopped at the download limit of 200 MiB", "max-download"),
            ("/huge/300", "too-large", "300 MiB announced, over the download limit of 200 MiB: not downloaded", "max-download"),
            ("/redirect-to/file%3A%2F%2F%2Fetc%2Fpasswd", "unsupported",
                "redirected to file:///etc/passwd: only http and https URLs are followed", nil),
            ("/html/photo.jpg", "unsupported", "not an image: the server sent an HTML page", nil),
        ]
        let good = ["/flaky/1/chelsea.jpg", "/files/coffee.jpg"]
        let list = (good + failing.map(\.path)).map(server.url).joined(separator: "\n") + "\n" + Repository.examples + "/astronaut.jpg\n"
        let run = try vitrine(["thumbs", "-", "-o", folder + "/out", "--net-timeout", "1", "--retries", "1"], stdin: list)
        XCTAssertEqual(run.status, 1, run.stderr)
        let manifest = try run.json()
        // One input (the list), in natural order.
        XCTAssertEqual(items(manifest).map { $0["id"] as? String ?? "" }, ["127-0-0-1/files/coffee", "127-0-0-1/flaky/1/chelsea", "astronaut"])
        for item in items(manifest) { XCTAssertNotNil(item["renditions"], "\(item["id"] ?? "")") }
        let said = Dictionary(uniqueKeysWithValues: errors(manifest).map { ($0["path"] as? String ?? "", $0) })
        XCTAssertEqual(Set(said.keys), Set(failing.map { server.url($0.path) }))
        let errorLines = run.stderrLines.filter { $0.hasPrefix("vitrine: error: ") }
        XCTAssertEqual(errorLines.count, failing.count, run.stderr)
        for failure in failing {
            let url = server.url(failure.path)
            XCTAssertEqual(said[url]?["reason"] as? String, failure.reason, url)
            XCTAssertEqual(said[url]?["message"] as? String, failure.says, url)
            XCTAssertEqual(said[url]?["setting"] as? String, failure.setting, url)
            let flag = failure.setting.map { " (--\($0))" } ?? ""
            XCTAssertEqual(errorLines.filter { $0 == "vitrine: error: \(url): \(failure.says)\(flag)" }.count, 1, url)
        }
        let counts = Dictionary(grouping: server.requests, by: \.target).mapValues(\.count)
        XCTAssertEqual(counts["/flaky/1/chelsea.jpg"], 2, "500, then tried again")
        XCTAssertEqual(counts["/status/404/gone.jpg"], 1, "never again on a 4xx")
        XCTAssertEqual(counts["/slow/4/coffee.jpg"], 2)
        XCTAssertNil(counts["/etc/passwd"], "the redirect to file:///etc/passwd was not turned into a request")
        XCTAssertEqual(Set(counts.keys), Set((good + failing.map(\.path))))
        try SchemaCheck.assertValid(try write(run.stdout, to: folder + "/m.json"))
    }

    /// A 300 MB body is stopped at the limit while it streams, and never held in memory: the
    /// peak is measured against a run that downloads one small photo.
    func testAHugeBodyIsStoppedAtTheLimitWithLowPeakMemory() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { throw XCTSkip("no /usr/bin/time (package time)") }
        try FileManager.default.copyItem(atPath: Repository.examples + "/coffee.jpg", toPath: server.root + "/coffee.jpg")
        let (baseline, _) = try peakMemory(scanning: "/files/coffee.jpg")
        let (peak, manifest) = try peakMemory(scanning: "/huge-chunked/300")
        XCTAssertEqual(errors(manifest).first?["message"] as? String, "stopped at the download limit of 200 MiB")
        // 200 MiB went through; the body is written out as it comes, never gathered.
        XCTAssertLessThan(peak - baseline, 40 << 10, "peak RSS \(peak) KB, \(baseline) KB for a small photo")
        let left = FileManager.default.enumerator(atPath: folder + "/cache")?.allObjects as? [String] ?? []
        // Nothing of the huge body's (named `300-HASH…` after its URL's last part) and no partial file.
        let names = left.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        XCTAssertFalse(names.contains { $0.contains("partial") || $0.hasPrefix("300") || $0 == "sessions" }, "\(left)")
    }

    /// `vitrine scan URL` under GNU time: its peak resident memory in KB, and its manifest.
    func peakMemory(scanning path: String) throws -> (Int, [String: Any]) {
        let report = folder + "/rss.txt"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", "-o", report, Vitrine.executable.path, "scan", server.url(path), "--cache", folder + "/cache"]
        process.environment = ProcessInfo.processInfo.environment.merging(server.environment(home: home)) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let manifest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // GNU time writes "Command exited with non-zero status 1" first when it did.
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
        let peak = try XCTUnwrap(lines.last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }, "\(lines)")
        return (peak, try XCTUnwrap(try JSONSerialization.jsonObject(with: manifest) as? [String: Any]))
    }

    func testScanAsksForACacheFolderBeforeAnyRequest() throws {
        let run = try vitrine(["scan", server.url("/files/coffee.jpg")])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stdout.isEmpty)
        XCTAssertEqual(run.stderrLines, ["vitrine: error: \(server.url("/files/coffee.jpg")) is kept in a cache folder before it is read: "
            + "give one with --cache DIR (scan writes no other files) (see 'vitrine scan --help')"])
        XCTAssertEqual(server.requests.count, 0)
    }

    func testOnlyHTTPAndHTTPSURLsAreInputsAndCaptionsFilesNameURLs() throws {
        try FileManager.default.copyItem(atPath: Repository.examples + "/coffee.jpg", toPath: server.root + "/coffee.jpg")
        let url = server.url("/files/coffee.jpg?size=large")
        try "path,caption\n\"\(url)\",A cup of coffee\n".write(toFile: folder + "/captions.csv", atomically: true, encoding: .utf8)
        let run = try vitrine(["scan", "-", "--cache", folder + "/cache", "--captions", folder + "/captions.csv"],
            stdin: "file:///etc/passwd\n\(url)\nftp://127.0.0.1/a.jpg\n")
        XCTAssertEqual(run.status, 1, run.stderr)
        let manifest = try run.json()
        let item = try XCTUnwrap(items(manifest).first)
        XCTAssertEqual(item["id"] as? String, "127-0-0-1/files/coffee")
        XCTAssertEqual((item["caption"] as? [String: Any])?["text"] as? String, "A cup of coffee")
        XCTAssertEqual(errors(manifest).map { $0["message"] as? String ?? "" },
            ["a file: URL: only http and https URLs are read", "a ftp: URL: only http and https URLs are read"])
        XCTAssertEqual(server.requests.map(\.target), ["/files/coffee.jpg?size=large"])
    }

    // MARK: helpers

    func write(_ data: Data, to path: String) throws -> String {
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Each file of the cache folder: its inode, modification time and size.
    func cacheFiles(_ output: String) throws -> [String: [Double]] {
        let cache = output + "/.vitrine/cache"
        var files: [String: [Double]] = [:]
        for name in FileManager.default.enumerator(atPath: cache)?.allObjects as? [String] ?? [] {
            var info = stat()
            guard stat(cache + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            files[name] = [Double(info.st_ino), Double(info.st_mtim.tv_sec), Double(info.st_mtim.tv_nsec), Double(info.st_size)]
        }
        return files
    }

    func renditionBytes(_ manifest: [String: Any], _ output: String) throws -> [String: Data] {
        var bytes: [String: Data] = [:]
        for item in items(manifest) {
            for rendition in item["renditions"] as? [[String: Any]] ?? [] {
                let path = rendition["path"] as? String ?? ""
                bytes[path] = FileManager.default.contents(atPath: output + "/" + path)
            }
        }
        return bytes
    }
}

private enum Path {
    static func name(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }
    static func fileExtension(_ path: String) -> String {
        let name = name(path)
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return String(name[name.index(after: dot)...])
    }
    static func removingExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }
}
