import Foundation
import Testing

@testable import CiteFeedSupport

extension Integration {
    /// The layers are SwiftPM targets whose dependencies are ARCHITECTURE.md's table, so
    /// the compiler refuses a call up the layers. SwiftPM lets a file import a module its target
    /// does not depend on when that module happens to be built first, so the sources' imports are
    /// checked too.
    @Suite struct LayerTests {
        /// What each target may use: ARCHITECTURE.md's table.
        static let allowed: [String: Set<String>] = [
            "CiteFeedSupport": ["CPlatform"],
            "CiteFeedModel": ["CiteFeedSupport"],
            "CiteFeedCore": ["CiteFeedModel", "CiteFeedSupport"],
            "CiteFeedStore": ["CiteFeedModel", "CiteFeedSupport", "CSQLite"],
            "CiteFeedOutput": ["CiteFeedCore", "CiteFeedModel", "CiteFeedSupport"],
            "CiteFeedPicture": ["CiteFeedModel", "CiteFeedSupport", "CPangoCairo"],
            "CiteFeedExchange": ["CiteFeedStore", "CiteFeedModel", "CiteFeedSupport"],
            "CiteFeedService": [
                "CiteFeedExchange", "CiteFeedOutput", "CiteFeedPicture", "CiteFeedStore", "CiteFeedCore", "CiteFeedModel",
                "CiteFeedSupport",
            ],
            "CiteFeedCLI": [
                "CiteFeedService", "CiteFeedExchange", "CiteFeedOutput", "CiteFeedPicture", "CiteFeedStore", "CiteFeedCore",
                "CiteFeedModel",
                "CiteFeedSupport",
            ],
            "citefeed": ["CiteFeedCLI"],
        ]

        static let swift = Subprocess.find("swift", environment: ProcessInfo.processInfo.environment)

        @Test(.requires(swift != nil, "the swift package manager, to dump the package"))
        func noTargetDependsOnOneAboveIt() throws {
            let swift = try #require(Self.swift)
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("citefeed-dump-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let result = try Sandbox.execute(
                swift, ["package", "--package-path", packageRoot.path, "--scratch-path", scratch.path, "dump-package"], stdin: Data(),
                environment: ProcessInfo.processInfo.environment)
            #expect(result.status == 0, "\(result.stderr)")
            let package = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let targets = try #require(package["targets"] as? [[String: Any]])
            var seen: Set<String> = []
            for target in targets {
                let name = try #require(target["name"] as? String)
                guard name.hasPrefix("CiteFeed") && name != "CiteFeedKitTests" || name == "citefeed" else { continue }
                seen.insert(name)
                let dependencies = (target["dependencies"] as? [[String: [Any]]] ?? []).compactMap { $0.values.first?.first as? String }
                let above = Set(dependencies).subtracting(Self.allowed[name] ?? [])
                #expect(above.isEmpty, "\(name) depends on \(above.sorted()), which it may not use")
            }
            #expect(seen == Set(Self.allowed.keys))
        }

        @Test func everySourceImportsOnlyWhatItsTargetMayUse() throws {
            let sources = packageRoot.appendingPathComponent("Sources")
            var checked = 0
            for (target, allowed) in Self.allowed {
                let folder = sources.appendingPathComponent(target)
                let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter {
                    $0.hasSuffix(".swift")
                }
                #expect(!files.isEmpty, "\(target) has no sources")
                for file in files {
                    let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                    for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@_exported import ") {
                        let module = String(line.split(separator: " ").last!)
                        guard
                            module.hasPrefix("CiteFeed")
                                || module.hasPrefix("C") && module.first!.isUppercase && module.dropFirst().first!.isUppercase
                        else { continue }
                        #expect(allowed.contains(module), "\(target)/\(file) imports \(module), which \(target) may not use")
                        checked += 1
                    }
                }
            }
            #expect(checked > 100)
        }
    }
}
