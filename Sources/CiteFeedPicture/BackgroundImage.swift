import CPangoCairo
import CiteFeedSupport

/// The user's picture behind the card: a PNG file of at most 64 MiB, read once, whose size is
/// checked before Cairo decodes it (16384 pixels a side and 40 million in all, 160 MB decoded:
/// an 8K photograph is 33 million; a small file must not ask for gigabytes).
final class BackgroundImage {
    let api: PangoCairo
    let surface: OpaquePointer
    let width: Int
    let height: Int

    static let largestSide = 16384
    static let largestPixels = 40_000_000
    static let largestFile = 64 << 20

    init(_ api: PangoCairo, path: String) throws(PictureError) {
        let read: [UInt8]?
        do throws(IOFailure) { read = try Posix.readFile(path, limit: Self.largestFile) } catch {
            throw .backgroundUnreadable(path, error)
        }
        guard let bytes = read else { throw .backgroundMissing(path) }
        guard let (width, height) = PNGHeader.size(bytes) else { throw .backgroundNotPNG(path) }
        guard width <= Self.largestSide, height <= Self.largestSide, width * height <= Self.largestPixels else {
            throw .backgroundTooLarge(path, width: width, height: height)
        }
        let source = ByteSource(bytes)
        guard let surface = api.imageSurfaceFromPNG(ByteSource.read, Unmanaged.passUnretained(source).toOpaque()) else {
            throw .cairo(1)
        }
        let status = api.surfaceStatus(surface)
        guard status == 0 else {
            api.surfaceDestroy(surface)
            // Cairo says "out of memory" (1) for damaged files too, and for one too large to decode
            // in the memory there is.
            throw status == 1 ? .backgroundUndecodable(path) : .backgroundNotPNG(path)
        }
        self.api = api
        self.surface = surface
        self.width = Int(api.imageWidth(surface))
        self.height = Int(api.imageHeight(surface))
    }

    deinit { api.surfaceDestroy(surface) }
}

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

/// A PNG file's signature and the size its IHDR chunk says.
package enum PNGHeader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Width and height from the first 24 bytes, or `nil` when they are not a PNG's.
    package static func size(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (be32(16), be32(20))
        return width > 0 && height > 0 ? (width, height) : nil
    }
}
