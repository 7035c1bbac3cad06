import Foundation

/// Growable memory from `malloc`, grown with `realloc`: for tens of megabytes that is a
/// remapping, not a copy (an array's doubling briefly holds old and new, twice the memory).
/// For trivial element types only (no references).
struct GrowableBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = malloc(self.capacity * MemoryLayout<Element>.stride)!.assumingMemoryBound(to: Element.self)
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { reserve(count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress, !elements.isEmpty else { return }
        reserve(count + elements.count)
        (base + count).initialize(from: source, count: elements.count)
        count += elements.count
    }

    /// Room for `total` elements, growing by half again at least.
    mutating func reserve(_ total: Int) {
        guard total > capacity else { return }
        capacity = max(total, capacity + capacity / 2)
        base = realloc(base, capacity * MemoryLayout<Element>.stride)!.assumingMemoryBound(to: Element.self)
    }

    /// Gives back the memory beyond `count`.
    mutating func shrink() {
        capacity = max(count, 1)
        base = realloc(base, capacity * MemoryLayout<Element>.stride)!.assumingMemoryBound(to: Element.self)
    }

    /// Frees the memory; the buffer must not be used afterwards.
    func free() { Foundation.free(base) }
}

extension GrowableBuffer where Element == UInt8 {
    @inline(__always)
    mutating func append<S: Sequence>(contentsOf bytes: S) where S.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) == nil {
            for byte in bytes { append(byte) }
        }
    }

    mutating func append(_ text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The bytes as `Data`, without copying; the buffer is handed over and must not be used.
    consuming func data() -> Data {
        shrink()
        return Data(bytesNoCopy: base, count: count, deallocator: .free)
    }

    /// The bytes as an array (a copy); the buffer is freed.
    consuming func array() -> [UInt8] {
        defer { free() }
        return Array(UnsafeBufferPointer(start: base, count: count))
    }
}

/// A ``JSONDocument``'s node table: records in one block of memory the document owns.
final class JSONRecordTable: @unchecked Sendable {
    let buffer: GrowableBuffer<JSONRecord>

    init(_ buffer: GrowableBuffer<JSONRecord>) { self.buffer = buffer }

    deinit { buffer.free() }

    var count: Int { buffer.count }

    subscript(index: Int) -> JSONRecord {
        @inline(__always) get {
            precondition(index >= 0 && index < buffer.count, "no such JSON node")
            return buffer.base[index]
        }
    }
}
