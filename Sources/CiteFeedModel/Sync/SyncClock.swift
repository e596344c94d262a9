import CiteFeedSupport

/// A hybrid logical clock reading (ARCHITECTURE.md, "Sync"): milliseconds of a wall clock, a
/// counter within the millisecond, and the machine that made it. Clocks compare in that order,
/// so two machines' clocks are never equal and every register of the merge has one winner.
package struct SyncClock: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var milliseconds: Int64
    package var counter: Int64
    package var machine: String

    package init(milliseconds: Int64, counter: Int64 = 0, machine: String) {
        self.milliseconds = milliseconds
        self.counter = counter
        self.machine = machine
    }

    package static func < (a: SyncClock, b: SyncClock) -> Bool {
        (a.milliseconds, a.counter, a.machine) < (b.milliseconds, b.counter, b.machine)
    }

    /// The clock's wall time, to the second.
    package var time: Timestamp { Timestamp(seconds: milliseconds.floorDivided(by: 1000)) }

    /// 9999-12-31T23:59:59.999Z.
    package static let maximumMilliseconds: Int64 = 253_402_300_799_999
    package static let maximumCounter: Int64 = 999_999_999

    /// Text that sorts as clocks compare (numbers padded to their 15 digits).
    package var sortKey: String {
        func padded(_ n: Int64) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, 15 - digits.count)) + digits
        }
        return "\(padded(milliseconds)).\(padded(counter)).\(machine)"
    }

    /// `MS-N-MACHINE`, as written in a change line.
    package var description: String { "\(milliseconds)-\(counter)-\(machine)" }

    /// Reads `MS-N-MACHINE`; `nil` for anything else (a negative or oversized number, a machine
    /// id that is not a machine id). In one pass over the bytes: a joining machine reads one
    /// clock per line, 120,000 of them.
    package init?(_ text: String) {
        let utf8 = text.utf8
        var i = utf8.startIndex
        /// A decimal of at most 15 digits, no sign, no leading zero, then a "-".
        func number() -> Int64? {
            var n: Int64 = 0
            var digits = 0
            var leadingZero = false
            while i != utf8.endIndex, case let b = utf8[i], b >= 48, b <= 57 {
                if digits == 0 { leadingZero = b == 48 }
                digits += 1
                guard digits <= 15 else { return nil }
                n = n * 10 + Int64(b - 48)
                i = utf8.index(after: i)
            }
            guard digits > 0, !(leadingZero && digits > 1), i != utf8.endIndex, utf8[i] == UInt8(ascii: "-") else { return nil }
            i = utf8.index(after: i)
            return n
        }
        // Within what a clock can be: the end of the year 9999, and a counter that its successors
        // keep within 15 digits however many a machine makes in one millisecond.
        guard let ms = number(), ms <= SyncClock.maximumMilliseconds, let n = number(), n <= SyncClock.maximumCounter else { return nil }
        let machine = String(text[i...])
        guard MachineID.isValid(machine) else { return nil }
        self.init(milliseconds: ms, counter: n, machine: machine)
    }

    /// The clock just after this one on `machine`: greater than this one whatever the machine.
    /// A counter at its limit rolls over into the next millisecond, so that no clock this
    /// writes is one another machine would not read.
    package func successor(on machine: String) -> SyncClock {
        counter >= SyncClock.maximumCounter
            ? SyncClock(milliseconds: milliseconds + 1, counter: 0, machine: machine)
            : SyncClock(milliseconds: milliseconds, counter: counter + 1, machine: machine)
    }
}
