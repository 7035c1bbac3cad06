import Foundation
import XCTest

/// The examples of `Examples/sharding/`, run as a user who copies them would (see its README).
final class ShardingExampleTests: TemporaryFolderTestCase {
    static let examples = Repository.root.appendingPathComponent("Examples/sharding").path

    /// The test's PATH with the vitrine under test first: the examples call `vitrine`.
    var pathWithVitrine: [String: String] {
        let folder = Vitrine.executable.deletingLastPathComponent().path
        return ["PATH": folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }

    /// `slurm-array.sh` submitted to a real cluster: the array, then the merge job Slurm starts
    /// after it, leave the site a single build makes.
    func testSlurmArrayScriptBuildsAndMergesOnSlurm() throws {
        try SlurmCluster.requireRunnable()
        let source = folder + "/media", site = folder + "/site", single = folder + "/single"
        try FileManager.default.copyItem(atPath: Repository.examples, toPath: source)
        // Submit, then wait (bounded) until the cluster's queue is empty: the merge job ran.
        let submitAndWait = """
            set -eu
            bash \(SiteComparison.shellQuoted(Self.examples + "/slurm-array.sh")) media site 3
            for _ in $(seq 240); do
                [ -z "$(squeue -h -o %i)" ] && exit 0
                sleep 0.5
            done
            echo "jobs still queued after 120 s: $(squeue)" >&2
            exit 1
            """
        var environment = pathWithVitrine
        environment["CPUS_PER_PART"] = "1"
        let run = try SlurmCluster.run(["bash", "-c", submitAndWait], environment: environment, currentDirectory: folder)
        XCTAssertEqual(run.status, 0, "\(run.stdout)\n\(run.stderr)\n\(logs())")
        XCTAssertTrue(run.stdout.contains("parts: job "), run.stdout)

        let outputs = try FileManager.default.contentsOfDirectory(atPath: folder)
        XCTAssertEqual(outputs.filter { $0.hasPrefix("vitrine-parts-") }.count, 3, "one log per array task: \(outputs)")
        XCTAssertEqual(outputs.filter { $0.hasPrefix("vitrine-merge-") }.count, 1, "the merge job ran: \(outputs)")
        XCTAssertEqual(SiteComparison.parts(site), ["1-of-3.json", "2-of-3.json", "3-of-3.json"], logs())
        let built = try Vitrine.run(["build", source, "-o", single, "--quiet"])
        XCTAssertEqual(built.status, 0, built.stderr)
        try SiteComparison.assertSame(site, single)
    }

    /// `parallel.sh` with GNU parallel, on paths with spaces.
    func testParallelScriptBuildsAndMerges() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/parallel") else {
            if let corpus = ProcessInfo.processInfo.environment["VITRINE_CORPUS"], !corpus.isEmpty {
                return XCTFail("GNU parallel is missing in CI (.ci/install-deps installs it)")
            }
            throw XCTSkip("GNU parallel is not installed (apt-get install parallel)")
        }
        let source = folder + "/my photos", site = folder + "/my site", single = folder + "/single"
        try FileManager.default.copyItem(atPath: Repository.examples, toPath: source)
        let run = try Program.run("/bin/bash", [Self.examples + "/parallel.sh", "my photos", "my site", "3"],
            environment: pathWithVitrine, currentDirectory: folder, terminateAfter: 300)
        XCTAssertEqual(run.status, 0, "\(run.stdout)\n\(run.stderr)")
        XCTAssertEqual(SiteComparison.parts(site), ["1-of-3.json", "2-of-3.json", "3-of-3.json"])
        let built = try Vitrine.run(["build", source, "-o", single, "--quiet"])
        XCTAssertEqual(built.status, 0, built.stderr)
        try SiteComparison.assertSame(site, single)
    }

    /// `k8s-indexed-job.yaml` parses, describes an Indexed Job whose numbers agree, names only
    /// options `vitrine build --help` lists, and its commands, run as Kubernetes would run them
    /// (one process per index, JOB_COMPLETION_INDEX set), give the single build's site.
    func testKubernetesIndexedJobIsConsistentAndItsCommandsWork() throws {
        let description = try Program.output("python3", ["-c", Self.describeJobs, Self.examples + "/k8s-indexed-job.yaml"])
        let jobs = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(description.utf8)) as? [String: Any])
        let parts = try XCTUnwrap(jobs["parts"] as? [String: Any]), merge = try XCTUnwrap(jobs["merge"] as? [String: Any])
        let command = try XCTUnwrap(parts["command"] as? [String]), mergeCommand = try XCTUnwrap(merge["command"] as? [String])
        XCTAssertEqual(parts["completionMode"] as? String, "Indexed")
        let completions = try XCTUnwrap(parts["completions"] as? Int)
        let parallelism = try XCTUnwrap(parts["parallelism"] as? Int)
        XCTAssertTrue((1...completions).contains(parallelism), "parallelism \(parallelism) of \(completions) completions")
        for job in [parts, merge] { // what Kubernetes accepts of a Job's pods
            XCTAssertTrue(["Never", "OnFailure"].contains(job["restartPolicy"] as? String ?? ""), "restartPolicy of \(job)")
        }
        XCTAssertEqual(Array(command.prefix(2)), ["vitrine", "build"])
        let value = { (option: String, words: [String]) -> String? in
            words.firstIndex(of: option).flatMap { $0 + 1 < words.count ? words[$0 + 1] : nil }
        }
        XCTAssertEqual(value("--shard", command), "auto")
        XCTAssertEqual(value("--shard-count", command), String(completions), "--shard-count and completions must agree")
        let siteInJob = try XCTUnwrap(value("--output", command) ?? value("-o", command))
        XCTAssertEqual(mergeCommand, ["vitrine", "build", "--merge", siteInJob])
        XCTAssertEqual(parts["claims"] as? [String], merge["claims"] as? [String])
        XCTAssertEqual((parts["claims"] as? [String])?.count, 1, "one volume for sources and site")
        XCTAssertEqual(parts["mountPaths"] as? [String], merge["mountPaths"] as? [String])
        XCTAssertEqual(jobs["claimsDefined"] as? [String], parts["claims"] as? [String], "the claim is defined in the file")

        let help = try Vitrine.run(["build", "--help"]).stdoutText
        let known = Set(help.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" }).filter { $0.hasPrefix("-") }.map(String.init))
        for option in (command + mergeCommand).filter({ $0.hasPrefix("-") }) {
            XCTAssertTrue(known.contains(option), "\(option) is not an option of vitrine build --help")
        }

        // Run it: /gallery is a folder here; photos are the example media.
        let mount = try XCTUnwrap((parts["mountPaths"] as? [String])?.first)
        let gallery = folder + "/gallery"
        let local = { (word: String) in word.hasPrefix(mount + "/") ? gallery + word.dropFirst(mount.count) : word }
        let sourceInJob = try XCTUnwrap(command.dropFirst(2).first { !$0.hasPrefix("-") })
        try FileManager.default.createDirectory(atPath: gallery, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.examples, toPath: local(sourceInJob))
        final class Runs: @unchecked Sendable { // written under the lock
            let lock = NSLock()
            var runs: [Int: Vitrine.Run] = [:]
        }
        let results = Runs()
        let arguments = command.dropFirst().map(local) + ["--quiet"]
        DispatchQueue.concurrentPerform(iterations: completions) { index in
            let run = try? Vitrine.run(arguments, environment: ["JOB_COMPLETION_INDEX": String(index)])
            results.lock.withLock { results.runs[index] = run }
        }
        for index in 0..<completions {
            let run = results.runs[index]
            XCTAssertEqual(run?.status, 0, "index \(index): \(run?.stderr ?? "did not run")")
        }
        let site = local(siteInJob)
        XCTAssertEqual(SiteComparison.parts(site), (1...completions).map { "\($0)-of-\(completions).json" })
        let merged = try Vitrine.run(mergeCommand.dropFirst().map(local) + ["--quiet"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        let single = folder + "/single"
        let built = try Vitrine.run(["build", local(sourceInJob), "-o", single, "--quiet"])
        XCTAssertEqual(built.status, 0, built.stderr)
        try SiteComparison.assertSame(site, single)
    }

    /// Reads the YAML file named by argv[1] (PyYAML) and prints, as JSON, what the test checks
    /// of its two Jobs: the Indexed one ("parts") and the other ("merge").
    static let describeJobs = """
        import json, sys, yaml
        documents = [d for d in yaml.safe_load_all(open(sys.argv[1])) if d]
        def describe(job):
            pod = job["spec"]["template"]["spec"]
            (container,) = pod["containers"]
            claims = sorted(v["persistentVolumeClaim"]["claimName"] for v in pod.get("volumes", []) if "persistentVolumeClaim" in v)
            return {"completionMode": job["spec"].get("completionMode"), "completions": job["spec"].get("completions"),
                    "parallelism": job["spec"].get("parallelism"), "restartPolicy": pod.get("restartPolicy"),
                    "command": [str(w) for w in container.get("command", []) + container.get("args", [])],
                    "claims": claims, "mountPaths": sorted(m["mountPath"] for m in container.get("volumeMounts", []))}
        jobs = [d for d in documents if d["kind"] == "Job" and d["apiVersion"] == "batch/v1"]
        indexed = [j for j in jobs if j["spec"].get("completionMode") == "Indexed"]
        others = [j for j in jobs if j not in indexed]
        assert len(indexed) == 1 and len(others) == 1, "want one Indexed Job and one merge Job, got %d and %d" % (len(indexed), len(others))
        claims = sorted(d["metadata"]["name"] for d in documents if d["kind"] == "PersistentVolumeClaim")
        print(json.dumps({"parts": describe(indexed[0]), "merge": describe(others[0]), "claimsDefined": claims}))
        """

    /// The Slurm example's job logs, for a failure message.
    private func logs() -> String {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".out") }.sorted()
        return names.map { "\($0): " + ((try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) ?? "") }.joined(separator: "\n")
    }
}
