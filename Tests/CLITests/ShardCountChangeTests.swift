import Foundation
import XCTest

/// A site built in N parts, then built again in another number of parts (a cluster grew, a
/// Slurm array was resized) and merged, is the site a single build makes.
final class ShardCountChangeTests: TemporaryFolderTestCase {
    /// The parts of the first run stay in SITE/parts/ (1-of-3.json…) beside the new ones;
    /// `build --merge` joins the newest run's parts and says it ignored the others (it used to
    /// refuse them: "shard count … must agree").
    func testMergeAfterTheNumberOfPartsChangedJoinsTheNewParts() throws {
        let source = folder + "/media", site = folder + "/site", single = folder + "/single"
        try FileManager.default.copyItem(atPath: Repository.examples, toPath: source)
        for count in [3, 2] {
            for part in 1...count {
                let run = try Vitrine.run(["build", source, "-o", site, "--shard", "\(part)/\(count)", "--quiet"])
                XCTAssertEqual(run.status, 0, "part \(part)/\(count): \(run.stderr)")
            }
            let merged = try Vitrine.run(["build", "--merge", site])
            XCTAssertEqual(merged.status, 0, "merge of \(count) parts: \(merged.stderr)")
            XCTAssertEqual(merged.stderr.contains("ignoring 3 parts of an earlier build"), count == 2, merged.stderr)
        }
        let built = try Vitrine.run(["build", source, "-o", single, "--quiet"])
        XCTAssertEqual(built.status, 0, built.stderr)
        try SiteComparison.assertSame(site, single)
    }
}
