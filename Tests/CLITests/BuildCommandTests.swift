import Foundation
import VipsKit
import XCTest

/// `vitrine build`: a whole site, incremental, resumable, in parts.
final class BuildCommandTests: TemporaryFolderTestCase {
    var source: String { folder + "/src" }
    var site: String { folder + "/site" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.copyItem(atPath: Repository.examples, toPath: source)
    }

    /// A picture large enough for zoom tiles (over 1.5 x 1280 px).
    func addLargePhoto(_ name: String = "large.jpg") throws {
        try Vips.initialize()
        let noise = try Operation.image("gaussnoise", ["width": .int(2400), "height": .int(1600), "mean": .double(120)])
        try noise.save(to: source + "/" + name)
    }

    @discardableResult
    func build(_ extra: [String] = [], status expected: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws
        -> Vitrine.Run
    {
        let run = try Vitrine.run(["build", source, "-o", site] + extra)
        XCTAssertEqual(run.status, expected, run.stderr, file: file, line: line)
        return run
    }

    func manifest(_ path: String? = nil) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path ?? site + "/manifest.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Every file below `root` outside `.vitrine/` and `parts/`, with its modification time.
    func files(in root: String) throws -> [String: Date] {
        var found: [String: Date] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            if path.hasPrefix(".vitrine") || path.hasPrefix("parts") { continue }
            let attributes = try FileManager.default.attributesOfItem(atPath: root + "/" + path)
            if attributes[.type] as? FileAttributeType == .typeRegular { found[path] = attributes[.modificationDate] as? Date }
        }
        return found
    }

