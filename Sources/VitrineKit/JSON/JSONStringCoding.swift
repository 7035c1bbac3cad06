/// JSON string escapes, both ways: decoding a string token's inside (for text already
/// checked by ``JSONParser``), and writing a string as Foundation's `JSONEncoder` writes it
/// with `.withoutEscapingSlashes`: `"` and `\` escaped, `\b \f \n \r \t` by name, the other
/// control characters as `\u00XX` (lowercase hex), everything else (DEL, U+2028, non-ASCII)
/// as its UTF-8 bytes.
enum JSONStringCoding {
    /// The characters of `inside` (a string token without its quotes), escapes decoded.
    static func unescape(_ inside: UnsafeBufferPointer<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(inside.count)
        var index = 0
        while index < inside.count {
            let byte = inside[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < inside.count else {
                output.append(byte)
                index += 1
                continue
            }
            let kind = inside[index + 1]
            index += 2
            switch kind {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexUnit(inside, at: index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar), index + 6 <= inside.count, inside[index] == UInt8(ascii: "\\") {
                    let low = hexUnit(inside, at: index + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                // The parser let no lone surrogate through; U+FFFD would stand in for one.
                UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { output.append($0) }
            default: output.append(kind)  // \" \\ \/
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexUnit(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        var unit: UInt32 = 0
        for offset in 0..<4 where index + offset < bytes.count {
            let byte = bytes[index + offset]
            let digit: UInt8 = switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            default: byte &- UInt8(ascii: "A") &+ 10
            }
            unit = unit << 4 | UInt32(digit & 0x0F)
        }
        return unit
    }

    /// Appends `string` quoted and escaped.
    static func write<Sink: JSONByteSink>(_ string: String, into output: inout Sink) {
        var string = string
        string.withUTF8 { write(utf8: $0, into: &output) }
    }

    static func write<Sink: JSONByteSink>(utf8 text: UnsafeBufferPointer<UInt8>, into output: inout Sink) {
        output.append(UInt8(ascii: "\""))
        var copied = 0
        for index in 0..<text.count {
            let byte = text[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            output.appendBytes(UnsafeBufferPointer(rebasing: text[copied..<index]))
            copied = index + 1
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
            case 0x08: output.append(UInt8(ascii: "b"))
            case 0x0C: output.append(UInt8(ascii: "f"))
            case 0x0A: output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(UInt8(ascii: "r"))
            case 0x09: output.append(UInt8(ascii: "t"))
            default:
                for digit in [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]] {
                    output.append(digit)
                }
            }
        }
        output.appendBytes(UnsafeBufferPointer(rebasing: text[copied..<text.count]))
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}

/// Where written JSON goes: the writer's buffer, or a small array.
protocol JSONByteSink {
    mutating func append(_ byte: UInt8)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: JSONByteSink where Element == UInt8 {
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

extension GrowableBuffer: JSONByteSink where Element == UInt8 {
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}
