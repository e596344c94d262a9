import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// What one run of the built `citefeed` binary did.
struct RunResult: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: Data

    var description: String { "status \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }

    /// stderr's lines.
    var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
}
