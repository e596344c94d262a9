import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// Kindle's clippings in every language and firmware generation. The metadata lines
/// are quoted from real files (see ../shared/corpus/imports-1/SOURCES.md and the comments).
@Suite struct KindleTests {
    typealias Kind = KindleMetadata.Kind

    /// A local time in the tests' time zone (`Sandbox.processZone`, set before the arguments
    /// of the parameterised tests are made), as the importer reads it.
    static func local(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int) -> Timestamp? {
        _ = Sandbox.processZone
        return Timestamp.local(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
    }

    static let lines: [(String, Kind?, ClosedRange<Int>?, ClosedRange<Int>?, Timestamp?)] = [
        (
            "- Your Highlight on page 11 | location 270-272 | Added on Wednesday, 27 January 2021 20:32:44", .highlight, 11...11, 270...272,
            local(2021, 1, 27, 20, 32, 44)
        ),
        (
            "- Your Note on Location 951 | Added on Saturday, October 24, 2020 2:05:52 PM", .note, nil, 951...951,
            local(2020, 10, 24, 14, 5, 52)
        ),
        // A letter whose lower case is longer ("İ" is "i̇") before the time: the time was looked
        // for in the line as written and cut out of it lower-cased, a byte off (no date at all).
        (
            "- Your Note on Location 951 | Added on İstanbul, October 24, 2020 2:05:52 PM", .note, nil, 951...951,
            local(2020, 10, 24, 14, 5, 52)
        ),
        (
            "- Your Bookmark on page 91 | Location 1409 | Added on Saturday, July 11, 2015 7:51:11 PM", .bookmark, 91...91, 1409...1409,
            local(2015, 7, 11, 19, 51, 11)
        ),
        (
            "- Your Highlight Location 181-183 | Added on Monday, January 7, 2013 12:09:10 AM", .highlight, nil, 181...183,
            local(2013, 1, 7, 0, 9, 10)
        ),
        (
            "- Your Underline on page 128 | Location 1639-1639 | Added on Saturday, February 8, 2025 11:08:54 AM", .highlight, 128...128,
            1639...1639, local(2025, 2, 8, 11, 8, 54)
        ),
        (
            "- Clip This Article on page 5 | Location 76 | Added on Tuesday, 3 May 2016 10:47:40", .clip, 5...5, 76...76,
            local(2016, 5, 3, 10, 47, 40)
        ),
        // Old firmware: abbreviated ranges, two-digit years, GMT.
        (
            "- Highlight Loc. 242-43  | Added on Monday, 3 December 12 19:00:12 Greenwich Mean Time", .highlight, nil, 242...243,
            Timestamp(rfc3339: "2012-12-03T19:00:12Z")
        ),
        (
            "- Highlight Loc. 7203-4 | Added on Monday, November 02, 2009, 06:38 PM", .highlight, nil, 7203...7204,
            local(2009, 11, 2, 18, 38, 0)
        ),
        (
            "- Note on Page 11 | Added on Monday, 3 December 12 19:55:21 GMT+01:00", .note, 11...11, nil,
            Timestamp(rfc3339: "2012-12-03T19:55:21+01:00")
        ),
        // The offset's digits are not a year (`0100`) nor a day; one or two digits are hours.
        (
            "- Note on Page 11 | Added on Monday, 3 December 12 19:55:21 GMT+0100", .note, 11...11, nil,
            Timestamp(rfc3339: "2012-12-03T19:55:21+01:00")
        ),
        (
            "- Your Note on Location 951 | Added on Saturday, October 24, 2020 2:05:52 PM UTC-5", .note, nil, 951...951,
            Timestamp(rfc3339: "2020-10-24T14:05:52-05:00")
        ),
        (
            "- Your Note on Location 951 | Added on Saturday, October 24, 2020 2:05:52 PM GMT+5:30", .note, nil, 951...951,
            Timestamp(rfc3339: "2020-10-24T14:05:52+05:30")
        ),
        (
            "- Deine Markierung auf Seite 27 | bei Position 442-442 | Hinzugefügt am Montag, 13. November 2023 23:30:15", .highlight,
            27...27, 442...442, local(2023, 11, 13, 23, 30, 15)
        ),
        (
            "- Ihr Lesezeichen bei Position 1223 | Hinzugefügt am Samstag, 18. September 2019 12:43:35", .bookmark, nil, 1223...1223,
            local(2019, 9, 18, 12, 43, 35)
        ),
        (
            "- Votre surlignement sur la page 14 | emplacement 122-123 | Ajouté le jeudi 3 juillet 2025 14:06:49", .highlight, 14...14,
            122...123, local(2025, 7, 3, 14, 6, 49)
        ),
        (
            "- Votre surlignement à lʼemplacement 228-228 | Ajouté le lundi 7 juillet 2014 17:29:52", .highlight, nil, 228...228,
            local(2014, 7, 7, 17, 29, 52)
        ),
        (
            "- Votre signet Emplacement 795 | Ajouté le lundi 11 février 2013 à 21:58:56", .bookmark, nil, 795...795,
            local(2013, 2, 11, 21, 58, 56)
        ),
        (
            "- La subrayado en la página 112 | posición 1300-1301 | Añadido el jueves, 22 de agosto de 2024 18:10:53", .highlight,
            112...112, 1300...1301, local(2024, 8, 22, 18, 10, 53)
        ),
        (
            "- Mi marcador en la página 2 | Posición 28 | Añadido el viernes 6 de septiembre de 2013, 13:05:02", .bookmark, 2...2, 28...28,
            local(2013, 9, 6, 13, 5, 2)
        ),
        (
            "- Subrayado Pos. 364-65  | Añadido el lunes 31 de julio de 2017 22H46' GMT", .highlight, nil, 364...365,
            Timestamp(rfc3339: "2017-07-31T22:46:00Z")
        ),
        (
            "-  La tua evidenziazione alla posizione 4719-4720 | Aggiunto in data giovedì 29 agosto 2024 22:49:31", .highlight, nil,
            4719...4720, local(2024, 8, 29, 22, 49, 31)
        ),
        (
            "- La mia evidenziazione Posizione 22-22 | Aggiunto il venerdì 6 aprile 12, 00:25:08", .highlight, nil, 22...22,
            local(2012, 4, 6, 0, 25, 8)
        ),
        (
            "- Seu destaque ou posição 108-109 | Adicionado: terça-feira, 1 de dezembro de 2015 16:03:02", .highlight, nil, 108...109,
            local(2015, 12, 1, 16, 3, 2)
        ),
        ("- Sua nota na página 1 | Adicionado: domingo, 31 de julho de 2016 15:31:47", .note, 1...1, nil, local(2016, 7, 31, 15, 31, 47)),
        (
            "- Je highlight op pagina 112 | locatie 1300 t/m 1301 | Toegevoegd op donderdag 22 augustus 2024 18:10:53", .highlight,
            112...112, 1300...1301, local(2024, 8, 22, 18, 10, 53)
        ),
        (
            "- Je bladwijzer op pagina 112 | locatie 1300 | Toegevoegd op donderdag 22 augustus 2024 18:10:53", .bookmark, 112...112,
            1300...1300, local(2024, 8, 22, 18, 10, 53)
        ),
        (
            "– Ваш выделенный отрывок на странице 112 | Место 1300–1301 | Добавлено: четверг, 22 августа 2024 г. в 18:10:53", .highlight,
            112...112, 1300...1301, local(2024, 8, 22, 18, 10, 53)
        ),
        (
            "– Ваша заметка в месте 640 | Добавлено: понедельник, 16 марта 2015 г. в 21:46:06", .note, nil, 640...640,
            local(2015, 3, 16, 21, 46, 6)
        ),
        ("- 112ページ|位置No. 1300-1301のハイライト |作成日: 2024年8月22日木曜日 18:10:53", .highlight, 112...112, 1300...1301, local(2024, 8, 22, 18, 10, 53)),
        (
            "- ハイライト ページ222 | 位置No. 3396-3396 | 追加日： 2013年6月17日 (月曜日) 20:31:09", .highlight, 222...222, 3396...3396,
            local(2013, 6, 17, 20, 31, 9)
        ),
        ("- 您在位置 #3012-3014的标注 | 添加于 2021年8月15日星期日 下午11:41:00", .highlight, nil, 3012...3014, local(2021, 8, 15, 23, 41, 0)),
        ("- 您在位置 #4163 的笔记 | 添加于 2021年8月17日星期二 上午8:58:28", .note, nil, 4163...4163, local(2021, 8, 17, 8, 58, 28)),
        ("- 您在第 22 页（位置 #290-291）的标注 | 添加于 2016年4月4日星期一 上午8:33:27", .highlight, 22...22, 290...291, local(2016, 4, 4, 8, 33, 27)),
        ("- 我的书签 在 第 65 页 | 添加于2013年12月18日星期三 下午04:55:44", .bookmark, 65...65, nil, local(2013, 12, 18, 16, 55, 44)),
    ]

    @Test(arguments: KindleTests.lines)
    func metadataLine(line: String, kind: Kind?, page: ClosedRange<Int>?, location: ClosedRange<Int>?, added: Timestamp?) throws {
        let meta = try #require(KindleMetadata(line))
        #expect(meta.kind == kind)
        #expect(meta.page == page)
        #expect(meta.location == location)
        #expect(added != nil && meta.added == added, "\(meta.added.map { String($0.seconds) } ?? "nil")")
    }

    @Test(arguments: ["Title line", "", "- just a dash", "==========", "Some text | with a pipe"])
    func notMetadata(line: String) {
        #expect(KindleMetadata(line) == nil)
    }

    @Test(
        arguments: [
            ("Meditations (Marcus Aurelius)", "Meditations", "Marcus Aurelius"),
            ("Letters from a Stoic (Seneca, Lucius Annaeus)", "Letters from a Stoic", "Lucius Annaeus Seneca"),
            (
                "The Name of the Wind (Kingkiller Chronicle 1) (Rothfuss, Patrick)", "The Name of the Wind (Kingkiller Chronicle 1)",
                "Patrick Rothfuss"
            ),
            ("A Book (of things) -- Doe, Jane -- Publisher -- 3f2a9c", "A Book (of things)", "Jane Doe"),
            ("Two (Smith, John; Doe, Jane)", "Two", "John Smith, Jane Doe"),
            ("No author here", "No author here", nil),
            ("(Only parentheses)", "(Only parentheses)", nil),
        ] as [(String, String, String?)])
    func bookLine(line: String, book: String, author: String?) {
        #expect(KindleClippings.book(line) == (book, author))
    }

    /// A note goes to the highlight whose range holds it, even when it comes first; an
    /// extended highlight replaces the earlier one; bookmarks and placeholders are counted.
    /// Two books of one title by different authors are two books: neither's highlight extends
    /// the other's, and a note goes to its own book's highlight.
    @Test func booksOfOneTitleByTwoAuthors() {
        let file = """
            Poems (Emily Dickinson)
            - Your Highlight on Location 100-101 | Added on Monday, January 1, 2024 10:01:00 AM

            Hope
            ==========
            Poems (Rainer Maria Rilke)
            - Your Highlight on Location 99-102 | Added on Monday, January 1, 2024 10:05:00 AM

            Hope is the thing we carry
            ==========
            Poems (Emily Dickinson)
            - Your Note on Location 101 | Added on Monday, January 1, 2024 10:06:00 AM

            Dickinson note
            ==========

            """
        let (records, _) = KindleClippings.records(file)
        #expect(records.map(\.text) == ["Hope", "Hope is the thing we carry"])
        #expect(records.map(\.author) == ["Emily Dickinson", "Rainer Maria Rilke"] && records.map(\.back) == ["Dickinson note", nil])
    }

    @Test func notesExtensionsAndSkips() {
        let file = """
            \u{FEFF}Book (Author, An)\r
            - Your Note on Location 12 | Added on Monday, January 7, 2013 5:09:10 PM\r
            \r
            the note\r
            ==========\r
            Book (Author, An)\r
            - Your Highlight Location 10-12 | Added on Monday, January 7, 2013 5:09:00 PM\r
            \r
            short text\r
            ==========\r
            Book (Author, An)\r
            - Your Highlight Location 10-14 | Added on Monday, January 7, 2013 5:10:00 PM\r
            \r
            short text, made longer\r
            ==========\r
            Other (Someone)\r
            - Your Highlight Location 11-12 | Added on Monday, January 7, 2013 5:11:00 PM\r
            \r
            other book\r
            ==========\r
            Book (Author, An)\r
            - Your Bookmark Location 30 | Added on Monday, January 7, 2013 5:12:00 PM\r
            \r
            \r
            ==========\r
            Book (Author, An)\r
            - Your Highlight Location 40-41 | Added on Monday, January 7, 2013 5:13:00 PM\r
            \r
            <You have reached the clipping limit for this item>\r
            ==========\r
            Book (Author, An)\r
            - Your Highlight Location 50-52 | Added on Monday, January 7, 2013 5:13:30 PM\r
            \r
            kept before the limit  <You have reached the clipping limit for this item>\r
            ==========\r
            书 (作者)\r
            - 您在位置 #265-269的标注 | 添加于 2024年8月8日星期四 上午5:53:44\r
            \r
             ‹您已达到本内容的剪贴上限>\r
            ==========\r
            Book (Author, An)\r
            - Your Note on Location 99 | Added on Monday, January 7, 2013 5:14:00 PM\r
            \r
            a note of its own\r
            ==========\r

            """
        #expect(KindleClippings.looksLike(file))
        let (records, skipped) = KindleClippings.records(file)
        #expect(records.map(\.text) == ["short text, made longer", "other book", "kept before the limit", "a note of its own"])
        #expect(records.map(\.back) == ["the note", nil, nil, nil])
        #expect(records.map(\.author) == ["An Author", "Someone", "An Author", "An Author"])
        #expect(records.map(\.source) == ["Book", "Other", "Book", "Book"])
        #expect(records[0].createdAt == KindleTests.local(2013, 1, 7, 17, 10, 0))
        #expect(
            skipped.map(\.0) == ["bookmark", "clipping-limit placeholder", "earlier highlight a later one extends"]
                && skipped.map(\.1) == [1, 2, 1])
    }

