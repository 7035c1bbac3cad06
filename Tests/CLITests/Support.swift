import Foundation
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

    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                    currentDirectory: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        let start = Date()
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes while it runs, so a large output cannot block it.
        final class Box: @unchecked Sendable { var data = Data() }
        let outBox = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outBox.data = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let outData = outBox.data
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self),
            seconds: Date().timeIntervalSince(start))
    }
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
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        final class Box: @unchecked Sendable { var data = Data() }
        let errors = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { errors.data = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self),
            stderr: String(decoding: errors.data, as: UTF8.self))
    }

    /// Runs it, failing the test unless it exits 0; its stdout.
    @discardableResult
    static func output(_ name: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try run(name, arguments)
        XCTAssertEqual(result.status, 0, "\(name) \(arguments): \(result.stderr)", file: file, line: line)
        return result.stdout
    }
}
