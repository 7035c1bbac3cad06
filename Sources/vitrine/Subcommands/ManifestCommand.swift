import ArgumentKit
import Foundation
import VitrineKit

/// `vitrine manifest …`: tools that read a manifest.
enum ManifestCommand {
    static let at = Option.value("at", placeholder: "N", .integer(in: Int(Int32.min)...Int(Int32.max)),
        help: "the item at index N (0-based; within the album with --album)")
    static let album = Option.value("album", placeholder: "ID", .string,
        help: "count and step within this album (\"\" for the root); default: the --id item's album, or the gallery with --at")
    static let id = Option.value("id", placeholder: "ID", .string, help: "the item with this id")
    static let delta = Option.value("delta", placeholder: "D", .integer(in: Int(Int32.min)...Int(Int32.max)), default: 0,
        help: "step this many items from there (negative: backwards)")
    static let cyclic = Option.flag("cyclic", help: "wrap around at the ends even if the manifest is not cyclic")
    static let field = Option.value("field", placeholder: "NAME", .string, help: "print only this field of the item (e.g. id, position, source)")

    static let get = CommandSpec(
        name: "get",
        abstract: "Print one item of a manifest: by index or id, optionally stepped by a delta.",
        discussion: """
            Validated navigation for scripts, as a gallery's scroll-to-page: --at N (0-based) or
            --id ID picks the start, --delta D steps from it. Out of range is an error (exit 1)
            unless the gallery is cyclic (the manifest's "cyclic", or --cyclic), where any delta
            wraps around: -7 from index 0 of 5 items lands on 3. In a gallery with albums, steps
            stay within an album, as the items' prev and next do: --id ID steps within that
            item's album, --album ID counts --at and steps within the album named. --field prints
            one field of the item (a string as text, anything else as JSON).
            """,
        options: OptionSpec.list(at, id, album, delta, cyclic, field),
        positionals: [PositionalSpec(name: "FILE", help: "a manifest, or - for stdin", arity: .one)])

    static let schema = CommandSpec(
        name: "schema",
        abstract: "Print the manifest's JSON Schema (2020-12); docs/manifest.schema.json holds the same.")

    static let validate = CommandSpec(
        name: "validate",
        abstract: "Check a manifest: everything its JSON Schema says, and what a schema cannot (ids, indices, links, selection, paths).",
        discussion: """
            The shape is checked against the schema 'vitrine manifest schema' prints, read by
            vitrine's own JSON Schema 2020-12 validator (the verdict check-jsonschema gives):
            types, required and unknown fields, allowed values, bounds, patterns. Then what
            the schema cannot say: ids unique, index, position, prev and next as the order
            gives them, selection numbered 1 to k, rendition paths inside the gallery, folder
            thumbnails that are items, sort keys in parts only, a part's shard K/N, the
            initial index. Each problem is one line on stderr naming its place with a JSON
            pointer (/items/3/width: is -5, should be at least 1). Exit 0 when valid, 1 when
            not.
            """,
        positionals: [PositionalSpec(name: "FILE", help: "a manifest, or - for stdin", arity: .one)])

    static let merge = CommandSpec(
        name: "merge",
        abstract: "Join the parts of a gallery made with --shard K/N into the manifest one run would print.",
        discussion: """
            Each PART is a manifest printed by scan or thumbs with --shard K/N (and otherwise the
            same inputs and options), on this machine or another. Parts 1 to N must all be
            given, once each, in any order. Items are put back in the gallery's order (the
            parts record what it compares), indices, positions and prev/next are recomputed,
            --initial-index is checked, errors are joined (those every part saw, such as a
            missing input, once). The result is byte for byte what a single run would print.
            A part whose partial.shard is not K/N with 1 <= K <= N, an item in two parts, a
            part given twice or missing, or parts made with other options are errors (exit 1),
            and nothing is printed.
            """,
        positionals: [PositionalSpec(name: "PART", help: "a partial manifest (- for stdin, once)", arity: .oneOrMore)])

    static let spec = CommandSpec(
        name: "manifest",
        abstract: "Work with a manifest: navigate its items, print its schema, validate it, join parts.",
        subcommands: [get, schema, validate, merge])

