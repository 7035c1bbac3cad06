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

        // A site whose manifest.json became a folder.
        XCTAssertEqual(try Vitrine.run(["build", source, "-o", folder + "/s4", "--no-tiles"]).status, 0)
        try FileManager.default.removeItem(atPath: folder + "/s4/manifest.json")
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

extension HardeningIITests {
    /// Sets the only path of `source`'s outputs whose identifier starts with `identifier` to
    /// `path`, in the state store, as someone restoring a tampered site would have it.
    func editState(_ site: String, source: String, identifier: String, to path: String) throws {
        let script = """
            import json, sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            rows = db.execute("select rowid from outputs where source = ? and identifier like ?", (sys.argv[2], sys.argv[3] + '%')).fetchall()
            assert len(rows) == 1, rows
            db.execute("update outputs set paths = ? where rowid = ?", (json.dumps([sys.argv[4]]), rows[0][0]))
            db.commit()
            """
        try Program.output("python3", ["-c", script, site + "/.vitrine/state.sqlite", source, identifier, path])
    }

    /// Item 1: paths read from the state are confined to the site: an edited target (`../`, an
    /// absolute path, a folder linked out of the site) was unlinked when its source went, or
    /// moved into the site as a renamed item's thumbnail.
    func testPathsInTheStateNeverReachOutsideTheSite() throws {
        let source = folder + "/src"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        for name in ["coffee.jpg", "chelsea.jpg", "astronaut.jpg"] {
            try FileManager.default.copyItem(atPath: Repository.examples + "/" + name, toPath: source + "/" + name)
        }
        let site = folder + "/site"
        XCTAssertEqual(try Vitrine.run(["build", "src", "-o", "site", "--no-tiles"], currentDirectory: folder).status, 0)
        let outside = folder + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let secrets = ["relative.txt", "absolute.txt", "linked.jpg", "moved.txt"].map { outside + "/" + $0 }
        for secret in secrets { try Data("secret".utf8).write(to: URL(fileURLWithPath: secret)) }
        try FileManager.default.createSymbolicLink(atPath: site + "/thumbs/out", withDestinationPath: outside)
        try editState(site, source: "src/coffee.jpg", identifier: "256x256-fill-attention-jpeg", to: "../outside/relative.txt")
        try editState(site, source: "src/coffee.jpg", identifier: "256x256-fill-attention-@2x", to: outside + "/absolute.txt")
        try editState(site, source: "src/coffee.jpg", identifier: "1280x1280", to: "thumbs/out/linked.jpg")
        try editState(site, source: "src/chelsea.jpg", identifier: "256x256-fill-attention-jpeg", to: "../outside/moved.txt")
        try FileManager.default.removeItem(atPath: source + "/coffee.jpg")
        try FileManager.default.moveItem(atPath: source + "/chelsea.jpg", toPath: source + "/renamed.jpg")

        let run = try Vitrine.run(["build", "src", "-o", "site", "--no-tiles"], currentDirectory: folder)
        XCTAssertEqual(run.status, 1, "refusals are failures: \(run.stderr)")
        for secret in secrets {
            XCTAssertEqual(try? String(contentsOfFile: secret, encoding: .utf8), "secret", "left alone: \(secret)")
        }
        for path in ["../outside/relative.txt", outside + "/absolute.txt", "thumbs/out/linked.jpg"] {
            XCTAssertTrue(run.stderrLines.contains { $0.hasPrefix("vitrine: error: site/.vitrine/state.sqlite: the path \(path)") },
                "\(path) named on one line: \(run.stderr)")
        }
        // The renamed item's thumbnail is made again, a real picture, not the outside file.
        let thumbnail = try Data(contentsOf: URL(fileURLWithPath: site + "/thumbs/renamed-256x256.jpg"))
        XCTAssertEqual(Array(thumbnail.prefix(3)), [0xFF, 0xD8, 0xFF])
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))) as? [String: Any]
        XCTAssertEqual(items(manifest ?? [:]).compactMap { $0["id"] as? String }.sorted(), ["astronaut", "renamed"])
        // A rebuild has nothing left to refuse (the rows were forgotten) and finds all in place.
        let again = try Vitrine.run(["build", "src", "-o", "site", "--no-tiles"], currentDirectory: folder)
        XCTAssertEqual(again.status, 0, again.stderr)
    }

    /// The page's data pieces: a `data/` (or a folder below it) that is a link out of the site
    /// is refused, and nothing is written through it.
    func testThePagesDataNeverGoesThroughALinkOutOfTheSite() throws {
        let source = folder + "/src"
        try FileManager.default.createDirectory(atPath: source + "/album", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.examples + "/coffee.jpg", toPath: source + "/coffee.jpg")
        try FileManager.default.copyItem(atPath: Repository.examples + "/chelsea.jpg", toPath: source + "/album/chelsea.jpg")
        XCTAssertEqual(try Vitrine.run(["build", "src", "-o", "site", "--no-tiles"], currentDirectory: folder).status, 0)
        let outside = folder + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        for link in ["data", "data/album"] {
            try FileManager.default.removeItem(atPath: folder + "/site/data")
            if link == "data/album" { try FileManager.default.createDirectory(atPath: folder + "/site/data", withIntermediateDirectories: true) }
            try FileManager.default.createSymbolicLink(atPath: folder + "/site/" + link, withDestinationPath: outside)
            try Data("caption \(link)".utf8).write(to: URL(fileURLWithPath: source + "/coffee.txt"))
            let run = try Vitrine.run(["build", "src", "-o", "site", "--no-tiles"], currentDirectory: folder)
            XCTAssertNotEqual(run.status, 0, link)
            // Found before the build writes anything (issue 38), `data` and an album's folder below it.
            XCTAssertEqual(run.status, 2, link)
            XCTAssertTrue(run.stderr.contains("site/\(link) is a symbolic link to"), "\(link): \(run.stderr)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [], "\(link): nothing written outside")
        }
    }

    /// Item 2: `-o` a folder of someone else's files (or a link to one) is refused unless
    /// --overwrite; a site, even without its state, is built into as before.
    func testAForeignOutputFolderIsRefusedUnlessOverwrite() throws {
        let source = try brokenSource()
        try FileManager.default.removeItem(atPath: source + "/broken.jpg")
        let own = folder + "/own"
        try FileManager.default.createDirectory(atPath: own + "/thumbs", withIntermediateDirectories: true)
        let files = ["index.html": "mine", "manifest.json": "{}", "thumbs/ok-256x256.jpg": "jpeg"]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: own + "/" + name)) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: own)
        for output in [own, folder + "/link"] {
            for dryRun in [false, true] {
                let run = try Vitrine.run(["build", source, "-o", output, "--no-tiles"] + (dryRun ? ["--dry-run"] : []))
                XCTAssertEqual(run.status, 2, "\(output): \(run.stderr)")
                XCTAssertTrue(run.stderr.contains("\(output) is not empty and not a vitrine site: a build would replace \(output)/index.html"),
                    run.stderr)
                XCTAssertTrue(run.stderr.contains("--overwrite"), run.stderr)
            }
        }
        for (name, text) in files { XCTAssertEqual(try String(contentsOfFile: own + "/" + name, encoding: .utf8), text, name) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: own + "/.vitrine"), "nothing written")

        let notes = folder + "/notes"
        try FileManager.default.createDirectory(atPath: notes, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: notes + "/a.txt"))
        let other = try Vitrine.run(["build", source, "-o", notes])
        XCTAssertEqual(other.status, 2)
        XCTAssertTrue(other.stderr.contains("it holds \(notes)/a.txt"), other.stderr)

        let overwritten = try Vitrine.run(["build", source, "-o", folder + "/link", "--no-tiles", "--overwrite"])
        XCTAssertEqual(overwritten.status, 0, overwritten.stderr)
        XCTAssertNotEqual(try String(contentsOfFile: own + "/index.html", encoding: .utf8), "mine")
        XCTAssertEqual(try String(contentsOfFile: own + "/thumbs/ok-256x256.jpg", encoding: .utf8), "jpeg", "not vitrine's: kept")
        XCTAssertTrue(FileManager.default.fileExists(atPath: own + "/thumbs/coffee-256x256.jpg"), "written through the link")
        // Now a site: built into without --overwrite, and still one with its state removed.
        XCTAssertEqual(try Vitrine.run(["build", source, "-o", own, "--no-tiles"]).status, 0)
        try FileManager.default.removeItem(atPath: own + "/.vitrine")
        let afresh = try Vitrine.run(["build", source, "-o", own, "--no-tiles"])
        XCTAssertEqual(afresh.status, 0, afresh.stderr)
    }

    /// Item 3: build's -o equal to SRC, or SRC inside it, is a usage error that writes nothing
    /// (it wrote index.html, manifest.json, sheets/ and .vitrine/ into the source folder); an
    /// older site inside SRC is skipped, not read as photos.
    func testBuildNeverWritesIntoASourceFolder() throws {
        let source = try brokenSource()
        try FileManager.default.removeItem(atPath: source + "/broken.jpg")
        for (sources, output) in [([source], source), ([source + "/coffee.jpg"], source), ([Repository.examples, source], folder!)] {
            let run = try Vitrine.run(["build"] + sources + ["-o", output])
            XCTAssertEqual(run.status, 2, "\(sources) -o \(output): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("is inside the output folder \(output)"), run.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: source), ["coffee.jpg"], "nothing written")

        // An older site below the source, built to another -o.
        XCTAssertEqual(try Vitrine.run(["build", source, "-o", source + "/old", "--no-tiles"]).status, 0)
        let elsewhere = try Vitrine.run(["build", source, "-o", folder + "/new", "--no-tiles"])
        XCTAssertEqual(elsewhere.status, 0, elsewhere.stderr)
        XCTAssertTrue(elsewhere.stderr.contains("\(source)/old: skipped: a vitrine site"), elsewhere.stderr)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/new/manifest.json"))) as? [String: Any]
        XCTAssertEqual(items(manifest ?? [:]).compactMap { $0["id"] as? String }, ["coffee"])
        // A bare .vitrine/cache (remote downloads of `thumbs`) does not make a site.
        try FileManager.default.createDirectory(atPath: source + "/more/.vitrine/cache", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.examples + "/chelsea.jpg", toPath: source + "/more/chelsea.jpg")
        let scan = try Vitrine.run(["scan", source])
        XCTAssertEqual(items(try scan.json()).compactMap { $0["id"] as? String }.sorted(), ["coffee", "more/chelsea"])
    }
}

extension HardeningIITests {
    /// Item 5: a source folder's vitrine.json is confined to its folder: it echoed /etc/shadow's
    /// lines in warnings and chose the site folder. --config FILE may still do both.
    func testASourceFoldersConfigStaysInsideIt() throws {
        let source = try brokenSource()
        try FileManager.default.removeItem(atPath: source + "/broken.jpg")
        let secret = folder + "/secret.csv"
        let line = "password:" + String(repeating: "x", count: 200)
        try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: secret))
        try FileManager.default.createSymbolicLink(atPath: source + "/linked.csv", withDestinationPath: secret)
        for (config, expected) in [
            (#"{"captions": "\#(secret)"}"#, "'captions' must name a file inside \(source)"),
            (#"{"captions": "../secret.csv"}"#, "'captions' must name a file inside \(source)"),
            (#"{"captions": "linked.csv"}"#, "'captions' must name a file inside \(source)"),
            (#"{"items": "/etc/passwd"}"#, "'items' must name a file inside \(source)"),
            (#"{"output": "\#(folder!)/chosen"}"#, "'output' is not taken from a source folder's vitrine.json"),
            (#"{"cache": "\#(folder!)/cache"}"#, "'cache' is not taken from a source folder's vitrine.json"),
        ] {
            try Data(config.utf8).write(to: URL(fileURLWithPath: source + "/vitrine.json"))
            let run = try Vitrine.run(["build", source, "-o", folder + "/site"])
            XCTAssertEqual(run.status, 2, "\(config): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(expected), "\(config): \(run.stderr)")
            XCTAssertFalse(run.stderr.contains("password"), run.stderr)
            for written in ["site", "chosen", "cache"] {
                XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/" + written + "/manifest.json"), written)
            }
        }
        // Paths inside the folder are read relative to it.
        try Data("path,caption\ncoffee.jpg,Hello\n".utf8).write(to: URL(fileURLWithPath: source + "/captions.csv"))
        try Data(#"{"captions": "captions.csv"}"#.utf8).write(to: URL(fileURLWithPath: source + "/vitrine.json"))
        let inside = try Vitrine.run(["build", source, "-o", folder + "/site", "--no-tiles"], currentDirectory: "/")
        XCTAssertEqual(inside.status, 0, inside.stderr)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/site/manifest.json"))) as? [String: Any]
        XCTAssertEqual((items(manifest ?? [:]).first?["caption"] as? [String: Any])?["text"] as? String, "Hello")
        // --config FILE may name any file; its warnings quote 80 characters of a line at most.
        try FileManager.default.removeItem(atPath: source + "/vitrine.json")
        let named = folder + "/settings.json"
        try Data(#"{"captions": "\#(secret)"}"#.utf8).write(to: URL(fileURLWithPath: named))
        let explicit = try Vitrine.run(["build", source, "-o", folder + "/site", "--no-tiles", "--config", named])
        XCTAssertEqual(explicit.status, 0, explicit.stderr)
        XCTAssertTrue(explicit.stderr.contains(String(line.prefix(80)) + "…"), explicit.stderr)
        XCTAssertFalse(explicit.stderr.contains(String(line.prefix(81))), explicit.stderr)
    }
}

extension HardeningIITests {
    /// Item 6: no process of a build creates a file in $HOME (liborc's orcexec.* files: the
    /// workers had a private folder, the main process drawing contact sheets did not).
    func testNothingIsCreatedInHome() throws {
        guard (try? Program.run("strace", ["-V"]))?.status == 0 else {
            if ProcessInfo.processInfo.environment["VITRINE_CORPUS"] != nil { XCTFail("strace is missing (.ci/install-deps)") }
            throw XCTSkip("strace is not installed")
        }
        let home = folder + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let trace = folder + "/trace.txt"
        // One page of sheets, drawn on one lane: the case in which libvips' vector code runs here.
        let run = try Program.run("env", ["-u", "XDG_RUNTIME_DIR", "HOME=" + home, "strace", "-f", "-qq", "-o", trace,
            "-e", "trace=open,openat,creat,mkdir,mkdirat,rename,renameat,renameat2,unlink,unlinkat",
            Vitrine.executable.path, "build", Repository.examples, "-o", folder + "/site", "--no-tiles"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/site/sheets/sheet.jpg"), "sheets were drawn")
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.contains("orcexec") }, "the trace sees liborc at work")
        let written = lines.filter { line in
            line.contains("\"\(home)/") && (line.contains("O_CREAT") || line.contains("O_WRONLY") || line.contains("O_RDWR")
                || !line.contains("open"))
        }
        XCTAssertEqual(written, [], "nothing is created, written, renamed or removed in HOME")
    }
}

extension HardeningIITests {
    /// Item 4: user info and a token in a URL's query were published verbatim in source.url
    /// (manifest.json, index.html); now neither is, nor in errors, messages or the state,
    /// unless --keep-query asks for the query.
    func testSecretsInURLsAreNotPublished() throws {
        let server = try HTTPTestServer(folder: folder)
        defer { server.stop() }
        try FileManager.default.copyItem(atPath: Repository.examples + "/coffee.jpg", toPath: server.root + "/coffee.jpg")
        func secret(_ path: String) -> String {
            let url: String = server.url(path)
            return url.replacingOccurrences(of: "http://", with: "http://someone:hunter2@") + "?token=SECRET#part"
        }
        let itemsFile = folder + "/items.json"
        let listed = [secret("/files/coffee.jpg"), secret("/files/missing.jpg")]
        try JSONSerialization.data(withJSONObject: listed).write(to: URL(fileURLWithPath: itemsFile))
        let site = folder + "/site"
        let environment = server.environment(home: folder)
        let run = try Vitrine.run(["build", "-", "--items", itemsFile, "-o", site, "--no-tiles"], stdin: "", environment: environment)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains(server.url("/files/missing.jpg") + ": HTTP 404"), run.stderr)
        let manifest = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json")))
            as? [String: Any])
        XCTAssertEqual((items(manifest).first?["source"] as? [String: Any])?["url"] as? String, server.url("/files/coffee.jpg"))
        var published = [run.stderr]
        for file in try FileManager.default.subpathsOfDirectory(atPath: site) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: site + "/" + file, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            published.append(String(decoding: try Data(contentsOf: URL(fileURLWithPath: site + "/" + file)), as: UTF8.self))
        }
        for text in published {
            let leaks: Bool = text.contains("hunter2") || text.contains("SECRET")
            XCTAssertFalse(leaks, "a secret in the site or a message")
        }
        XCTAssertTrue(published.contains { $0.contains("<html") }, "the page was among the files looked through")
        // A rebuild reads the URL from the inputs again: nothing to fetch in full, nothing lost.
        let again = try Vitrine.run(["build", "-", "--items", itemsFile, "-o", site, "--no-tiles"], stdin: "", environment: environment)
        XCTAssertEqual(again.status, 1, again.stderr)
        XCTAssertTrue(again.stderr.contains("0 outputs made"), again.stderr)

        let kept = try Vitrine.run(["build", "-", "--items", itemsFile, "-o", folder + "/kept", "--no-tiles", "--keep-query"], stdin: "",
            environment: environment)
        let keptManifest = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/kept/manifest.json")))
            as? [String: Any])
        XCTAssertEqual((items(keptManifest).first?["source"] as? [String: Any])?["url"] as? String,
            server.url("/files/coffee.jpg") + "?token=SECRET#part", kept.stderr)
        XCTAssertFalse(kept.stderr.contains("hunter2"), kept.stderr)
    }
}
