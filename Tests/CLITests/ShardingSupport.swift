import Foundation
import XCTest

/// `Tests/Support/slurm-cluster`: a single-node Slurm cluster on 127.0.0.1 for as long as one
/// command runs (see the script's header).
enum SlurmCluster {
    static let script = Repository.root.appendingPathComponent("Tests/Support/slurm-cluster").path

    /// The programs the script runs; Debian puts the daemons in /usr/sbin.
    static let programs = ["slurmctld", "slurmd", "sbatch", "sinfo", "scontrol", "squeue", "scancel", "munged", "mungekey",
                           "munge", "unmunge", "unshare", "ss"]

    /// Throws XCTSkip when the cluster cannot run here (Slurm or munge missing, or not root)
    /// outside CI; in CI (`VITRINE_CORPUS` set) that is a failure instead.
    static func requireRunnable(file: StaticString = #filePath, line: UInt = #line) throws {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"]
        let missing = programs.filter { name in !folders.contains { FileManager.default.isExecutableFile(atPath: $0 + "/" + name) } }
        var problems: [String] = []
        if !missing.isEmpty { problems.append("missing " + missing.joined(separator: ", ") + " (.ci/install-deps installs them)") }
        if geteuid() != 0 { problems.append("not root (slurmd starts jobs as their user)") }
        guard !problems.isEmpty else { return }
        let why = "no Slurm cluster here: " + problems.joined(separator: "; ")
        if let corpus = ProcessInfo.processInfo.environment["VITRINE_CORPUS"], !corpus.isEmpty {
            XCTFail(why + ", and VITRINE_CORPUS is set (CI), where the cluster must run", file: file, line: line)
            throw CIRequirement()
        }
        throw XCTSkip(why)
    }

    struct CIRequirement: Error {}

    /// Starts the cluster, runs `command` in it (`SLURM_CONF` exported) and stops it.
    /// `timeout` bounds the command (the script's `--timeout`); past it, plus a margin for
    /// starting and stopping, the script gets SIGTERM, on which it still stops every daemon.
    static func run(_ command: [String], environment: [String: String] = [:], currentDirectory: String,
                    timeout: Int = 180) throws -> Program.Result {
        try Program.run(script, ["--timeout", String(timeout), "--"] + command, environment: environment,
            currentDirectory: currentDirectory, terminateAfter: Double(timeout) + 60)
    }
}

extension Program {
    /// Runs `executable` (a path) to the end, in `currentDirectory`, with `environment` added to
    /// the test's; after `terminateAfter` seconds it gets SIGTERM, then SIGKILL 20 s later.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String], currentDirectory: String,
                    terminateAfter: Double) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-run-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: output.path + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: output.path + ".out")
            try? FileManager.default.removeItem(atPath: output.path + ".err")
        }
        // Files, not pipes: daemons that outlive a failed run must not hold the test's pipes open.
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output.path + ".out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: output.path + ".err"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        let terminate = DispatchWorkItem { kill(pid, SIGTERM) }
        let killing = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + terminateAfter, execute: terminate)
        DispatchQueue.global().asyncAfter(deadline: .now() + terminateAfter + 20, execute: killing)
        process.waitUntilExit()
        terminate.cancel()
        killing.cancel()
        let read = { (suffix: String) in String(decoding: FileManager.default.contents(atPath: output.path + suffix) ?? Data(), as: UTF8.self) }
        return Result(status: process.terminationStatus, stdout: read(".out"), stderr: read(".err"))
    }
}

/// What a sharded build must give: the same site as a single build.
enum SiteComparison {
    /// Fails unless `site` and `single` hold byte-identical `manifest.json` files and the same
    /// files with the same bytes, outside `.vitrine/` (the state) and `parts/` (the part
    /// manifests, which only a sharded build writes). Returns the number of files compared.
    @discardableResult
    static func assertSame(_ site: String, _ single: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let manifest = try Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))
        let singleManifest = try Data(contentsOf: URL(fileURLWithPath: single + "/manifest.json"))
        XCTAssertFalse(manifest.isEmpty, "\(site)/manifest.json is empty", file: file, line: line)
        XCTAssertTrue(manifest == singleManifest, "the merged manifest differs from the single build's", file: file, line: line)
        let files = try published(site), singleFiles = try published(single)
        XCTAssertEqual(files, singleFiles, "the files outside .vitrine/ and parts/ differ", file: file, line: line)
        for path in files.intersection(singleFiles) {
            let same = FileManager.default.contentsEqual(atPath: site + "/" + path, andPath: single + "/" + path)
            XCTAssertTrue(same, "\(path) differs from the single build's", file: file, line: line)
        }
        return files.count
    }

    /// Every regular file below `site`, relative, but those in `.vitrine/` and `parts/`.
    static func published(_ site: String) throws -> Set<String> {
        guard let walker = FileManager.default.enumerator(atPath: site) else { throw CocoaError(.fileReadNoSuchFile) }
        var found = Set<String>()
        while let path = walker.nextObject() as? String {
            if path == ".vitrine" || path == "parts" {
                walker.skipDescendants()
            } else if (walker.fileAttributes?[.type] as? FileAttributeType) == .typeRegular {
                found.insert(path)
            }
        }
        return found
    }

    /// The part manifests in `SITE/parts/`, by file name.
    static func parts(_ site: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: site + "/parts")) ?? []).sorted()
    }

    /// `value` quoted for bash.
    static func shellQuoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
