import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Fetches an http(s) URL for `import` with the system's curl, so that citefeed itself links no
/// networking library (README, "Speed"). 30 s timeout (`CITEFEED_FETCH_TIMEOUT`
/// shortens it, for tests), 50 MB cap.
package enum Fetcher {
    static let limit = 50 * 1024 * 1024

    package static func fetch(_ url: String, environment: [String: String]) throws(ImportError) -> [UInt8] {
        // CITEFEED_FETCH_LIMIT (bytes) lowers the cap, for tests.
        let limit = environment["CITEFEED_FETCH_LIMIT"].flatMap { Int($0) }.map { min($0, Fetcher.limit) } ?? Fetcher.limit
        guard url.isHTTPURL else { throw .fetch(url, "only http and https addresses can be fetched") }
        guard let curl = Subprocess.find("curl", environment: environment) else {
            throw .fetch(url, "curl is not installed (Debian's curl package)")
        }
        // A timeout of 0 would mean none to curl: only 1 to 30 seconds are taken.
        let timeout = environment["CITEFEED_FETCH_TIMEOUT"].flatMap { Int($0) }.map { min(max($0, 1), 30) } ?? 30
        // The HTTP status is written after the body, on a line of its own.
        let (status, output, truncated) = Subprocess.capture(
            curl,
            [
                // -q (first): no ~/.curlrc; -g: brackets and braces in the address are not globs.
                "-q", "-g", "-sS", "-L", "--proto", "=http,https", "--proto-redir", "=http,https", "--max-time", String(timeout),
                "--max-filesize", String(limit), "-w", "\n%{http_code}", "--url", url.replacingAll(" ", with: "%20"),
            ],
            environment: environment, limit: limit + 16)
        if truncated || status == 63 { throw .fetch(url, "it is larger than \(limit == Fetcher.limit ? "50 MB" : "\(limit) bytes")") }
        switch status {
        case 0: break
        case 28: throw .fetch(url, "no answer within \(timeout) seconds")
        case 6: throw .fetch(url, "the host name is unknown")
        case 7: throw .fetch(url, "the server refused the connection")
        default: throw .fetch(url, "curl failed with exit status \(status)")
        }
        guard let newline = output.lastIndex(of: 0x0A) else { throw .fetch(url, "no answer") }
        let code = Int(String(decoding: output[(newline + 1)...], as: UTF8.self)) ?? 0
        guard (200..<300).contains(code) else { throw .fetch(url, "the server answered \(code)") }
        return Array(output[..<newline])
    }
}
