import Foundation

/// Where each value of a JSON document lies in its bytes, so that a value can be passed on
/// exactly as written (``RawJSON``). Meant for documents JSONSerialization has already
/// accepted: it finds spans, it does not validate.
struct JSONSpans {
    indirect enum Node {
        case object([(key: String, node: Node)], Range<Int>)
        case array([Node], Range<Int>)
        case scalar(Range<Int>)

        var range: Range<Int> {
            switch self {
            case .object(_, let range), .array(_, let range), .scalar(let range): range
            }
        }

        subscript(key: String) -> Node? {
            guard case .object(let members, _) = self else { return nil }
            return members.last { $0.key == key }?.node  // the last duplicate wins, as in JSONSerialization
        }
    }

    private let bytes: [UInt8]
    private var position = 0

    /// The tree of `data`, or nil when it is not JSON this scanner understands.
    static func parse(_ data: Data) -> Node? {
        var scanner = JSONSpans(bytes: Array(data))
        return scanner.value()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
    }

    private mutating func value() -> Node? {
        skipSpace()
        guard position < bytes.count else { return nil }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            var members: [(String, Node)] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object([], start..<position)
            }
            while true {
                skipSpace()
                guard let keyRange = string(),
                    let key = try? JSONSerialization.jsonObject(with: Data(bytes[keyRange]), options: .fragmentsAllowed) as? String
                else { return nil }
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
                position += 1
                guard let node = value() else { return nil }
                members.append((key, node))
                skipSpace()
                guard position < bytes.count else { return nil }
                position += 1
                if bytes[position - 1] == UInt8(ascii: "}") { return .object(members, start..<position) }
                guard bytes[position - 1] == UInt8(ascii: ",") else { return nil }
            }
        case UInt8(ascii: "["):
            position += 1
            var elements: [Node] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array([], start..<position)
            }
            while true {
                guard let node = value() else { return nil }
                elements.append(node)
                skipSpace()
                guard position < bytes.count else { return nil }
                position += 1
                if bytes[position - 1] == UInt8(ascii: "]") { return .array(elements, start..<position) }
                guard bytes[position - 1] == UInt8(ascii: ",") else { return nil }
            }
        case UInt8(ascii: "\""):
            return string().map(Node.scalar)
        default:  // number, true, false, null
            while position < bytes.count, !" \n\r\t,]}".utf8.contains(bytes[position]) { position += 1 }
            return position > start ? .scalar(start..<position) : nil
        }
    }

    /// A string token's range, quotes included.
    private mutating func string() -> Range<Int>? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        let start = position
        position += 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\\"): position += 2
            case UInt8(ascii: "\""):
                position += 1
                return start..<position
            default: position += 1
            }
        }
        return nil
    }
}
