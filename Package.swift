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
        // Safe Swift over libvips' introspection API: operations by name, typed options, throws.
        .target(name: "VipsKit", dependencies: ["CVips"]),
        // Our own command-line parser on Foundation (subcommands, typed options, generated help).
        .target(name: "ArgumentKit"),
        // Where the work happens: inputs, metadata, workers, manifest.
        .target(name: "VitrineKit", dependencies: ["VipsKit"]),
        // The thin executable: parses arguments, runs VitrineKit, talks to the terminal.
        .executableTarget(name: "vitrine", dependencies: ["VitrineKit", "ArgumentKit"]),
        .testTarget(name: "ArgumentKitTests", dependencies: ["ArgumentKit"]),
        .testTarget(name: "VipsKitTests", dependencies: ["VipsKit"]),
        .testTarget(name: "VitrineKitTests", dependencies: ["VitrineKit", "VipsKit"]),
        .testTarget(name: "CLITests", dependencies: ["VitrineKit", "VipsKit"]),
    ]
)
