import Foundation

extension SiteBuilder {
    /// `vitrine build --merge`: joins the parts the builds of `--shard K/N` wrote into
    /// `SITE/parts/`, as one build would have written the gallery, then makes the whole
    /// gallery's outputs (contact sheets, from the cells the parts made) and `manifest.json`.
    public func merge() throws(Failure) -> Report {
        let site = options.site
        let stateFolder = Path.join(site, Self.stateFolder)
        // As a build: no folder it writes into may be a link, found before anything is written.
        do { try SiteFolder(path: site).refuseLinksOnTopFolders() } catch { throw .usage(error.sentence) }
        try refuseUnopenableState(in: site, part: .whole)
        let lock = try prepare(site, stateFolder: stateFolder, part: .whole)
        let folder = Path.join(site, "parts")
        let found = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        guard !found.isEmpty else { throw .noParts(folder: folder) }
        let (names, stale) = Self.latestRun(of: found, in: folder)
        var notes: [String] = []
        if !stale.isEmpty {
            notes.append("ignoring \(stale.count) part\(stale.count == 1 ? "" : "s") of an earlier build in another number of parts: "
                + stale.map { Path.join(folder, $0) }.joined(separator: ", "))
        }
        var parts: [(name: String, data: Data)] = []
        for name in names {
            // A part that cannot be read (a FIFO, a link out of the site) stops the merge: a
            // gallery without its items would remove their outputs.
            switch ManifestFile.bytes(of: Path.join(folder, name), inSite: site) {
            case .success(let data): parts.append((Path.join(folder, name), data))
            case .failure(let failure): throw .unreadablePart(path: Path.join(folder, name), reason: failure)
            }
        }
        var manifest: Manifest
        do {
            manifest = try ManifestFile.decode(try ManifestMerge.merge(parts).encoded())
        } catch {
            throw .parts(underlying: error)
        }
        let state = try openState(Self.statePath(in: site, part: .whole), dryRun: false)
        let siteFolder = SiteFolder(path: site)
        var refused: [String] = []
        let unselected = try publish(&manifest, state: state, folder: siteFolder) { (manifest: inout Manifest) throws(Failure) in
            if let state { try finish(&manifest, state: state, folder: siteFolder, refused: &refused) }
        }.unselected
        withExtendedLifetime(lock) {}
        var report = Report(manifest: manifest)
        report.unselected = unselected
        report.notes = notes
        report.refused = refused
        return report
    }

    /// The parts of the latest run: after a site was built in N parts and then in M, both sets
    /// are in `parts/` (a part removes no one else's file), and only the newest set is the
    /// gallery. Parts are grouped by their count (`2-of-3.json`: 3); the group holding the most
    /// recently written file wins. Names not shaped `K-of-N.json` stay in, for the merge to judge.
    static func latestRun(of names: [String], in folder: String) -> (current: [String], stale: [String]) {
        // Each name's count of parts, nil when it is not shaped `K-of-N.json`.
        let counts = names.map { name -> Int? in
            let parts = name.dropLast(5).split(separator: "-")
            guard parts.count == 3, parts[1] == "of", Int(parts[0]) != nil else { return nil }
            return Int(parts[2])
        }
        guard Set(counts.compactMap { $0 }).count > 1 else { return (names, []) }
        let modified = names.map { name in
            ((try? FileManager.default.attributesOfItem(atPath: Path.join(folder, name)))?[.modificationDate] as? Date) ?? .distantPast
        }
        let newest = names.indices.filter { counts[$0] != nil }.max { modified[$0] < modified[$1] }.flatMap { counts[$0] }
        let isStale = counts.map { $0 != nil && $0 != newest }
        return (names.indices.filter { !isStale[$0] }.map { names[$0] }, names.indices.filter { isStale[$0] }.map { names[$0] })
    }
}
