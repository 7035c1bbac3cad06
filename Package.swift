// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "vitrine",
    products: [
        .executable(name: "vitrine", targets: ["vitrine"]),
        .library(name: "VitrineKit", targets: ["VitrineKit"]),
    ],
    targets: [
        // libvips (and the GLib it brings) through pkg-config; Debian: libvips-dev, Homebrew: vips.
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"]), .brew(["vips"])]
        ),
        // exiv2 through gexiv2, for captions and keywords in EXIF, IPTC and XMP; Debian: libgexiv2-dev,
        // Homebrew: gexiv2.
        .systemLibrary(
            name: "CGexiv2",
            pkgConfig: "gexiv2",
            providers: [.apt(["libgexiv2-dev"]), .brew(["gexiv2"])]
        ),
        // cmark, the CommonMark reference parser, for Markdown captions; Debian: libcmark-dev,
        // Homebrew: cmark.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // SQLite, the state store of incremental builds (what was made, from which source, with
        // which settings); Debian: libsqlite3-dev, Homebrew: sqlite.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // Little CMS 2, for the rendering intents an embedded ICC profile supports (libvips 8.14
        // cannot list them); Debian: liblcms2-dev, Homebrew: little-cms2.
        .systemLibrary(
            name: "CLcms2",
            pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]
        ),
        // libarchive, for zip containers of tile pyramids (ZIP64 past 65,535 entries); Debian:
        // libarchive-dev, Homebrew: libarchive.
        .systemLibrary(
            name: "CArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"]), .brew(["libarchive"])]
        ),
        // libcurl, for remote images (downloads that stop at once on a signal and wait without
        // spinning); Debian: libcurl4-openssl-dev, Homebrew: curl.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        // LibRaw (thread-safe libraw_r), for camera RAW files: their embedded previews and sensor
        // data (libvips 8.14 has no RAW loader); Debian: libraw-dev, Homebrew: libraw.
        .systemLibrary(
            name: "CLibRaw",
            pkgConfig: "libraw_r",
            providers: [.apt(["libraw-dev"]), .brew(["libraw"])]
        ),
        // The one system call Swift cannot make itself (prctl is variadic): a child's death signal.
        .target(name: "CSystem"),
        // Safe Swift over libvips' introspection API: operations by name, typed options, throws.
        .target(name: "VipsKit", dependencies: ["CVips"]),
        // Safe Swift over LibRaw: a RAW file's header, its preview's bytes, its sensor data developed.
        .target(name: "RawKit", dependencies: ["CLibRaw"]),
        // Our own command-line parser on Foundation (subcommands, typed options, generated help).
        .target(name: "ArgumentKit"),
        // Where the work happens: inputs, metadata, captions, workers, manifest.
        .target(name: "VitrineKit", dependencies: ["VipsKit", "RawKit", "CGexiv2", "CCmark", "CLcms2", "CSQLite", "CArchive", "CCurl", "CSystem"]),
        // The thin executable: parses arguments, runs VitrineKit, talks to the terminal.
        .executableTarget(name: "vitrine", dependencies: ["VitrineKit", "ArgumentKit"]),
        .testTarget(name: "ArgumentKitTests", dependencies: ["ArgumentKit"]),
        .testTarget(name: "VipsKitTests", dependencies: ["VipsKit"]),
        .testTarget(name: "RawKitTests", dependencies: ["RawKit"]),
        .testTarget(name: "VitrineKitTests", dependencies: ["VitrineKit", "VipsKit"]),
        .testTarget(name: "CLITests", dependencies: ["VitrineKit", "VipsKit"]),
    ]
)
