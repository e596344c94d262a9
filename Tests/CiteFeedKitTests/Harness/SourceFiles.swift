import Foundation

/// The Swift files under `Sources/`, as paths relative to it: what the tests that read the
/// sources (their shape, their public surface) walk.
func swiftSources() -> (root: URL, files: [String]) {
    let root = packageRoot.appendingPathComponent("Sources")
    let files = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
    return (root, files)
}
