import Foundation
import XCTest

/// `vitrine build --shard auto` on a real Slurm (issue 14): a 3-task array job on a
/// single-node cluster started for the test on 127.0.0.1, merged, equals a single build.
final class SlurmBuildTests: TemporaryFolderTestCase {
    func testArrayJobOfThreePartsMergesToTheSingleBuild() throws {
        try SlurmCluster.requireRunnable()
        let source = folder + "/media", site = folder + "/site", single = folder + "/single", tasks = folder + "/tasks"
        try FileManager.default.copyItem(atPath: Repository.examples, toPath: source)
        try FileManager.default.createDirectory(atPath: tasks, withIntermediateDirectories: true)
        // Each task says which task of which array it was, on which node and host (the same:
        // the cluster's one node), then runs the part vitrine works out for itself.
        let job = folder + "/part.sh"
        try """
            #!/usr/bin/env bash
            set -eu
            echo "$SLURM_ARRAY_JOB_ID $SLURM_ARRAY_TASK_ID $SLURM_ARRAY_TASK_MIN $SLURM_ARRAY_TASK_COUNT $SLURMD_NODENAME $(hostname -s)" \\
                > \(SiteComparison.shellQuoted(tasks))/"$SLURM_ARRAY_TASK_ID"
            exec \(SiteComparison.shellQuoted(Vitrine.executable.path)) build --shard auto \
            \(SiteComparison.shellQuoted(source)) -o \(SiteComparison.shellQuoted(site))

            """.write(toFile: job, atomically: true, encoding: .utf8)

        let submitted = try SlurmCluster.run(["sbatch", "--array=1-3", "--wait", "--output=" + folder + "/task-%a.out", job],
            currentDirectory: folder)
        XCTAssertEqual(submitted.status, 0, "sbatch --wait: \(submitted.stdout)\n\(submitted.stderr)\n" + taskLogs())
        XCTAssertTrue(submitted.stderr.contains("listening: 127.0.0.1:"), submitted.stderr)
        let jobID = try XCTUnwrap(submitted.stdout.split(separator: " ").last.map { String($0.filter(\.isNumber)) },
            "sbatch said: \(submitted.stdout)")

        // Three tasks of that one array, each run by slurmd on the cluster's node.
        let ran = try FileManager.default.contentsOfDirectory(atPath: tasks).sorted()
        XCTAssertEqual(ran, ["1", "2", "3"])
        for task in ran {
            let said = try String(contentsOfFile: tasks + "/" + task, encoding: .utf8).split(separator: " ").map(String.init)
            let words = said.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            XCTAssertEqual(Array(words.prefix(4)), [jobID, task, "1", "3"])
            XCTAssertEqual(words.count, 6, "a node and a host name")
            XCTAssertEqual(words.dropFirst(4).first, words.last, "SLURMD_NODENAME and the host name")
        }
        XCTAssertEqual(SiteComparison.parts(site), ["1-of-3.json", "2-of-3.json", "3-of-3.json"])
        let states = try FileManager.default.contentsOfDirectory(atPath: site + "/.vitrine").filter { $0.hasSuffix(".sqlite") }
        XCTAssertEqual(states.sorted(), ["state-1-of-3.sqlite", "state-2-of-3.sqlite", "state-3-of-3.sqlite"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/manifest.json"), "a part wrote the site's manifest")

        let merged = try Vitrine.run(["build", "--merge", site, "--quiet"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        let built = try Vitrine.run(["build", source, "-o", single, "--quiet"])
        XCTAssertEqual(built.status, 0, built.stderr)
        let files = try SiteComparison.assertSame(site, single)
        XCTAssertGreaterThan(files, 20, "renditions, placeholders' cells and sheets of 7 items")

        // Every item is in exactly one part.
        var partItems: [String] = []
        for part in SiteComparison.parts(site) {
            let data = try Data(contentsOf: URL(fileURLWithPath: site + "/parts/" + part))
            partItems += items(try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])).compactMap { $0["id"] as? String }
        }
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))) as? [String: Any])
        XCTAssertEqual(partItems.sorted(), items(manifest).compactMap { $0["id"] as? String }.sorted())
        XCTAssertEqual(partItems.count, 7)
    }

    /// An array with a step (`--array=1-5:2`: task ids 1, 3, 5; SLURM_ARRAY_TASK_STEP=2) is
    /// three parts, as `--array=1-3` is: the step is read, else ids 1, 3 and 5 would be parts
    /// 1, 3 and "5 of 3" (a usage error), and part 2 would never be built.
    func testArrayWithAStepBuildsEveryPart() throws {
        try SlurmCluster.requireRunnable()
        let source = folder + "/media", site = folder + "/site", single = folder + "/single"
        try FileManager.default.copyItem(atPath: Repository.examples, toPath: source)
        let job = folder + "/part.sh"
        try """
            #!/usr/bin/env bash
            exec \(SiteComparison.shellQuoted(Vitrine.executable.path)) build --shard auto \
                \(SiteComparison.shellQuoted(source)) -o \(SiteComparison.shellQuoted(site)) --quiet

            """.write(toFile: job, atomically: true, encoding: .utf8)
        let submitted = try SlurmCluster.run(["sbatch", "--array=1-5:2", "--wait", "--output=" + folder + "/task-%a.out", job],
            currentDirectory: folder)
        let logs = [1, 3, 5].map { "task \($0): " + ((try? String(contentsOfFile: folder + "/task-\($0).out", encoding: .utf8)) ?? "") }
        XCTAssertEqual(submitted.status, 0, "sbatch --wait: \(submitted.stderr)\n" + logs.joined(separator: "\n"))
        XCTAssertEqual(SiteComparison.parts(site), ["1-of-3.json", "2-of-3.json", "3-of-3.json"])
        let merged = try Vitrine.run(["build", "--merge", site, "--quiet"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        guard merged.status == 0 else { return }
        let built = try Vitrine.run(["build", source, "-o", single, "--quiet"])
        XCTAssertEqual(built.status, 0, built.stderr)
        try SiteComparison.assertSame(site, single)
    }

    /// The array tasks' own output, for a failure message.
    private func taskLogs() -> String {
        (1...3).map { task in
            "task \(task): " + ((try? String(contentsOfFile: folder + "/task-\(task).out", encoding: .utf8)) ?? "(no output)")
        }.joined(separator: "\n")
    }
}
