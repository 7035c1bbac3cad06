import Foundation
import XCTest

/// What is already in a site folder, the terminal around vitrine, and the docs' promises, as a
/// hostile probe found them (issue 24). Each test failed before its fix.
final class HardeningIITests: TemporaryFolderTestCase {
    /// A folder with one good photo and one truncated one: a build of it exits 1.
    func brokenSource() throws -> String {
        let source = folder + "/src"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.examples + "/coffee.jpg", toPath: source + "/coffee.jpg")
        let whole = try Data(contentsOf: URL(fileURLWithPath: Repository.examples + "/chelsea.jpg"))
        try whole.prefix(3000).write(to: URL(fileURLWithPath: source + "/broken.jpg"))
        return source
    }

    /// `bash -c SCRIPT` with the binary as $0: the exit status it prints last, as a number.
    func shell(_ script: String, _ arguments: [String] = []) throws -> (status: Int32, output: String) {
        let result = try Program.run("bash", ["-c", script, Vitrine.executable.path] + arguments)
        let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        return (Int32(last) ?? -1, result.stdout + result.stderr)
    }

    /// Item 7: a message that cannot be written (stderr a closed pipe, a full device, closed)
    /// trapped in FileHandle.write (SIGILL, 132) or ended the process by SIGPIPE (141).
    func testAnUnwritableStderrNeverStopsTheWork() throws {
        let source = try brokenSource()
        let cases = [
            ("a closed pipe", #""$0" build "$1" -o "$2" 2>&1 | true; echo "${PIPESTATUS[0]}""#),
            ("a full device", #""$0" build "$1" -o "$2" 2>/dev/full; echo $?"#),
            ("closed", #""$0" build "$1" -o "$2" 2>&-; echo $?"#),
        ]
        for (index, (name, script)) in cases.enumerated() {
            let site = folder + "/site\(index)"
            let run = try shell(script, [source, site])
            XCTAssertEqual(run.status, 1, "stderr \(name): one file failed, the build went on: \(run.output)")
            let manifest = try XCTUnwrap(try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))) as? [String: Any], name)
            XCTAssertEqual(items(manifest).count, 1, name)
            XCTAssertEqual(errors(manifest).count, 1, name)
            XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/index.html"), name)
        }
        let usage = try shell(#""$0" scan --bogus 2>/dev/full; echo $?"#)
        XCTAssertEqual(usage.status, 2, "a usage error stays a usage error: \(usage.output)")
        // stdout keeps its rule: a closed pipe ends the process as SIGPIPE would.
        let piped = try shell(#""$0" scan "$1" | true; echo "${PIPESTATUS[0]}""#, [Repository.examples])
        XCTAssertTrue([0, 141].contains(piped.status), piped.output)
    }

    /// Item 15: build's exit codes and messages say what vitrine-build(1) says.
    func testBuildSaysWhatIsWrongWithItsOutputAndConfig() throws {
        let source = try brokenSource()
        try FileManager.default.removeItem(atPath: source + "/broken.jpg")
        let file = folder + "/afile"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let onFile = try Vitrine.run(["build", source, "-o", file])
        XCTAssertEqual(onFile.status, 2, onFile.stderr)
        XCTAssertTrue(onFile.stderr.contains("the output folder \(file) is a file"), onFile.stderr)

        // vitrine.json that is a folder: the same error as --config naming one.
        try FileManager.default.createDirectory(atPath: source + "/vitrine.json", withIntermediateDirectories: true)
        let found = try Vitrine.run(["build", source, "-o", folder + "/s1"])
        let named = try Vitrine.run(["build", source, "-o", folder + "/s1", "--config", source + "/vitrine.json"])
        for run in [found, named] {
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.contains("vitrine.json is a folder"), run.stderr)
        }
        XCTAssertEqual(found.stderr, named.stderr)
        try FileManager.default.removeItem(atPath: source + "/vitrine.json")

        for (config, expected) in [
            (#"{"tiles": "no"}"#, "'tiles' takes true or false (got \"no\")"),
            (#"{"no-tiles": true, "tiles": true}"#, "'tiles' and 'no-tiles' contradict each other"),
        ] {
            try Data(config.utf8).write(to: URL(fileURLWithPath: source + "/vitrine.json"))
            let run = try Vitrine.run(["build", source, "-o", folder + "/s2"])
            XCTAssertEqual(run.status, 2, config)
            XCTAssertTrue(run.stderr.contains(expected), "\(config): \(run.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/s2/manifest.json"), config)
        }
        try Data(#"{"no-tiles": true, "tiles": false}"#.utf8).write(to: URL(fileURLWithPath: source + "/vitrine.json"))
        XCTAssertEqual(try Vitrine.run(["build", source, "-o", folder + "/s3", "--no-sheets"]).status, 0, "saying it twice agrees")
        try FileManager.default.removeItem(atPath: source + "/vitrine.json")

        try FileManager.default.createDirectory(atPath: folder + "/s4/manifest.json", withIntermediateDirectories: true)
        let onFolder = try Vitrine.run(["build", source, "-o", folder + "/s4", "--no-tiles"])
        XCTAssertEqual(onFolder.status, 3)
        XCTAssertEqual(onFolder.stderr.components(separatedBy: "cannot write").count, 2, "said once: \(onFolder.stderr)")
        XCTAssertTrue(onFolder.stderr.contains("manifest.json: Is a directory"), onFolder.stderr)
    }

    /// Item 16: build's sheet messages name build's options and the limits.
    func testSheetProblemsNameBuildsOptions() throws {
        let cell = try Vitrine.run(["build", Repository.examples, "-o", folder + "/s", "--sheet-cell", "100000x100000"])
        XCTAssertEqual(cell.status, 2)
        XCTAssertTrue(cell.stderr.contains("--sheet-cell"), cell.stderr)
        XCTAssertTrue(cell.stderr.contains("16383"), "the upper bound is named: \(cell.stderr)")
        XCTAssertFalse(cell.stderr.contains("--cell "), cell.stderr)
        let page = try Vitrine.run(["build", Repository.examples, "-o", folder + "/s", "--sheet-columns", "1000",
            "--sheet-per-page", "100000"])
        XCTAssertEqual(page.status, 2)
        XCTAssertTrue(page.stderr.contains("--sheet-columns") && page.stderr.contains("--sheet-per-page"), page.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/s/manifest.json"))
        // vitrine sheet keeps its own names.
        let sheet = try Vitrine.run(["sheet", Repository.examples, "-o", folder + "/sheet", "--cell", "100000x100000"])
        XCTAssertEqual(sheet.status, 2)
        XCTAssertTrue(sheet.stderr.contains("--cell needs"), sheet.stderr)
    }
}
