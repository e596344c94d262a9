import Foundation
import Testing

extension Integration {
    /// `Sources/CPangoCairo/shim.h` declares the calls citefeed makes to Cairo and Pango without
    /// their headers (they are loaded only when a picture is made). This compiles it against the real
    /// headers of Debian's libcairo2-dev and libpango1.0-dev and checks that each pointer type
    /// `PangoCairo` loads a call into is exactly the type of that call.
    @Suite struct PangoCairoShimTests {
        static let cc = findProgram("cc") ?? findProgram("gcc")
        static let pkgConfig = findProgram("pkg-config")

        /// (call, type) for every `symbol("call")` of `PangoCairo.swift`, from its source.
        static func calls() throws -> [(call: String, type: String)] {
            let source = try String(
                contentsOf: packageRoot.appendingPathComponent("Sources/CiteFeedPicture/PangoCairo.swift"), encoding: .utf8)
            var types: [String: String] = [:]
            for match in source.matches(of: /let (\w+): (citefeed_\w+)/) { types[String(match.1)] = String(match.2) }
            return try source.matches(of: /(\w+): symbol\("(\w+)"\)/).map { match in
                (String(match.2), try #require(types[String(match.1)], "no type for \(match.1)"))
            }
        }

        @Test func everyCallIsLoadedWithTypeItHas() throws {
            let calls = try Self.calls()
            #expect(calls.count >= 45, "\(calls.count) calls found in PangoCairo.swift")
            #expect(Set(calls.map(\.call)).count == calls.count, "a call loaded twice")
        }

        @Test(.requires(cc != nil && pkgConfig != nil, "needs cc and pkg-config (scripts/setup-debian --test)"))
        func shimMatchesTheRealHeaders() throws {
            let cc = try #require(Self.cc), pkgConfig = try #require(Self.pkgConfig)
            let flags = try Sandbox.execute(
                pkgConfig, ["--cflags", "pangocairo", "cairo-svg", "gobject-2.0"], stdin: Data(),
                environment: ProcessInfo.processInfo.environment)
            #expect(flags.status == 0, "libpango1.0-dev and libcairo2-dev (scripts/setup-debian --test): \(flags)")
            let checks = try Self.calls().map { "SAME(\($0.call), \($0.type))" }.joined(separator: "\n")
            let program = """
                #include <cairo.h>
                #include <cairo-svg.h>
                #include <pango/pangocairo.h>
                #include <glib-object.h>
                #define CITEFEED_SHIM_CHECK 1
                #include "shim.h"
                #define SAME(call, type) _Static_assert(__builtin_types_compatible_p(__typeof__(&call), type), #call " is not " #type);
                \(checks)
                _Static_assert(sizeof(cairo_status_t) == sizeof(int) && sizeof(cairo_format_t) == sizeof(int), "cairo's enums are ints");
                _Static_assert(sizeof(PangoWrapMode) == sizeof(int) && sizeof(PangoAlignment) == sizeof(int), "Pango's enums are ints");
                _Static_assert(sizeof(cairo_svg_unit_t) == sizeof(int), "cairo's enums are ints");
                _Static_assert(CAIRO_FORMAT_RGB24 == 1 && CAIRO_FORMAT_A8 == 2 && CAIRO_SVG_UNIT_PX == 3, "Canvas's constants");
                _Static_assert(PANGO_SCALE == 1024 && PANGO_WRAP_WORD_CHAR == 2 && PANGO_ALIGN_CENTER == 1, "TextLayout's constants");
                _Static_assert(CAIRO_STATUS_READ_ERROR == 10 && CAIRO_STATUS_NO_MEMORY == 1, "the statuses ByteSource and BackgroundImage give");
                int main(void) { return 0; }
                """
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shim-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("check.c")
            try program.write(to: file, atomically: true, encoding: .utf8)
            let arguments =
                ["-fsyntax-only", "-Wall", "-Werror", "-I", packageRoot.appendingPathComponent("Sources/CPangoCairo").path]
                + flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init) + [file.path]
            let compiled = try Sandbox.execute(cc, arguments, stdin: Data(), environment: ProcessInfo.processInfo.environment)
            #expect(compiled.status == 0, "\(compiled)")
        }
    }
}
