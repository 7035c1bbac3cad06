import Foundation
import XCTest

/// Issue 39, fault 1: a source reached through a link could lie inside SITE, and each rebuild
/// read its own outputs back in (items 3 → 6 → 10, thumbnails of thumbnails). Real paths are
/// compared now: such a source is refused, and a link inside a source that leads into SITE is
/// passed over with a warning.
final class SiteNeverReadsItselfTests: HardeningIIITestCase {
    func testALinkedSourceInsideTheSiteIsRefusedAndALinkIntoItPassedOver() throws {
        let source = try makeSource()
        let site = folder + "/site"
        let first = try build(source, site, ["--no-tiles", "--no-sheets"])
        XCTAssertEqual(first.status, 0, first.stderr)
        try FileManager.default.copyItem(atPath: source + "/2019/p00.jpg", toPath: site + "/thumbs/p.jpg")
        // The reproducer: the site's thumbs/ through a link, given as the source.
        try FileManager.default.createSymbolicLink(atPath: folder + "/tlink", withDestinationPath: site + "/thumbs")
        let linked = try build(folder + "/tlink", site, ["--no-tiles", "--no-sheets"])
        XCTAssertEqual(linked.status, 2, linked.stderr)
        XCTAssertTrue(linked.stderr.contains("the source \(folder!)/tlink is inside the output folder \(site)"), linked.stderr)
        // Links inside the source into the site (a folder, a file): passed over, named, every time.
        try FileManager.default.createSymbolicLink(atPath: source + "/into-site", withDestinationPath: site + "/thumbs")
        try FileManager.default.createSymbolicLink(atPath: source + "/2020/one.jpg", withDestinationPath: site + "/thumbs/p.jpg")
        for rebuild in 1...3 {
            let run = try build(source, site, ["--no-tiles", "--no-sheets"])
            XCTAssertEqual(run.status, 0, "\(rebuild): \(run.stderr)")
            for link in [source + "/into-site", source + "/2020/one.jpg"] {
                XCTAssertTrue(run.stderr.contains("\(link): a symbolic link into the output folder, which is never read as input: passed over"),
                    "\(rebuild): \(run.stderr)")
            }
            XCTAssertEqual(try itemIDs(site).count, Self.itemCount, "\(rebuild): the site's own files are never items")
        }
        let thumbs = try FileManager.default.subpathsOfDirectory(atPath: site + "/thumbs")
        XCTAssertFalse(thumbs.contains { $0.contains("256x256-") && $0.components(separatedBy: "256x256").count > 2 }, "\(thumbs)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/thumbs/p.jpg"), "a file in the site that no build made stays")
    }
}
