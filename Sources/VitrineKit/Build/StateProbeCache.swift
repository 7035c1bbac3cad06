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
/// modification time and inode), and the fresh answers of this one, to be kept once it is done.
final class StateProbeCache: ProbeCache, @unchecked Sendable {
    private let known: [String: StateStore.Source]
    private let lock = NSLock()
    /// Sources answered afresh in this build.
    private(set) var fresh: [StateStore.Source] = []
    /// Sources whose kept answer was used.
    private(set) var reused = Set<String>()

    init(known: [String: StateStore.Source]) { self.known = known }

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

    static func key(of options: ProbeOptions) -> String {
        (try? String(decoding: JSONEncoder.compact.encode(options), as: UTF8.self)) ?? ""
    }

    func answer(for file: InputFile, options: ProbeOptions) -> ProbeOutcome? {
        let key = SourceKey.of(file)
        guard let source = known[key], source.matches(file), source.probeKey == probeKey(options),
            let document = try? JSONDocument(source.probe),
            let outcome = try? JSONDocumentDecoder().decode(ProbeOutcome.self, from: document)
        else { return nil }
        lock.lock()
        reused.insert(key)
        lock.unlock()
        return outcome
    }

    func keep(_ outcome: ProbeOutcome, for file: InputFile, options: ProbeOptions) {
        // A time-out or a crash may not happen again: such a file is read again next time.
        if case .failed(_, let reason) = outcome, [.timeout, .crashed].contains(reason) { return }
        guard let probe = try? JSONEncoder.compact.encode(outcome) else { return }
        var sha256: String?
        switch outcome {
        case .image(let header): sha256 = header.sha256
        case .video(let header): sha256 = header.sha256
        default: break
        }
        let source = StateStore.Source(key: SourceKey.of(file), bytes: file.bytes, modifiedNanoseconds: file.modifiedNanoseconds,
            identity: file.identity, probeKey: probeKey(options), probe: probe, sha256: sha256)
        lock.lock()
        fresh.append(source)
        lock.unlock()
    }
}
