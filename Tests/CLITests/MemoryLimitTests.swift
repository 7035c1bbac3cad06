import Foundation
import VipsKit
import XCTest

/// `--max-memory`: pictures libvips must decode whole (an interlaced PNG) are refused, before
/// decoding, when that would take more memory than allowed; pictures it reads in strips are not.
final class MemoryLimitTests: TemporaryFolderTestCase {
    /// A black 16-bit RGBA PNG of 2048×2048: 32 MiB decoded, a few KB on disc.
    func png(_ name: String, interlaced: Bool) throws -> String {
        try Vips.initialize()
        let path = folder + "/" + name
        let black = try Operation.image("black", ["width": .int(2048), "height": .int(2048), "bands": .int(4)])
        let wide = try Operation.image("cast", ["in": .image(black), "format": .string("ushort")])
        try Operation.image("copy", ["in": .image(wide), "interpretation": .string("rgb16")])
            .save(to: path, options: ["interlace": .bool(interlaced)])
        return path
    }

    func testPicturesDecodedWholeAreRefusedPastTheLimitAndStreamedOnesAreNot() throws {
        let interlaced = try png("interlaced.png", interlaced: true), plain = try png("plain.png", interlaced: false)
        let scan = try Vitrine.run(["scan", interlaced, plain, "--max-memory", "16M"])
        XCTAssertEqual(scan.status, 1, scan.stderr)
        let manifest = try scan.json()
        XCTAssertEqual(items(manifest).compactMap { ($0["source"] as? [String: Any])?["path"] as? String }, [plain])
        let refused = try XCTUnwrap(errors(manifest).first)
        XCTAssertEqual(errors(manifest).count, 1)
        XCTAssertEqual(refused["path"] as? String, interlaced)
        XCTAssertEqual(refused["reason"] as? String, "too-large")
        let message = try XCTUnwrap(refused["message"] as? String)
        XCTAssertTrue(message.contains("32 MiB") && message.contains("16 MiB") && !message.contains("--"), message)
        // The manifest names the setting by its key; the command's own line names its flag.
        XCTAssertEqual(refused["setting"] as? String, "max-memory")
        let said = scan.stderrLines.filter { $0.contains("interlaced.png") }
        XCTAssertEqual(said.count, 1, scan.stderr)
        XCTAssertTrue(said.first?.hasSuffix("(--max-memory)") == true, scan.stderr)

        // With room for it the same file is read; thumbs takes the option too.
        XCTAssertEqual(items(try Vitrine.run(["scan", interlaced, "--max-memory", "64M"]).json()).count, 1)
        let thumbs = try Vitrine.run(["thumbs", interlaced, plain, "-o", folder + "/t", "--max-memory", "0.02G"])
        XCTAssertEqual(thumbs.status, 1, thumbs.stderr)
        XCTAssertEqual(items(try thumbs.json()).count, 1)
        XCTAssertEqual(errors(try thumbs.json()).first?["reason"] as? String, "too-large")

        for bad in ["lots", "-1M", "0", "12X", "1.5"] {
            let run = try Vitrine.run(["scan", plain, "--max-memory", bad])
            XCTAssertEqual(run.status, 2, "\(bad): \(run.stderr)")
        }
    }
}