    static func runMerge(_ command: ParsedCommand) -> Int32 {
        var parts: [(name: String, data: Data)] = []
        for file in command.positionals {
            do { parts.append((file, try ManifestFile.bytes(of: file))) } catch {
                Diagnostics.fileError(path: file, message: error.description)
                return ExitStatus.someFailed
            }
        }
        do {
            Output.write(try ManifestMerge.merge(parts).encoded())
            return ExitStatus.success
        } catch let failure as ManifestMerge.Failure {
            // The parts were made by scan, thumbs, tiles, sheet or build, which share these options.
            Diagnostics.error(SettingNames.message(failure, asMadeBy: ScanCommand.spec))
            return ExitStatus.someFailed
        } catch {
            Diagnostics.error("cannot encode the manifest: \(error)")
            return ExitStatus.fatal
        }
    }

    static func runSchema(_ command: ParsedCommand) -> Int32 {
        Output.write(ManifestSchema.text + "\n")
        return ExitStatus.success
    }

    static func runValidate(_ command: ParsedCommand) -> Int32 {
        let file = command.positionals[0]
        let document: JSONDocument
        do {
            document = try ManifestFile.document(try ManifestFile.bytes(of: file))
            try ManifestFile.identify(document)
        } catch {
            Diagnostics.fileError(path: file, message: error.description)
            return ExitStatus.someFailed
        }
        let problems = ManifestValidator.problems(in: document)
        for problem in problems {
            // Settings as the commands that make manifests spell them: validate has none of them.
            Diagnostics.fileError(path: file, message: problem.text { SettingNames.name($0, asMadeBy: ScanCommand.spec) })
        }
        return problems.isEmpty ? ExitStatus.success : ExitStatus.someFailed
    }

    static func run(_ command: ParsedCommand) -> Int32 {
        let file = command.positionals[0]
        guard command.isPresent(at) != command.isPresent(id) else {
            Diagnostics.usageError("give one of \(at.flagName) N or \(id.flagName) ID", commandPath: command.path)
            return ExitStatus.usage
        }
        guard let manifest = ManifestFile.readReportingFailure(file) else { return ExitStatus.someFailed }
        var albumID = command[album]
        var start: Int
        if let id = command[Self.id] {
            guard let found = manifest.items.firstIndex(where: { $0.id == id }) else {
                Diagnostics.error("\(file): no item with id '\(id)'")
                return ExitStatus.someFailed
            }
            start = found
            if albumID == nil, manifest.albums != nil { albumID = manifest.items[found].album ?? Album.rootID }
        } else {
            start = command[at] ?? 0
        }
        guard let walk = manifest.itemIndices(inAlbum: albumID) else {
            Diagnostics.error("\(file): no album with id '\(albumID ?? "")'")
            return ExitStatus.someFailed
        }
        if command.isPresent(Self.id) {
            guard let place = walk.firstIndex(of: start) else {
                Diagnostics.error("\(file): item '\(command[Self.id] ?? "")' is not in album '\(albumID ?? "")'")
                return ExitStatus.someFailed
            }
            start = place
        }
        let count = walk.count
        let cyclic = manifest.cyclic || command[cyclic]
        let delta = command[Self.delta]
        let origin = cyclic && count > 0 ? ((start % count) + count) % count : start
        guard let place = Navigation.index(from: origin, delta: delta, count: count, cyclic: cyclic) else {
            let asked = delta == 0 ? "index \(start)" : "index \(start) \(delta < 0 ? "-" : "+") \(abs(delta))"
            let whole = albumID.map { $0.isEmpty ? "the root album" : "the album '\($0)'" } ?? "the gallery"
            let range = count == 0 ? "\(whole) is empty"
                : "\(whole) has \(count) item\(count == 1 ? "" : "s") (0 to \(count - 1)) and is not cyclic"
            Diagnostics.error("\(file): \(asked) is out of range: \(range)")
            return ExitStatus.someFailed
        }
        let index = walk[place]
        let item = manifest.items[index]
        do {
            guard let field = command[Self.field] else {
                var data = try JSONWriter.pretty.encode(item)
                data.append(0x0A)
                Output.write(data)
                return ExitStatus.success
            }
            guard let value = try JSONValueEncoder().encode(item)[field] else {
                Diagnostics.error("\(file): item '\(item.id)' has no field '\(field)'")
                return ExitStatus.someFailed
            }
            if let text = value.string {
                Output.write(text + "\n")
            } else {
                Output.write(JSONWriter.compact.data(value) + Data([0x0A]))
            }
        } catch {
            Diagnostics.error("cannot encode the item: \(error)")
            return ExitStatus.fatal
        }
        return ExitStatus.success
    }
}
