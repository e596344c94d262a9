// libFuzzer's entry point for `scripts/fuzz`, compiled with all of citefeed's sources and
// Tests/CiteFeedKitTests/Fuzz/FuzzTargets.swift into one module; never part of `swift build`.
// The target is named by CITEFEED_FUZZ_TARGET.

nonisolated(unsafe) private var target: (([UInt8]) -> Void)?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if target == nil {
        let name = getenv("CITEFEED_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let chosen = FuzzTargets.all[name] else {
            fputs("citefeed-fuzz: set CITEFEED_FUZZ_TARGET to one of \(FuzzTargets.names.joined(separator: " "))\n", stderr)
            exit(2)
        }
        target = chosen
    }
    target!(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
