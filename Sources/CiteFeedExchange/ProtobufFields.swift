/// The top-level fields of a Protocol Buffers message, as far as Anki's packages need them: the
/// varint fields (a package's `meta` version, a note type's kind). Length-delimited and fixed
/// fields are stepped over; a message that ends inside a field is `nil`.
struct ProtobufFields {
    /// Each varint field's last value by field number (protobuf: the last one wins).
    private(set) var varints: [Int: UInt64] = [:]

    init?(_ bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        var at = 0
        func varint() -> UInt64? {
            var value: UInt64 = 0, shift: UInt64 = 0
            while at < bytes.count, shift < 64 {
                let byte = bytes[at]
                at += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }
        while at < bytes.count {
            guard let key = varint(), key >> 3 > 0, key >> 3 < 1 << 29 else { return nil }
            let number = Int(key >> 3)
            switch key & 7 {
            case 0:
                guard let value = varint() else { return nil }
                varints[number] = value
            case 1: at += 8
            case 2:
                guard let length = varint(), length <= UInt64(bytes.count - at) else { return nil }
                at += Int(length)
            case 5: at += 4
            default: return nil
            }
            if at > bytes.count { return nil }
        }
    }
}
