/// Rows of CSV (RFC 4180) and TSV text, with the line each row starts on (1-based).
enum Delimited {
    /// CSV: `,`-separated; a field in `"` may hold commas, line breaks and `""` for a quote.
    /// `\r\n` and `\n` both end rows. A quote left open runs to the end of the text.
    static func csv(_ text: String) -> [(line: Int, fields: [String])] {
        var rows: [(Int, [String])] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var inQuotes = false, fieldWasQuoted = false
        var line = 1, rowLine = 1
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            fieldWasQuoted = false
        }
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if inQuotes {
                if scalar == "\"" {
                    let next = scalars.next()
                    if next == "\"" { field.append("\"") } else { inQuotes = false; pending = next }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",": endField()
            case "\"" where field.isEmpty && !fieldWasQuoted:
                inQuotes = true
                fieldWasQuoted = true
            case "\r":
                continue
            case "\n":
                endField()
                rows.append((rowLine, fields))
                fields = []
                line += 1
                rowLine = line
            default: field.append(scalar)
            }
        }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted {
            endField()
            rows.append((rowLine, fields))
        }
        return rows
    }

    /// TSV: one row a line, `\t`-separated; `\t`, `\n`, `\r` and `\\` in a field stand for
    /// tab, line break, carriage return and backslash.
    static func tsv(_ text: String) -> [(line: Int, fields: [String])] {
        // By scalars: Swift's "\r\n" is one Character, which a split on "\n" would not cut.
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, scalars in
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars.last == "\r" ? scalars.dropLast() : scalars)
            let line = Substring(String(view))
            if line.isEmpty { return nil }
            return (index + 1, line.split(separator: "\t", omittingEmptySubsequences: false).map(unescape))
        }
    }

    private static func unescape(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var out = ""
        var escaped = false
        for character in field {
            if escaped {
                switch character {
                case "t": out.append("\t")
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "\\": out.append("\\")
                default: out.append("\\"); out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        if escaped { out.append("\\") }
        return out
    }
}
