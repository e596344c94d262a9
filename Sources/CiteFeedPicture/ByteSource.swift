import CPangoCairo
import CiteFeedSupport

/// Where Cairo's PNG reader takes its bytes from.
final class ByteSource {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// CAIRO_STATUS_READ_ERROR (10) when fewer bytes are left than asked for.
    static let read: citefeed_cairo_read_func = { closure, data, length in
        guard let closure, let data else { return 10 }
        let source = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard source.bytes.count - source.offset >= count else { return 10 }
        source.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + source.offset, count: count) }
        source.offset += count
        return 0
    }
}
