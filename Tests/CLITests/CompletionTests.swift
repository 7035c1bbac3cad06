import Foundation
import XCTest

/// `vitrine completion bash|zsh|fish`, loaded into the real shells and asked what completes a
/// few command lines, in a folder holding two files and a subfolder.
final class CompletionTests: TemporaryFolderTestCase {
    private func script(_ shell: String) throws -> String {
        let run = try Vitrine.run(["completion", shell])
        XCTAssertEqual(run.status, 0, run.stderr)
        let path = folder + "/completion." + shell
        try run.stdout.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The shell, or a skip (a failure in CI, where .ci/install-deps installs it).
    private func shell(_ name: String) throws -> String {
        let path = "/usr/bin/" + name
        if FileManager.default.isExecutableFile(atPath: path) { return path }
        if ProcessInfo.processInfo.environment["VITRINE_CORPUS"] != nil { XCTFail("no \(path): run .ci/install-deps") }
        throw XCTSkip("no \(path)")
    }

    private func media() throws -> String {
        let root = folder + "/media"
        try FileManager.default.createDirectory(atPath: root + "/trip", withIntermediateDirectories: true)
        for name in ["a.jpg", "b.png"] { FileManager.default.createFile(atPath: root + "/" + name, contents: Data()) }
        return root
    }

    private func run(_ shell: String, _ script: String, in directory: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = shell.hasSuffix("fish") ? ["--no-config", "-c", script] : ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, problems)
        XCTAssertEqual(problems, "", "nothing on stderr")
        return text
    }

    /// bash: the completion function, called as bash calls it (COMP_WORDS split at '=' as bash
    /// does by default), for subcommands, options, choices, `--opt=` values, files and folders.
    func testBash() throws {
        let bash = try shell("bash"), file = try script("bash"), media = try media()
        let cases: [(line: String, words: [String], expected: [String])] = [
            ("vitrine sc", ["vitrine", "sc"], ["scan"]),
            ("vitrine manifest v", ["vitrine", "manifest", "v"], ["validate"]),
            ("vitrine help ", ["vitrine", "help", ""], ["scan", "thumbs", "tiles", "sheet", "build", "select", "export", "page",
                "manifest", "completion", "help"]),
            ("vitrine thumbs --form", ["vitrine", "thumbs", "--form"], ["--format"]),
            ("vitrine thumbs --format ", ["vitrine", "thumbs", "--format", ""], ["jpeg", "webp", "avif", "png"]),
            ("vitrine thumbs -f w", ["vitrine", "thumbs", "-f", "w"], ["webp"]),
            ("vitrine thumbs --format=a", ["vitrine", "thumbs", "--format", "=", "a"], ["avif"]),
            ("vitrine thumbs --format=", ["vitrine", "thumbs", "--format", "="], ["=jpeg", "=webp", "=avif", "=png"]),
            ("vitrine scan --jobs 4 ", ["vitrine", "scan", "--jobs", "4", ""], ["a.jpg", "b.png", "trip"]),
            ("vitrine build -o t", ["vitrine", "build", "-o", "t"], ["trip"]),
            ("vitrine scan --jobs ", ["vitrine", "scan", "--jobs", ""], []),
            ("vitrine completion ", ["vitrine", "completion", ""], ["bash", "zsh", "fish"]),
            ("vitrine sheet --header n", ["vitrine", "sheet", "--header", "n"], ["none"]),
            ("vitrine scan -- --", ["vitrine", "scan", "--", "--"], []),
        ]
        var program = "source \(SiteComparison.shellQuoted(file))\n"
        for (number, example) in cases.enumerated() {
            let words = example.words.map(SiteComparison.shellQuoted).joined(separator: " ")
            program += """
                COMP_LINE=\(SiteComparison.shellQuoted(example.line)); COMP_POINT=${#COMP_LINE}
                COMP_WORDS=(\(words)); COMP_CWORD=\(example.words.count - 1); COMPREPLY=()
                _vitrine; echo "\(number):${COMPREPLY[*]}"

                """
        }
        let lines = try run(bash, program, in: media).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, cases.count)
        for (number, example) in cases.enumerated() {
            let got = lines.first { $0.hasPrefix("\(number):") }.map { $0.dropFirst("\(number):".count).split(separator: " ").map(String.init) }
            XCTAssertEqual(Set(got ?? ["?"]), Set(example.expected), example.line)
        }
        // Registered for the program's name.
        XCTAssertEqual(try run(bash, "source \(SiteComparison.shellQuoted(file)); complete -p vitrine", in: media),
            "complete -F _vitrine vitrine\n")
    }

    /// zsh: the same core answers (it is POSIX shell), and the script registers itself with
    /// compinit when sourced.
    func testZsh() throws {
        let zsh = try shell("zsh"), file = try script("zsh"), media = try media()
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("#compdef vitrine\n"), "autoloadable from $fpath")
        let answers = try run(zsh, """
            autoload -U compinit && compinit -u -d \(SiteComparison.shellQuoted(folder + "/zcompdump"))
            source \(SiteComparison.shellQuoted(file))
            print -r -- $_comps[vitrine]
            _vitrine_complete sheet --header ''
            _vitrine_complete manifest ''
            _vitrine_complete build -o ''
            _vitrine_complete scan --order=n
            _vitrine_complete scan -j 2 ''
            """, in: media)
        XCTAssertEqual(answers.split(separator: "\n"), ["_vitrine", "words title none", "words get schema validate merge help",
            "directories", "words name natural date mtime none sidecar captions", "files"])
    }

    /// fish: its own `complete` lines, asked with `complete -C`.
    func testFish() throws {
        let fish = try shell("fish"), file = try script("fish"), media = try media()
        let cases: [(String, [String])] = [
            ("vitrine sc", ["scan"]),
            ("vitrine manifest ", ["get", "schema", "validate", "merge", "help"]),
            ("vitrine manifest get --", ["--at", "--id", "--album", "--delta", "--cyclic", "--field", "--help"]),
            ("vitrine thumbs --format ", ["jpeg", "webp", "avif", "png"]),
            ("vitrine build -o ", ["trip/"]),
            ("vitrine scan ", ["a.jpg", "b.png", "trip/"]),
            ("vitrine completion ", ["bash", "zsh", "fish"]),
        ]
        for (line, expected) in cases {
            let got = try run(fish, "source \(SiteComparison.shellQuoted(file)); complete -C \(SiteComparison.shellQuoted(line))", in: media)
            let words = got.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
            XCTAssertEqual(Set(words), Set(expected), line)
        }
    }

    func testUnknownShellIsAUsageError() throws {
        let run = try Vitrine.run(["completion", "tcsh"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("vitrine: error: invalid value 'tcsh' for SHELL: expected one of bash, zsh, fish"), run.stderr)
    }
}
