import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// ``ConfinedRead``, the one way a file vitrine found (a sidecar, an `index.md`, a `.nomedia`,
/// a site's cells and parts) is read (issue 38, breaks 2 and 3): never blocking on a FIFO, never
/// reading a socket or device, never through a link out of the folder it was found under.
final class ConfinedReadTests: XCTestCase {
    private var folder: TestFolder!
    /// The source folder the files are found under, and a folder beside it (outside).
    private var source: String { folder.path + "/src" }
    private var outside: String { folder.path + "/outside" }
    private var root: ReadRoot { ReadRoot(.source, folder: source)! }

    override func setUpWithError() throws {
        folder = try TestFolder()
        for path in [source + "/sub", outside] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        try Data("inside\n".utf8).write(to: URL(fileURLWithPath: source + "/sub/notes.txt"))
        try Data("SECRET-OUTSIDE\n".utf8).write(to: URL(fileURLWithPath: outside + "/secret.txt"))
    }

    /// `read` on another thread, failing (not hanging) when it takes over 5 s.
    private func read(_ path: String, limit: Int = 1 << 20, below root: ReadRoot? = nil) -> Result<Data, ConfinedRead.Failure>? {
        let root = root ?? self.root
        let result = Locked<Result<Data, ConfinedRead.Failure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let read = ConfinedRead.read(path, below: root, limit: limit)
            result.withLock { $0 = read }
            done.signal()
        }
        guard done.wait(timeout: .now() + 5) == .success else {
            XCTFail("reading \(path) blocked")
            return nil
        }
        return result.current
    }

    func testARegularFileAndALinkInsideTheSourceAreRead() throws {
        XCTAssertEqual(try read(source + "/sub/notes.txt")?.get(), Data("inside\n".utf8))
        // A link to another file of the source, relative or absolute, leads where it says.
        try FileManager.default.createSymbolicLink(atPath: source + "/a.txt", withDestinationPath: "sub/notes.txt")
        try FileManager.default.createSymbolicLink(atPath: source + "/b.txt", withDestinationPath: source + "/sub/notes.txt")
        XCTAssertEqual(try read(source + "/a.txt")?.get(), Data("inside\n".utf8))
        XCTAssertEqual(try read(source + "/b.txt")?.get(), Data("inside\n".utf8))
        // The source given through a link is known by its real path: its files are inside it.
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/alias", withDestinationPath: source)
        let aliased = try XCTUnwrap(ReadRoot(.source, folder: folder.path + "/alias"))
        XCTAssertEqual(try read(folder.path + "/alias/a.txt", below: aliased)?.get(), Data("inside\n".utf8))
    }

    func testALinkOutOfTheSourceIsRefusedWhereverItLeads() throws {
        let links = [
            "abs.txt": outside + "/secret.txt",
            "rel.txt": "../outside/secret.txt",
            "sub/up.txt": "../../outside/secret.txt",
            "environ.txt": "/proc/self/environ",
            "null.txt": "/dev/null",
            "passwd.txt": "/etc/passwd",
        ]
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(atPath: source + "/" + name, withDestinationPath: target)
            guard case .failure(let failure)? = read(source + "/" + name) else { return XCTFail("\(name) → \(target) was read") }
            XCTAssertEqual(failure, .outside(.source), name)
            XCTAssertEqual(failure.warning, "reached through a symbolic link out of the source: ignored")
        }
        // A folder link on the way out counts as much as a file link.
        try FileManager.default.createSymbolicLink(atPath: source + "/away", withDestinationPath: outside)
        guard case .failure(.outside(.source))? = read(source + "/away/secret.txt") else { return XCTFail("read through a folder link") }
        // In a site, the message says so.
        let site = try XCTUnwrap(ReadRoot(.site, folder: source))
        guard case .failure(let failure)? = read(source + "/abs.txt", below: site) else { return XCTFail("read") }
        XCTAssertEqual(failure.description, "reached through a symbolic link out of the site")
    }

    func testAFIFOIsPassedOverAtOnceEvenWithNoWriter() throws {
        XCTAssertEqual(mkfifo(source + "/pipe.txt", 0o644), 0)
        guard case .failure(let failure)? = read(source + "/pipe.txt") else { return XCTFail("a FIFO was read") }
        XCTAssertEqual(failure, .notRegular(.fifo))
        XCTAssertEqual(failure.warning, "a FIFO, not a regular file: passed over")
        // Through a link inside the source too.
        try FileManager.default.createSymbolicLink(atPath: source + "/link.txt", withDestinationPath: "pipe.txt")
        guard case .failure(.notRegular(.fifo))? = read(source + "/link.txt") else { return XCTFail("a FIFO behind a link was read") }
    }

    func testASocketAndAFolderAreNotRead() throws {
        let path = source + "/s.sock"
        let socket = Foundation.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(socket, 0)
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8)
            XCTAssertLessThan(bytes.count, raw.count)
            raw.copyBytes(from: bytes)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0, String(cString: strerror(errno)))
        guard case .failure(let failure)? = read(path) else { return XCTFail("a socket was read") }
        XCTAssertEqual(failure.description, "a socket, not a regular file")
        guard case .failure(.notRegular(.folder))? = read(source + "/sub") else { return XCTFail("a folder was read") }
    }

    func testSizeLimitAndMissingFiles() throws {
        XCTAssertEqual(try read(source + "/sub/notes.txt", limit: 7)?.get().count, 7)
        guard case .failure(let failure)? = read(source + "/sub/notes.txt", limit: 6) else { return XCTFail("over the limit was read") }
        XCTAssertEqual(failure, .tooLarge(limit: 6))
        guard case .failure(.missing)? = read(source + "/none.txt") else { return XCTFail("a missing file") }
        try FileManager.default.createSymbolicLink(atPath: source + "/broken.txt", withDestinationPath: "gone.txt")
        guard case .failure(.missing)? = read(source + "/broken.txt") else { return XCTFail("a broken link") }
    }

    /// A path given on the command line may be a pipe (`--captions <(…)`), never a folder.
    func testAGivenPathMayBeAPipe() throws {
        let pipe = folder.path + "/given"
        XCTAssertEqual(mkfifo(pipe, 0o644), 0)
        Thread.detachNewThread { try? Data("path,caption\na.jpg,hi\n".utf8).write(to: URL(fileURLWithPath: pipe)) }
        XCTAssertEqual(try ConfinedRead.readGiven(pipe, limit: 1 << 20).get(), Data("path,caption\na.jpg,hi\n".utf8))
        guard case .failure(.notRegular(.folder)) = ConfinedRead.readGiven(source, limit: 1 << 20) else { return XCTFail("a folder") }
    }

    func testHoldsComparesWithoutReadingMore() throws {
        XCTAssertTrue(ConfinedRead.holds(Data("inside\n".utf8), at: source + "/sub/notes.txt", below: root))
        XCTAssertFalse(ConfinedRead.holds(Data("inside".utf8), at: source + "/sub/notes.txt", below: root))
        XCTAssertEqual(mkfifo(source + "/index.html", 0o644), 0)
        XCTAssertFalse(ConfinedRead.holds(Data(), at: source + "/index.html", below: root), "a FIFO holds nothing, and is not waited on")
        // A head is the start of a longer file, not a failure.
        XCTAssertEqual(try ConfinedRead.head(source + "/sub/notes.txt", below: root, count: 3).get(), Data("ins".utf8))
        guard case .failure(.notRegular(.fifo)) = ConfinedRead.head(source + "/index.html", below: root, count: 3) else {
            return XCTFail("a FIFO's head was read")
        }
    }

    /// A contact sheet's cell is read through it: a FIFO or a link out in a cell's place is said
    /// (the page then shows a placeholder), never waited on or followed.
    func testASheetCellIsReadThroughIt() throws {
        let recorder = ProgressRecorder()
        let context = GalleryPhaseContext(outputFolder: source, listener: recorder)
        XCTAssertEqual(mkfifo(source + "/cell.png", 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: source + "/linked.png", withDestinationPath: outside + "/secret.txt")
        XCTAssertThrowsError(try SheetPhase.cellBytes(source + "/cell.png", in: context))
        XCTAssertThrowsError(try SheetPhase.cellBytes(source + "/linked.png", in: context))
        XCTAssertEqual(try SheetPhase.cellBytes(source + "/sub/notes.txt", in: context), Data("inside\n".utf8))
        let warnings = recorder.received.compactMap { event -> String? in
            if case .warning(let path, let message, _) = event { return Path.name(of: path) + ": " + message }
            return nil
        }
        XCTAssertEqual(warnings, ["cell.png: a FIFO, not a regular file: passed over",
                                  "linked.png: reached through a symbolic link out of the site: ignored"])
    }

    /// The readers that use it: a sidecar, a folder's `index.md`, an XMP sidecar and a
    /// `.nomedia` through a link out or as a FIFO are not taken, and say so.
    func testSidecarsAndMarkersUseIt() throws {
        try folder.image("src/a.jpg")
        try FileManager.default.createSymbolicLink(atPath: source + "/a.txt", withDestinationPath: "/proc/self/environ")
        let text = try XCTUnwrap(Sidecar.text(forMedia: source + "/a.jpg", below: root))
        XCTAssertNil(text.caption)
        XCTAssertEqual(text.warnings, ["a.txt: reached through a symbolic link out of the source: ignored"])
        try FileManager.default.createSymbolicLink(atPath: source + "/sub/a.txt", withDestinationPath: "notes.txt")
        try folder.image("src/sub/a.jpg")
        XCTAssertEqual(Sidecar.text(forMedia: source + "/sub/a.jpg", below: root)?.caption?.text, "inside")
        XCTAssertEqual(mkfifo(source + "/index.md", 0o644), 0)
        XCTAssertEqual(Sidecar.folderText(source, below: root)?.warnings, ["index.md: a FIFO, not a regular file: passed over"])
        try FileManager.default.createSymbolicLink(atPath: source + "/a.xmp", withDestinationPath: outside + "/secret.txt")
        let xmp = EmbeddedTextReader.withSidecarXMP(nil, mediaPath: source + "/a.jpg", language: nil, below: root)
        XCTAssertEqual(xmp?.xmp?.warnings, ["a.xmp: reached through a symbolic link out of the source: ignored"])
        XCTAssertNil(xmp?.xmp?.caption)
        XCTAssertEqual(mkfifo(source + "/sub/.nomedia", 0o644), 0)
        let walked = InputWalker().walk([source])
        XCTAssertEqual(walked.files.map(\.relativePath).filter { $0.hasPrefix("sub/") }, [], "an unreadable marker leaves its folder out")
        // The walk says each FIFO it passes over: the marker, and the index.md above.
        XCTAssertEqual(walked.warnings.map(\.path).sorted(), [source + "/index.md", source + "/sub/.nomedia"])
        XCTAssertEqual(walked.warnings.first { $0.path.hasSuffix(".nomedia") }?.message,
            "a FIFO, not a regular file: passed over; its folder is left out")
    }
}
