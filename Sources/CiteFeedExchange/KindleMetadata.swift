import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// The second line of a Kindle clipping, in every language and firmware generation Kindle
/// wrote it:
///
///     - Your Highlight on page 11 | location 270-272 | Added on Wednesday, 27 January 2021 20:32:44
///     - Highlight Loc. 242-43  | Added on Monday, 3 December 12 19:00:12 Greenwich Mean Time
///     - Deine Markierung auf Seite 27 | bei Position 442-442 | Hinzugefügt am Montag, 13. November 2023 23:30:15
///     - 您在第 4 页（位置 #25-25）的标注 | 添加于 2024年8月9日星期五 下午2:48:58
///
/// It is read by structure: segments between `|`; the one with a time is the date; numbers
/// (and ranges) in the others are a page or a location, told apart by the word before (or,
/// in Chinese and Japanese, after) them; the kind of clipping is found by a word of one of
/// the tables below, and a clipping of an unknown kind is a highlight when it has text.
struct KindleMetadata: Equatable {
    enum Kind: Equatable {
        case highlight, note, bookmark, clip
    }

    var kind: Kind?
    var page: ClosedRange<Int>?
    var location: ClosedRange<Int>?
    var added: Timestamp?

    /// Words that name the kind, lower-cased, in the languages of Kindle's interface (en, de,
    /// fr, es, it, pt, nl, ru, ja, zh in simplified and traditional script). Bookmarks are
    /// looked for first (Spanish and Portuguese `marcador` is not a highlight).
    static let kinds: [(Kind, [String])] = [
        (.bookmark, ["bookmark", "lesezeichen", "signet", "marcador", "segnalibro", "bladwijzer", "закладк", "ブックマーク", "书签", "書籤"]),
        (.note, ["note", "notiz", "nota", "notitie", "заметк", "メモ", "笔记", "筆記", "附註", "备注"]),
        (.clip, ["clip", "clipping", "coupure", "recorte", "ritaglio", "knipsel", "вырезк", "クリップ", "剪贴", "剪貼"]),
        (
            .highlight,
            [
                "highlight", "underline", "markierung", "surlignement", "subrayado", "evidenziazione", "destaque", "markering", "выделен",
                "ハイライト",
                "标注", "標註", "标记", "畫線", "划线", "劃線",
            ]
        ),
    ]

    static let pageWords = ["page", "seite", "página", "pagina", "pág", "blz", "странице", "страница", "стр", "第", "ページ"]
    /// Page words written after the number (`12ページ`, `第 4 页`).
    static let pageWordsAfter = ["ページ", "页", "頁"]
    static let locationWords = [
        "location", "loc", "position", "posición", "posicion", "posizione", "posição", "emplacement", "locatie", "positie",
        "pos", "месте", "место", "позиц", "位置",
    ]

    /// Month names (and their genitive forms, as Russian dates write them).
    static let months: [String: Int] = {
        let lists = [
            ImportDates.englishMonths.joined(separator: " "),
            "januar februar märz april mai juni juli august september oktober november dezember",
            "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
            "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
            "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
            "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
            "januari februari maart april mei juni juli augustus september oktober november december",
            "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
            "январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь",
            "jan feb mar apr may jun jul aug sep oct nov dec",
        ]
        var months: [String: Int] = ["setiembre": 9, "sept": 9, "janv": 1, "févr": 2, "avr": 4, "juil": 7, "déc": 12]
        for list in lists {
            for (i, name) in list.split(separator: " ").enumerated() where months[String(name)] == nil { months[String(name)] = i + 1 }
        }
        return months
    }()

    init(kind: Kind? = nil, page: ClosedRange<Int>? = nil, location: ClosedRange<Int>? = nil, added: Timestamp? = nil) {
        self.kind = kind
        self.page = page
        self.location = location
        self.added = added
    }

    /// Reads the line; `nil` when it is not a clipping's metadata (it does not start with a
    /// dash, or has neither a date nor a number).
    init?(_ line: String, dates: DateCache = DateCache()) {
        var line = line
        guard let meta = line.withUTF8({ KindleMetadata.read(Bytes(line: $0), dates: dates) }) else { return nil }
        self = meta
    }

