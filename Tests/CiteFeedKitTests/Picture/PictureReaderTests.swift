import Foundation
import Testing

@testable import CiteFeedModel
@testable import CiteFeedPicture

extension Integration {
    /// Pictures read back by the programs that read pictures: tesseract's OCR of every preset and
    /// theme (at least 90% of the citation's words), ImageMagick's identify (sizes, gray levels),
    /// xmllint and rsvg-convert for SVG.
    @Suite(.needsPangoCairo, .requires(findProgram("tesseract") != nil && PixelImage.available, "needs tesseract and ImageMagick"))
    struct PictureReaderTests {
        static let content = CardContent(
            text: "The best way out is always through, said the poet, and the road goes ever on and on.",
            attribution: "— Robert Frost, A Servant to Servants", tags: [CiteFeedModel.Tag(name: "poetry", color: "indigo")],
            favourite: true)

        /// The words tesseract reads in a picture (lower case, letters only).
        static func ocrWords(_ png: URL, language: String = "eng") throws -> [String] {
            let tesseract = try #require(findProgram("tesseract"))
            let result = try Sandbox.execute(
                tesseract, [png.path, "stdout", "-l", language, "--psm", "3", "quiet"], stdin: Data(),
                environment: ["PATH": "/usr/bin:/bin", "OMP_THREAD_LIMIT": "1"])
            try #require(result.status == 0, "\(result)")
            return words(result.stdout)
        }

        static func words(_ text: String) -> [String] {
            text.lowercased().split { !$0.isLetter }.map(String.init)
        }

        /// The share of `expected`'s words found among `read`.
        static func share(of expected: [String], in read: [String]) -> Double {
            var left = read
            var found = 0
            for word in expected {
                if let at = left.firstIndex(of: word) {
                    left.remove(at: at)
                    found += 1
                }
            }
            return Double(found) / Double(max(expected.count, 1))
        }

        static func identify(_ url: URL) throws -> String {
            let identify = try #require(findProgram("identify"))
            let result = try Sandbox.execute(
                identify, ["-format", "%w %h %[type] %z %k", url.path], stdin: Data(), environment: ["PATH": "/usr/bin:/bin"])
            try #require(result.status == 0, "\(result)")
            return result.stdout
        }

        /// The distinct colours of a picture, as ImageMagick counts them.
        static func grays(_ url: URL) throws -> Set<String> {
            let convert = try #require(PixelImage.convert)
            let result = try Sandbox.execute(
                convert, [url.path, "-format", "%c", "histogram:info:-"], stdin: Data(), environment: ["PATH": "/usr/bin:/bin"])
            return Set(
                result.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first { $0.hasPrefix("#") }.map(String.init) })
        }

        @Test(arguments: PicturePreset.all.map(\.name))
        func everyPresetReadsBack(preset name: String) throws {
            let preset = try #require(PicturePreset.named(name))
            let size = preset.size ?? PicturePreset.fallbackScreen
            let picture = try PictureRenderer.render(Self.content, PictureRequest(size: size, eInk: preset.isEReader))
            let url = try PictureFiles.write(picture.bytes, "picture-\(name).png")
            let expected = Self.words(Self.content.text + " " + Self.content.attribution!)
            let read = try Self.ocrWords(url)
            #expect(Self.share(of: expected, in: read) >= 0.9, "\(name): \(read)")
            let identified = try Self.identify(url)
            if preset.isEReader {
                #expect(identified.hasPrefix("\(size.width) \(size.height) Grayscale 8 "), "\(name): \(identified)")
                let levels = try Self.grays(url)
                let sixteen = Set(stride(from: 0, through: 255, by: 17).map { String(format: "#%02X%02X%02X", $0, $0, $0) })
                #expect(levels.isSubset(of: sixteen) && levels.count > 2, "\(name): \(levels.sorted())")
            } else {
                #expect(identified.hasPrefix("\(size.width) \(size.height) TrueColor 8 "), "\(name): \(identified)")
            }
        }

        @Test(arguments: PictureTheme.allCases)
        func everyThemeReadsBack(theme: PictureTheme) throws {
            let size = PicturePreset.fallbackScreen
            let picture = try PictureRenderer.render(Self.content, PictureRequest(size: size, theme: theme))
            let url = try PictureFiles.write(picture.bytes, "picture-theme-\(theme).png")
            let expected = Self.words(Self.content.text + " " + Self.content.attribution!)
            let read = try Self.ocrWords(url)
            #expect(Self.share(of: expected, in: read) >= 0.9, "\(theme): \(read)")
        }

        @Test func overABusyBackgroundItReadsBack() throws {
            var request = PictureRequest(size: PicturePreset.fallbackScreen, theme: .dark)
            request.background = try PictureFiles.busyBackground("plasma")
            let url = try PictureFiles.write(try PictureRenderer.render(Self.content, request).bytes, "picture-background.png")
            let read = try Self.ocrWords(url)
            #expect(Self.share(of: Self.words(Self.content.text), in: read) >= 0.9, "\(read)")
        }

