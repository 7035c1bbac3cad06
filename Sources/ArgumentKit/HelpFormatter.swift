import Foundation

/// Renders help text from a `CommandSpec`:
///
///     USAGE: vitrine scan [options] INPUT...
///
///     <abstract>
///
///     ARGUMENTS:
///       INPUT...          help
///
///     OPTIONS:
///       -j, --jobs N      help (default: 2)
///       -h, --help        Show help information.
///
///     SUBCOMMANDS:        (only for commands with subcommands; hidden ones left out)
///
///     <discussion>
///
/// Labels share one column, as wide as the widest label of at most 28 characters;
/// longer labels put their text on the next line. Help text is word-wrapped to 80 columns; abstract and discussion are
/// printed verbatim. No trailing newline.
enum HelpFormatter {
    static let lineWidth = 80
    static let maxLabelWidth = 28

    struct Row {
        let label: String
        let text: String
    }

    static func render(_ spec: CommandSpec, path: [String], showVersion: Bool) -> String {
        var blocks = ["USAGE: " + usage(spec, path: path)]
        if !spec.abstract.isEmpty { blocks.append(spec.abstract) }

        let argumentRows = spec.positionals.map {
            Row(label: $0.name + ($0.arity.isVariadic ? "..." : ""), text: $0.help)
        }
        var optionRows = spec.options.map(optionRow)
        optionRows.append(Row(label: "-h, --help", text: "Show help information."))
        if showVersion {
            optionRows.append(Row(label: "    --version", text: "Show the version."))
        }
        var commandRows = spec.subcommands.filter { !$0.hidden }.map { Row(label: $0.name, text: $0.abstract) }
        if !spec.subcommands.isEmpty && spec.subcommand(named: "help") == nil {
            commandRows.append(Row(label: "help", text: "Show help for a command."))
        }

        let labelWidth = (argumentRows + optionRows + commandRows).map(\.label.count)
            .filter { $0 <= maxLabelWidth }.max() ?? 0
        if !argumentRows.isEmpty { blocks.append(section("ARGUMENTS:", argumentRows, labelWidth)) }
        blocks.append(section("OPTIONS:", optionRows, labelWidth))
        if !spec.subcommands.isEmpty {
            blocks.append(section("SUBCOMMANDS:", commandRows, labelWidth))
            blocks.append("See '\(path.joined(separator: " ")) help COMMAND' for details on a command.")
        }
        if let discussion = spec.discussion, !discussion.isEmpty { blocks.append(discussion) }
        return blocks.joined(separator: "\n\n")
    }

    /// `vitrine scan [options] INPUT... [OUTPUT]`, or `vitrine [options] COMMAND`.
    static func usage(_ spec: CommandSpec, path: [String]) -> String {
        var parts = path + ["[options]"]
        if !spec.subcommands.isEmpty {
            parts.append("COMMAND")
        } else {
            for positional in spec.positionals {
                switch positional.arity {
                case .one: parts.append(positional.name)
                case .optional: parts.append("[\(positional.name)]")
                case .oneOrMore: parts.append("\(positional.name)...")
                case .zeroOrMore: parts.append("[\(positional.name)...]")
                }
            }
        }
        return parts.joined(separator: " ")
    }

    /// `-j, --jobs N` / `    --hash`, with choices, default and repeatability noted after the help.
    static func optionRow(_ option: OptionSpec) -> Row {
        var label = option.short.map { "-\($0), " } ?? "    "
        label += option.displayName
        if let placeholder = option.placeholder { label += " " + placeholder }
        var text = option.help
        if let choices = option.valueType?.choices {
            text += " (one of: \(choices.joined(separator: ", ")))"
        }
        if let defaultDescription = option.defaultDescription {
            text += " (default: \(defaultDescription))"
        }
        if option.isRepeatable { text += " (repeatable)" }
        return Row(label: label, text: text)
    }

    static func section(_ title: String, _ rows: [Row], _ labelWidth: Int) -> String {
        let indent = 2 + labelWidth + 2
        let textWidth = max(24, lineWidth - indent)
        let pad = String(repeating: " ", count: indent)
        var lines = [title]
        for row in rows {
            let wrapped = wrap(row.text, width: textWidth)
            var first = "  " + row.label
            var rest = wrapped[...]
            if row.label.count <= labelWidth, let head = rest.first {
                first += String(repeating: " ", count: labelWidth - row.label.count + 2) + head
                rest = rest.dropFirst()
            }
            lines.append(first)
            lines += rest.map { $0.isEmpty ? "" : pad + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// Greedy word wrap; explicit newlines are kept. Words longer than `width` stay whole.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= width {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            lines.append(line)
        }
        return lines
    }
}
