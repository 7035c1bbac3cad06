import Foundation
import VipsKit

/// The worker side: a hidden `vitrine __worker` process that reads one JSON task a line
/// on stdin and answers one JSON line on stdout, until stdin closes.
///
/// Decoders run here, not in the main process, so that a file that makes a loader spin
/// forever (or crash) costs one replaceable worker, never the whole run.
public enum WorkerServer {
    /// Serves tasks until end of input. Returns the process exit status.
    /// - Parameter vipsThreads: libvips threads for this worker's pipelines; default 1, since
    ///   the pool already runs one worker per core.
    public static func run(vipsThreads: Int = 1) -> Int32 {
        do { try Vips.initialize() } catch {
            Descriptor.write("vitrine worker: \(error.message)\n", to: 2)
            return 3
        }
        Vips.setConcurrency(vipsThreads)
        // Ctrl-C reaches the whole process group: let the parent go, finish the file in hand
        // (so no output is left half-written), then end when the parent's pipe closes.
        signal(SIGINT, SIG_IGN)
        // Every task names a different file: the operation cache would only hold memory.
        Vips.setOperationCacheMax(0)
        let decoder = JSONDecoder()
        let encoder = JSONEncoder.compact
        while let line = readLine(strippingNewline: true) {
            if line.isEmpty { continue }
            guard let request = try? decoder.decode(WorkRequest.self, from: Data(line.utf8)) else {
                // Silence would leave the parent waiting for the timeout: end, so it sees at once.
                Descriptor.write("vitrine worker: unreadable task: \(line.prefix(200))\n", to: 2)
                return 4
            }
            let sequence = request.sequence
            // A lost report is not worth stopping for: the result line says what matters. A
            // temporary name is said before it is made, so that whatever this process leaves
            // when it is killed, the parent knows of.
            let result = TaskProgress.reporting(to: { reply(WorkResponse(sequence: sequence, message: .progress($0)), encoder: encoder) }) {
                TemporariesInFlight.announcing(to: { reply(WorkResponse(sequence: sequence, message: .temporary($0)), encoder: encoder) }) {
                    perform(request.task)
                }
            }
            guard let answer = encoded(WorkResponse(sequence: sequence, message: .result(result)), encoder: encoder) else { return 4 }
            // The parent gone (its pipe closed): nothing is waiting for answers.
            if replies.withLock({ _ in Descriptor.write(answer, to: 1) }) != nil { return 0 }
        }
        Vips.shutdown()
        return 0
    }

    /// Serialises the lines written to the parent: a progress report comes from the thread
    /// reading ffmpeg.
    private static let replies = Locked(())

    /// Writes a line that comes before the task's result. A pipe that is gone is not said here:
    /// the parent is gone with it, and the result's write ends this worker.
    private static func reply(_ response: WorkResponse, encoder: JSONEncoder) {
        guard let line = encoded(response, encoder: encoder) else { return }
        _ = replies.withLock { _ in Descriptor.write(line, to: 1) }
    }

    /// The response as one JSON line.
    private static func encoded(_ response: WorkResponse, encoder: JSONEncoder) -> Data? {
        guard var data = try? encoder.encode(response) else { return nil }
        data.append(0x0A)
        return data
    }

    /// Does one task in this process (also used directly by tests).
    public static func perform(_ task: WorkTask) -> WorkResult {
        switch task {
        case .probe(let path, let options, let root): .probe(ImageProbe.probe(path: path, options: options, root: root))
        case .produce(let job): .produce(ItemProducer.produce(job))
        case .sheetPage(let page): .sheetPage(page.drawnInWorker())
        }
    }
}
