import Foundation

/// The strict RFC 8259 parser behind ``JSONDocument``: one pass over the raw bytes, recording
/// each value's span (and each member's name span) as it goes, validating everything
/// (UTF-8, escapes, number grammar) so that readers of the table need not.
struct JSONParser {
    /// Foundation's limit too: deeper documents are refused rather than risk the stack.
    static let maximumDepth = 512

    private let text: UnsafeBufferPointer<UInt8>
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private var position = 0
    private var depth = 0
    private var records: GrowableBuffer<JSONRecord>

    init(_ text: UnsafeBufferPointer<UInt8>) {
        self.text = text
        // A dummy address for an empty text: nothing is read from it.
        base = text.baseAddress ?? UnsafePointer(bitPattern: 1)!
        count = text.count
        // Pretty-printed manifests run at about one value per 30 bytes, minified ones at 15.
        records = GrowableBuffer(capacity: count / 24)
    }

    /// The table, once parsed.
    consuming func finished() -> GrowableBuffer<JSONRecord> {
        records.shrink()
        return records
    }

    /// Frees the table (the text was not JSON).
    consuming func discard() { records.free() }

    mutating func parseDocument() throws(JSONParseError) {
        guard count <= Int(UInt32.max) else { throw failure("the text is larger than 4 GiB", at: 0) }
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { position = 3 }
        skipWhitespace()
        guard position < count else { throw failure("no JSON value: the text is empty", at: position) }
        _ = try value(keyStart: 0, keyEnd: 0, keyFlags: 0)
        skipWhitespace()
        guard position == count else { throw failure("unexpected \(found()) after the JSON value", at: position) }
    }

    private func failure(_ reason: String, at offset: Int) -> JSONParseError {
        JSONParseError(reason, at: offset, in: text)
    }

