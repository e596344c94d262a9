import CPangoCairo
import CiteFeedSupport

/// Where Cairo's stream writers put their bytes.
final class ByteSink {
    var bytes: [UInt8] = []

    static let write: citefeed_cairo_write_func = { closure, data, length in
        guard let closure, let data else { return 0 }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return 0
    }
}
