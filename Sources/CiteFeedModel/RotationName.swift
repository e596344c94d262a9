import CiteFeedSupport

/// The name of a rotation: it names a directory of outputs and a section of
/// `settings.json`, so it is kept to what is safe in both: 1 to 32 ASCII letters, digits, `-`
/// and `_`, starting with a letter or a digit. The unnamed default rotation is "".
package enum RotationName {
    package static func validate(_ name: String) throws(SettingValueError) {
        let bytes = Array(name.utf8)
        guard (1...32).contains(bytes.count) else {
            throw SettingValueError(reason: "a rotation name has 1 to 32 characters")
        }
        func isAlphanumeric(_ b: UInt8) -> Bool {
            (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b)
        }
        guard isAlphanumeric(bytes[0]), bytes.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        else {
            throw SettingValueError(reason: "a rotation name is made of letters, digits, - and _, and starts with a letter or a digit")
        }
    }
}
