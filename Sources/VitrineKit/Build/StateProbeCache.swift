import Foundation
import VipsKit

/// How the state names a source: its path as the walk gives it, or, when its bytes are not
/// UTF-8, those bytes in base64 (two such paths may show alike).
enum SourceKey {
    static func of(_ file: InputFile) -> String {
        file.rawPath.map { "bytes:" + Data($0).base64EncodedString() } ?? file.path
    }

    static func of(_ source: Item.Source) -> String {
        source.pathBytes.map { "bytes:" + $0 } ?? source.path
    }

    /// An item's source's key; a custom item without a file (which has no outputs) is known
    /// by its id, which no path key can be.
    static func of(_ item: Item) -> String {
        item.source.map(of) ?? "custom:" + item.id
    }
}

/// The probe answers of the last build, for files that have not changed (same size,
/// modification time, inode and ctime), looked up file by file in the state; and the fresh answers of
/// this one, kept in the state as they come (in batches) unless it is a dry run.
final class StateProbeCache: ProbeCache, @unchecked Sendable {
    private let state: StateStore?
    private let writes: Bool
    private let lock = NSLock()
    /// Fresh answers, and ctimes learnt, not yet in the state.
    private var pending: [Pending] = []
    /// The first error writing them.
    private(set) var failure: (any Error)?
    /// The first error reading the state: the build stops with it rather than read every file
    /// again (and make every output again) as if the state were empty.
    private(set) var readFailure: (any Error)?
    /// Sources whose content is what the state knows: unchanged files whose kept answer was
    /// used, and files read again (touched, copied back) whose content was found the same.
    private(set) var reused = Set<String>()

    /// - Parameter writes: whether fresh answers go into `state` (not in a dry run).
    init(state: StateStore?, writes: Bool) {
        self.state = state
        self.writes = writes && state != nil
    }

    /// The options' key, worked out once: every file of a scan has the same options.
    private var lastOptions: (ProbeOptions, String)?
    private func probeKey(_ options: ProbeOptions) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let (last, key) = lastOptions, last == options { return key }
        let key = Self.key(of: options)
        lastOptions = (options, key)
        return key
    }

    /// The options and ``ImageProbe/version``: an answer of an older probe is asked again.
    static func key(of options: ProbeOptions) -> String {
        ((try? String(decoding: JSONEncoder.compact.encode(options), as: UTF8.self)) ?? "") + "@probe\(ImageProbe.version)"
    }

    func answer(for file: InputFile, options: ProbeOptions) -> ProbeOutcome? {
        let key = SourceKey.of(file)
        guard let source = kept(key), source.matches(file), source.probeKey == probeKey(options),
            let document = try? JSONDocument(source.probe),
            let outcome = try? JSONDocumentDecoder().decode(ProbeOutcome.self, from: document)
        else { return nil }
        lock.lock()
        reused.insert(key)
        lock.unlock()
        // A row brought up from version 4 learns its ctime now, so that the next build compares it
        // (only that column: the row is otherwise as it was, its outputs untouched).
        if source.changedNanoseconds == nil { pend(.changeTime(key: key, nanoseconds: file.changedNanoseconds)) }
        return outcome
    }

    func keep(_ outcome: ProbeOutcome, for file: InputFile, options: ProbeOptions) {
        // A time-out or a crash may not happen again: such a file is read again next time.
        if case .failed(_, let reason, _) = outcome, [.timeout, .crashed].contains(reason) { return }
        guard state != nil, let probe = try? JSONEncoder.compact.encode(outcome) else { return }
        var sha256: String?
        switch outcome {
        case .image(let header): sha256 = header.sha256
        case .video(let header): sha256 = header.sha256
        default: break
        }
        let source = StateStore.Source(key: SourceKey.of(file), bytes: file.bytes, modifiedNanoseconds: file.modifiedNanoseconds,
            identity: file.identity, changedNanoseconds: file.changedNanoseconds, probeKey: probeKey(options), probe: probe,
            sha256: sha256)
        let sameContent = sha256 != nil && kept(source.key)?.sha256 == sha256
        if sameContent {
            lock.lock()
            reused.insert(source.key)
            lock.unlock()
        }
        pend(.source(source))
    }

    /// A write queued for the state.
    private enum Pending {
        /// A source read afresh (``StateStore/keepFresh(_:)``).
        case source(StateStore.Source)
        /// The ctime of a kept source that had none (``StateStore/learnChangeTime(of:nanoseconds:)``).
        case changeTime(key: String, nanoseconds: Int64)
    }

    /// Queues `write` for the state (unless this is a dry run), written a batch at a time.
    private func pend(_ write: Pending) {
        lock.lock()
        guard writes else { return lock.unlock() }
        pending.append(write)
        let full = pending.count >= 1000
        lock.unlock()
        if full { flush() }
    }

    /// Writes the fresh answers not yet in the state.
    func flush() {
        lock.lock()
        let writes = pending
        pending = []
        lock.unlock()
        guard let state, !writes.isEmpty else { return }
        do {
            try state.batch {
                for write in writes {
                    switch write {
                    case .source(let source): try state.keepFresh(source)
                    case .changeTime(let key, let nanoseconds): try state.learnChangeTime(of: key, nanoseconds: nanoseconds)
                    }
                }
            }
        } catch {
            lock.lock()
            failure = failure ?? error
            lock.unlock()
        }
    }

    /// The state's record of the source `key`; nil when it has none, or cannot be read (noted).
    private func kept(_ key: String) -> StateStore.Source? {
        do { return try state?.source(key) } catch {
            lock.lock()
            readFailure = readFailure ?? error
            lock.unlock()
            return nil
        }
    }
}
