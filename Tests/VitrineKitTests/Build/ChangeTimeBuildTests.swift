import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// The ctime in the unchanged build's fingerprint (issue 39, fault 5): a rebuild with nothing
/// changed stops at the fingerprint; a chmod takes the full path and makes nothing; an edit in
/// place that puts the modification time back takes it and reads the new bytes.
final class ChangeTimeBuildTests: BuildSiteTestCase {
    private func build() throws -> SiteBuilder.Report {
        var options = BuildOptions(site: site)
        options.tiles = nil
        options.webVideos = nil
        var builder = SiteBuilder(options: options, maker: InProcessExecutor(), prober: InProcessProber(), listener: nil)
        builder.extraOutputs = []
        return try builder.build([InputPath(sources)], readList: { [] })
    }

    private func sha256(of id: String, in report: SiteBuilder.Report) -> String? {
        report.manifest.items.first { $0.id == id }?.source?.sha256
    }

    func testTheFingerprintSeesTheCtime() throws {
        let path = try picture("a.png", level: 40)
        try picture("b.png", level: 120)
        // The bytes of another grey of the same size, to write over a.png where it is.
        let other = try Data(contentsOf: URL(fileURLWithPath: try picture("other/c.png", level: 100)))
        try FileManager.default.removeItem(atPath: sources + "/other")
        XCTAssertEqual(other.count, try Data(contentsOf: URL(fileURLWithPath: path)).count, "two PNGs of one size")

        let first = try build()
        XCTAssertFalse(first.unchanged)
        let again = try build()
        XCTAssertTrue(again.unchanged, "nothing changed: the fingerprint stops the build")
        XCTAssertEqual(again.made, 0)

        XCTAssertEqual(chmod(path, 0o600), 0)
        let afterChmod = try build()
        XCTAssertFalse(afterChmod.unchanged, "a new ctime is a change the fingerprint sees")
        XCTAssertEqual([afterChmod.made, afterChmod.removed], [0, 0], "the same content: nothing made")
        XCTAssertEqual(sha256(of: "a", in: afterChmod), sha256(of: "a", in: first))
        XCTAssertTrue(try build().unchanged, "and the new ctime is noted")

        var before = stat()
        XCTAssertEqual(stat(path, &before), 0)
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        try handle.write(contentsOf: other)
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        let edited = try build()
        XCTAssertFalse(edited.unchanged, "an edit in place with the modification time put back is seen")
        XCTAssertGreaterThan(edited.made, 0)
        XCTAssertEqual(sha256(of: "a", in: edited), Checksum.sha256(of: other))
        XCTAssertTrue(try build().unchanged)
    }
}
