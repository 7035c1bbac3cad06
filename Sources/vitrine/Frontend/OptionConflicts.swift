import ArgumentKit

/// Options that say opposite things: a `--no-X` and an option that only tunes X
/// (`--no-tiles --tile-layout iiif`), and pairs such as `--quiet --verbose`. The one table that
/// the command line's check, a configuration file's check and vitrine-build(1) follow.
///
/// Both on the command line, or both in one configuration file, a pair is a usage error naming
/// both; between the two, the command line wins (the file's option is left out).
struct OptionConflicts {
    /// Each pair, by the options' long names.
    let pairs: [(OptionSpec, OptionSpec)]

    /// The pairs of `groups` (what turns something off, and the options that only tune it) and
    /// of `opposites`.
    init(off groups: [(off: any OptionKey, tuning: [any OptionKey])], opposites: [(any OptionKey, any OptionKey)] = []) {
        pairs = groups.flatMap { group in group.tuning.map { (group.off.spec, $0.spec) } } + opposites.map { ($0.0.spec, $0.1.spec) }
    }

    /// `vitrine build`'s.
    static let build = OptionConflicts(off: [
        (BuildCommand.noDisplay, [BuildCommand.displaySize]),
        (BuildCommand.noTiles, [BuildCommand.tileLayout, BuildCommand.tileSize, BuildCommand.tileMinSize, BuildCommand.baseURL,
            BuildCommand.iiifManifest]),
        (BuildCommand.noSheets, [BuildCommand.sheetColumns, BuildCommand.sheetCell, BuildCommand.sheetGap, BuildCommand.sheetPerPage]),
        (BuildCommand.noVideoCopies, [BuildCommand.videoTranscode, BuildCommand.videoCodec, BuildCommand.videoQuality,
            BuildCommand.videoSize]),
    ], opposites: [(Reporter.quiet, Reporter.verbose)])

    /// The options `name` contradicts.
    func opposing(_ name: String) -> [OptionSpec] {
        pairs.compactMap { $0.0.long == name ? $0.1 : ($0.1.long == name ? $0.0 : nil) }
    }

    /// The first pair `command` gives both of, as said: `--no-tiles and --tile-layout
    /// contradict each other`; nil when there is none.
    func firstGivenTogether(in command: ParsedCommand) -> String? {
        guard let (first, second) = pairs.first(where: { command.isPresent($0.0) && command.isPresent($0.1) }) else { return nil }
        return "--\(first.long) and --\(second.long) contradict each other: give one of them"
    }

    /// The first pair `names` (a configuration file's options) holds both of, as said.
    func firstTogether(in names: Set<String>) -> String? {
        guard let (first, second) = pairs.first(where: { names.contains($0.0.long) && names.contains($0.1.long) }) else { return nil }
        return "'\(first.long)' and '\(second.long)' contradict each other"
    }
}
