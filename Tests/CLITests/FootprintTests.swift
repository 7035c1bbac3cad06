import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A run writes nothing outside `-o DIR` and its own temporary folder, which it removes: not
/// even the files libraries create and unlink at once (ORC's `orcexec.*` JIT files), which is
/// why every folder is watched with inotify while the run goes on, not only looked at after.
final class FootprintTests: TemporaryFolderTestCase {
    func testThumbsWritesNothingIntoHomeRuntimeDirOrTemporaryFolder() throws {
        #if os(Linux)
            let home = folder + "/home", runtime = folder + "/runtime", temporary = folder + "/tmp"
            for path in [home, runtime, temporary] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
            // ORC tries XDG_RUNTIME_DIR first, then HOME: a missing XDG_RUNTIME_DIR sends it to HOME.
            for (index, runtimeDir) in [runtime, folder + "/missing"].enumerated() {
                let watch = try CreationWatch([home, runtime, temporary])
                let run = try Vitrine.run(["thumbs", Repository.examples, "-o", folder + "/out\(index)"],
                    environment: ["HOME": home, "XDG_RUNTIME_DIR": runtimeDir, "TMPDIR": temporary])
                XCTAssertEqual(run.status, 0, run.stderr)
                XCTAssertEqual(items(try run.json()).count, 7)
                let created = watch.created()
                XCTAssertEqual(created[home] ?? [], [], "created in HOME (XDG_RUNTIME_DIR \(runtimeDir))")
                XCTAssertEqual(created[runtime] ?? [], [], "created in XDG_RUNTIME_DIR")
                // Only vitrine's own folder, and it is gone at the end.
                let ownFolders = created[temporary] ?? []
                XCTAssertTrue(ownFolders.allSatisfy { $0.hasPrefix("vitrine-") }, "created in TMPDIR: \(ownFolders)")
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [], "left in TMPDIR")
            }
        #else
            throw XCTSkip("watches folders with inotify (Linux)")
        #endif
    }

    /// A run killed before its end cannot remove its folder; a later run removes it once it is
    /// clearly abandoned: its process gone, ten minutes old, empty.
    func testFoldersOfKilledRunsAreRemovedByALaterRun() throws {
        let temporary = folder + "/tmp"
        let hourAgo = Date(timeIntervalSinceNow: -3600)
        let deadPID = Int32.max  // above any pid_max
        let alive = getpid()
        let folders = ["vitrine-\(deadPID)-aaaaaa": (old: true, empty: true, removed: true),
            "vitrine-\(deadPID)-bbbbbb": (old: false, empty: true, removed: false),
            "vitrine-\(deadPID)-cccccc": (old: true, empty: false, removed: false),
            "vitrine-\(alive)-dddddd": (old: true, empty: true, removed: false),
            "vitrine-notes": (old: true, empty: true, removed: false)]
        for (name, kind) in folders {
            let path = temporary + "/" + name
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            if !kind.empty { try Data("x".utf8).write(to: URL(fileURLWithPath: path + "/left")) }
            if kind.old { try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: path) }
        }
        let run = try Vitrine.run(["scan", Repository.examples], environment: ["TMPDIR": temporary])
        XCTAssertEqual(run.status, 0, run.stderr)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: temporary))
        XCTAssertEqual(left, Set(folders.filter { !$0.value.removed }.keys), "its own folder removed too")
    }
}

#if os(Linux)
    /// The names created (files, folders, links; whether still there or not) directly in some
    /// folders since the watch began.
    final class CreationWatch {
        private let descriptor: Int32
        private var folders: [Int32: String] = [:]

        init(_ paths: [String]) throws {
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            for path in paths {
                let watch = inotify_add_watch(descriptor, path, UInt32(IN_CREATE | IN_MOVED_TO))
                guard watch >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
                folders[watch] = path
            }
        }

        deinit { close(descriptor) }

        /// Every name created since the watch began, by folder.
        func created() -> [String: [String]] {
            var names: [String: [String]] = [:]
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { break }
                var offset = 0
                // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
                while offset + 16 <= count {
                    func field(_ at: Int) -> UInt32 {
                        buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + at, as: UInt32.self) }
                    }
                    let watch = Int32(bitPattern: field(0)), length = Int(field(12))
                    let name = buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }
                    if let folder = folders[watch] { names[folder, default: []].append(String(decoding: name, as: UTF8.self)) }
                    offset += 16 + length
                }
            }
            return names
        }
    }
#endif
