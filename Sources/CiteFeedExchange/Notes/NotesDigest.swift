/// A 64-bit FNV-1a hash of a page's text, in hex: what tells whether the library's part of
/// a page changed since it was written, without reading the file.
enum NotesDigest {
    static func of(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
