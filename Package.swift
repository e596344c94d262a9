// swift-tools-version:6.0
import PackageDescription

// citefeed has no package dependencies at all: Foundation (FoundationEssentials where it
// suffices) and the system's C libraries through systemLibrary targets: SQLite, linked; zlib,
// Pango and Cairo, loaded with dlopen only by the commands that need them.
//
// Its layers are targets, so that the compiler refuses a call up the layers (ARCHITECTURE.md):
//
//     CiteFeedCLI ─ CiteFeedService ─┬─ CiteFeedExchange ─ CiteFeedStore ──┐
//                                    ├─ CiteFeedOutput ─── CiteFeedCore ───┼─ CiteFeedModel ─ CiteFeedSupport
//                                    └─ CiteFeedPicture ───────────────────┘
//
// What a layer offers the ones above is `package`; `public` is the little a program outside the
// package uses through the `CiteFeedKit` product: `CLI.run` with a `Context`, a command line run
// in-process, and `CLI.main` (ARCHITECTURE.md).

/// Release builds optimise across the targets (a bar may run `citefeed status` every second).
let crossModule: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "citefeed",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "citefeed", targets: ["citefeed"]),
        .library(
            name: "CiteFeedKit",
            targets: [
                "CiteFeedCLI", "CiteFeedService", "CiteFeedExchange", "CiteFeedOutput", "CiteFeedPicture", "CiteFeedStore", "CiteFeedCore",
                "CiteFeedModel", "CiteFeedSupport",
            ]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The types of Cairo's and Pango's calls, which are loaded (dlopen) only when a picture is
        // made: headers only, nothing to link, no -dev package needed to build.
        .systemLibrary(name: "CPangoCairo", path: "Sources/CPangoCairo"),
        // Wrappers for the C library's variadic calls (prctl); headers only, nothing to link.
        .systemLibrary(name: "CPlatform", path: "Sources/CPlatform"),
        // Platform and small pieces: JSON, time, SHA-1, UUIDs, threads, locks, subprocesses.
        .target(name: "CiteFeedSupport", dependencies: ["CPlatform"], swiftSettings: crossModule),
        // Values: citations, tags, settings, slots, picks.
        .target(name: "CiteFeedModel", dependencies: ["CiteFeedSupport"], swiftSettings: crossModule),
        // Pure decisions and renderers: Rotation, Learning (FSRS), Render.
        .target(name: "CiteFeedCore", dependencies: ["CiteFeedModel", "CiteFeedSupport"], swiftSettings: crossModule),
        // The library (SQLite) and the settings file.
        .target(
            name: "CiteFeedStore", dependencies: ["CiteFeedModel", "CiteFeedSupport", "CSQLite"], swiftSettings: crossModule,
            linkerSettings: [
                // On Linux, Debian's libsqlite3.a is linked in: loading libsqlite3.so and binding
                // its symbols took about 0.7 ms of every start, and a bar may run `citefeed
                // status` every second, so its start must stay cheap (README, "Speed"). Elsewhere,
                // the system's.
                .unsafeFlags(["-Xlinker", "-l:libsqlite3.a", "-Xlinker", "-lm"], .when(platforms: [.linux])),
                .linkedLibrary("sqlite3", .when(platforms: [.macOS])),
            ]),
        // Pictures of citations: laid out by Pango, drawn by Cairo.
        .target(name: "CiteFeedPicture", dependencies: ["CiteFeedModel", "CiteFeedSupport", "CPangoCairo"], swiftSettings: crossModule),
        // Outputs on disk and announcements (notifications, the publish command, the hub).
        .target(name: "CiteFeedOutput", dependencies: ["CiteFeedCore", "CiteFeedModel", "CiteFeedSupport"], swiftSettings: crossModule),
        // Importers and exporters.
        .target(name: "CiteFeedExchange", dependencies: ["CiteFeedStore", "CiteFeedModel", "CiteFeedSupport"], swiftSettings: crossModule),
        // The use cases, for every front end.
        .target(
            name: "CiteFeedService",
            dependencies: [
                "CiteFeedExchange", "CiteFeedOutput", "CiteFeedPicture", "CiteFeedStore", "CiteFeedCore", "CiteFeedModel",
                "CiteFeedSupport",
            ],
            swiftSettings: crossModule),
        // The command line: parsing, help, words and exit statuses.
        .target(
            name: "CiteFeedCLI",
            dependencies: [
                "CiteFeedService", "CiteFeedExchange", "CiteFeedOutput", "CiteFeedPicture", "CiteFeedStore", "CiteFeedCore",
                "CiteFeedModel", "CiteFeedSupport",
            ],
            swiftSettings: crossModule, plugins: ["BuildInfo"]),
        .executableTarget(name: "citefeed", dependencies: ["CiteFeedCLI"], swiftSettings: crossModule),
        // The version (VERSION) and the git commit, written into CiteFeedCLI before each build.
        .plugin(name: "BuildInfo", capability: .buildTool(), path: "Plugins/BuildInfo"),
        .testTarget(
            name: "CiteFeedKitTests",
            dependencies: [
                "CiteFeedCLI", "CiteFeedService", "CiteFeedExchange", "CiteFeedOutput", "CiteFeedPicture", "CiteFeedStore", "CiteFeedCore",
                "CiteFeedModel", "CiteFeedSupport",
            ],
            exclude: ["Golden"]
        ),
    ]
)
