import Foundation
import XCTest

/// The examples of `Examples/` (its README): the Makefile, the jq recipes and the CI files, run
/// or read as a user who copies them would. `Examples/sharding/` has ShardingExampleTests.
final class ExamplesTests: TemporaryFolderTestCase {
    static let examples = Repository.root.appendingPathComponent("Examples").path

    /// `make` builds the gallery, a second `make` does nothing and touches nothing, `make -f`
    /// from another folder agrees, and a changed caption makes the next `make` build again.
    func testMakefileBuildsOnceThenDoesNothing() throws {
        try require("make")
        // A copy of Examples/ (Makefile and media): `make -C` writes its site beside the Makefile.
        let copy = folder + "/Examples", media = copy + "/media", site = copy + "/site"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.examples + "/Makefile", toPath: copy + "/Makefile")
        try FileManager.default.copyItem(atPath: Self.examples + "/media", toPath: media)
        let vitrine = "VITRINE=" + Vitrine.executable.path

        let first = try make(["-C", copy, vitrine])
        XCTAssertEqual(first.status, 0, first.stdout + first.stderr)
        let runsVitrine = Vitrine.executable.path + " build "
        XCTAssertTrue(first.stdout.contains(runsVitrine), "the first make runs vitrine build: \(first.stdout)")
        let manifest = try manifestObject(site + "/manifest.json")
        XCTAssertEqual(items(manifest).count, try mediaFiles(media).count, "one item per photo and video")
        XCTAssertEqual(errors(manifest).count, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/index.html"))
        let built = try modificationTimes(site)

        let second = try make(["-C", copy, vitrine])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.contains("Nothing to be done"), "second make: \(second.stdout)")
        XCTAssertFalse(second.stdout.contains(runsVitrine), "the second make ran vitrine: \(second.stdout)")
        XCTAssertEqual(try modificationTimes(site), built, "a file of the site changed on a no-op make")
        // From another folder, by -f: the media are found beside the Makefile.
        let question = try make(["-q", "-f", copy + "/Makefile", "SITE=" + site], currentDirectory: folder)
        XCTAssertEqual(question.status, 0, "make -q says the site is out of date: \(question.stdout)\(question.stderr)")

        // A caption edited: the manifest is remade and shows it; then nothing to do again.
        try "A new caption.\n".write(toFile: media + "/coffee.txt", atomically: false, encoding: .utf8)
        XCTAssertEqual(try make(["-q", "-C", copy]).status, 1, "make -q sees the changed sidecar")
        let third = try make(["-C", copy, vitrine])
        XCTAssertEqual(third.status, 0, third.stderr)
        let coffee = items(try manifestObject(site + "/manifest.json")).first { $0["id"] as? String == "coffee" }
        XCTAssertEqual((coffee?["caption"] as? [String: Any])?["text"] as? String, "A new caption.")
        XCTAssertTrue(try make(["-C", copy, vitrine]).stdout.contains("Nothing to be done"))

