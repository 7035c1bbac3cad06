import Foundation
import XCTest

/// Manifests that must not change byte for byte unless a change means them to (then the
/// golden files under Tests/Golden are updated in the same commit, with the schema and docs).
final class GoldenManifestTests: TemporaryFolderTestCase {
    func golden(_ name: String) throws -> Data {
        try Data(contentsOf: Repository.root.appendingPathComponent("Tests/Golden/\(name).json"))
    }

    func assertGolden(_ name: String, _ arguments: [String], in directory: String, file: StaticString = #filePath,
                      line: UInt = #line) throws {
        let run = try Vitrine.run(arguments, currentDirectory: directory)
        XCTAssertLessThanOrEqual(run.status, 1, run.stderr, file: file, line: line)
        let expected = try golden(name)
        if run.stdout != expected {
            let got = run.stdoutText.split(separator: "\n"), want = String(decoding: expected, as: UTF8.self).split(separator: "\n")
            let first = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }
            XCTFail("\(name): differs at line \((first?.offset ?? min(got.count, want.count)) + 1): "
                + "got \(first.map { String($0.element.0) } ?? "end"), want \(first.map { String($0.element.1) } ?? "end")",
                file: file, line: line)
        }
    }

    func testExamples() throws {
        let root = Repository.root.path
        try assertGolden("examples-scan", ["scan", "Examples/media"], in: root)
        try assertGolden("examples-thumbs", ["thumbs", "Examples/media", "-o", folder + "/a"], in: root)
        try assertGolden("examples-thumbs-fill-webp", ["thumbs", "Examples/media", "-o", folder + "/b", "--fill", "--size", "200x200",
            "--size", "100", "--retina", "--placeholder", "blurhash", "--format", "webp", "--badge", "duration", "--cyclic",
            "--order", "date"], in: root)
    }

    func testCorpus() throws {
        let corpus = try Corpus.path("")
        try assertGolden("corpus-photos-scan", ["scan", "photos", "--hash"], in: corpus)
        try assertGolden("corpus-sigal-scan", ["scan", "mixed/sigal-sample", "--order", "sidecar"], in: corpus)
        // --albums none is the manifest before albums (folders[], counters through the gallery),
        // schema name, camera and exposure aside.
        try assertGolden("corpus-sigal-scan-flat", ["scan", "mixed/sigal-sample", "--order", "sidecar", "--albums", "none"], in: corpus)
    }
}