    func sourceHashes() throws -> [String: Data] {
        try Dictionary(uniqueKeysWithValues: FileManager.default.subpathsOfDirectory(atPath: source).sorted().compactMap { path in
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: source + "/" + path, isDirectory: &isFolder)
            return isFolder.boolValue ? nil : (path, try Data(contentsOf: URL(fileURLWithPath: source + "/" + path)))
        })
    }

    func testAFirstBuildMakesAValidPublishableSite() throws {
        try addLargePhoto()
        let before = try sourceHashes()
        try build()
        XCTAssertEqual(try sourceHashes(), before, "sources are never changed")
        XCTAssertEqual(try Vitrine.run(["manifest", "validate", site + "/manifest.json"]).status, 0)
        let gallery = try manifest()
        let list = items(gallery)
        XCTAssertEqual(list.count, 8)
        for item in list {
            let source = try XCTUnwrap(item["source"] as? [String: Any])
            let path = try XCTUnwrap(source["path"] as? String)
            XCTAssertFalse(path.hasPrefix("/") || path.contains(folder), "sources named below the source folder: \(path)")
            XCTAssertNil((item["location"] as? [String: Any])?["latitude"], "no GPS in a published site")
            for rendition in item["renditions"] as? [[String: Any]] ?? [] {
                let file = site + "/" + (rendition["path"] as! String)
                let (width, height) = try Pixels.size(file)
                XCTAssertEqual(width, rendition["width"] as? Int, file)
                XCTAssertEqual(height, rendition["height"] as? Int, file)
                XCTAssertTrue(Pixels.decodesCompletely(file), file)
            }
        }
        let roles = Set(list.flatMap { ($0["renditions"] as? [[String: Any]] ?? []).map { $0["role"] as? String } })
        XCTAssertEqual(roles, ["thumbnail", "display"])
        let large = try XCTUnwrap(list.first { $0["id"] as? String == "large" })
        let tiles = try XCTUnwrap(large["tiles"] as? [String: Any])
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/" + (tiles["path"] as! String)))
        XCTAssertNil(list.first { $0["id"] as? String == "coffee" }?["tiles"], "small pictures get no tiles")
        let sheets = try XCTUnwrap(gallery["sheets"] as? [[String: Any]])
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/" + (sheets[0]["path"] as! String)))
    }

    func testThePageAndTheVideosCopiesWithoutTheirMetadata() throws {
        try FileManager.default.copyItem(atPath: try Corpus.path("mixed/video/forensics__phone_VID_20191220_170832.mp4"),
            toPath: source + "/phone.mp4")
        try build()
        XCTAssertTrue(try String(contentsOfFile: site + "/index.html", encoding: .utf8).contains("<html"))
        let list = items(try manifest())
        let phone = try XCTUnwrap(list.first { $0["id"] as? String == "phone" })
        let media = try XCTUnwrap((phone["media"] as? [[String: Any]])?.first)
        XCTAssertEqual(media["path"] as? String, "media/phone.mp4")
        XCTAssertEqual(media["mime"] as? String, "video/mp4")
        let copy = site + "/media/phone.mp4"
        let tags = try Program.output("ffprobe", ["-v", "error", "-show_entries", "format_tags:stream_tags", "-of", "json", copy])
        XCTAssertFalse(tags.contains("location"), "no place in the copy: \(tags)")
        XCTAssertFalse(tags.contains("creation_time"), tags)
        let original = try Program.output("ffprobe", ["-v", "error", "-show_entries", "format_tags", "-of", "json", source + "/phone.mp4"])
        XCTAssertTrue(original.contains("location"), "the source keeps its own")
        let duration = try Program.output("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", copy])
        XCTAssertEqual(Double(duration.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, phone["duration"] as? Double ?? -1, accuracy: 0.05)
        XCTAssertNil(list.first { $0["kind"] as? String == "image" }?["media"], "pictures are not copied")
    }

    func testARebuildWithoutChangesRewritesNothing() throws {
        try build()
        let first = try files(in: site)
        let manifest = try Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))
        Thread.sleep(forTimeInterval: 1.1)
        let again = try build(["--progress", "json"])
        XCTAssertEqual(try files(in: site), first, "no file rewritten (same set, same times)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json")), manifest)
        let done = try XCTUnwrap(again.stderrLines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        XCTAssertEqual(done["made"] as? Int, 0)
        XCTAssertEqual(done["removed"] as? Int, 0)
        XCTAssertGreaterThan(done["kept"] as? Int ?? 0, 20)
    }

    /// A caption edit in one album rewrites that album's data piece, `manifest.json` and the
    /// sheet page holding the changed cell, and nothing else; the summary and `--dry-run` say so.
    func testACaptionChangeChangesOnlyThatItem() throws {
        try build()
        let before = items(try manifest())
        let times = try files(in: site)
        Thread.sleep(forTimeInterval: 1.1)
        try Data("A new caption.".utf8).write(to: URL(fileURLWithPath: source + "/coffee.txt"))
        let dryRun = try build(["--dry-run"])
        XCTAssertEqual(dryRun.stdoutText.split(separator: "\n").suffix(2).first.map(String.init),
            "page: rewrite 1, keep \(times.keys.filter { $0.hasPrefix("data/") }.count), remove 0", dryRun.stdoutText)
        XCTAssertTrue(dryRun.stdoutText.split(separator: "\n").last?.hasPrefix("make 1, keep ") ?? false,
            "the root album's one sheet page: \(dryRun.stdoutText)")
        XCTAssertEqual(try files(in: site), times, "a dry run writes nothing")
        let run = try build()
        XCTAssertTrue(run.stderrLines.contains { $0.hasSuffix("page: 1 file rewritten, \(times.keys.filter { $0.hasPrefix("data/") }.count) kept, 0 removed") },
            run.stderr)
        XCTAssertTrue(run.stderrLines.contains { $0.contains(": 1 outputs made,") }, run.stderr)
        // The search index's pieces are SearchBuildTests' to check.
        let changed = try files(in: site).filter { times[$0.key] != $0.value && !$0.key.hasPrefix("search/") }.keys.sorted()
        XCTAssertEqual(changed, ["data/0001.js", "manifest.json", "sheets/sheet.jpg"],
            "coffee is in the root album: its piece, the manifest and its sheet page, nothing else")
        let outsideSearch = { (path: String) in !path.hasPrefix("search/") }
        XCTAssertEqual(Set(try files(in: site).keys.filter(outsideSearch)), Set(times.keys.filter(outsideSearch)))
        // In a nested album: that album's piece and sheet.
        let nested = try files(in: site)
        Thread.sleep(forTimeInterval: 1.1)
        try Data("Upright at last.".utf8).write(to: URL(fileURLWithPath: source + "/portraits/orientation-portrait-8.txt"))
        try build()
        XCTAssertEqual(try files(in: site).filter { nested[$0.key] != $0.value && !$0.key.hasPrefix("search/") }.keys.sorted(),
            ["data/portraits/0001.js", "manifest.json", "sheets/portraits/sheet.jpg"])
        try FileManager.default.removeItem(atPath: source + "/portraits/orientation-portrait-8.txt")
        try build()
        let after = items(try manifest())
        XCTAssertEqual(before.count, after.count)
        for (old, new) in zip(before, after) where old["id"] as? String != "coffee" {
            XCTAssertEqual(NSDictionary(dictionary: old), NSDictionary(dictionary: new), "\(old["id"] ?? "")")
        }
        let coffee = try XCTUnwrap(after.first { $0["id"] as? String == "coffee" })
        XCTAssertEqual((coffee["caption"] as? [String: Any])?["text"] as? String, "A new caption.")
    }

    func testAThumbnailSizeChangeRedoesThumbnailsNotTiles() throws {
        try addLargePhoto()
        try build()
        let before = try files(in: site)
        Thread.sleep(forTimeInterval: 1.1)
        try build(["--thumb-size", "200x200"])
        let after = try files(in: site)
        XCTAssertTrue(after.keys.contains("thumbs/large-200x200.jpg"))
        XCTAssertFalse(after.keys.contains("thumbs/large-256x256.jpg"), "the old size is removed")
        let tiles = before.filter { $0.key.hasPrefix("tiles/") }
        XCTAssertFalse(tiles.isEmpty)
        XCTAssertEqual(after.filter { $0.key.hasPrefix("tiles/") }, tiles, "tiles untouched")
        XCTAssertEqual(after.filter { $0.key.hasPrefix("display/") }, before.filter { $0.key.hasPrefix("display/") })
    }

    func testADeletedSourceLosesItsOutputsAndARenamedOneKeepsThem() throws {
        try build()
        let before = try files(in: site)
        try FileManager.default.removeItem(atPath: source + "/coffee.jpg")
        try FileManager.default.moveItem(atPath: source + "/chelsea.jpg", toPath: source + "/cat.jpg")
        let run = try build(["--progress", "json"])
        let after = try files(in: site)
        XCTAssertTrue(after.keys.filter { $0.contains("coffee") }.isEmpty, "\(after.keys.filter { $0.contains("coffee") })")
        XCTAssertTrue(after.keys.filter { $0.contains("chelsea") }.isEmpty)
        for (path, time) in before where path.contains("chelsea") && !path.hasPrefix("sheets/") {
            let moved = path.replacingOccurrences(of: "chelsea", with: "cat")
            XCTAssertEqual(after[moved], time, "\(moved) was moved, not made again")
        }
        let done = try XCTUnwrap(run.stderrLines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        XCTAssertEqual(done["made"] as? Int, 1, "nothing to make but the contact sheet, which shows other items now")
        XCTAssertEqual(items(try manifest()).map { $0["id"] as? String }.contains("cat"), true)
    }

    func testTwoBuildsOfOneSiteAtOnceTheSecondRefuses() throws {
        try FileManager.default.createDirectory(atPath: site + "/.vitrine", withIntermediateDirectories: true)
        let fd = open(site + "/.vitrine/lock", O_RDWR | O_CREAT, 0o644)
        XCTAssertEqual(flock(fd, LOCK_EX), 0)
        defer { close(fd) }
        let run = try build(status: 3)
        XCTAssertTrue(run.stderr.contains("another build is writing this site"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/manifest.json"))
    }

    func testThePartsOfABuildMergeIntoTheSingleBuild() throws {
        try addLargePhoto()
        let parts = folder + "/parts-site"
        for part in ["1/3", "2/3", "3/3"] {
            let run = try Vitrine.run(["build", source, "-o", parts, "--shard", part])
            XCTAssertLessThanOrEqual(run.status, 1, run.stderr)
        }
        XCTAssertEqual(try Vitrine.run(["build", "--merge", parts]).status, 0)
        try build()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: parts + "/manifest.json")),
            try Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json")), "byte for byte")
        XCTAssertEqual(Set(try files(in: parts).keys), Set(try files(in: site).keys))
    }

    func testShardAutoReadsTheScheduler() throws {
        let slurm = try Vitrine.run(["build", source, "-o", site, "--shard", "auto"],
            environment: ["SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "3"])
        XCTAssertLessThanOrEqual(slurm.status, 1, slurm.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/parts/2-of-3.json"))
        let parallel = try Vitrine.run(["build", source, "-o", site, "--shard", "auto", "--shard-count", "3"],
            environment: ["PARALLEL_SEQ": "3"])
        XCTAssertLessThanOrEqual(parallel.status, 1, parallel.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/parts/3-of-3.json"))
        let outside = try Vitrine.run(["build", source, "-o", folder + "/x", "--shard", "auto"],
            environment: ["SLURM_ARRAY_TASK_ID": "", "PARALLEL_SEQ": "", "JOB_COMPLETION_INDEX": "", "AWS_BATCH_JOB_ARRAY_INDEX": ""])
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.stderr.contains("SLURM_ARRAY_TASK_ID") && outside.stderr.contains("PARALLEL_SEQ"), outside.stderr)
    }

    func testOptionsFromVitrineJSONAndTheCommandLineWins() throws {
        try Data(#"{"thumb-size": "100x100", "sheets": false, "no-retina": true}"#.utf8)
            .write(to: URL(fileURLWithPath: source + "/vitrine.json"))
        try build(["--thumb-size", "120x120"])
        let paths = try files(in: site).keys
        XCTAssertTrue(paths.contains("thumbs/coffee-120x120.jpg"), "\(paths.sorted())")
        XCTAssertFalse(paths.contains { $0.hasPrefix("sheets/") }, "sheets: false")
        XCTAssertFalse(paths.contains { $0.contains("@2x") }, "no-retina")
        try Data(#"{"thumb-sise": "100x100"}"#.utf8).write(to: URL(fileURLWithPath: source + "/vitrine.json"))
        let wrong = try build(status: 2)
        XCTAssertTrue(wrong.stderr.contains("unknown option 'thumb-sise'"), wrong.stderr)
    }

    func testTheSelectionSurvivesARebuild() throws {
        try build()
        XCTAssertEqual(try Vitrine.run(["select", "--in-place", site + "/manifest.json", "--add", "coffee", "--add", "astronaut"]).status, 0)
        try Data("Changed.".utf8).write(to: URL(fileURLWithPath: source + "/coffee.txt"))
        try build()
        let chosen = items(try manifest()).compactMap { item in (item["selection"] as? Int).map { ($0, item["id"] as! String) } }
        XCTAssertEqual(chosen.sorted { $0.0 < $1.0 }.map(\.1), ["coffee", "astronaut"])
    }

    /// What a rebuild carries over is also carried by the rebuilds after it, which do not read
    /// the manifest they wrote back (the state notes it); an edit made after them is read.
    func testWhatIsCarriedOverSurvivesRebuildsAndALaterEditIsRead() throws {
        try build()
        XCTAssertEqual(try Vitrine.run(["select", "--in-place", site + "/manifest.json", "--add", "chelsea", "--add", "coffee"]).status, 0)
        // Another tool's members, at the top and in an item.
        var edited = try manifest()
        edited["x-reviewed"] = ["by": "ana"]
        var list = items(edited)
        let chelsea = try XCTUnwrap(list.firstIndex { $0["id"] as? String == "chelsea" })
        list[chelsea]["x-rating"] = 5
        edited["items"] = list
        try JSONSerialization.data(withJSONObject: edited).write(to: URL(fileURLWithPath: site + "/manifest.json"))
        let check = { (selected: [String], file: StaticString, line: UInt) in
            let written = try self.manifest()
            let chosen = CLITests.items(written).compactMap { item in (item["selection"] as? Int).map { ($0, item["id"] as! String) } }
            XCTAssertEqual(chosen.sorted { $0.0 < $1.0 }.map(\.1), selected, file: file, line: line)
            XCTAssertEqual((written["x-reviewed"] as? [String: String])?["by"], "ana", file: file, line: line)
            XCTAssertEqual(CLITests.items(written).first { $0["id"] as? String == "chelsea" }?["x-rating"] as? Int, 5, file: file, line: line)
        }
        for _ in 0..<2 {
            try build()
            try check(["chelsea", "coffee"], #filePath, #line)
        }
        let before = try files(in: site)["manifest.json"]
        try build()
        XCTAssertEqual(try files(in: site)["manifest.json"], before, "nothing changed: not written again")
        XCTAssertEqual(try Vitrine.run(["select", "--in-place", site + "/manifest.json", "--remove", "chelsea"]).status, 0)
        try build()
        let written = try manifest()
        XCTAssertEqual(items(written).compactMap { $0["selection"] as? Int }, [1], "the edit made after the last build is read")
    }

    func testADryRunWritesNothing() throws {
        let run = try build(["--dry-run", "--verbose"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: site), "not even the site folder")
        XCTAssertTrue(run.stdoutText.contains("make coffee rendition:256x256-fill"), run.stdoutText)
        XCTAssertTrue(run.stdoutText.hasSuffix("remove 0\n"), run.stdoutText)
    }
}

/// Builds stopped at any moment, then run again, end as an uninterrupted build does.
final class BuildResumeTests: TemporaryFolderTestCase {
    var source: String { folder + "/src" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.copyItem(atPath: Repository.examples, toPath: source)
        try Vips.initialize()
        // Work for a few seconds: large pictures with zoom tiles.
        for number in 1...4 {
            let noise = try Operation.image("gaussnoise", ["width": .int(2600 + number * 100), "height": .int(1800), "mean": .double(100)])
            try noise.save(to: source + "/large-\(number).jpg")
        }
    }

    /// `vitrine build` stopped with `signal` after `delay`: its process alone, or its whole
    /// process group, workers included, as a machine crash would (Foundation starts it in a
    /// group of its own).
    /// - Parameter firstOutput: wait (also) for the first thumbnail to be in place.
    /// - Parameter mayHaveFinished: a build that ended before `delay` is no failure (the
    ///   random-moment test's moments come from a reference build's time, which a later build
    ///   on a less loaded machine may beat).
    func interruptedBuild(into site: String, after delay: Double, signal: Int32, wholeGroup: Bool, firstOutput: Bool = false,
                          mayHaveFinished: Bool = false) throws -> Int32
    {
        let process = Process()
        process.executableURL = Vitrine.executable
        process.arguments = ["build", source, "-o", site] + (firstOutput ? ["--progress", "json"] : ["--quiet"])
        process.standardOutput = FileHandle.nullDevice
        // With `firstOutput`, the stop waits for the first item a worker answered (its outputs
        // in place and handed to the state): a file in thumbs/ may be there before its item is
        // done, and a loaded machine then stopped the build with nothing finished.
        let events = Pipe()
        process.standardError = firstOutput ? events : FileHandle.nullDevice
        let answered = DispatchSemaphore(value: 0)
        try process.run()
        if firstOutput {
            DispatchQueue.global().async {
                var signalled = false
                var line = Data()
                while case let chunk = events.fileHandleForReading.availableData, !chunk.isEmpty {
                    for byte in chunk {
                        guard byte == 0x0A else { line.append(byte); continue }
                        let text = String(decoding: line, as: UTF8.self)
                        line.removeAll()
                        if !signalled, text.contains(#""event":"item""#), text.contains(#""phase":"render""#) {
                            signalled = true
                            answered.signal()
                        }
                    }
                }
            }
        }
        Thread.sleep(forTimeInterval: delay)
        if firstOutput { _ = answered.wait(timeout: .now() + 60) }
        if mayHaveFinished && !process.isRunning {
            process.waitUntilExit()
            return process.terminationStatus
        }
        XCTAssertTrue(process.isRunning, "still building when stopped")
        XCTAssertEqual(getpgid(process.processIdentifier), process.processIdentifier, "a group of its own")
        kill(wholeGroup ? -process.processIdentifier : process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }

    func snapshot(_ site: String) throws -> (files: Set<String>, manifest: Data) {
        var files = Set<String>()
        let enumerator = FileManager.default.enumerator(atPath: site)
        while let path = enumerator?.nextObject() as? String {
            if path.hasPrefix(".vitrine") { continue }
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: site + "/" + path, isDirectory: &isFolder)
            if !isFolder.boolValue { files.insert(path) }
        }
        return (files, try Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json")))
    }

    func testKilledAtRandomMomentsThenRebuiltEqualsAnUninterruptedBuild() throws {
        let reference = folder + "/reference"
        let started = Date()
        XCTAssertEqual(try Vitrine.run(["build", source, "-o", reference]).status, 0)
        // Moments within the time a whole build takes here (a fixed range would outlast a fast build).
        let whole = Date().timeIntervalSince(started)
        let expected = try snapshot(reference)
        var generator = SystemRandomNumberGenerator()
        // Each round: a build killed (workers and all) at a random moment, then a build at once.
        for round in 0..<3 {
            let site = folder + "/site-\(round)"
            let delay = whole * Double.random(in: 0.1...0.7, using: &generator)
            _ = try interruptedBuild(into: site, after: delay, signal: SIGKILL, wholeGroup: true, mayHaveFinished: true)
            let finished = try Vitrine.run(["build", source, "-o", site])
            XCTAssertEqual(finished.status, 0, finished.stderr)
            let got = try snapshot(site)
            XCTAssertEqual(got.files.subtracting(expected.files).sorted().prefix(5), [], "no file the uninterrupted build lacks (killed after \(delay) s)")
            XCTAssertEqual(expected.files.subtracting(got.files).sorted().prefix(5), [], "no file missing (killed after \(delay) s)")
            XCTAssertEqual(got.manifest, expected.manifest, "the same manifest, byte for byte (killed after \(delay) s)")
        }
    }

    func testSIGTERMStopsCleanlyAndTheNextBuildResumes() throws {
        let site = folder + "/site"
        let status = try interruptedBuild(into: site, after: 0, signal: SIGTERM, wholeGroup: false, firstOutput: true)
        XCTAssertEqual(status, 143, "128 + SIGTERM")
        let leftovers = (FileManager.default.enumerator(atPath: site)?.allObjects as? [String] ?? []).filter { $0.contains(".partial-") }
        XCTAssertEqual(leftovers, [], "no temporary file left")
        let resumed = try Vitrine.run(["build", source, "-o", site, "--progress", "json"])
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        let done = try XCTUnwrap(resumed.stderrLines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        XCTAssertGreaterThan(done["kept"] as? Int ?? 0, 0, "what the stopped build finished is kept")
        let reference = folder + "/reference"
        XCTAssertEqual(try Vitrine.run(["build", source, "-o", reference]).status, 0)
        XCTAssertEqual(try snapshot(site).manifest, try snapshot(reference).manifest)
    }
}
