import ArgumentKit
import Foundation

/// `vitrine completion bash|zsh|fish`: a tab-completion script made from vitrine's own option
/// declarations (see ArgumentKit's `CompletionScript`).
enum CompletionCommand {
    static let spec = CommandSpec(
        name: "completion",
        abstract: "Print a tab-completion script for bash, zsh or fish.",
        discussion: """
            bash:  source <(vitrine completion bash)   (or save it in /etc/bash_completion.d/vitrine)
            zsh:   vitrine completion zsh > "${fpath[1]}/_vitrine"   (then start a new shell)
            fish:  vitrine completion fish > ~/.config/fish/completions/vitrine.fish
            Subcommands, options, their choices, and file or folder arguments are completed.
            """,
        positionals: [PositionalSpec(name: "SHELL", help: "bash, zsh or fish",
            type: .choice(CompletionScript.Shell.allCases.map(\.rawValue)))])

    static func run(_ command: ParsedCommand) -> Int32 {
        // The parser has checked the word against the choices.
        guard let shell = CompletionScript.Shell(rawValue: command.positionals[0]) else { return ExitStatus.usage }
        Output.write(CompletionScript.script(for: shell, root: Frontend.root))
        return ExitStatus.success
    }
}