    @Test func anEntryThatIsNotAClippingIsInvalid() {
        let (records, _) = KindleClippings.records(
            "Book (A)\n- Your Highlight Location 1-2 | Added on Monday, January 7, 2013 5:09:10 PM\n\nok\n==========\njust some text\n==========\n"
        )
        #expect(records.count == 2)
        #expect(records[1].problem?.hasPrefix("Not a Kindle clipping") == true)
    }
}

/// Damaged and odd clippings found by review: no crash, no split inside a text.
@Suite struct KindleDamageTests {
    func entry(_ kind: String, _ location: String, _ text: String) -> String {
        "Book (Author)\n- Your \(kind) on Location \(location) | Added on Monday, 3 March 2025 10:00:00\n\n\(text)\n==========\n"
    }

    @Test func hugeLocationsDoNotOverflow() {
        let text =
            entry("Highlight", "0-9223372036854775807", "Wide.") + entry("Note", "5", "A note.") + entry("Highlight", "5", "Narrow.")
            + entry("Highlight", "99999999999999999999", "Past Int.")
        let (records, _) = KindleClippings.records(text)
        #expect(records.compactMap(\.text).sorted() == ["Narrow.", "Past Int.", "Wide."], "\(records.map(\.text))")
        #expect(records.first { $0.text == "Narrow." }?.back == "A note.")  // the last that holds it
    }

    @Test func onlyTenEqualsSignsWithSpaceAroundThemSeparate() {
        #expect(KindleClippings.isSeparator("=========="))
        #expect(KindleClippings.isSeparator("  ==========\t\r"))
        #expect(!KindleClippings.isSeparator("= = = = = = = = = ="))
        #expect(!KindleClippings.isSeparator("=====\t====="))
        #expect(!KindleClippings.isSeparator("==========="))
        let (records, skipped) = KindleClippings.records(entry("Highlight", "10-12", "Before\n= = = = = = = = = =\nafter"))
        #expect(records.count == 1 && records[0].text == "Before\n= = = = = = = = = =\nafter" && skipped.isEmpty, "\(records.map(\.text))")
    }
}
