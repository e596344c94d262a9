import CPlatform

/// The system's Zstandard library (Debian's `libzstd1`, which dpkg and apt themselves need),
/// loaded the first time an Anki package of the current form is read: `dlopen` of
/// `libzstd.so.1`, so `status` and everything else neither links nor loads it (README, "Speed").
/// Only streaming decompression is used: Anki writes its frames without their size.
package struct ZStd: @unchecked Sendable {
    private typealias Create = @convention(c) () -> OpaquePointer?
    private typealias Free = @convention(c) (OpaquePointer?) -> Int
    private typealias Initialise = @convention(c) (OpaquePointer?) -> Int
    private typealias Step = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int
    private typealias IsError = @convention(c) (Int) -> UInt32
    private typealias ErrorName = @convention(c) (Int) -> UnsafePointer<CChar>?

    private let create: Create
    private let free: Free
    private let initialise: Initialise
    private let step: Step
    private let isError: IsError
    private let errorName: ErrorName

    /// libzstd, or why it could not be loaded.
    package static let shared: Result<ZStd, ZipError> = load()

    private static func load() -> Result<ZStd, ZipError> {
        #if os(macOS)
            let names = ["libzstd.1.dylib", "libzstd.dylib"]
        #else
            let names = ["libzstd.so.1", "libzstd.so"]
        #endif
        guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            return .failure(ZipError("reading it needs Zstandard (libzstd.so.1), which is not installed (Debian: apt install libzstd1)"))
        }
        func symbol<T>(_ name: String, _ type: T.Type) -> T? { dlsym(handle, name).map { unsafeBitCast($0, to: type) } }
        guard let create = symbol("ZSTD_createDStream", Create.self), let free = symbol("ZSTD_freeDStream", Free.self),
            let initialise = symbol("ZSTD_initDStream", Initialise.self), let step = symbol("ZSTD_decompressStream", Step.self),
            let isError = symbol("ZSTD_isError", IsError.self), let errorName = symbol("ZSTD_getErrorName", ErrorName.self)
        else { return .failure(ZipError("the Zstandard library found (libzstd.so.1) lacks streaming decompression")) }
        return .success(
            ZStd(create: create, free: free, initialise: initialise, step: step, isError: isError, errorName: errorName))
    }

    /// Whether `bytes` begin as a Zstandard frame does.
    package static func looksLike(_ bytes: some Collection<UInt8>) -> Bool { bytes.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) }

    /// The bytes of the Zstandard frames `input`, at most `limit` of them: more is refused as it
    /// is made (a frame that would unpack to more than a package can hold), and so is input that
    /// ends inside a frame.
    package func decompress(_ input: [UInt8], limit: Int) throws(ZipError) -> [UInt8] {
        var output: [UInt8] = []
        try decompress(input, limit: limit) { chunk in
            output.append(contentsOf: chunk)
            return true
        }
        return output
    }

    /// The bytes of the Zstandard frames `input` handed to `emit` a block (128 KiB) at a time,
    /// so that the whole is never held; at most `limit` of them. `emit` returns `false` to stop
    /// (then this returns at once, having read no further).
    package func decompress(_ input: [UInt8], limit: Int, emit: (ArraySlice<UInt8>) -> Bool) throws(ZipError) {
        guard let stream = create() else { throw ZipError("Zstandard could not start (out of memory)") }
        defer { _ = free(stream) }
        let started = initialise(stream)
        guard isError(started) == 0 else { throw failure(started) }
        // ZSTD_inBuffer and ZSTD_outBuffer: a pointer, a size and a position, each a word.
        let inBuffer = UnsafeMutablePointer<Int>.allocate(capacity: 3)
        let outBuffer = UnsafeMutablePointer<Int>.allocate(capacity: 3)
        defer {
            inBuffer.deallocate()
            outBuffer.deallocate()
        }
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 17)
        var last = 0
        var failed: ZipError?
        var stopped = false
        input.withUnsafeBytes { source in
            inBuffer[0] = Int(bitPattern: source.baseAddress)
            inBuffer[1] = source.count
            inBuffer[2] = 0
            while true {
                let made = chunk.withUnsafeMutableBytes { target in
                    outBuffer[0] = Int(bitPattern: target.baseAddress)
                    outBuffer[1] = target.count
                    outBuffer[2] = 0
                    last = step(stream, outBuffer, inBuffer)
                    return outBuffer[2]
                }
                if isError(last) != 0 { return failed = failure(last) }
                guard total + made <= limit else {
                    return failed = ZipError("it unpacks to more than \(limit >> 20) MiB, more than citefeed reads")
                }
                total += made
                if made > 0, !emit(chunk[0..<made]) { return stopped = true }
                // All input read and nothing more held back: done (0 is the end of a frame).
                if inBuffer[2] == inBuffer[1] && made < chunk.count { return }
            }
        }
        if let failed { throw failed }
        if stopped { return }
        guard last == 0 else { throw ZipError("its Zstandard data ends before its frame does") }
    }

    private func failure(_ code: Int) -> ZipError {
        ZipError("its Zstandard data is damaged (\(errorName(code).map { String(cString: $0) } ?? "error \(code)"))")
    }
}
