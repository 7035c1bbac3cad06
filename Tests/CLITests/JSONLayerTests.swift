import Foundation
import XCTest
@testable import VitrineKit

/// Real manifests (`scan`, `thumbs`, NDJSON) as vitrine's JSON layer prints them are what
/// Foundation's JSONEncoder prints for the same values, and read back and written again they
/// come out byte for byte, custom captions included.
final class JSONLayerTests: TemporaryFolderTestCase {
    func foundationText(_ stdout: Data) throws -> Data {
        try JSONEncoder.manifest.encode(try JSONDecoder().decode(Manifest.self, from: stdout)) + Data([0x0A])
    }

    func testScanAndThumbsPrintWhatFoundationPrints() throws {
        let scan = try Vitrine.run(["scan", "--hash", Repository.examples])
        XCTAssertEqual(scan.status, 0, scan.stderr)
        XCTAssertEqual(scan.stdoutText, String(decoding: try foundationText(scan.stdout), as: UTF8.self))
        let thumbs = try Vitrine.run(["thumbs", Repository.examples, "-o", folder + "/t", "--size", "48", "--size", "96x64",
            "--placeholder", "blurhash"])
        XCTAssertEqual(thumbs.status, 0, thumbs.stderr)
        XCTAssertTrue(thumbs.stdoutText.contains(#""renditions" : ["#))
        XCTAssertEqual(thumbs.stdoutText, String(decoding: try foundationText(thumbs.stdout), as: UTF8.self))
        let lines = try Vitrine.run(["scan", "--hash", "--ndjson", Repository.examples])
        let items = try JSONDecoder().decode(Manifest.self, from: scan.stdout).items
        XCTAssertEqual(lines.stdoutText, try items.map { String(decoding: try JSONEncoder.compact.encode($0), as: UTF8.self) + "\n" }.joined())
    }

    func testManifestsReadAndWrittenAgainAreTheSameBytes() throws {
        try Data(#"""
            [{"path": "coffee.jpg", "style": "custom", "caption": {"b": [1.50, {"a": null}], "u": "\u00e9 / é"}},
             {"path": "chelsea.jpg", "caption": "Plain"}]
            """#.utf8).write(to: URL(fileURLWithPath: folder + "/captions.json"))
        let run = try Vitrine.run(["thumbs", Repository.examples, "-o", folder + "/t", "--size", "32", "--captions", folder + "/captions.json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdoutText.contains(#""custom" : {"b": [1.50, {"a": null}], "u": "\u00e9 / é"}"#), run.stdoutText)
        XCTAssertEqual(try ManifestFile.decode(run.stdout).encoded(), run.stdout)
        // `manifest get` prints the item as the manifest has it.
        let file = folder + "/m.json"
        try run.stdout.write(to: URL(fileURLWithPath: file))
        let coffee = try Vitrine.run(["manifest", "get", file, "--id", "coffee"])
        XCTAssertEqual(coffee.status, 0, coffee.stderr)
        XCTAssertTrue(coffee.stdoutText.contains(#""custom" : {"b": [1.50, {"a": null}], "u": "\u00e9 / é"}"#), coffee.stdoutText)
        let field = try Vitrine.run(["manifest", "get", file, "--id", "coffee", "--field", "caption"])
        XCTAssertEqual(field.stdoutText, #"{"custom":{"b":[1.50,{"a":null}],"u":"\u00e9 / é"},"source":"file","style":"custom"}"# + "\n")
    }
}
