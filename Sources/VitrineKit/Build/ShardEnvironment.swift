/// `--shard auto`: which part of a build this process is, from the scheduler that started it.
public enum ShardEnvironment {
    public struct Problem: SettingProblem, Sendable {
        public var sentence: SettingText
    }

    /// The variables read, in this order of precedence.
    public static let variables = ["SLURM_ARRAY_TASK_ID (with SLURM_ARRAY_TASK_MIN, _STEP and _COUNT)",
        "JOB_COMPLETION_INDEX (Kubernetes Indexed Job)", "AWS_BATCH_JOB_ARRAY_INDEX", "PARALLEL_SEQ (GNU parallel)"]

    /// What `--shard` takes to read the part from the environment.
    public static let automatic = "auto"

    /// `asked` is `K/N` or `auto`; `count` is `--shard-count`, for the schedulers that do not
    /// say how many parts there are.
    public static func shard(_ asked: String, count: Int?, environment: [String: String]) throws(Problem) -> Shard {
        guard asked == automatic else {
            guard let shard = Shard(parsing: asked) else { throw Problem(sentence: "\(Setting.shard) '\(asked)' is not K/N (K from 1 to N) or auto") }
            return shard
        }
        let number = { (name: String) -> Int? in environment[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
        // Slurm array jobs: ids need not start at 0 or 1 (--array=5-7) and may step (1-5:2).
        if let id = number("SLURM_ARRAY_TASK_ID") {
            guard let total = number("SLURM_ARRAY_TASK_COUNT") ?? count else {
                throw Problem(sentence: "\(Setting.shard) auto: SLURM_ARRAY_TASK_COUNT is not set; give \(Setting.shardCount) N")
            }
            let first = number("SLURM_ARRAY_TASK_MIN") ?? 0, step = max(number("SLURM_ARRAY_TASK_STEP") ?? 1, 1)
            guard (id - first) % step == 0 else {
                throw Problem(sentence: "\(Setting.shard) auto: SLURM_ARRAY_TASK_ID \(id) is not SLURM_ARRAY_TASK_MIN \(first) "
                    + "plus a multiple of SLURM_ARRAY_TASK_STEP \(step); give \(Setting.shard) K/N")
            }
            return try make((id - first) / step + 1, total, from: "SLURM_ARRAY_TASK_ID")
        }
        for (name, base) in [("JOB_COMPLETION_INDEX", 0), ("AWS_BATCH_JOB_ARRAY_INDEX", 0), ("PARALLEL_SEQ", 1)] {
            guard let index = number(name) else { continue }
            guard let count else { throw Problem(sentence: "\(Setting.shard) auto with \(name): give the number of parts with \(Setting.shardCount) N") }
            return try make(index - base + 1, count, from: name)
        }
        throw Problem(sentence: "\(Setting.shard) auto: no scheduler's variable is set (\(variables.joined(separator: ", ")))")
    }

    private static func make(_ index: Int, _ count: Int, from name: String) throws(Problem) -> Shard {
        guard let shard = Shard(index: index, count: count) else {
            throw Problem(sentence: "\(Setting.shard) auto: \(name) gives part \(index) of \(count), which is not a part")
        }
        return shard
    }
}
