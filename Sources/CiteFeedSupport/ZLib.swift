import CPlatform

/// The system's zlib (Debian's `zlib1g`, on every system), loaded the first time a zip is read:
/// `dlopen` of `libz.so.1`, so `status` and everything else that never reads one neither links
/// nor loads it (README, "Speed"). Only raw inflate and CRC-32 are used.
package struct ZLib: @unchecked Sendable {
    private typealias InflateInit = @convention(c) (UnsafeMutablePointer<citefeed_z_stream>?, Int32, UnsafePointer<CChar>?, Int32) -> Int32
    private typealias Inflate = @convention(c) (UnsafeMutablePointer<citefeed_z_stream>?, Int32) -> Int32
    private typealias InflateEnd = @convention(c) (UnsafeMutablePointer<citefeed_z_stream>?) -> Int32
    private typealias CRC = @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt

    private let inflateInit: InflateInit
    private let inflateStep: Inflate
    private let inflateEnd: InflateEnd
    private let crc: CRC

    /// zlib, or why it could not be loaded.
    package static let shared: Result<ZLib, ZipError> = load()

    private static func load() -> Result<ZLib, ZipError> {
        #if os(macOS)
            let names = ["libz.1.dylib", "libz.dylib"]
        #else
            let names = ["libz.so.1", "libz.so"]
        #endif
        guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            return .failure(ZipError("reading it needs zlib (libz.so.1), which is not installed (Debian: apt install zlib1g)"))
        }
        func symbol<T>(_ name: String, _ type: T.Type) -> T? { dlsym(handle, name).map { unsafeBitCast($0, to: type) } }
        guard let initialise = symbol("inflateInit2_", InflateInit.self), let step = symbol("inflate", Inflate.self),
            let end = symbol("inflateEnd", InflateEnd.self), let crc = symbol("crc32", CRC.self)
        else { return .failure(ZipError("the zlib found (libz.so.1) lacks inflate")) }
        return .success(ZLib(inflateInit: initialise, inflateStep: step, inflateEnd: end, crc: crc))
    }

    /// The CRC-32 of `bytes` (the zip's checksum).
    package func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        var value: UInt = 0, at = 0
        while at < bytes.count {
            let count = min(bytes.count - at, 1 << 30)
            value = crc(value, base + at, UInt32(count))
            at += count
        }
        return UInt32(truncatingIfNeeded: value)
    }

    /// Inflates raw deflate data (no zlib or gzip header, as a zip holds it) that must come to
    /// exactly `size` bytes: more is refused before it is made (a zip bomb whose header lies),
    /// and so is less, or input that ends before the stream does.
    package func inflate(_ input: UnsafeRawBufferPointer, size: Int) throws(ZipError) -> [UInt8] {
        var stream = citefeed_z_stream()
        // Windows of 2^15 bytes, no header: a zip's deflate. zlib checks only the version's major.
        guard inflateInit(&stream, -15, "1.2.11", Int32(MemoryLayout<citefeed_z_stream>.size)) == 0 else {
            throw ZipError("zlib could not start inflating")
        }
        defer { _ = inflateEnd(&stream) }
        var failure: ZipError?
        // One byte more than promised, to tell "exactly" from "more".
        let output = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            let input = input.bindMemory(to: UInt8.self)
            var offered = 0, status: Int32 = 0
            stream.next_out = buffer.baseAddress
            stream.avail_out = UInt32(min(buffer.count, Int(UInt32.max)))
            while true {
                if stream.avail_in == 0, offered < input.count {
                    let chunk = min(input.count - offered, 1 << 30)
                    stream.next_in = input.baseAddress! + offered
                    stream.avail_in = UInt32(chunk)
                    offered += chunk
                }
                if stream.avail_out == 0 {
                    let made = Int(stream.total_out)
                    guard made < buffer.count else { break }
                    stream.next_out = buffer.baseAddress! + made
                    stream.avail_out = UInt32(min(buffer.count - made, Int(UInt32.max)))
                }
                status = inflateStep(&stream, 0)
                if status == 1 { break }  // Z_STREAM_END
                if status != 0 { break }
                if stream.avail_in == 0 && offered == input.count && stream.avail_out > 0 { status = -5; break }
            }
            count = Int(stream.total_out)
            switch status {
            case 1 where count == size: break
            case 1: failure = ZipError("it holds \(count) bytes where its header says \(size)")
            case 0 where count > size, -5 where count > size:
                failure = ZipError("it holds more than the \(size) bytes its header says")
            case 0, -5: failure = ZipError("it is cut short (truncated)")
            default:
                failure = ZipError("its compressed data is damaged (\(stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"))")
            }
        }
        if let failure { throw failure }
        return output
    }
}

/// Why a zip (or an entry of one) cannot be read, in words for a message.
package struct ZipError: Error, Equatable, Sendable {
    package var reason: String
    package init(_ reason: String) { self.reason = reason }
}
