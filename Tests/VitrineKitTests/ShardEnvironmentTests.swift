@testable import VitrineKit
import XCTest

/// `--shard auto`: the part and the number of parts each scheduler's variables give. The
/// variables are the ones `Tests/CLITests/SlurmBuildTests` sees a real Slurm set.
final class ShardEnvironmentTests: XCTestCase {
    private func shard(_ environment: [String: String], count: Int? = nil) throws -> Shard {
        try ShardEnvironment.shard("auto", count: count, environment: environment)
    }

    private func problem(_ environment: [String: String], count: Int? = nil) -> String? {
        do {
            _ = try ShardEnvironment.shard("auto", count: count, environment: environment)
            return nil
        } catch {
            // Worded as `vitrine build` words the settings.
            return error.sentence.text { [Setting.shard: "--shard", .shardCount: "--shard-count"][$0] ?? $0.label }
        }
    }

    func testKOverNIsTakenAsItIs() throws {
        XCTAssertEqual(try ShardEnvironment.shard("2/3", count: nil, environment: ["SLURM_ARRAY_TASK_ID": "9"]), Shard(index: 2, count: 3))
        XCTAssertThrowsError(try ShardEnvironment.shard("4/3", count: nil, environment: [:]))
        XCTAssertThrowsError(try ShardEnvironment.shard("0/3", count: nil, environment: [:]))
    }

    func testSlurmArrayPartsCountFromTheArraysFirstId() throws {
        // sbatch --array=1-3
        for id in 1...3 {
            let environment = ["SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "3",
                               "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_STEP": "1"]
            XCTAssertEqual(try shard(environment), Shard(index: id, count: 3))
        }
        // sbatch --array=5-7: ids 5, 6, 7 are parts 1, 2, 3
        for id in 5...7 {
            let environment = ["SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_MAX": "7",
                               "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_STEP": "1"]
            XCTAssertEqual(try shard(environment), Shard(index: id - 4, count: 3))
        }
        // 0-based arrays, the most common (--array=0-3)
        XCTAssertEqual(try shard(["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4"]),
            Shard(index: 1, count: 4))
    }

    /// sbatch --array=1-5:2 runs ids 1, 3 and 5 with SLURM_ARRAY_TASK_STEP=2 (as a real Slurm
    /// 22.05 sets them): three parts, not "part 5 of 3" with part 2 left to no task.
    func testSlurmArrayWithAStepIsOnePartPerTask() throws {
        var parts: [Shard] = []
        for id in [1, 3, 5] {
            let environment = ["SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "5",
                               "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_STEP": "2"]
            XCTAssertNoThrow(parts.append(try shard(environment)), "id \(id)")
        }
        XCTAssertEqual(parts, [Shard(index: 1, count: 3), Shard(index: 2, count: 3), Shard(index: 3, count: 3)].compactMap { $0 })
    }

    func testSlurmWithoutItsCountNeedsShardCount() throws {
        XCTAssertEqual(problem(["SLURM_ARRAY_TASK_ID": "2"]), "--shard auto: SLURM_ARRAY_TASK_COUNT is not set; give --shard-count N")
        XCTAssertEqual(try shard(["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1"], count: 4), Shard(index: 2, count: 4))
    }

    func testIndexedSchedulersAreZeroBasedAndNeedShardCount() throws {
        XCTAssertEqual(try shard(["JOB_COMPLETION_INDEX": "0"], count: 4), Shard(index: 1, count: 4))
        XCTAssertEqual(try shard(["JOB_COMPLETION_INDEX": "3"], count: 4), Shard(index: 4, count: 4))
        XCTAssertEqual(try shard(["AWS_BATCH_JOB_ARRAY_INDEX": "2"], count: 3), Shard(index: 3, count: 3))
        XCTAssertEqual(problem(["JOB_COMPLETION_INDEX": "0"]),
            "--shard auto with JOB_COMPLETION_INDEX: give the number of parts with --shard-count N")
        XCTAssertEqual(problem(["JOB_COMPLETION_INDEX": "4"], count: 4),
            "--shard auto: JOB_COMPLETION_INDEX gives part 5 of 4, which is not a part")
    }

    func testGNUParallelSequenceIsOneBased() throws {
        XCTAssertEqual(try shard(["PARALLEL_SEQ": "1"], count: 3), Shard(index: 1, count: 3))
        XCTAssertEqual(try shard(["PARALLEL_SEQ": "3"], count: 3), Shard(index: 3, count: 3))
        XCTAssertNotNil(problem(["PARALLEL_SEQ": "4"], count: 3))
    }

    func testOutsideASchedulerAutoNamesTheVariables() {
        let said = problem(["HOME": "/root"], count: 3) ?? ""
        for name in ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX", "PARALLEL_SEQ"] {
            XCTAssertTrue(said.contains(name), said)
        }
        XCTAssertNotNil(problem(["SLURM_ARRAY_TASK_ID": "one", "SLURM_ARRAY_TASK_COUNT": "3"]))
    }

    /// Slurm comes first: a GNU parallel run inside an array task builds the task's part.
    func testSlurmWinsOverTheOthers() throws {
        let environment = ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "2", "PARALLEL_SEQ": "1",
                           "JOB_COMPLETION_INDEX": "0"]
        XCTAssertEqual(try shard(environment, count: 5), Shard(index: 2, count: 2))
    }
}