        let clean = try make(["-C", copy, "clean"])
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site))
    }

    /// Each jq recipe on a site built from the example media, with a minute-long video added and
    /// three items selected: the values printed are the manifest's.
    func testJqRecipesPrintTheManifestsValues() throws {
        try require("jq")
        try require("ffmpeg")
        let media = folder + "/media", site = folder + "/site"
        try FileManager.default.copyItem(atPath: Repository.examples, toPath: media)
        // 61 s of a tiny test pattern: a video longer than a minute (label 1:01).
        let video = try Program.run("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=2",
                                               "-t", "61", "-c:v", "libx264", "-pix_fmt", "yuv420p", media + "/long.mp4"])
        XCTAssertEqual(video.status, 0, video.stderr)
        let build = try Vitrine.run(["build", media, "-o", site, "--quiet"])
        XCTAssertEqual(build.status, 0, build.stderr)
        let manifest = site + "/manifest.json"
        let select = try Vitrine.run(["select", "--in-place", manifest, "--add", "coffee", "--add", "long", "--add", "astronaut"])
        XCTAssertEqual(select.status, 0, select.stderr)

        XCTAssertEqual(try recipe("long-videos", [manifest]), ["long\t1:01"], "clip.mp4 lasts 4 s")
        XCTAssertEqual(try recipe("long-videos", [manifest, "3"]), ["clip\t0:04", "long\t1:01"])
        XCTAssertEqual(try recipe("captions", [manifest]), [
            "astronaut\tNASA astronaut Eileen Collins, the first woman to pilot a Space Shuttle.", // from Markdown
            "coffee\tAn espresso in a red cup and saucer on a wooden bar counter.",
        ])
        XCTAssertEqual(try recipe("selection", [manifest]), ["1\tcoffee\tcoffee.jpg", "2\tlong\tlong.mp4", "3\tastronaut\tastronaut.jpg"])
        let stdin = try Program.run("/bin/sh", ["-c", "\"$0\" - < \"$1\"", Self.examples + "/jq/selection", manifest],
            environment: [:], currentDirectory: folder, terminateAfter: 60)
        XCTAssertEqual(stdin.stdout, "1\tcoffee\tcoffee.jpg\n2\tlong\tlong.mp4\n3\tastronaut\tastronaut.jpg\n", "- reads stdin")
    }

    /// Both CI files are YAML, install with apt-get every Debian package Package.swift builds
    /// with and ffmpeg, build vitrine with swift, run vitrine build, cache the site and keep it.
    func testCIFilesParseAndInstallTheBuildDependencies() throws {
        let package = try String(contentsOfFile: Repository.root.appendingPathComponent("Package.swift").path, encoding: .utf8)
        let providers = Set(package.matches(of: /\.apt\(\[([^\]]*)\]\)/).flatMap { match in
            match.1.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")) }
        })
        XCTAssertTrue(providers.isSuperset(of: ["libvips-dev", "libgexiv2-dev", "libcmark-dev"]), "read from Package.swift: \(providers)")
        let described = try Program.output("python3", ["-c", Self.describeCI,
            Self.examples + "/ci/github-actions.yml", Self.examples + "/ci/gitlab-ci.yml"])
        let files = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(described.utf8)) as? [String: [String: Any]])
        XCTAssertEqual(files.count, 2)
        for (name, file) in files {
            let installed = Set(file["apt"] as? [String] ?? [])
            XCTAssertTrue(installed.isSuperset(of: providers.union(["pkg-config", "ffmpeg"])),
                "\(name) lacks \(providers.union(["pkg-config", "ffmpeg"]).subtracting(installed).sorted())")
            let commands = (file["commands"] as? [String] ?? []).joined(separator: "\n")
            XCTAssertTrue(commands.contains("swift build -c release"), "\(name) builds vitrine: \(commands)")
            XCTAssertTrue(commands.contains(".build/release/vitrine build \"$MEDIA\" -o \"$SITE\""), "\(name) runs it: \(commands)")
            XCTAssertTrue(file["image"] as? String == "swift:6.0-bookworm", "\(name): \(file["image"] ?? "no image")")
            XCTAssertTrue((file["cached"] as? [String] ?? []).contains { $0.hasPrefix("site") || $0.contains("SITE") }, "\(name) caches the site")
            XCTAssertTrue((file["kept"] as? [String] ?? []).contains { $0.hasPrefix("site") || $0.contains("SITE") }, "\(name) keeps the site")
        }
    }

    /// Reads the GitHub workflow (argv[1]) and the GitLab file (argv[2]) with PyYAML; prints, for
    /// each, its image, the words of its apt-get install lines, its shell commands, the paths it
    /// caches and the paths it keeps as artifacts.
    static let describeCI = """
        import json, sys, yaml
        def apt(commands):
            words = " ".join(commands).replace("\\\\\\n", " ").split()
            found = []
            for i, word in enumerate(words):
                if word == "install" and i > 0 and words[i - 1] == "apt-get":
                    found += [w for w in words[i + 1:] if not w.startswith("-")]
            return found
        github = yaml.safe_load(open(sys.argv[1]))
        assert "push" in (github.get("on") or github.get(True)), "the workflow runs on push"
        (job,) = github["jobs"].values()
        steps = job["steps"]
        runs = [s["run"] for s in steps if "run" in s]
        cached = [s["with"]["path"].replace("${{ env.SITE }}", job["env"]["SITE"]) for s in steps if s.get("uses", "").startswith("actions/cache@")]
        kept = [s["with"]["path"].replace("${{ env.SITE }}", job["env"]["SITE"]) for s in steps if s.get("uses", "").startswith("actions/upload-artifact@")]
        gitlab = yaml.safe_load(open(sys.argv[2]))
        (glob,) = gitlab.values()
        commands = glob["before_script"] + glob["script"]
        print(json.dumps({
            "github-actions.yml": {"image": job["container"], "apt": apt(runs), "commands": runs, "cached": cached, "kept": kept},
            "gitlab-ci.yml": {"image": glob["image"], "apt": apt(commands), "commands": commands,
                              "cached": [p for c in glob["cache"] for p in c["paths"]], "kept": glob["artifacts"]["paths"]},
        }))
        """

    // MARK: - Helpers

    private func require(_ tool: String) throws {
        guard (try? Program.run("which", [tool]).status) == 0 else {
            if ProcessInfo.processInfo.environment["VITRINE_CORPUS"] != nil {
                XCTFail("\(tool) is missing in CI (.ci/install-deps installs it)")
            }
            throw XCTSkip("\(tool) is not installed (apt-get install \(tool))")
        }
    }

    private func make(_ arguments: [String], currentDirectory: String? = nil) throws -> Program.Result {
        try Program.run("/usr/bin/make", arguments, environment: [:], currentDirectory: currentDirectory ?? folder,
            terminateAfter: 300)
    }

    private func recipe(_ name: String, _ arguments: [String]) throws -> [String] {
        let run = try Program.run(Self.examples + "/jq/" + name, arguments, environment: [:], currentDirectory: folder,
            terminateAfter: 60)
        XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    private func manifestObject(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The photos and videos below `folder` (the example media's kinds), not their sidecars.
    private func mediaFiles(_ folder: String) throws -> [String] {
        let all = try XCTUnwrap(FileManager.default.subpaths(atPath: folder))
        return all.filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".mp4") }
    }

    /// Every file and folder below `folder` (hidden ones too) with its modification time.
    private func modificationTimes(_ folder: String) throws -> [String: Date] {
        var times: [String: Date] = [:]
        for path in try XCTUnwrap(FileManager.default.subpaths(atPath: folder)) {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + path)
            times[path] = attributes[.modificationDate] as? Date
        }
        return times
    }
}
