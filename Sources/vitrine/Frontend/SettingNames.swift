import ArgumentKit
import VitrineKit

/// How a command says the library's settings (``Setting``) in a message: as the option it
/// declares for it (build's `--sheet-columns`, sheet's `--columns`), as the key of the file of
/// options that gave the value (`'sheet-columns' in photos/vitrine.json`), or, when the command
/// has no option for it, in words. So no message names a flag its command lacks.
enum SettingNames {
    /// The options that set each setting, in every command that has one; a command declares
    /// at most one of each list.
    static let options: [Setting: [OptionSpec]] = [
        .thumbnailSize: [BuildCommand.thumbSize.spec, ThumbsCommand.size.spec],
        .displaySize: [BuildCommand.displaySize.spec, ThumbsCommand.size.spec],
        .retina: [ThumbsCommand.retina.spec],
        .tileLayout: [BuildCommand.tileLayout.spec, TileOptions.layout.spec],
        .tileSize: [BuildCommand.tileSize.spec, TileOptions.tileSize.spec],
        .tileOverlap: [TileOptions.overlap.spec],
        .tileBaseURL: [BuildCommand.baseURL.spec, TileOptions.baseURL.spec],
        .tileContainer: [TileOptions.container.spec],
        .iiifManifest: [BuildCommand.iiifManifest.spec, TileOptions.iiifManifest.spec],
        .viewport: [TileOptions.viewport.spec],
        .minScale: [TileOptions.minScale.spec],
        .maxScale: [TileOptions.maxScale.spec],
        .doubleTap: [TileOptions.doubleTap.spec],
        .doubleTapScale: [TileOptions.doubleTapScale.spec],
        .sheetColumns: [BuildCommand.sheetColumns.spec, SheetCommand.columns.spec],
        .sheetCell: [BuildCommand.sheetCell.spec, SheetCommand.cell.spec],
        .sheetGap: [BuildCommand.sheetGap.spec, SheetCommand.gap.spec],
        .sheetMargin: [SheetCommand.margin.spec],
        .sheetPerPage: [BuildCommand.sheetPerPage.spec, SheetCommand.perSheet.spec],
        .sheetCaptionLines: [SheetCommand.captionLines.spec],
        .netJobs: [RemoteInputOptions.netJobs.spec],
        .netTimeout: [RemoteInputOptions.netTimeout.spec],
        .netDeadline: [RemoteInputOptions.netDeadline.spec],
        .retries: [RemoteInputOptions.retries.spec],
        .maxDownload: [RemoteInputOptions.maxDownload.spec],
        .shard: [BuildCommand.shard.spec, InputOptions.shard.spec],
        .shardCount: [BuildCommand.shardCount.spec],
        .overwrite: [BuildCommand.overwrite.spec],
        .initialIndex: [InputOptions.initialIndex.spec],
        .cache: [RemoteInputOptions.cache.spec],
        .order: [InputOptions.order.spec],
        .reverse: [InputOptions.reverse.spec],
        .albums: [InputOptions.albums.spec],
        .albumOrder: [InputOptions.albumOrder.spec],
        .reverseAlbums: [InputOptions.reverseAlbums.spec],
        .cyclic: [InputOptions.cyclic.spec],
        .direction: [InputOptions.direction.spec],
        .viewerGap: [InputOptions.gap.spec],
        .maxPixels: [InputOptions.maxPixels.spec],
        .maxMemory: [InputOptions.maxMemory.spec],
        .timeout: [InputOptions.timeout.spec],
        .allowDamaged: [ReportPrinter.allowDamaged.spec],
    ]

    /// The option the command `spec` declares for `setting`, if any.
    static func option(for setting: Setting, in spec: CommandSpec) -> OptionSpec? {
        options[setting]?.first { spec.option(long: $0.long)?.help == $0.help }
    }

    /// `setting` as `command` says it.
    static func name(_ setting: Setting, in command: ParsedCommand) -> String {
        switch setting {
        case .outputFolder:
            // The folder a command writes, as its usage names it (`SITE`, `DIR`).
            return command.spec.option(long: BuildCommand.output.name)?.placeholder ?? setting.label
        case .retina where command.spec.option(long: BuildCommand.noRetina.name) != nil:
            return "its @2x copy (\(BuildCommand.noRetina.flagName) for none)"
        default:
            guard let option = option(for: setting, in: command.spec) else { return setting.label }
            if command.wasAdded(option.long), let file = BuildConfig.file(of: command) { return "'\(option.long)' in \(file)" }
            return option.flagName
        }
    }

    /// The problem's sentence, each setting said as `command` says it.
    static func message(_ problem: some SettingProblem, in command: ParsedCommand) -> String {
        problem.sentence.text { name($0, in: command) }
    }

    /// `setting` as the command `spec` spells it: for `manifest merge` and `validate`, which
    /// have none of the options a manifest was made with.
    static func name(_ setting: Setting, asMadeBy spec: CommandSpec) -> String {
        option(for: setting, in: spec)?.flagName ?? setting.label
    }

    /// The problem's sentence with each setting said as the command `spec` spells it.
    static func message(_ problem: some SettingProblem, asMadeBy spec: CommandSpec) -> String {
        problem.sentence.text { name($0, asMadeBy: spec) }
    }
}