    private static func read(_ line: Bytes, dates: DateCache) -> KindleMetadata? {
        var start = 0
        let end = line.bytes.count
        while start < end, case let n = line.whitespace(at: start, before: end), n > 0 { start += n }
        let dash: Int
        if start < end && line[start] == 0x2D {
            dash = 1
        } else if line.has(enDash, at: start, before: end) || line.has(emDash, at: start, before: end) {
            dash = 3
        } else {
            return nil
        }
        let body = start + dash..<end
        var segments: [Range<Int>] = []
        var from = body.lowerBound
        for i in body where line[i] == 0x7C {  // `|`
            segments.append(from..<i)
            from = i + 1
        }
        segments.append(from..<end)
        var meta = KindleMetadata()
        if let i = segments.lastIndex(where: { time(in: line, $0) != nil }) {
            meta.added = date(line, segments[i], cache: dates)
            segments.remove(at: i)
        }
        let ascii = !line.bytes[body].contains(where: { $0 >= 0x80 })
        meta.kind = kindWords.first(where: { kind in (ascii ? kind.ascii : kind.all).contains { line.contains($0, in: body) } })?.kind
        for segment in segments { meta.read(numbersIn: segment, of: line) }
        if meta.added == nil && meta.page == nil && meta.location == nil { return nil }
        return meta
    }

    private static let enDash = Array("–".utf8), emDash = Array("—".utf8)
    private static let kindWords = kinds.map { kind, words in
        (kind: kind, ascii: words.filter { $0.allSatisfy(\.isASCII) }.map { Array($0.utf8) }, all: words.map { Array($0.utf8) })
    }

    /// Takes each number or range in `segment` as a page or a location.
    private mutating func read(numbersIn segment: Range<Int>, of line: Bytes) {
        let end = segment.upperBound
        var i = segment.lowerBound
        var before = i
        while i < end {
            guard let first = line.digit(at: i, before: end) else {
                i += 1
                continue
            }
            let numberStart = i
            var start = first.value
            i += first.length
            // A number past Int (a damaged line) stays at its largest instead of overflowing.
            while let d = line.digit(at: i, before: end) {
                start = start > (Int.max - d.value) / 10 ? Int.max : start * 10 + d.value
                i += d.length
            }
            var last = start
            // `1300-1301`, `805–806`, and Dutch `1300 t/m 1301`.
            var endDigits: Int?
            for joiner in KindleMetadata.rangeJoiners where line.has(joiner, at: i, before: end) {
                if line.digit(at: i + joiner.count, before: end) != nil { endDigits = i + joiner.count }
                break
            }
            if let at = endDigits {
                i = at
                var written = ""
                while let d = line.digit(at: i, before: end) {
                    written += String(d.value)
                    i += d.length
                }
                last = KindleMetadata.rangeEnd(start: start, written: written)
            }
            let range = start...max(start, last)
            let words = KindleMetadata.wordsBefore(line, before..<numberStart)
            let isLocation = KindleMetadata.locationBytes.contains { line.ends(words, with: $0) }
            let isPage =
                !isLocation
                && (KindleMetadata.pageBytes.contains { line.ends(words, with: $0) }
                    || KindleMetadata.pageWordAfter(line, at: i, before: end))
            if isPage { page = page ?? range } else if isLocation || location == nil { location = range }
            before = i
        }
    }

    /// Whether a page word written after the number (`12ページ`, `第 4 页`) starts within the
    /// four characters from `i`, after white space.
    private static func pageWordAfter(_ line: Bytes, at i: Int, before end: Int) -> Bool {
        var windowEnd = i
        var characters = 0
        while windowEnd < end && (characters < 4 || line[windowEnd] & 0xC0 == 0x80) {
            if line[windowEnd] & 0xC0 != 0x80 { characters += 1 }
            windowEnd += 1
        }
        var at = i
        while at < windowEnd, case let n = line.whitespace(at: at, before: windowEnd), n > 0 { at += n }
        return pageAfterBytes.contains { line.has($0, at: at, before: windowEnd) }
    }

    /// Where the words before a number end without the characters that join them to it
    /// (`Loc. `, `位置 #`, `位置No. `, `bei Position `): they are compared with the tables' words.
    static func wordsBefore(_ line: Bytes, _ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while let joiner = joiners.first(where: { line.ends(range.lowerBound..<end, with: $0) }) { end -= joiner.count }
        if line.ends(range.lowerBound..<end, with: locationNumber) { end -= 2 }
        return range.lowerBound..<end
    }

