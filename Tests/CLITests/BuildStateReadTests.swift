import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// A build whose state cannot be read says so and stops (exit 3), naming the state file; it
/// never takes the state for an empty one and makes every output again.
final class BuildStateReadTests: TemporaryFolderTestCase {
    func testAnUnreadableStateStopsTheBuildAndSaysWhich() throws {
        let source = folder + "/src", site = folder + "/site"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try Vips.initialize()
        for name in ["a", "b"] {
            try Operation.image("gaussnoise", ["width": .int(300), "height": .int(200)]).save(to: "\(source)/\(name).jpg")
        }
        let arguments = ["build", source, "-o", site, "--no-sheets", "--no-tiles", "--quiet"]
        XCTAssertEqual(try Vitrine.run(arguments).status, 0)
        let thumbnails = try FileManager.default.contentsOfDirectory(atPath: site + "/thumbs").sorted()
        let stamps = try thumbnails.map { try FileManager.default.attributesOfItem(atPath: site + "/thumbs/" + $0)[.modificationDate] as? Date }
        let state = site + "/.vitrine/state.sqlite"
        try SQLiteDatabase(path: state).execute("ALTER TABLE outputs RENAME COLUMN product TO unreadable")

        let again = try Vitrine.run(arguments)
        XCTAssertEqual(again.status, 3, again.stderr)
        XCTAssertEqual(again.stderrLines.count, 1, again.stderr)
        XCTAssertTrue(again.stderr.contains("cannot read the build's state \(state)"), again.stderr)
        let after = try thumbnails.map { try FileManager.default.attributesOfItem(atPath: site + "/thumbs/" + $0)[.modificationDate] as? Date }
        XCTAssertEqual(after, stamps, "no thumbnail made again")
    }
}
