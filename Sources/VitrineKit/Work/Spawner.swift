import Foundation
import VipsKit

/// The one thread every child process is started from.
///
/// Linux sends a child's death signal (``ParentDeath``) when the *thread* that started it ends,
/// not the process: a worker started from a pool's per-run thread would be killed when that run
/// ends, and one started from a thread that lives on would outlive nothing. This thread starts
/// with the first child and lives as long as the process, so children die exactly with it.
final class Spawner: @unchecked Sendable {
    static let shared = Spawner()

    /// Jobs waiting for the thread, each run once, in order.
    private var jobs: [() -> Void] = []
    private let condition = NSCondition()

    private init() {
        let thread = Thread { [self] in serve() }
        thread.name = "vitrine spawner"
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Runs `body` on the spawner thread and returns what it returns; the caller waits.
    func perform<Value>(_ body: @escaping () -> Value) -> Value {
        let result = Locked<Value?>(nil)
        let done = DispatchSemaphore(value: 0)
        condition.lock()
        jobs.append {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        condition.signal()
        condition.unlock()
        done.wait()
        return result.withLock { $0! }
    }

    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}
