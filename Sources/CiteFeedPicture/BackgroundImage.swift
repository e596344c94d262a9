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
