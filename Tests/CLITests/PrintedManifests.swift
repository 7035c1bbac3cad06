import Foundation
import VitrineKit
import XCTest

/// Every manifest vitrine prints in these tests passes `vitrine manifest validate`'s checks
/// (``ManifestValidator``: the schema and the checks of meaning), run in this process after
/// each ``Vitrine/run(_:stdin:environment:currentDirectory:timeout:)``: what `scan` and
/// `thumbs` print always, what `select` and `manifest merge` print when what they read was
/// valid (tests also feed them foreign manifests, whose unknown members they keep). Output
/// that is not a manifest (`--help`, `--ndjson`) is left alone.
enum PrintedManifests {
    static func check(_ arguments: [String], stdin: String?, currentDirectory: String?, run: Vitrine.Run) {
        guard let command = arguments.first, [0, 1].contains(run.status), !run.stdout.isEmpty else { return }
        let inputs: [String]
        switch command {
        case "scan", "thumbs":
            inputs = []
        case "select":
            guard !arguments.contains("--list"), !arguments.contains("-l"), let file = selectFile(arguments) else { return }
            inputs = [file]
        case "manifest" where arguments.dropFirst().first == "merge":
            inputs = Array(arguments.dropFirst(2))
        default:
            return
        }
        for input in inputs {
            let text: Data?
            if input == "-" {
                text = stdin.map { Data($0.utf8) }
            } else {
                let path = input.hasPrefix("/") || currentDirectory == nil ? input : currentDirectory! + "/" + input
                text = FileManager.default.contents(atPath: path)
            }
            guard let text, problems(text)?.isEmpty == true else { return }
        }
        // Not a manifest: --help, --ndjson, --list…
        guard let problems = problems(run.stdout) else { return }
        XCTAssertEqual(problems, [], "the manifest printed by vitrine \(arguments.joined(separator: " ")) does not validate")
    }

    /// The problems of a manifest's text; nil when it is not a manifest at all.
    static func problems(_ data: Data) -> [String]? {
        guard let document = try? JSONDocument(data), (try? ManifestFile.identify(document)) != nil else { return nil }
        return ManifestValidator.problems(in: document).map(\.description)
    }

    /// `select`'s FILE: its one positional, past the options and their values.
    private static func selectFile(_ arguments: [String]) -> String? {
        let valued: Set<String> = ["--add", "-a", "--remove", "-d", "--toggle", "-t"]
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if valued.contains(argument) {
                index += 2
            } else if argument.hasPrefix("-") && argument != "-" {
                index += 1
            } else {
                return argument
            }
        }
        return nil
    }
}
