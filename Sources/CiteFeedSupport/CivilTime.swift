/// A broken-down calendar date and time, without a zone.
package struct CivilTime: Equatable {
    package var year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64
    /// 0 = Sunday.
    package var weekday: Int64

    package init(utc seconds: Int64) {
        let days = seconds.floorDivided(by: 86400)
        let rest = seconds - days * 86400
        (year, month, day) = CivilTime.civilFromDays(days)
        hour = rest / 3600
        minute = rest % 3600 / 60
        second = rest % 60
        weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday.
    }

    /// Local time and its offset from UTC in seconds, as the C library sees `TZ`.
    package static func local(_ seconds: Int64) -> (CivilTime, Int64) {
        var t = time_t(seconds)
        var tm = tm()
        localtime_r(&t, &tm)
        let offset = Int64(tm.tm_gmtoff)
        return (CivilTime(utc: seconds + offset), offset)
    }

    var dateString: String { pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) }
    var dateTimeString: String { dateString + "T" + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2) }

    static func isLeap(_ y: Int64) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's algorithm).
    package static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    static func civilFromDays(_ z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? yoe + era * 400 + 1 : yoe + era * 400, m, d)
    }
}
