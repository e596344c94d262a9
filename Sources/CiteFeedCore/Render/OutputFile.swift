import CiteFeedModel
import CiteFeedSupport

/// One rendered output: a file name and its bytes, kept together so that no list of names
/// and list of contents can drift apart.
public struct OutputFile: Sendable, Equatable {
    public var name: String
    public var bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    init(_ name: String, _ text: String) { self.init(name: name, bytes: Array(text.utf8)) }
}
