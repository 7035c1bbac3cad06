import Foundation

extension SiteBuilder {
    /// `vitrine build --merge`: joins the parts the builds of `--shard K/N` wrote into
    /// `SITE/parts/`, as one build would have written the gallery, then makes the whole
    /// gallery's outputs (contact sheets, from the cells the parts made) and `manifest.json`.
    public func merge() throws(Failure) -> Report {
        let site = options.site
        let stateFolder = Path.join(site, Self.stateFolder)
        let lock = try prepare(site, stateFolder: stateFolder, part: "")
        let folder = Path.join(site, "parts")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        guard !names.isEmpty else { throw .site("no parts to merge in \(folder) (build them with --shard K/N)") }
        var parts: [(name: String, data: Data)] = []
        for name in names {
            guard let data = FileManager.default.contents(atPath: Path.join(folder, name)) else {
                throw .site("cannot read \(Path.join(folder, name))")
            }
            parts.append((Path.join(folder, name), data))
        }
        var manifest: Manifest
        do {
            manifest = try ManifestFile.decode(try ManifestMerge.merge(parts).encoded())
        } catch let failure as ManifestMerge.Failure {
            throw .site(failure.description)
        } catch {
            throw .site("cannot join the parts: \(error)")
        }
        let state = try openState(Path.join(stateFolder, "state.sqlite"), dryRun: false)
        let path = Path.join(site, Self.manifestName)
        let extra = SiteManifest.carryOver(from: FileManager.default.contents(atPath: path), into: &manifest)
        if let state { try finish(&manifest, state: state) }
        try writePage(of: manifest, encoded: write(manifest, extra: extra, to: path))
        withExtendedLifetime(lock) {}
        return Report(manifest: manifest)
    }
}