    /// What is at `position`, for messages: `'x'`, `the end of the text`, `byte 0x01`.
    private func found() -> String {
        guard position < count else { return "the end of the text" }
        let byte = base[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte >= 0x80 { return "a non-ASCII character" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    @inline(__always)
    private func peek() -> UInt8 { position < count ? base[position] : 0 }

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < count {
            switch base[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// Parses the value at `position` into a new record; returns the record's index.
    private mutating func value(keyStart: Int, keyEnd: Int, keyFlags: UInt8) throws(JSONParseError) -> Int {
        let index = records.count
        let start = position
        var record = JSONRecord(kind: .null, flags: keyFlags, start: UInt32(start), end: 0,
            keyStart: UInt32(keyStart), keyEnd: UInt32(keyEnd))
        switch peek() {
        case UInt8(ascii: "{"):
            record.kind = .object
            records.append(record)
            try container(index, closing: UInt8(ascii: "}"))
            return index
        case UInt8(ascii: "["):
            record.kind = .array
            records.append(record)
            try container(index, closing: UInt8(ascii: "]"))
            return index
        case UInt8(ascii: "\""):
            record.kind = .string
            if try string() { record.flags |= JSONRecord.escapedValue }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            record.kind = .number
            if try number() { record.flags |= JSONRecord.integer }
        case UInt8(ascii: "t"):
            record.kind = .bool
            try literal("true")
        case UInt8(ascii: "f"):
            record.kind = .bool
            try literal("false")
        case UInt8(ascii: "n"):
            try literal("null")
        default:
            throw failure("expected a JSON value, found \(found())", at: position)
        }
        record.end = UInt32(position)
        records.append(record)
        return index
    }

    /// The members or elements of the object or array whose record is `index`.
    private mutating func container(_ index: Int, closing: UInt8) throws(JSONParseError) {
        let isObject = closing == UInt8(ascii: "}")
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw failure("more than \(Self.maximumDepth) nested arrays and objects", at: position)
        }
        position += 1
        skipWhitespace()
        var members: UInt32 = 0
        var previous = -1
        var sorted = isObject
        var previousKey = 0..<0
        if peek() == closing {
            position += 1
        } else {
            while true {
                let child: Int
                if isObject {
                    guard peek() == UInt8(ascii: "\"") else {
                        let trailing = members > 0 && peek() == closing
                        throw failure(trailing ? "a comma before '}' (trailing commas are not JSON)"
                            : "expected a member name in double quotes, found \(found())", at: position)
                    }
                    let keyStart = position
                    let escaped = try string()
                    let keyEnd = position
                    if escaped {
                        sorted = false
                    } else if sorted, members > 0 {
                        let name = UnsafeBufferPointer(start: base + keyStart + 1, count: keyEnd - keyStart - 2)
                        let before = UnsafeBufferPointer(start: base + previousKey.lowerBound, count: previousKey.count)
                        sorted = JSONDocument.compare(before, name) < 0
                    }
                    previousKey = (keyStart + 1)..<(keyEnd - 1)
                    skipWhitespace()
                    guard peek() == UInt8(ascii: ":") else {
                        throw failure("expected ':' after the member name, found \(found())", at: position)
                    }
                    position += 1
                    skipWhitespace()
                    child = try value(keyStart: keyStart, keyEnd: keyEnd, keyFlags: escaped ? JSONRecord.escapedKey : 0)
                } else {
                    if members > 0 && peek() == closing {
                        throw failure("a comma before ']' (trailing commas are not JSON)", at: position)
                    }
                    child = try value(keyStart: 0, keyEnd: 0, keyFlags: 0)
                }
                if previous >= 0 { records.base[previous].next = UInt32(child) }
                previous = child
                members += 1
                skipWhitespace()
                let separator = peek()
                position += 1
                if separator == UInt8(ascii: ",") {
                    skipWhitespace()
                    continue
                }
                if separator == closing { break }
                position -= 1
                throw failure("expected ',' or '\(Character(Unicode.Scalar(closing)))' after \(isObject ? "a member" : "an element"), found \(found())",
                    at: position)
            }
        }
        depth -= 1
        records.base[index].end = UInt32(position)
        if sorted { records.base[index].flags |= JSONRecord.sortedKeys }
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let length = word.utf8CodeUnitCount
        guard position + length <= count, memcmp(base + position, word.utf8Start, length) == 0 else {
            throw failure("expected a JSON value (true, false and null are lowercase words), found \(found())", at: position)
        }
        position += length
    }

    /// A number by the RFC's grammar; true when it has neither fraction nor exponent.
    private mutating func number() throws(JSONParseError) -> Bool {
        if peek() == UInt8(ascii: "-") { position += 1 }
        switch peek() {
        case UInt8(ascii: "0"):
            position += 1
            if isDigit(peek()) { throw failure("a number cannot have a leading zero", at: position - 1) }
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            while isDigit(peek()) { position += 1 }
        default:
            throw failure("expected a digit in a number, found \(found())", at: position)
        }
        var integer = true
        if peek() == UInt8(ascii: ".") {
            integer = false
            position += 1
            guard isDigit(peek()) else { throw failure("expected a digit after the decimal point, found \(found())", at: position) }
            while isDigit(peek()) { position += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            integer = false
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard isDigit(peek()) else { throw failure("expected a digit in the exponent, found \(found())", at: position) }
            while isDigit(peek()) { position += 1 }
        }
        return integer
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// A string token from its opening quote to past its closing one; true when it has an
    /// escape. Checks the escapes and the UTF-8 on the way.
    private mutating func string() throws(JSONParseError) -> Bool {
        let opening = position
        position += 1
        var escaped = false
        while true {
            // The common case first: printable ASCII that needs no attention.
            while position < count {
                let byte = base[position]
                guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { break }
                position += 1
            }
            guard position < count else { throw failure("a string that never ends (it opens here)", at: opening) }
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return escaped
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
                try escape()
            } else if byte < 0x20 {
                throw failure("control character U+00\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true)) in a string (it must be escaped)",
                    at: position)
            } else {
                try utf8Sequence()
            }
        }
    }

    /// One backslash escape, surrogate pairs checked: a high surrogate must be followed by a
    /// low one and a low one must follow a high one (Foundation refuses both alone).
    private mutating func escape() throws(JSONParseError) {
        let start = position
        position += 1
        switch peek() {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            let unit = try hexUnit(at: start)
            if (0xDC00...0xDFFF).contains(unit) {
                throw failure("a low surrogate escape without a high one before it", at: start)
            }
            if (0xD800...0xDBFF).contains(unit) {
                guard peek() == UInt8(ascii: "\\"), position + 1 < count, base[position + 1] == UInt8(ascii: "u") else {
                    throw failure("a high surrogate escape without a low one after it", at: start)
                }
                let low = position
                position += 1
                guard (0xDC00...0xDFFF).contains(try hexUnit(at: low)) else {
                    throw failure("a high surrogate escape without a low one after it", at: start)
                }
            }
        default:
            throw failure("invalid escape in a string (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX)", at: start)
        }
    }

    /// The four hex digits after `\u` (position is at the `u`).
    private mutating func hexUnit(at escapeStart: Int) throws(JSONParseError) -> UInt32 {
        position += 1
        guard position + 4 <= count else { throw failure("\\u needs four hex digits", at: escapeStart) }
        var unit: UInt32 = 0
        for _ in 0..<4 {
            let byte = base[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("\\u needs four hex digits", at: escapeStart)
            }
            unit = unit << 4 | UInt32(digit)
            position += 1
        }
        return unit
    }

    /// One multi-byte UTF-8 sequence (RFC 3629: no overlong forms, no surrogates, nothing
    /// past U+10FFFF).
    private mutating func utf8Sequence() throws(JSONParseError) {
        let lead = base[position]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // the allowed range of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw failure("invalid UTF-8", at: position)
        }
        guard position + length <= count else { throw failure("invalid UTF-8", at: position) }
        let second = base[position + 1]
        guard second >= low, second <= high else { throw failure("invalid UTF-8", at: position) }
        for offset in 2..<length where base[position + offset] & 0xC0 != 0x80 {
            throw failure("invalid UTF-8", at: position)
        }
        position += length
    }
}
