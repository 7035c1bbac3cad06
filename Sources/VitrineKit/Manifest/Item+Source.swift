import Foundation

extension Item {
    /// The file an item was read from.
    public struct Source: Codable, Equatable, Sendable {
        /// The path as given on the command line, joined with the path found below it; bytes
        /// of the name that are not UTF-8 are shown as U+FFFD (see ``pathBytes``). A remote
        /// image's is its downloaded copy in the cache folder (see ``url``).
        public var path: String
        public var bytes: Int
        /// The fields few sources have, in one box: a gallery holds one source per item.
        @Boxed private var rare: Rare?

        private struct Rare: Equatable, Sendable {
            var url: String?
            var sha256: String?
            var pathBytes: String?
            var isEmpty: Bool { url == nil && sha256 == nil && pathBytes == nil }
        }

        /// Remote images: the `http`/`https` URL as given (its query string included), which
        /// ``path`` is a copy of.
        public var url: String? {
            get { rare?.url }
            set { change { $0.url = newValue } }
        }

        /// Hex SHA-256 of the file's bytes (only with `--hash`).
        public var sha256: String? {
            get { rare?.sha256 }
            set { change { $0.sha256 = newValue } }
        }

        /// The path's bytes in standard base64, present only when they are not UTF-8 (a Linux
        /// file name is any bytes): what other commands open the file with. JSON strings hold
        /// only Unicode text, so ``path`` alone cannot name such a file.
        public var pathBytes: String? {
            get { rare?.pathBytes }
            set { change { $0.pathBytes = newValue } }
        }

        private mutating func change(_ edit: (inout Rare) -> Void) {
            var value = rare ?? Rare()
            edit(&value)
            rare = value.isEmpty ? nil : value
        }

        /// The bytes to open the file with.
        public var openBytes: [UInt8] {
            pathBytes.flatMap { Data(base64Encoded: $0) }.map(Array.init) ?? Array(path.utf8)
        }

        public init(path: String, bytes: Int, url: String? = nil, sha256: String? = nil, pathBytes: String? = nil) {
            self.path = path
            self.bytes = bytes
            let rare = Rare(url: url, sha256: sha256, pathBytes: pathBytes)
            self.rare = rare.isEmpty ? nil : rare
        }

        private enum CodingKeys: String, CodingKey { case path, bytes, url, sha256, pathBytes }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(path: try container.decode(String.self, forKey: .path), bytes: try container.decode(Int.self, forKey: .bytes),
                url: try container.decodeIfPresent(String.self, forKey: .url),
                sha256: try container.decodeIfPresent(String.self, forKey: .sha256),
                pathBytes: try container.decodeIfPresent(String.self, forKey: .pathBytes))
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(bytes, forKey: .bytes)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encodeIfPresent(sha256, forKey: .sha256)
            try container.encodeIfPresent(pathBytes, forKey: .pathBytes)
        }
    }
}
