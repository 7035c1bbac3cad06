import Foundation

extension SiteBuilder {
    /// The last `manifest.json`'s bytes, read as every file found in the site is
    /// (``ManifestFile/bytes(of:inSite:)``); one that cannot be read (a FIFO, a link out of the
    /// site `site`) is said and taken for none.
    func lastManifestBytes(_ path: String, in site: String) -> Data? {
        switch ManifestFile.bytes(of: path, inSite: site) {
        case .success(let data): return data
        case .failure(.missing): return nil
        case .failure(let failure):
            listener?.receive(.warning(path: path, message: failure.warning))
            return nil
        }
    }
}
