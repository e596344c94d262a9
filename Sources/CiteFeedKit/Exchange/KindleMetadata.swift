/// The second line of a Kindle clipping, in every language and firmware generation Kindle
/// wrote it (issue 11):
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
        (.highlight, [
            "highlight", "underline", "markierung", "surlignement", "subrayado", "evidenziazione", "destaque", "markering", "выделен", "ハイライト",
            "标注", "標註", "标记", "畫線", "划线", "劃線",
        ]),
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
            "january february march april may june july august september october november december",
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
        let trimmed = line.trimmingWhitespace()
        guard let first = trimmed.first, first == "-" || first == "–" || first == "—" else { return nil }
        let body = String(trimmed.dropFirst()).trimmingWhitespace()
        var segments = body.split(separator: "|").map { String($0).trimmingWhitespace() }
        if let i = segments.lastIndex(where: { KindleMetadata.time(in: $0) != nil }) {
            added = KindleMetadata.date(segments[i], cache: dates)
            segments.remove(at: i)
        }
        let lower = body.lowercased()
        kind = KindleMetadata.kinds.first(where: { $0.1.contains(where: lower.containsBytes) })?.0
        for segment in segments { read(numbersIn: segment) }
        if added == nil && page == nil && location == nil { return nil }
    }

    /// Takes each number or range in `segment` as a page or a location.
    private mutating func read(numbersIn segment: String) {
        var scalars = Array(segment.lowercased().unicodeScalars)
        var i = 0
        var before = ""
        while i < scalars.count {
            guard let digit = KindleMetadata.digit(scalars[i]) else {
                before.unicodeScalars.append(scalars[i])
                i += 1
                continue
            }
            var start = digit
            i += 1
            // A number past Int (a damaged line) stays at its largest instead of overflowing.
            while i < scalars.count, let d = KindleMetadata.digit(scalars[i]) {
                start = start > (Int.max - d) / 10 ? Int.max : start * 10 + d
                i += 1
            }
            var end = start
            // `1300-1301`, `805–806`, and Dutch `1300 t/m 1301`.
            let through = KindleMetadata.through
            if i + through.count < scalars.count, Array(scalars[i..<i + through.count]) == through,
                KindleMetadata.digit(scalars[i + through.count]) != nil
            {
                i += through.count - 1
                scalars[i] = "-"
            }
            if i + 1 < scalars.count, "-–—".unicodeScalars.contains(scalars[i]), KindleMetadata.digit(scalars[i + 1]) != nil {
                i += 1
                var endDigits = ""
                while i < scalars.count, let d = KindleMetadata.digit(scalars[i]) { endDigits += String(d); i += 1 }
                end = KindleMetadata.rangeEnd(start: start, written: endDigits)
            }
            let after = String(String.UnicodeScalarView(scalars[i..<min(i + 4, scalars.count)]))
            let range = start...max(start, end)
            let words = KindleMetadata.wordsBefore(before)
            let isLocation = KindleMetadata.locationBytes.contains(where: { words.hasSuffix($0) })
            let isPage =
                !isLocation
                && (KindleMetadata.pageBytes.contains(where: { words.hasSuffix($0) })
                    || KindleMetadata.pageWordsAfter.contains(where: { after.trimmingWhitespace().hasPrefix($0) }))
            if isPage { page = page ?? range } else if isLocation || location == nil { location = range }
            before = ""
        }
    }

    /// The UTF-8 bytes of the words before a number without the characters that join them to it
    /// (`Loc. `, `位置 #`, `位置No. `, `bei Position `), compared by bytes with the tables' words
    /// (as bytes: a comparison of characters for each of 26 words and each number was a third
    /// of reading a clipping).
    static func wordsBefore(_ before: String) -> [UInt8] {
        var text = Substring(before)
        while let last = text.last, KindleMetadata.joiners.contains(last) { text = text.dropLast() }
        if text.hasSuffix("位置no") { text = text.dropLast(2) }
        return Array(text.utf8)
    }

    static let locationBytes = locationWords.map { Array($0.utf8) }
    static let pageBytes = pageWords.map { Array($0.utf8) }

    private static let joiners: Set<Character> = [" ", "#", ".", ":", "\u{A0}", "(", "（"]
    private static let through = Array(" t/m ".unicodeScalars)

    /// Old firmware abbreviates a range's end: `242-43` is 242–243, `7203-4` is 7203–7204.
    static func rangeEnd(start: Int, written: String) -> Int {
        guard let end = Int(written) else { return start }
        let full = String(start)
        if end < start && written.count < full.count, let whole = Int(full.dropLast(written.count) + written), whole >= start {
            return whole
        }
        return end
    }

    static func digit(_ scalar: Unicode.Scalar) -> Int? {
        (0x30...0x39).contains(scalar.value) ? Int(scalar.value - 0x30) : (0xFF10...0xFF19).contains(scalar.value) ? Int(scalar.value - 0xFF10) : nil
    }

    /// The time in a segment (`19:00:12`, `9:25`), as hours, minutes, seconds, and where it is.
    /// The first `H:MM`, `HH:MM` or `HH:MM:SS` (`22H46` on old Spanish firmware), found by hand:
    /// the regular expression it was took a third of a millisecond a line (200k clippings: a minute).
    static func time(in text: String) -> (Int, Int, Int, Range<String.Index>)? {
        let s = Array(text.unicodeScalars)
        func d(_ i: Int) -> Int? { i < s.count ? digit(s[i]) : nil }
        func separator(_ i: Int) -> Bool { i < s.count && (s[i] == ":" || s[i] == "h" || s[i] == "H") }
        var start = 0
        while start < s.count {
            guard let first = d(start) else {
                start += 1
                continue
            }
            // Two digits for the hour where they are followed by the rest, else one.
            for hourDigits in [2, 1] {
                var hour = first
                if hourDigits == 2 {
                    guard let second = d(start + 1) else { continue }
                    hour = first * 10 + second
                }
                let colon = start + hourDigits
                guard separator(colon), let m1 = d(colon + 1), let m2 = d(colon + 2) else { continue }
                var end = colon + 3
                var seconds = 0
                if end < s.count, s[end] == ":", let s1 = d(end + 1), let s2 = d(end + 2) {
                    seconds = s1 * 10 + s2
                    end += 3
                }
                let scalars = text.unicodeScalars
                let from = scalars.index(scalars.startIndex, offsetBy: start), to = scalars.index(from, offsetBy: end - start)
                return (hour, m1 * 10 + m2, seconds, from..<to)
            }
            start += 1
        }
        return nil
    }

    /// The moment a date segment names: day, month (a name, or a number in `2021年8月15日`),
    /// year (two digits on old firmware), time with AM/PM markers; local time unless it says GMT.
    static func date(_ segment: String, cache: DateCache = DateCache()) -> Timestamp? {
        guard let (clockHour, minute, second, timeRange) = time(in: segment) else { return nil }
        let lower = segment.lowercased()
        let rest = String(lower[..<timeRange.lowerBound]) + " " + String(lower[timeRange.upperBound...])
        // Everything but the time comes from `rest`, which a reader's clippings of one day share.
        let day: DateCache.Day?
        if let known = cache.days[rest] {
            day = known
        } else {
            day = Self.day(rest, after: String(lower[timeRange.upperBound...]))
            if cache.days.count < 10_000 { cache.days[rest] = day }
        }
        guard let day else { return nil }
        var hour = clockHour
        if day.pm && hour < 12 { hour += 12 } else if day.am && hour == 12 { hour = 0 }
        if let offset = day.utcOffset {
            guard hour < 24, minute < 60 else { return nil }
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
    private static func day(_ rest: String, after afterTime: String) -> DateCache.Day? {
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
            // `GMT+00:59`: an offset after it.
            utcOffset = 0
            if let m = rest.firstMatch(of: #/(?:gmt|utc)([+-])(\d{1,2}):?(\d{2})/#), let h = Int64(m.2), let mi = Int64(m.3) {
                utcOffset = (h * 3600 + mi * 60) * (m.1 == "-" ? -1 : 1)
            }
        }
        return DateCache.Day(year: year, month: month, day: day, pm: pm, am: am, utcOffset: utcOffset)
    }
}

extension Array where Element == UInt8 {
    func hasSuffix(_ suffix: [UInt8]) -> Bool { count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix) }
}