        /// Chinese and Japanese, read with tesseract's data for them (tesseract-ocr-chi-sim, -jpn).
        @Test(arguments: [("chi_sim", "我们一起去学校读书，老师说今天天气很好，大家都很高兴。"), ("jpn", "今日は良い天気ですね。明日も学校に行きます。")])
        func chineseAndJapaneseReadBack(language: String, text: String) throws {
            let tesseract = try #require(findProgram("tesseract"))
            let languages = try Sandbox.execute(tesseract, ["--list-langs"], stdin: Data(), environment: ["PATH": "/usr/bin:/bin"])
            try #require(
                languages.stdout.contains(language), "tesseract-ocr-\(language == "jpn" ? "jpn" : "chi-sim") (scripts/setup-debian --test)")
            let picture = try PictureRenderer.render(CardContent(text: text), PictureRequest(size: PictureSize(width: 1280, height: 720)))
            let url = try PictureFiles.write(picture.bytes, "picture-\(language).png")
            let result = try Sandbox.execute(
                tesseract, [url.path, "stdout", "-l", language, "--psm", "6", "quiet"], stdin: Data(),
                environment: ["PATH": "/usr/bin:/bin", "OMP_THREAD_LIMIT": "1"])
            let read = Array(result.stdout.filter { !$0.isWhitespace && !$0.isPunctuation })
            let share = Self.share(of: text.filter { !$0.isPunctuation }.map(String.init), in: read.map(String.init))
            #expect(share >= 0.9, "\(language): \(result.stdout)")
        }

        /// The README's gallery (scripts/screenshots keeps them in doc/images), each read back.
        @Test func theReadmesGallery() throws {
            let seneca = CardContent(
                text: "We suffer more often in imagination than in reality.", attribution: "— Seneca, Letters from a Stoic, XIII",
                tags: [CiteFeedModel.Tag(name: "courage", color: "red"), CiteFeedModel.Tag(name: "stoic", color: "indigo")], favourite: true
            )
            let wilde = CardContent(
                text: "To love oneself is the beginning of a lifelong romance.", attribution: "— Oscar Wilde, An Ideal Husband",
                tags: [CiteFeedModel.Tag(name: "hope", color: "teal"), CiteFeedModel.Tag(name: "humour", color: "yellow")])
            // A smooth image, small enough for the repository once drawn at 1280×720.
            var background = PictureRequest(size: PictureSize(width: 1280, height: 720), theme: .dark)
            background.background = try PictureFiles.busyBackground("plasma", size: "320x180", smooth: true)
            let pictures: [(String, CardContent, PictureRequest)] = [
                ("picture-wallpaper.png", wilde, PictureRequest(size: PicturePreset.fallbackScreen)),
                ("picture-background.png", seneca, background),
                ("picture-theme-tag.png", wilde, PictureRequest(size: PictureSize(width: 1080, height: 1080), theme: .tag)),
                ("picture-kobo-clara.png", seneca, PictureRequest(size: PictureSize(width: 1072, height: 1448), eInk: true)),
            ]
            for (name, content, request) in pictures {
                let url = try PictureFiles.write(try PictureRenderer.render(content, request).bytes, name, keep: true)
                let read = try Self.ocrWords(url)
                #expect(Self.share(of: Self.words(content.text + " " + content.attribution!), in: read) >= 0.9, "\(name): \(read)")
            }
        }

        @Test(
            .requires(findProgram("xmllint") != nil && findProgram("rsvg-convert") != nil, "needs xmllint and rsvg-convert (librsvg2-bin)"))
        func svgIsValidAndDrawsTheSameCard() throws {
            let size = PictureSize(width: 1080, height: 1080)
            let picture = try PictureRenderer.render(Self.content, PictureRequest(size: size, theme: .sepia, format: .svg))
            let svg = try PictureFiles.write(picture.bytes, "picture.svg")
            let xmllint = try #require(findProgram("xmllint"))
            let checked = try Sandbox.execute(xmllint, ["--noout", "--nonet", svg.path], stdin: Data(), environment: [:])
            #expect(checked.status == 0 && checked.stderr.isEmpty, "\(checked)")
            let rsvg = try #require(findProgram("rsvg-convert"))
            let png = svg.deletingPathExtension().appendingPathExtension("png")
            let rendered = try Sandbox.execute(rsvg, [svg.path, "-o", png.path], stdin: Data(), environment: ["PATH": "/usr/bin:/bin"])
            try #require(rendered.status == 0, "\(rendered)")
            #expect(try Self.identify(png).hasPrefix("1080 1080 "))
            let read = try Self.ocrWords(png)
            #expect(Self.share(of: Self.words(Self.content.text + " " + Self.content.attribution!), in: read) >= 0.9, "\(read)")
        }
    }
}
