// swift-tools-version:6.0
import PackageDescription

// citefeed has no package dependencies at all: Foundation (FoundationEssentials where it
// suffices) and the system SQLite. See SPEC.md, "Package layout".
let package = Package(
    name: "citefeed",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "citefeed", targets: ["citefeed"]),
        .library(name: "CiteFeedKit", targets: ["CiteFeedKit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // Wrappers for the C library's variadic calls (prctl); headers only, nothing to link.
        .systemLibrary(name: "CPlatform", path: "Sources/CPlatform"),
        .target(
            name: "CiteFeedKit", dependencies: ["CSQLite", "CPlatform"],
            linkerSettings: [
                // On Linux, Debian's libsqlite3.a is linked in: loading libsqlite3.so and binding
                // its symbols took about 0.7 ms of every start, and a bar may run `citefeed
                // status` every second (SPEC.md, "Startup budget"). Elsewhere, the system's.
                .unsafeFlags(["-Xlinker", "-l:libsqlite3.a", "-Xlinker", "-lm"], .when(platforms: [.linux])),
                .linkedLibrary("sqlite3", .when(platforms: [.macOS])),
            ]),
        .executableTarget(name: "citefeed", dependencies: ["CiteFeedKit"]),
        .testTarget(
            name: "CiteFeedKitTests",
            dependencies: ["CiteFeedKit"],
            exclude: ["Golden"]
        ),
    ]
)
