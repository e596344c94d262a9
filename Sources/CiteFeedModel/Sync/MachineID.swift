import CiteFeedSupport

/// A machine's id: a lower-case uuid, made once per library.
package enum MachineID {
    package static func isValid(_ text: String) -> Bool {
        let bytes = text.utf8
        guard bytes.count == 36 else { return false }
        for (i, b) in bytes.enumerated() {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                if b != UInt8(ascii: "-") { return false }
            } else if !((48...57).contains(b) || (97...102).contains(b)) {
                return false
            }
        }
        return true
    }
}
