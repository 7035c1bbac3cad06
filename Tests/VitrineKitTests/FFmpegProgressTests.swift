import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// ffmpeg's `-progress` lines read into fractions of a clip, as a worker reports them, and the
/// thread's listener they go to.
final class FFmpegProgressTests: XCTestCase {
    func fractions(_ text: String, duration: Double, chunk: Int) throws -> [Double] {
        var progress = try XCTUnwrap(FFmpegProgress(duration: duration))
        var heard: [Double] = []
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            progress.read(bytes[start..<min(bytes.count, start + chunk)]) { heard.append($0) }
        }
        return heard
    }

    func block(_ time: String, _ state: String = "continue") -> String {
        "frame=12\nout_time_us=\(time)\nout_time_ms=\(time)\nout_time=00:00:01.000000\nspeed=2x\nprogress=\(state)\n"
    }

    func testTimeWrittenBecomesAFractionOfTheClip() throws {
        let text = block("N/A") + block("1000000") + block("1004000") + block("2500000") + block("4000000", "end")
        for chunk in [1, 7, 4096] {
            // N/A says nothing; 1.004 s is within a percent of the last report; the end is 1.
            XCTAssertEqual(try fractions(text, duration: 4, chunk: chunk), [0.25, 0.625, 1], "read \(chunk) bytes at a time")
        }
    }

    func testAFractionNeverPassesOne() throws {
        // The clip's stated duration can be shorter than what ffmpeg writes (audio longer than video).
        XCTAssertEqual(try fractions(block("5000000") + block("6000000", "end"), duration: 4, chunk: 64), [1])
    }

    func testAClipOfNoKnownLengthReportsNothing() {
        XCTAssertNil(FFmpegProgress(duration: nil))
        XCTAssertNil(FFmpegProgress(duration: 0))
        XCTAssertNil(FFmpegProgress(duration: .nan))
    }

    func testTheListenerIsTheThreadsOwnForTheBodyOnly() {
        let heard = Locked<[String]>([])
        XCTAssertNil(TaskProgress.report, "no one listens outside a task")
        TaskProgress.reporting(to: { fraction in heard.withLock { $0.append("outer \(fraction)") } }) {
            TaskProgress.report?(0.25)
            TaskProgress.reporting(to: { fraction in heard.withLock { $0.append("inner \(fraction)") } }) {
                TaskProgress.report?(0.5)
            }
            TaskProgress.report?(0.75)
            // Another thread (another worker thread, a libvips thread) is not this task's.
            let done = DispatchSemaphore(value: 0)
            let elsewhere = Locked(true)
            Thread {
                elsewhere.withLock { $0 = TaskProgress.report != nil }
                done.signal()
            }.start()
            done.wait()
            XCTAssertFalse(elsewhere.current)
        }
        XCTAssertNil(TaskProgress.report, "and none after it")
        XCTAssertEqual(heard.current, ["outer 0.25", "inner 0.5", "outer 0.75"])
    }
}
