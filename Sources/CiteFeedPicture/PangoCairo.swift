import CPangoCairo
import CiteFeedSupport

/// Cairo and Pango, loaded the first time a picture is made: `dlopen` of `libpangocairo-1.0.so.0`
/// (which brings Pango, Cairo, GLib and fontconfig with it), so `status` and every command that
/// makes no picture neither links nor loads them (README, "Speed"). The types of the calls are
/// declared in `Sources/CPangoCairo/shim.h`, checked against the real headers by a test.
package struct PangoCairo: @unchecked Sendable {
    let imageSurfaceCreate: citefeed_cairo_image_surface_create
    let imageSurfaceFromPNG: citefeed_cairo_image_surface_create_from_png_stream
    let svgSurfaceForStream: citefeed_cairo_svg_surface_create_for_stream
    let svgDocumentUnit: citefeed_cairo_svg_surface_set_document_unit
    let imageWidth: citefeed_cairo_image_surface_get_int
    let imageHeight: citefeed_cairo_image_surface_get_int
    let imageStride: citefeed_cairo_image_surface_get_int
    let imageData: citefeed_cairo_image_surface_get_data
    let surfaceStatus: citefeed_cairo_surface_status
    let surfaceFlush: citefeed_cairo_surface_void
    let surfaceMarkDirty: citefeed_cairo_surface_void
    let surfaceFinish: citefeed_cairo_surface_void
    let surfaceDestroy: citefeed_cairo_surface_void
    let writePNG: citefeed_cairo_surface_write_to_png_stream

    let create: citefeed_cairo_create
    let destroy: citefeed_cairo_void
    let status: citefeed_cairo_status
    let save: citefeed_cairo_void
    let restore: citefeed_cairo_void
    let setSourceRGBA: citefeed_cairo_set_source_rgba
    let setSourceSurface: citefeed_cairo_set_source_surface
    let paint: citefeed_cairo_void
    let paintWithAlpha: citefeed_cairo_double
    let fill: citefeed_cairo_void
    let stroke: citefeed_cairo_void
    let newSubPath: citefeed_cairo_void
    let closePath: citefeed_cairo_void
    let setLineWidth: citefeed_cairo_double
    let moveTo: citefeed_cairo_double2
    let translate: citefeed_cairo_double2
    let scale: citefeed_cairo_double2
    let rectangle: citefeed_cairo_rectangle
    let arc: citefeed_cairo_arc

    let createLayout: citefeed_pango_cairo_create_layout
    let showLayout: citefeed_pango_cairo_show_layout
    let setText: citefeed_pango_layout_set_text
    let setFont: citefeed_pango_layout_set_font_description
    let setWidth: citefeed_pango_layout_set_width
    let setWrap: citefeed_pango_layout_set_wrap
    let setAlignment: citefeed_pango_layout_set_alignment
    let pixelSize: citefeed_pango_layout_get_pixel_size
    let unknownGlyphs: citefeed_pango_layout_get_int
    let layoutContext: citefeed_pango_layout_get_context
    let contextChanged: citefeed_pango_layout_void
    let languageFromString: citefeed_pango_language_from_string
    let setLanguage: citefeed_pango_context_set_language
    let fontFromString: citefeed_pango_font_description_from_string
    let setAbsoluteSize: citefeed_pango_font_description_set_absolute_size
    let fontFree: citefeed_pango_font_description_free
    let unref: citefeed_g_object_unref

    /// Cairo and Pango, or why they could not be loaded.
    package static let shared: Result<PangoCairo, PictureError> = load()

    /// The files tried, in order: Debian's and most systems' names (the `.so` without a version
    /// is only in the -dev package).
    static let libraryNames = ["libpangocairo-1.0.so.0", "libpangocairo-1.0.so"]

    private static func load() -> Result<PangoCairo, PictureError> {
        #if os(macOS)
            let names = [
                "libpangocairo-1.0.0.dylib", "/opt/homebrew/lib/libpangocairo-1.0.0.dylib", "/usr/local/lib/libpangocairo-1.0.0.dylib",
            ]
        #else
            let names = libraryNames
        #endif
        guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            return .failure(.librariesMissing)
        }
        var missing: [String] = []
        // dlsym on pangocairo's handle finds what its dependencies (Pango, Cairo, GObject) define.
        // A missing call is noted and stands in as an address never called: the value is then
        // thrown away.
        func symbol<T>(_ name: String) -> T {
            guard let pointer = dlsym(handle, name) else {
                missing.append(name)
                return unsafeBitCast(UnsafeMutableRawPointer(bitPattern: 1)!, to: T.self)
            }
            return unsafeBitCast(pointer, to: T.self)
        }
        let value = PangoCairo(
            imageSurfaceCreate: symbol("cairo_image_surface_create"),
            imageSurfaceFromPNG: symbol("cairo_image_surface_create_from_png_stream"),
            svgSurfaceForStream: symbol("cairo_svg_surface_create_for_stream"),
            svgDocumentUnit: symbol("cairo_svg_surface_set_document_unit"), imageWidth: symbol("cairo_image_surface_get_width"),
            imageHeight: symbol("cairo_image_surface_get_height"), imageStride: symbol("cairo_image_surface_get_stride"),
            imageData: symbol("cairo_image_surface_get_data"), surfaceStatus: symbol("cairo_surface_status"),
            surfaceFlush: symbol("cairo_surface_flush"), surfaceMarkDirty: symbol("cairo_surface_mark_dirty"),
            surfaceFinish: symbol("cairo_surface_finish"), surfaceDestroy: symbol("cairo_surface_destroy"),
            writePNG: symbol("cairo_surface_write_to_png_stream"), create: symbol("cairo_create"), destroy: symbol("cairo_destroy"),
            status: symbol("cairo_status"), save: symbol("cairo_save"), restore: symbol("cairo_restore"),
            setSourceRGBA: symbol("cairo_set_source_rgba"), setSourceSurface: symbol("cairo_set_source_surface"),
            paint: symbol("cairo_paint"), paintWithAlpha: symbol("cairo_paint_with_alpha"), fill: symbol("cairo_fill"),
            stroke: symbol("cairo_stroke"), newSubPath: symbol("cairo_new_sub_path"), closePath: symbol("cairo_close_path"),
            setLineWidth: symbol("cairo_set_line_width"), moveTo: symbol("cairo_move_to"), translate: symbol("cairo_translate"),
            scale: symbol("cairo_scale"), rectangle: symbol("cairo_rectangle"), arc: symbol("cairo_arc"),
            createLayout: symbol("pango_cairo_create_layout"), showLayout: symbol("pango_cairo_show_layout"),
            setText: symbol("pango_layout_set_text"), setFont: symbol("pango_layout_set_font_description"),
            setWidth: symbol("pango_layout_set_width"), setWrap: symbol("pango_layout_set_wrap"),
            setAlignment: symbol("pango_layout_set_alignment"), pixelSize: symbol("pango_layout_get_pixel_size"),
            unknownGlyphs: symbol("pango_layout_get_unknown_glyphs_count"),
            layoutContext: symbol("pango_layout_get_context"), contextChanged: symbol("pango_layout_context_changed"),
            languageFromString: symbol("pango_language_from_string"), setLanguage: symbol("pango_context_set_language"),
            fontFromString: symbol("pango_font_description_from_string"),
            setAbsoluteSize: symbol("pango_font_description_set_absolute_size"),
            fontFree: symbol("pango_font_description_free"), unref: symbol("g_object_unref"))
        guard missing.isEmpty else { return .failure(.librariesLack(missing)) }
        return .success(value)
    }
}
