import Foundation
import XCTest

/// An item's failure names the limit that decided it as a setting, not a flag (issue 42): the
/// manifest's error holds the setting's key and a message without any `--`, and each command
/// says it on stderr after the message, as its own flag or as the key of the vitrine.json
/// that gave the value.
final class ItemSettingTests: TemporaryFolderTestCase {
    /// The one error of `manifest`, checked to be coffee.jpg's refusal over the pixel limit.
    func assertOverPixelLimit(_ manifest: [String: Any], file: StaticString = #filePath, line: UInt = #line) {
        let errors = errors(manifest)
        XCTAssertEqual(errors.count, 1, "\(errors)", file: file, line: line)
        XCTAssertEqual(errors.first?["reason"] as? String, "too-large", file: file, line: line)
        XCTAssertEqual(errors.first?["setting"] as? String, "max-pixels", file: file, line: line)
        XCTAssertEqual(errors.first?["message"] as? String, Self.overPixelLimit, file: file, line: line)
    }

    /// A site's manifest.json.
    func manifest(of site: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))) as? [String: Any] ?? [:]
    }

    static let overPixelLimit = "600×400 is 0.2 megapixels, over the limit of 1000 pixels"
    /// The stderr line's end for coffee.jpg, before the setting.
    static let saidOverPixelLimit = "coffee.jpg: " + overPixelLimit

    func testAPictureOverMaxPixelsIsNamedByTheFlagOnStderrAndBySettingInTheManifest() throws {
        let site = folder + "/site"
        let build = try Vitrine.run(["build", try coffeeSource(), "-o", site, "--max-pixels", "1000"])
        XCTAssertEqual(build.status, 1, build.stderr)
        XCTAssertTrue(build.stderr.contains(Self.saidOverPixelLimit + " (--max-pixels)\n"), build.stderr)
        assertOverPixelLimit(try manifest(of: site))

        for command in ["thumbs", "sheet"] {
            let run = try Vitrine.run([command, try coffeeSource(), "-o", folder + "/" + command, "--max-pixels", "1000"])
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertTrue(run.stderr.contains(Self.saidOverPixelLimit + " (--max-pixels)\n"), command + ": " + run.stderr)
            assertOverPixelLimit(try run.json())
        }

        // NDJSON events carry the setting by its key too, and the message alone.
        let events = try Vitrine.run(["scan", try coffeeSource(), "--max-pixels", "1000", "--progress", "json"])
        let error = try XCTUnwrap(events.stderrLines.first { $0.contains(#""event":"error""#) }, events.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(error.utf8)) as? [String: Any])
        XCTAssertEqual(object["setting"] as? String, "max-pixels")
        XCTAssertEqual(object["message"] as? String, Self.overPixelLimit)
    }

    /// The limit from a source's vitrine.json, or from the file --config names, is named by its
    /// key in that file: the user typed no flag.
    func testALimitFromVitrineJSONIsNamedByItsKeyAndFile() throws {
        let source = try coffeeSource(config: #"{"max-pixels": 1000}"#)
        let site = folder + "/site"
        let build = try Vitrine.run(["build", source, "-o", site])
        XCTAssertEqual(build.status, 1, build.stderr)
        XCTAssertTrue(build.stderr.contains(Self.saidOverPixelLimit + " ('max-pixels' in \(source)/vitrine.json)\n"), build.stderr)
        XCTAssertFalse(build.stderr.contains("--max-pixels"), build.stderr)
        assertOverPixelLimit(try manifest(of: site))
        // A build with nothing to do says again what the last one said, setting and all.
        let again = try Vitrine.run(["build", source, "-o", site])
        XCTAssertTrue(again.stderr.contains(" 0 outputs made, 1 kept"), again.stderr)
        XCTAssertTrue(again.stderr.contains(Self.saidOverPixelLimit + " ('max-pixels' in \(source)/vitrine.json)\n"), again.stderr)

        let config = folder + "/options.json"
        try Data(#"{"max-pixels": 1000}"#.utf8).write(to: URL(fileURLWithPath: config))
        let given = try Vitrine.run(["build", try self.coffeeSource(), "-o", folder + "/given", "--config", config])
        XCTAssertTrue(given.stderr.contains(Self.saidOverPixelLimit + " ('max-pixels' in \(config))\n"), given.stderr)

        // The command line's value wins, and is named by its flag.
        let both = try self.coffeeSource(config: #"{"max-pixels": 200000000}"#)
        let typed = try Vitrine.run(["build", both, "-o", folder + "/typed", "--max-pixels", "1000"])
        XCTAssertTrue(typed.stderr.contains(Self.saidOverPixelLimit + " (--max-pixels)\n"), typed.stderr)
    }

    /// A file whose work runs past the worker time limit: a 14000×14000 PNG of one colour
    /// (small on disk, 196 million pixels to inflate) cannot be made into a thumbnail in 0.1 s.
    func testAFileOverTheTimeLimitNamesTimeout() throws {
        let source = folder + "/slow"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        _ = try Program.output("vips", ["black", source + "/big.png", "14000", "14000"])
        let run = try Vitrine.run(["thumbs", source, "-o", folder + "/thumbs", "--timeout", "0.1"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let line = try XCTUnwrap(run.stderrLines.first { $0.contains("big.png: ") }, run.stderr)
        XCTAssertTrue(line.hasPrefix("vitrine: error: \(source)/big.png: gave up after 0.1 s"), line)
        XCTAssertTrue(line.hasSuffix(" (--timeout)"), line)
        let error = try XCTUnwrap(errors(try run.json()).first)
        XCTAssertEqual(error["reason"] as? String, "timeout")
        XCTAssertEqual(error["setting"] as? String, "timeout")
        XCTAssertFalse((error["message"] as? String ?? "--").contains("--"), "\(error)")
    }

    /// `manifest validate` knows the member: a key it does not know is refused.
    func testValidateChecksTheErrorsSetting() throws {
        let run = try Vitrine.run(["thumbs", try coffeeSource(), "-o", folder + "/thumbs", "--max-pixels", "1000"])
        let good = folder + "/good.json", bad = folder + "/bad.json"
        try run.stdout.write(to: URL(fileURLWithPath: good))
        try Data(run.stdoutText.replacingOccurrences(of: #""max-pixels""#, with: #""gremlins""#).utf8).write(to: URL(fileURLWithPath: bad))
        XCTAssertEqual(try Vitrine.run(["manifest", "validate", good]).status, 0)
        let refused = try Vitrine.run(["manifest", "validate", bad])
        XCTAssertEqual(refused.status, 1)
        let said = #"/errors/0/setting: is "gremlins", should be one of "max-pixels", "max-memory""#
        XCTAssertTrue(refused.stderr.contains(said), refused.stderr)
    }

    /// Each key a manifest's error may name (the schema's list), and `allow-damaged` that a
    /// warning event names, is an option of every command that reads inputs, spelled alike, so
    /// that a tool can give it back as `--KEY` or as the key in vitrine.json.
    func testEverySettingKeyIsAnOptionOfEveryCommand() throws {
        let schema = try String(contentsOf: Repository.root.appendingPathComponent("docs/manifest.schema.json"), encoding: .utf8)
        let line = try XCTUnwrap(schema.split(separator: "\n").first { $0.contains(#""setting": { "enum""#) })
        let keys = try NSRegularExpression(pattern: #""([a-z-]+)""#).matches(in: String(line), range: NSRange(line.startIndex..., in: line))
            .map { (String(line) as NSString).substring(with: $0.range(at: 1)) }.filter { $0 != "setting" && $0 != "enum" }
        XCTAssertEqual(keys, ["max-pixels", "max-memory", "timeout", "net-timeout", "net-deadline", "max-download"])
        for command in ["scan", "thumbs", "tiles", "sheet", "build"] {
            let help = try Vitrine.run([command, "--help"]).stdoutText
            for key in keys + ["allow-damaged"] {
                XCTAssertTrue(help.contains("--\(key) ") || help.contains("--\(key)\n"), "\(command) --\(key)")
            }
        }
    }
}
