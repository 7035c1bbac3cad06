import Foundation
import VipsKit
import XCTest

/// `python3 -m http.server` serving a folder on 127.0.0.1, on a port the system picks, for as
/// long as the test needs it (stopped by ``stop()`` or when the value goes).
final class StaticServer {
    let port: Int
    private let process = Process()

    init(serving folder: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Port 0: the system picks a free one, which the server prints (unbuffered) once bound.
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var said = Data()
        let deadline = Date().addingTimeInterval(20)
        while !said.contains(0x0A), Date() < deadline {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said.append(chunk)
        }
        let line = String(decoding: said, as: UTF8.self)
        guard let match = line.range(of: #"port [0-9]+"#, options: .regularExpression), let port = Int(line[match].dropFirst(5)) else {
            process.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "http.server said: \(line)"])
        }
        self.port = port
    }

    var host: String { "127.0.0.1:\(port)" }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// The PyPI tools of the IIIF tests, from the project's .venv (see .ci/install-deps): missing
/// tools skip a test on a developer's machine and fail it where the corpus is set (CI).
enum IIIFTools {
    static func tool(_ name: String) throws -> String {
        if let path = Repository.venvTool(name) { return path }
        if ProcessInfo.processInfo.environment["VITRINE_CORPUS"] != nil { XCTFail("no .venv/bin/\(name): run .ci/install-deps") }
        throw XCTSkip("no .venv/bin/\(name): run .ci/install-deps")
    }

    static func support(_ script: String) -> String { Repository.root.appendingPathComponent("Tests/Support/" + script).path }

    /// Runs the IIIF Image API validator against `host`; its exit status counts failures.
    static func validate(host: String, prefix: String?, identifier: String, version: String, tests: [String]? = nil) throws
        -> Program.Result
    {
        var arguments = [try tool("iiif-validate.py"), "-s", host, "-i", identifier, "--version", version]
        if let prefix { arguments += ["-p", prefix] }
        if let tests { arguments += tests.flatMap { ["--test", $0] } } else { arguments += ["--level", "0"] }
        return try Program.run(try tool("python3"), arguments)
    }
}

/// What a IIIF image service's info.json promises, checked against the files: every tile its
/// `tiles` and `scaleFactors` imply, and every full image its `sizes` list, exist and have the
/// size a viewer asks for. Computed here from the IIIF spec, not with vitrine's own geometry.
enum IIIFInfoWalk {
    /// The number of files checked.
    @discardableResult
    static func check(_ folder: String, version: Int, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let info = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/info.json")))
            as? [String: Any], file: file, line: line)
        let width = try XCTUnwrap(info["width"] as? Int), height = try XCTUnwrap(info["height"] as? Int)
        let tiles = try XCTUnwrap((info["tiles"] as? [[String: Any]])?.first, "info.json has tiles", file: file, line: line)
        let side = try XCTUnwrap(tiles["width"] as? Int), factors = try XCTUnwrap(tiles["scaleFactors"] as? [Int])
        let sizes = try XCTUnwrap(info["sizes"] as? [[String: Int]], "info.json has sizes", file: file, line: line)
        func sizeSegment(_ w: Int, _ h: Int) -> String { version == 2 ? "\(w)," : "\(w),\(h)" }
        var expected: [(path: String, width: Int, height: Int)] = []
        for factor in factors {
            let step = side * factor
            for y in stride(from: 0, to: height, by: step) {
                for x in stride(from: 0, to: width, by: step) {
                    let w = min(step, width - x), h = min(step, height - y)
                    let (sw, sh) = ((w + factor - 1) / factor, (h + factor - 1) / factor)
                    expected.append(("\(x),\(y),\(w),\(h)/\(sizeSegment(sw, sh))/0/default.jpg", sw, sh))
                }
            }
        }
        for size in sizes {
            let (w, h) = (size["width"] ?? 0, size["height"] ?? 0)
            expected.append(("full/\(sizeSegment(w, h))/0/default.jpg", w, h))
        }
        expected.append(("full/\(version == 2 ? "full" : "max")/0/default.jpg", width, height))
        // Every scale factor's size is listed, rounded up, as the spec defines it.
        XCTAssertEqual(Set(sizes.map { [$0["width"] ?? 0, $0["height"] ?? 0] }),
            Set(factors.map { [(width + $0 - 1) / $0, (height + $0 - 1) / $0] }), file: file, line: line)
        for (path, w, h) in expected {
            let full = folder + "/" + path
            guard FileManager.default.fileExists(atPath: full) else {
                XCTFail("missing \(path)", file: file, line: line)
                continue
            }
            let image = try Image.load(full)
            XCTAssertEqual([image.width, image.height], [w, h], path, file: file, line: line)
        }
        return expected.count
    }
}
