import Foundation
import XCTest

/// Tests/Support/http_test_server.py, started on a free port of 127.0.0.1 for a test and
/// stopped after it: what it serves is a folder of files plus the misbehaviours its routes
/// name (slow, flaky, huge, redirects, HTML as JPEG); every request is logged, so that tests
/// count what reached it.
final class HTTPTestServer {
    let root: String
    let port: Int
    private let process: Process
    private let logPath: String

    /// One logged request.
    struct Request {
        var target: String
        var status: Int
        var ifNoneMatch: String?
        var ifModifiedSince: String?
        /// Meant for another host (it came as to a proxy).
        var proxied: Bool
        var isConditional: Bool { ifNoneMatch != nil || ifModifiedSince != nil }
    }

    /// Starts it, serving the files of `folder/served` (made if missing), logging to
    /// `folder/requests.jsonl`.
    init(folder: String) throws {
        root = folder + "/served"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        logPath = folder + "/requests.jsonl"
        FileManager.default.createFile(atPath: logPath, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Repository.root.appendingPathComponent("Tests/Support/http_test_server.py").path,
            "--root", root, "--log", logPath]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The first line is the port, once the socket listens.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A { line.append(first) }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw XCTSkip("the test HTTP server did not start (python3)")
        }
        self.port = port
    }

    deinit { stop() }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// `http://127.0.0.1:PORT` + `path`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)" + path }

    /// Every request so far, in the order they were answered.
    var requests: [Request] {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let entry = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return Request(target: entry["target"] as? String ?? "", status: entry["status"] as? Int ?? 0,
                ifNoneMatch: entry["ifNoneMatch"] as? String, ifModifiedSince: entry["ifModifiedSince"] as? String,
                proxied: entry["proxied"] as? Bool ?? false)
        }
    }

    /// Forgets the requests logged so far.
    func clearLog() { try? Data().write(to: URL(fileURLWithPath: logPath)) }

    /// The environment a vitrine run gets: every proxy variable libcurl reads points here, but
    /// for 127.0.0.1 itself, so that a request for any other address reaches this server as a
    /// proxied one (logged) instead of leaving the machine; and an empty HOME, which must stay so.
    func environment(home: String) -> [String: String] {
        let proxy = "http://127.0.0.1:\(port)"
        return ["http_proxy": proxy, "https_proxy": proxy, "HTTPS_PROXY": proxy, "ALL_PROXY": proxy, "all_proxy": proxy,
            "no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1", "HOME": home]
    }
}
