import Foundation
import VipsKit
import XCTest

/// Debian's headless Chromium driven by `Tests/Support/page_check.py` (selenium, with
/// /usr/bin/chromedriver given by path): the page is loaded and the facts it shows come back
/// as a JSON report that the tests assert on.
enum Browser {
    /// `.venv/bin/python3` when it and Chromium are there; otherwise a skip, or in CI (when
    /// VITRINE_CORPUS is set) a failure: .ci/install-deps installs them.
    static func python(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let ready = FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
        guard let python = Repository.venvTool("python3"), ready else {
            let message = "Chromium, chromedriver or .venv/bin/python3 is missing: run .ci/install-deps"
            if ProcessInfo.processInfo.environment["VITRINE_CORPUS"] != nil { XCTFail(message, file: file, line: line) }
            throw XCTSkip(message)
        }
        return python
    }

    /// Runs page_check.py on `url` with `arguments`; its report.
    static func check(_ url: String, _ arguments: [String], in folder: String, file: StaticString = #filePath,
                      line: UInt = #line) throws -> [String: Any] {
        let python = try python(file: file, line: line)
        let report = folder + "/report-\(UUID().uuidString.prefix(8)).json"
        let script = Repository.root.appendingPathComponent("Tests/Support/page_check.py").path
        let result = try Program.run(python, [script, url, "--report", report] + arguments)
        XCTAssertEqual(result.status, 0, "page_check.py: \(result.stderr)", file: file, line: line)
        let data = try Data(contentsOf: URL(fileURLWithPath: report))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any], file: file, line: line)
    }

    /// The report's console messages that are errors (severity SEVERE).
    static func consoleErrors(_ report: [String: Any]) -> [String] {
        ((report["console"] as? [[String: Any]]) ?? []).filter { $0["level"] as? String == "SEVERE" }.map { "\($0["message"] ?? "")" }
    }

    /// Requests that went anywhere but `base`: `data:` URLs are the browser's own (its media
    /// controls' icons) and leave nothing.
    static func requestsOutside(_ base: String, _ report: [String: Any]) -> [String] {
        ((report["requests"] as? [String]) ?? []).filter { !$0.hasPrefix(base) && !$0.hasPrefix("data:") }
    }

    /// The standard deviation of a screenshot's pixels (0 for a blank one), through libvips.
    static func deviation(_ path: String) throws -> Double {
        try Vips.initialize()
        return try Operation.call("deviate", ["in": .image(try Image.load(path))])["out"]?.double ?? 0
    }
}

/// `python3 -m http.server --bind 127.0.0.1` on a free port, serving one folder, started and
/// stopped by the test.
final class LocalServer {
    let process = Process()
    private(set) var port = 0
    var base: String { "http://127.0.0.1:\(port)/" }

    init(serving folder: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        // Port 0: the system gives a free one, which the server's first line names.
        process.arguments = ["-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory", folder, "0"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !text.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
        guard let range = text.range(of: #"port ([0-9]+)"#, options: .regularExpression),
              let number = Int(text[range].dropFirst("port ".count))
        else {
            stop()
            throw ServerFailure(output: text)
        }
        port = number
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }

    struct ServerFailure: Error, CustomStringConvertible {
        var output: String
        var description: String { "http.server did not say its port: \(output)" }
    }
}