    static let locationBytes = locationWords.map { Array($0.utf8) }
    static let pageBytes = pageWords.map { Array($0.utf8) }
    private static let pageAfterBytes = pageWordsAfter.map { Array($0.utf8) }
    private static let joiners = [" ", "#", ".", ":", "\u{A0}", "(", "（"].map { Array($0.utf8) }
    private static let locationNumber = Array("位置no".utf8)
    /// What joins a range's ends: `-`, `–`, `—`, Dutch ` t/m `.
    private static let rangeJoiners = ["-", "–", "—", " t/m "].map { Array($0.utf8) }

    /// Old firmware abbreviates a range's end: `242-43` is 242–243, `7203-4` is 7203–7204.
    static func rangeEnd(start: Int, written: String) -> Int {
        guard let end = Int(written) else { return start }
        let full = String(start)
        if end < start && written.count < full.count, let whole = Int(full.dropLast(written.count) + written), whole >= start {
            return whole
        }
        return end
    }

    /// The time in a segment (`19:00:12`, `9:25`), as hours, minutes, seconds, and where it is.
    /// The first `H:MM`, `HH:MM` or `HH:MM:SS` (`22H46` on old Spanish firmware), found by hand:
    /// the regular expression it was took a third of a millisecond a line (200k clippings: a minute).
    static func time(in line: Bytes, _ segment: Range<Int>) -> (Int, Int, Int, Range<Int>)? {
        let end = segment.upperBound
        func separator(_ i: Int) -> Bool { i < end && (line[i] == 0x3A || line[i] == 0x68 || line[i] == 0x48) }  // `:`, `h`, `H`
        var start = segment.lowerBound
        while start < end {
            guard let first = line.digit(at: start, before: end) else {
                start += 1
                continue
            }
            // Two digits for the hour where they are followed by the rest, else one.
            for twoDigits in [true, false] {
                var hour = first.value
                var colon = start + first.length
                if twoDigits {
                    guard let second = line.digit(at: colon, before: end) else { continue }
                    hour = hour * 10 + second.value
                    colon += second.length
                }
                guard separator(colon), let m1 = line.digit(at: colon + 1, before: end),
                    let m2 = line.digit(at: colon + 1 + m1.length, before: end)
                else { continue }
                var after = colon + 1 + m1.length + m2.length
                var seconds = 0
                if after < end, line[after] == 0x3A, let s1 = line.digit(at: after + 1, before: end),
                    let s2 = line.digit(at: after + 1 + s1.length, before: end)
                {
                    seconds = s1.value * 10 + s2.value
                    after += 1 + s1.length + s2.length
                }
                return (hour, m1.value * 10 + m2.value, seconds, start..<after)
            }
            start += 1
        }
        return nil
    }

    /// The moment a date segment names: day, month (a name, or a number in `2021年8月15日`),
    /// year (two digits on old firmware), time with AM/PM markers; local time unless it says GMT.
    static func date(_ line: Bytes, _ segment: Range<Int>, cache: DateCache = DateCache()) -> Timestamp? {
        guard let (clockHour, minute, second, timeRange) = time(in: line, segment) else { return nil }
        let afterTime = line.text(timeRange.upperBound..<segment.upperBound)
        let rest = line.text(segment.lowerBound..<timeRange.lowerBound) + " " + afterTime
        // Everything but the time comes from `rest`, which a reader's clippings of one day share.
        let day: DateCache.Day?
        if let known = cache.days[rest] {
            day = known
        } else {
            day = Self.day(rest, after: afterTime)
            if cache.days.count < 10_000 { cache.days[rest] = day }
        }
        guard let day else { return nil }
        var hour = clockHour
        if day.pm && hour < 12 { hour += 12 } else if day.am && hour == 12 { hour = 0 }
        // A date no Kindle wrote (a year of 19 digits) is no date, not an overflow.
        guard (1...9999).contains(day.year), (1...12).contains(day.month), (1...31).contains(day.day), hour < 24, minute < 60 else {
            return nil
        }
        if let offset = day.utcOffset {
            let days = CivilTime.daysFromCivil(year: Int64(day.year), month: Int64(day.month), day: Int64(day.day))
            return Timestamp(seconds: days * 86400 + Int64(hour * 3600 + minute * 60 + min(second, 59)) - offset)
        }
        // Local time: the zone's offset of that hour, once read with mktime (which looks at the
        // zone's file each time: a fifth of an import), is checked with localtime_r and reused.
        let key = ((day.year * 100 + day.month) * 100 + day.day) * 100 + hour
        let civil =
            CivilTime.daysFromCivil(year: Int64(day.year), month: Int64(day.month), day: Int64(day.day)) * 86400
            + Int64(hour * 3600 + minute * 60 + min(second, 59))
        if let offset = cache.offsets[key] {
            var t = time_t(civil - offset)
            var fields = tm()
            if localtime_r(&t, &fields) != nil, Int(fields.tm_year) + 1900 == day.year, Int(fields.tm_mon) + 1 == day.month,
                Int(fields.tm_mday) == day.day, Int(fields.tm_hour) == hour, Int(fields.tm_min) == minute
            {
                return Timestamp(seconds: civil - offset)
            }
        }
        let local = Timestamp.local(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute, second: second)
        if let local, cache.offsets.count < 100_000 { cache.offsets[key] = civil - local.seconds }
        return local
    }

