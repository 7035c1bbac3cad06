import Foundation
import VipsKit
import XCTest

/// Runs the built `vitrine` binary as a user would: a real subprocess, real pipes.
struct Vitrine {
    struct Run {
        var status: Int32
        var stdout: Data
        var stderr: String
        var seconds: Double
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

        func json(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: stdout)
            return try XCTUnwrap(object as? [String: Any], "stdout is not a JSON object", file: file, line: line)
        }
    }

    /// `VITRINE_BINARY`, or the `vitrine` built beside the test bundle.
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["VITRINE_BINARY"] { return URL(fileURLWithPath: path) }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("vitrine")
        }
        return Bundle.main.bundleURL.appendingPathComponent("vitrine")
    }

    /// - Parameter timeout: seconds after which the run is killed (SIGKILL), so that a hang fails
    ///   the test instead of stopping the suite; default 600.
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                    currentDirectory: String? = nil, timeout: Double = 600) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let start = Date()
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        let (status, out, err) = try runToEnd(process, stdin: stdin)
        let run = Run(status: status, stdout: out, stderr: String(decoding: err, as: UTF8.self), seconds: Date().timeIntervalSince(start))
        PrintedManifests.check(arguments, stdin: stdin, currentDirectory: currentDirectory, run: run)
        return run
    }
}

/// Runs `process` with `stdin` (or nothing) on its input, reading both its outputs while it
/// runs so that a large output cannot block it; its status, stdout and stderr.
private func runToEnd(_ process: Process, stdin: String?) throws -> (Int32, Data, Data) {
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    final class Box: @unchecked Sendable { var data = Data() }
    let outBox = Box()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async { outBox.data = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return (process.terminationStatus, outBox.data, errData)
}

/// The shared corpus: skipped when VITRINE_CORPUS is unset, a failure when it is set but missing.
enum Corpus {
    static func path(_ relative: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        guard let root = ProcessInfo.processInfo.environment["VITRINE_CORPUS"], !root.isEmpty else {
            throw XCTSkip("VITRINE_CORPUS is not set")
        }
        let full = (root as NSString).appendingPathComponent(relative)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) else {
            XCTFail("VITRINE_CORPUS is set but \(full) is missing", file: file, line: line)
            throw CorpusMissing()
        }
        return full
    }

    struct CorpusMissing: Error {}
}

/// SHA-256 of every file below `site` outside `.vitrine/`, by path: two sites compared file
/// for file.
func hashes(of site: String) throws -> [String: String] {
    var found: [String: String] = [:]
    let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: site))
    while let relative = enumerator.nextObject() as? String {
        if relative == ".vitrine" { enumerator.skipDescendants(); continue }
        var isFolder: ObjCBool = false
        FileManager.default.fileExists(atPath: site + "/" + relative, isDirectory: &isFolder)
        if !isFolder.boolValue { found[relative] = Checksum.sha256(of: try Data(contentsOf: URL(fileURLWithPath: site + "/" + relative))) }
    }
    return found
}

func items(_ manifest: [String: Any]) -> [[String: Any]] { manifest["items"] as? [[String: Any]] ?? [] }
func errors(_ manifest: [String: Any]) -> [[String: Any]] { manifest["errors"] as? [[String: Any]] ?? [] }

/// Another program the tests compare vitrine with (exiv2, ffprobe, vipsthumbnail, python3),
/// found on PATH and run to the end.
enum Program {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ name: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let (status, out, err) = try runToEnd(process, stdin: nil)
        return Result(status: status, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs it, failing the test unless it exits 0; its stdout.
    @discardableResult
    static func output(_ name: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try run(name, arguments)
        XCTAssertEqual(result.status, 0, "\(name) \(arguments): \(result.stderr)", file: file, line: line)
        return result.stdout
    }
}

/// The repository these tests are in, and its bundled example media.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static var examples: String { root.appendingPathComponent("Examples/media").path }

    /// A program of the project's Python environment, `.venv/bin/NAME`, where .ci/install-deps
    /// puts the PyPI test tools (Debian 12's own Python takes no pip installs): nil when it is
    /// not there. Tests run it by path, whatever Python PATH finds first.
    static func venvTool(_ name: String) -> String? {
        let path = root.appendingPathComponent(".venv/bin/" + name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}

/// A test case with a fresh temporary `folder` for each test, removed after it.
class TemporaryFolderTestCase: XCTestCase {
    var folder: String!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "vitrine-\(type(of: self))-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
        try super.tearDownWithError()
    }

    /// A new source folder in ``folder`` holding the Examples' coffee.jpg (600×400), and a
    /// vitrine.json holding `config` when given.
    func coffeeSource(config: String? = nil) throws -> String {
        let source = folder + "/src-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.examples + "/coffee.jpg", toPath: source + "/coffee.jpg")
        if let config { try Data(config.utf8).write(to: URL(fileURLWithPath: source + "/vitrine.json")) }
        return source
    }
}
