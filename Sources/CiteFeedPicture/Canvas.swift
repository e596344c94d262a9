import CPangoCairo
import CiteFeedSupport

/// A Cairo surface and its drawing context: an image in memory (PNG) or an SVG document made as
/// it is drawn. Made, drawn on and finished by one thread.
final class Canvas {
    let api: PangoCairo
    let surface: OpaquePointer
    let context: OpaquePointer
    let width: Int
    let height: Int
    /// The SVG document, as Cairo writes it.
    private let sink: ByteSink?

    enum Kind { case image, gray, svg }

    /// Cairo's CAIRO_FORMAT_RGB24: 32 bits a pixel, the top 8 unused.
    static let rgb24: Int32 = 1
    /// CAIRO_SVG_UNIT_PX.
    static let svgPixels: Int32 = 3
    /// CAIRO_FORMAT_A8: 8 bits a pixel, written to PNG as 8-bit gray.
    static let a8: Int32 = 2

    init(_ api: PangoCairo, _ kind: Kind, width: Int, height: Int) throws(PictureError) {
        self.api = api
        self.width = width
        self.height = height
        // Cairo returns an object in an error state, never NULL, for what it cannot make.
        switch kind {
        case .image, .gray:
            sink = nil
            surface = api.imageSurfaceCreate(kind == .gray ? Self.a8 : Self.rgb24, Int32(width), Int32(height))!
        case .svg:
            let sink = ByteSink()
            self.sink = sink
            surface = api.svgSurfaceForStream(ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(), Double(width), Double(height))!
            // Sizes in px, not Cairo's default pt (which viewers show a third larger).
            api.svgDocumentUnit(surface, Self.svgPixels)
        }
        context = api.create(surface)!
        let status = api.surfaceStatus(surface) != 0 ? api.surfaceStatus(surface) : api.status(context)
        guard status == 0 else {
            api.destroy(context)
            api.surfaceDestroy(surface)
            throw .cairo(Int(status))
        }
    }

    deinit {
        api.destroy(context)
        api.surfaceDestroy(surface)
    }

    func fill(_ colour: Colour, alpha: Double = 1) {
        api.setSourceRGBA(context, colour.red, colour.green, colour.blue, alpha)
        api.paint(context)
    }

    /// A rectangle with round corners, filled.
    func roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double, _ colour: Colour) {
        let r = min(radius, height / 2, width / 2)
        api.newSubPath(context)
        api.arc(context, x + width - r, y + r, r, -Double.pi / 2, 0)
        api.arc(context, x + width - r, y + height - r, r, 0, Double.pi / 2)
        api.arc(context, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        api.arc(context, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        api.closePath(context)
        api.setSourceRGBA(context, colour.red, colour.green, colour.blue, 1)
        api.fill(context)
    }

    /// `image` scaled to cover the whole canvas (cut at its longer sides), centred.
    func cover(with image: BackgroundImage) {
        let scale = max(Double(width) / Double(image.width), Double(height) / Double(image.height))
        api.save(context)
        api.translate(context, (Double(width) - Double(image.width) * scale) / 2, (Double(height) - Double(image.height) * scale) / 2)
        api.scale(context, scale, scale)
        api.setSourceSurface(context, image.surface, 0, 0)
        api.paint(context)
        api.restore(context)
    }

    func show(_ layout: TextLayout, x: Double, y: Double, _ colour: Colour) {
        api.setSourceRGBA(context, colour.red, colour.green, colour.blue, 1)
        api.moveTo(context, x, y)
        api.showLayout(context, layout.layout)
    }

    /// The pixels, rows of `stride` bytes: 4 bytes a pixel (`0x00RRGGBB` in the machine's
    /// order), or 1 for gray.
    func withPixels<T>(_ body: (UnsafeMutablePointer<UInt8>, _ stride: Int) -> T) -> T {
        api.surfaceFlush(surface)
        defer { api.surfaceMarkDirty(surface) }
        // Not NULL: the surface is an image without error (checked when made).
        return body(api.imageData(surface)!, Int(api.imageStride(surface)))
    }

    /// The image as PNG.
    func png() throws(PictureError) -> [UInt8] { try Self.png(api, surface) }

    static func png(_ api: PangoCairo, _ surface: OpaquePointer) throws(PictureError) -> [UInt8] {
        let sink = ByteSink()
        let status = api.writePNG(surface, ByteSink.write, Unmanaged.passUnretained(sink).toOpaque())
        guard status == 0 else { throw .cairo(Int(status)) }
        return sink.bytes
    }

    /// The SVG document, complete.
    func svg() throws(PictureError) -> [UInt8] {
        api.surfaceFinish(surface)
        let status = api.surfaceStatus(surface)
        guard status == 0, let sink else { throw .cairo(Int(status)) }
        return sink.bytes
    }
}
