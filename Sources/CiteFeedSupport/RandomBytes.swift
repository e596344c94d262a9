import CPlatform

/// Bytes from the kernel's random source, read `block` bytes at a time: 200k UUIDs made with a
/// system call per byte (`UInt8.random` with `SystemRandomNumberGenerator`) were a fifth of
/// importing 200k Kindle clippings.
package struct RandomBytes {
    private var buffer: [UInt8] = []
    private var next = 0
    private let block: Int

    package init(block: Int = 4096) { self.block = max(block, 1) }

    package mutating func take(_ count: Int) -> [UInt8] {
        if next + count > buffer.count {
            buffer = [UInt8](repeating: 0, count: max(block, count))
            let filled = buffer.withUnsafeMutableBytes { citefeed_random_bytes($0.baseAddress, $0.count) == 0 }
            if !filled {
                // getrandom(2) fails only where the system call is missing (before Linux 3.17).
                var rng = SystemRandomNumberGenerator()
                for i in buffer.indices { buffer[i] = UInt8.random(in: 0...255, using: &rng) }
            }
            next = 0
        }
        defer { next += count }
        return Array(buffer[next..<next + count])
    }
}
