import Foundation
import XCTest

/// The manifest's viewer settings, `direction` and `gap` (seed 000): set by `--direction` and
/// `--gap`, always written, checked by `manifest validate`, agreed on by the parts of a merge.
final class ViewerSettingsTests: TemporaryFolderTestCase {
    let examples = Repository.examples

    func testScanThumbsAndTilesWriteDirectionAndGap() throws {
        let scan = try Vitrine.run(["scan", examples, "--direction", "vertical", "--gap", "12"])
        XCTAssertEqual(scan.status, 0, scan.stderr)
        XCTAssertEqual(try scan.json()["direction"] as? String, "vertical")
        XCTAssertEqual(try scan.json()["gap"] as? Int, 12)
        let plain = try Vitrine.run(["scan", examples])
        XCTAssertEqual(try plain.json()["direction"] as? String, "horizontal")
        XCTAssertEqual(try plain.json()["gap"] as? Int, 30, "the default is written too")
        let thumbs = try Vitrine.run(["thumbs", examples, "-o", folder + "/t", "--size", "64", "--gap", "0"])
        XCTAssertEqual(try thumbs.json()["gap"] as? Int, 0)
        let tiles = try Vitrine.run(["tiles", examples, "-o", folder + "/z", "--direction", "vertical"])
        XCTAssertEqual(try tiles.json()["direction"] as? String, "vertical")
    }

    /// `sheet --gap` keeps its meaning (pixels between the sheet's cells): the manifest's gap stays
    /// the default there, and `--direction` is the manifest's.
    func testSheetKeepsItsOwnGap() throws {
        let run = try Vitrine.run(["sheet", examples, "-o", folder + "/s.jpg", "--gap", "3", "--direction", "vertical"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try run.json()["gap"] as? Int, 30)
        XCTAssertEqual(try run.json()["direction"] as? String, "vertical")
    }

    func testOutOfRangeValuesAreUsageErrors() throws {
        for arguments in [["--gap", "-1"], ["--gap", "10001"], ["--gap", "x"], ["--direction", "diagonal"]] {
            let run = try Vitrine.run(["scan", examples] + arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.stderr.contains(arguments[0]), run.stderr)
        }
    }

    func testValidateChecksGapAndReadsOldManifestsAsTheDefault() throws {
        let base = #"{"schema":"vitrine-manifest/3","generator":"vitrine 0.1.0","direction":"vertical","cyclic":false,"items":[],"errors":[]"#
        let bad = folder + "/bad.json", old = folder + "/old.json"
        try Data((base + #","gap":20000}"#).utf8).write(to: URL(fileURLWithPath: bad))
        try Data((base + "}").utf8).write(to: URL(fileURLWithPath: old))
        let refused = try Vitrine.run(["manifest", "validate", bad])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("/gap: 20000 is outside 0 to 10000 pixels"), refused.stderr)
        XCTAssertEqual(try Vitrine.run(["manifest", "validate", old]).status, 0, "a manifest from before gap is still valid")
        let selected = try Vitrine.run(["select", old, "--clear"])
        XCTAssertEqual(selected.status, 0, selected.stderr)
        XCTAssertEqual(try selected.json()["gap"] as? Int, nil, "select edits members in place: it adds none")
        let sheet = try Vitrine.run(["sheet", "--manifest", old, "-o", folder + "/s.jpg"])
        XCTAssertEqual(try sheet.json()["gap"] as? Int, 30, "read as the default, written as it")
        XCTAssertEqual(try sheet.json()["direction"] as? String, "vertical")
    }

    func testMergeRefusesPartsWithOtherGaps() throws {
        var parts: [String] = []
        for (index, gap) in [(1, "12"), (2, "13")] {
            let run = try Vitrine.run(["scan", examples, "--shard", "\(index)/2", "--gap", gap])
            let file = folder + "/part\(index).json"
            try run.stdout.write(to: URL(fileURLWithPath: file))
            parts.append(file)
        }
        let merged = try Vitrine.run(["manifest", "merge"] + parts)
        XCTAssertEqual(merged.status, 1)
        XCTAssertTrue(merged.stderr.contains("--direction and --gap must agree"), merged.stderr)
    }
}
