// scripts/bench's inflate harness: citefeed's zip reader (Sources/CiteFeedSupport/ZipArchive.swift
// and ZLib.swift, compiled with this file) inflating every entry of a zip, the best of N runs,
// in milliseconds, timed in-process as Python's side is (no start-up on either side).
import CPlatform

let arguments = CommandLine.arguments
guard arguments.count == 3, let runs = Int(arguments[2]), let bytes = try? Posix.readFile(arguments[1], limit: 1 << 30) else {
    fatalError("usage: bench-inflate FILE RUNS")
}
var best = Int64.max
var total = 0
for _ in 0..<runs {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    let start = Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    let zip = try! ZipArchive(bytes)
    total = 0
    for entry in zip.entries { total += try! zip.contents(of: entry, limit: 1 << 30).count }
    clock_gettime(CLOCK_MONOTONIC, &ts)
    best = min(best, Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec) - start)
}
print(Double(best) / 1e6, total)
