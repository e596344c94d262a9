import CiteFeedModel
import CiteFeedSupport

extension RotationEntry {
    /// A compact form for the cache, in id order: for each entry the gap to the previous id,
    /// times four plus 2 when it has a weight other than 1 plus the favourite flag, as a LEB128
    /// varint (one byte for consecutive ids), then the weight as a varint when it has one, then
    /// the key's low 32 bits — about 5 bytes an entry, so 100,000 citations read in half a MB.
    /// (32 bits of the uuid's hash are plenty to order citations; ties fall back on the id.)
    static func encode(_ entries: [RotationEntry]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * 5)
        var previous: Int64 = 0
        for e in entries {
            func varint(_ value: UInt64) {
                var v = value
                while v >= 0x80 {
                    bytes.append(UInt8(v & 0x7F) | 0x80)
                    v >>= 7
                }
                bytes.append(UInt8(v))
            }
            varint(UInt64(e.id - previous) << 2 | (e.weight != 1 ? 2 : 0) | (e.favourite ? 1 : 0))
            if e.weight != 1 { varint(UInt64(e.weight)) }
            previous = e.id
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: e.key).littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    static func decode(_ raw: UnsafeRawBufferPointer) -> [RotationEntry] {
        var entries: [RotationEntry] = []
        entries.reserveCapacity(raw.count / 5)
        var i = 0
        var previous: Int64 = 0
        func varint() -> UInt64 {
            var v: UInt64 = 0
            var shift: UInt64 = 0
            while i < raw.count {
                let b = raw[i]
                i += 1
                v |= UInt64(b & 0x7F) << shift
                if b < 0x80 { break }
                shift += 7
            }
            return v
        }
        while i < raw.count {
            let v = varint()
            let weight = v & 2 != 0 ? Int(varint()) : 1
            guard i + 4 <= raw.count else { break }
            let key = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt32.self))
            i += 4
            previous += Int64(v >> 2)
            entries.append(RotationEntry(id: previous, key: UInt64(key), favourite: v & 1 == 1, weight: weight))
        }
        return entries
    }
}
