/// A zip archive in memory (a `.docx` is one): its entries from the central directory, and an
/// entry's bytes, stored or deflated (inflated by the system's zlib, `ZLib`), checked against
/// their CRC-32. Read only; no zip64, encryption or other methods (a document never has them),
/// each refused with a reason. Every offset and size is checked against the archive before it
/// is used, and an entry is never inflated beyond the size its header gives, nor beyond `limit`.
package struct ZipArchive {
    package struct Entry: Equatable, Sendable {
        package var name: String
        package var method: UInt16
        package var flags: UInt16
        package var crc: UInt32
        package var compressedSize: Int
        package var size: Int
        package var localHeader: Int
    }

    package let entries: [Entry]
    private let bytes: [UInt8]

    /// Whether `bytes` begin as a zip does (a local file header, or an empty archive's end).
    package static func looksLike(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    package init(_ bytes: [UInt8]) throws(ZipError) {
        self.bytes = bytes
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        // The end of central directory record: the last one, within the 64 KiB a comment allows.
        guard bytes.count >= 22 else { throw ZipError("it is too short to be a zip (truncated?)") }
        var end = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 65535)
        while end >= lowest, !(bytes[end] == 0x50 && bytes[end + 1] == 0x4B && bytes[end + 2] == 0x05 && bytes[end + 3] == 0x06) {
            end -= 1
        }
        guard end >= lowest else { throw ZipError("it has no zip directory at its end (truncated?)") }
        let count = u16(end + 10), size = u32(end + 12), offset = u32(end + 16)
        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
            throw ZipError("it is a zip64 archive, which citefeed does not read")
        }
        guard offset + size <= end else { throw ZipError("its zip directory points outside the file (truncated?)") }
        var entries: [Entry] = []
        var at = offset
        for _ in 0..<count {
            guard at + 46 <= offset + size, u32(at) == 0x0201_4B50 else { throw ZipError("its zip directory is damaged") }
            let nameLength = u16(at + 28), extra = u16(at + 30), comment = u16(at + 32)
            guard at + 46 + nameLength <= offset + size else { throw ZipError("its zip directory is damaged") }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            entries.append(
                Entry(
                    name: name, method: UInt16(u16(at + 10)), flags: UInt16(u16(at + 8)), crc: UInt32(u32(at + 16)),
                    compressedSize: u32(at + 20), size: u32(at + 24), localHeader: u32(at + 42)))
            at += 46 + nameLength + extra + comment
        }
        self.entries = entries
    }

    package func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }

    /// The bytes of `entry`, at most `limit` of them.
    package func contents(of entry: Entry, limit: Int) throws(ZipError) -> [UInt8] {
        let name = entry.name
        if entry.flags & 1 != 0 { throw ZipError("\(name) is encrypted") }
        guard entry.size <= limit else { throw ZipError("\(name) would be \(entry.size) bytes, more than the \(limit) citefeed reads") }
        let at = entry.localHeader
        guard at + 30 <= bytes.count, bytes[at] == 0x50, bytes[at + 1] == 0x4B, bytes[at + 2] == 0x03, bytes[at + 3] == 0x04 else {
            throw ZipError("\(name) is not where the zip directory says (damaged or truncated)")
        }
        let start = at + 30 + (Int(bytes[at + 26]) | Int(bytes[at + 27]) << 8) + (Int(bytes[at + 28]) | Int(bytes[at + 29]) << 8)
        guard start + entry.compressedSize <= bytes.count else { throw ZipError("\(name) is cut short (truncated)") }
        let zlib: ZLib
        switch ZLib.shared {
        case .success(let z): zlib = z
        case .failure(let failure): throw failure
        }
        let result: Result<[UInt8], ZipError> = bytes.withUnsafeBytes { all in
            let data = UnsafeRawBufferPointer(rebasing: all[start..<(start + entry.compressedSize)])
            let output: [UInt8]
            switch entry.method {
            case 0:
                guard entry.compressedSize == entry.size else { return .failure(ZipError("\(name) is stored with two different sizes")) }
                output = Array(data)
            case 8:
                do throws(ZipError) { output = try zlib.inflate(data, size: entry.size) } catch {
                    return .failure(ZipError("\(name): \(error.reason)"))
                }
            default: return .failure(ZipError("\(name) is compressed with method \(entry.method), which citefeed does not read"))
            }
            let crc = output.withUnsafeBytes { zlib.crc32($0) }
            return crc == entry.crc ? .success(output) : .failure(ZipError("\(name) is damaged (its checksum does not match)"))
        }
        return try result.get()
    }
}