    /// The dates already read in one file, by their text without the time.
    final class DateCache {
        struct Day {
            var year: Int, month: Int, day: Int
            var pm: Bool, am: Bool
            /// Seconds east of UTC when the date says GMT or UTC; `nil`: local time.
            var utcOffset: Int64?
        }
        var days: [String: Day?] = [:]
        /// The local zone's offset from UTC by hour (`yyyymmddhh`), in seconds.
        var offsets: [Int: Int64] = [:]
        init() {}
    }

    /// The day, month, year, AM or PM and zone of a date segment without its time (`rest`);
    /// `after`: what followed the time.
    private static func day(_ segment: String, after afterTime: String) -> DateCache.Day? {
        // `GMT+01:00`, `GMT+0100`, `UTC-5`: the offset is read first and taken out, so that its
        // digits are not read as a day or a year.
        var rest = segment
        var offset: Int64?
        if let m = segment.firstMatch(of: #/(?:gmt|utc)\s*([+-])(\d{1,4})(?::(\d{2}))?/#) {
            let digits = m.2
            let (h, mi) =
                digits.count > 2 ? (Int64(digits.dropLast(2))!, Int64(digits.suffix(2))!) : (Int64(digits)!, m.3.flatMap { Int64($0) } ?? 0)
            guard h <= 14, mi < 60, m.3 == nil || digits.count <= 2 else { return nil }
            offset = (h * 3600 + mi * 60) * (m.1 == "-" ? -1 : 1)
            rest = String(segment[..<m.range.lowerBound]) + " gmt " + String(segment[m.range.upperBound...])
        }
        // AM and PM right after the time (German `am` before it means "on"); the Chinese and
        // Japanese markers before it.
        let after = afterTime.filter { $0 != " " && $0 != "." }
        let pm = after.hasPrefix("pm") || ["下午", "午後", "晚上"].contains(where: rest.containsBytes)
        let am = after.hasPrefix("am") || ["上午", "午前", "早上"].contains(where: rest.containsBytes)
        var numbers: [Substring] = []
        var month: Int?
        for token in rest.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
            if token.allSatisfy(\.isASCII), token.allSatisfy(\.isNumber) {
                numbers.append(token)
            } else if month == nil, let m = months[String(token)] {
                month = m
            } else if token.contains(where: { $0.isASCII && $0.isNumber }) {
                // `2021年8月15日`, `添加于2013年…`: the numbers run into the characters around them.
                numbers.append(contentsOf: token.split(whereSeparator: { !$0.isASCII || !$0.isNumber }))
            }
        }
        var day: Int?
        var year: Int?
        if let i = numbers.firstIndex(where: { $0.count == 4 }) {
            year = Int(numbers[i])
            numbers.remove(at: i)
            if month == nil && numbers.count >= 2 && i == 0 {
                month = Int(numbers[0])
                day = Int(numbers[1])
            }
        }
        if day == nil, let first = numbers.first { day = Int(first); numbers.removeFirst() }
        if year == nil, let two = numbers.first(where: { $0.count == 2 }), let y = Int(two) { year = 2000 + y }
        guard let year, let month, let day else { return nil }
        var utcOffset: Int64?
        if ["gmt", "greenwich", "utc"].contains(where: rest.containsBytes) {
            guard (1...12).contains(month), (1...31).contains(day) else { return nil }
            utcOffset = offset ?? 0
        }
        return DateCache.Day(year: year, month: month, day: day, pm: pm, am: am, utcOffset: utcOffset)
    }
}
