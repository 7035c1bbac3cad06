import Foundation
import VipsKit

extension Manifest {
    /// The manifest as JSON: sorted keys, two-space indent, no escaped slashes, final newline
    /// (``JSONWriter/pretty``, custom captions byte for byte).
    public func encoded() throws -> Data {
        var data = Data()
        try write { data.append($0) }
        return data
    }

    /// Writes the manifest as ``encoded()`` gives it, in pieces of about `chunk` bytes (default
    /// 1 MiB), items one at a time: no tree of the whole document is built, so a gallery of
    /// 100,000 items costs its items' memory and no more.
    /// - Parameter extra: members to add to the top level and to each item (by its index),
    ///   written as they are (fields another tool added, kept by a rebuild); default none.
    public func write(chunk: Int = 1 << 20, extra: ExtraMembers = ExtraMembers(), to sink: (Data) throws -> Void) throws {
        let writer = JSONWriter.pretty
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunk + 4096)
        func flush(_ force: Bool = false) throws {
            guard force || buffer.count >= chunk, !buffer.isEmpty else { return }
            try sink(Data(buffer))
            buffer.removeAll(keepingCapacity: true)
        }
        var header = self
        header.items = []
        guard case .object(let encoded) = try JSONValueEncoder().encode(header) else { return }
        let members = encoded + extra.top
        buffer.append(UInt8(ascii: "{"))
        for (position, member) in JSONWriter.sorted(members).enumerated() {
            buffer += writer.memberStart(member.key, depth: 1, first: position == 0)
            guard member.key == "items" else {
                buffer += writer.bytes(member.value, depth: 1)
                continue
            }
            buffer.append(UInt8(ascii: "["))
            // Items are encoded a batch per core at a time (a gallery of 100,000 items takes
            // seconds on one), and written in order.
            let lanes = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
            let batch = 256
            var start = 0
            while start < items.count {
                let pieces = Locked([Result<[UInt8], Error>?](repeating: nil, count: lanes))
                let first = start
                DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                    let from = first + lane * batch, to = min(items.count, first + (lane + 1) * batch)
                    guard from < to else { return }
                    let encoder = JSONValueEncoder()
                    var bytes: [UInt8] = []
                    let piece = Result { () throws -> [UInt8] in
                        for index in from..<to {
                            bytes += writer.elementStart(depth: 2, first: index == 0)
                            var value = try encoder.encode(items[index])
                            if let added = extra.item?(index), !added.isEmpty, case .object(let own) = value { value = .object(own + added) }
                            bytes += writer.bytes(value, depth: 2)
                        }
                        return bytes
                    }
                    pieces.withLock { $0[lane] = piece }
                }
                for piece in pieces.current { if let piece { buffer += try piece.get() } }
                try flush()
                start += lanes * batch
            }
            buffer += writer.containerEnd(UInt8(ascii: "]"), depth: 1, count: items.count)
        }
        buffer += writer.containerEnd(UInt8(ascii: "}"), depth: 0, count: members.count)
        buffer.append(0x0A)
        try flush(true)
    }
}

/// Members to add when a manifest is written (see ``Manifest/write(chunk:extra:to:)``).
public struct ExtraMembers: Sendable {
    public var top: [JSONValue.Member] = []
    /// The members to add to the item at an index (asked from several threads at once).
    public var item: (@Sendable (Int) -> [JSONValue.Member])?

    public init(top: [JSONValue.Member] = [], item: (@Sendable (Int) -> [JSONValue.Member])? = nil) {
        self.top = top
        self.item = item
    }
}
