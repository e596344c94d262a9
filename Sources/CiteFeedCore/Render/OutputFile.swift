import CiteFeedModel
import CiteFeedSupport

/// One rendered output: a file name and its bytes, kept together so that no list of names
/// and list of contents can drift apart.
package struct OutputFile: Sendable, Equatable {
    package var name: String
    package var bytes: [UInt8]

    package init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    init(_ name: String, _ text: String) { self.init(name: name, bytes: Array(text.utf8)) }
}
