import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// What makes two citations the same (README, "Import and export"): text and author, lower-cased,
/// in one form of what readers write differently: white space trimmed and each run of it one
/// space; typographic quotes and apostrophes as `"` and `'`, an ellipsis as `...`; a run of
/// dashes (`-`, `--`, `–`, `—`) as one ` - `; and the punctuation a highlight's ends may or may
/// not take (`. , ; : ! ? ' "`) left off, so one reader's `don't … came.` is another's
/// `don’t...  came` (a text of punctuation alone keeps it). Punctuation inside a text is kept:
/// `x = a - b` is not `x = a + b`. The author's words are compared in order
/// (`AuthorNames.comparable`: e-readers write "Last, First" or "First Last"). Kept as
/// two 64-bit hashes of that form
/// (the standard library's seeded SipHash and a multiply-fold): the keys of a 100k library take
/// 3 MB instead of 40, and two different citations would have to collide in both at once.
struct DuplicateKey: Hashable {
    let high: UInt64
    let low: UInt64

    /// Makes keys, reusing one buffer for the normalised form.
    struct Maker {
        private var buffer: [UInt8] = []

        mutating func key(text: String, author: String?) -> DuplicateKey {
            var text = text
            var author = author ?? ""
            return text.withUTF8 { t in author.withUTF8 { a in key(text: t, author: a) } }
        }

        /// From UTF-8 bytes (a row's columns, without making Strings). The author is compared by
        /// its words in any order (`AuthorNames.comparable`): "Thaler, Richard H.; Imas, Alex" is
        /// "Richard H. Thaler, Alex Imas".
        mutating func key(text: UnsafeBufferPointer<UInt8>, author: UnsafeBufferPointer<UInt8>?) -> DuplicateKey {
            guard let author else { return plainKey(text: text, author: nil) }
            // Into a buffer kept from call to call (a 100k import makes 200k keys).
            // Moved out and back (a copy would share the buffer, and writing to it copy it).
            var words: [UInt8] = []
            swap(&words, &authorWords)
            AuthorNames.comparable(author, into: &words, letters: &authorLetters, ranges: &wordRanges)
            defer { authorWords = words }
            return words.withUnsafeBufferPointer { plainKey(text: text, author: $0) }
        }

        private var authorWords: [UInt8] = []
        private var authorLetters: [UInt8] = []
        private var wordRanges: [Range<Int>] = []

        private mutating func plainKey(text: UnsafeBufferPointer<UInt8>, author: UnsafeBufferPointer<UInt8>?) -> DuplicateKey {
            // A dash may become three bytes (` - `); the rare text that is not ASCII goes
            // through `normalizeUnicode`.
            let needed = 3 * (text.count + (author?.count ?? 0)) + 1
            if buffer.count < needed { buffer = [UInt8](repeating: 0, count: max(needed, 2 * buffer.count, 4096)) }
            return buffer.withUnsafeMutableBufferPointer { out in
                var n = Maker.normalizeASCII(text, into: out, at: 0)
                if n >= 0 {
                    out[n] = 0x1F
                    n = author.map { Maker.normalizeASCII($0, into: out, at: n + 1) } ?? n + 1
                }
                if n < 0 {
                    var unicode: [UInt8] = []
                    Maker.normalizeUnicode(text, into: &unicode)
                    unicode.append(0x1F)
                    if let author { Maker.normalizeUnicode(author, into: &unicode) }
                    return unicode.withUnsafeBytes(Maker.hash)
                }
                return Maker.hash(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(out)[..<n]))
            }
        }

        static func hash(_ bytes: UnsafeRawBufferPointer) -> DuplicateKey {
            var hasher = Hasher()
            hasher.combine(bytes: bytes)
            return DuplicateKey(high: UInt64(UInt(bitPattern: hasher.finalize())), low: mix(bytes))
        }

        /// The normal form of ASCII text, written at `start`; returns where the written bytes
        /// end, or -1 when `bytes` are not all printable ASCII and white space, or are
        /// punctuation alone (the Unicode path decides those).
        static func normalizeASCII(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
            for b in bytes where !(b >= 0x20 && b < 0x7F) && !(b >= 0x09 && b <= 0x0D) { return -1 }
            let n = squeeze(bytes, into: out, at: start, trimming: true)
            return n == start && bytes.contains(where: { $0 > 0x20 }) ? -1 : n
        }

        /// The same for any text: Unicode's lower case and white space, typographic marks folded
        /// (`fold`), then the form ASCII has; punctuation alone kept.
        static func normalizeUnicode(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
            var folded: [UInt8] = []
            for scalar in String(decoding: bytes, as: UTF8.self).lowercased().unicodeScalars {
                if let ascii = fold(scalar) {
                    folded += ascii
                } else {
                    folded.append(contentsOf: String(scalar).utf8)
                }
            }
            var squeezed = [UInt8](repeating: 0, count: 3 * folded.count + 1)
            folded.withUnsafeBufferPointer { f in
                squeezed.withUnsafeMutableBufferPointer { o in
                    var n = squeeze(f, into: o, at: 0, trimming: true)
                    if n == 0 { n = squeeze(f, into: o, at: 0, trimming: false) }
                    out.append(contentsOf: o[0..<n])
                }
            }
        }

        /// What a scalar reads as in the normal form, when not itself: white space a space,
        /// dashes `-`, quotes and apostrophes `"` and `'`, an ellipsis `...`.
        static func fold(_ scalar: Unicode.Scalar) -> [UInt8]? {
            switch scalar.value {
            case 0x2010...0x2015, 0x2212, 0xFE58, 0xFE63, 0xFF0D: return [0x2D]
            case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x02BC, 0x2039, 0x203A, 0xFF07: return [0x27]
            case 0x201C, 0x201D, 0x201E, 0x201F, 0x2033, 0x00AB, 0x00BB, 0xFF02: return [0x22]
            case 0x2026: return [0x2E, 0x2E, 0x2E]
            default: return scalar.value > 0x7F && scalar.properties.isWhitespace ? [0x20] : nil
            }
        }

        /// Lower-cases ASCII letters, makes each run of white space one space and each run of
        /// dashes ` - `, and (when `trimming`) leaves off the punctuation at either end.
        static func squeeze(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int, trimming: Bool)
            -> Int
        {
            var n = start
            var pendingSpace = false
            var inDash = false
            for b in bytes {
                if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
                    pendingSpace = n > start
                    continue
                }
                if b == 0x2D {
                    if inDash { continue }
                    if n > start {
                        out[n] = 0x20
                        n += 1
                    }
                    out[n] = 0x2D
                    n += 1
                    inDash = true
                    pendingSpace = true
                    continue
                }
                inDash = false
                if pendingSpace {
                    out[n] = 0x20
                    n += 1
                    pendingSpace = false
                }
                out[n] = b &- 0x41 < 26 ? b | 0x20 : b
                n += 1
            }
            guard trimming else { return n }
            // The ends' punctuation (and the spaces it leaves).
            func edge(_ b: UInt8) -> Bool { b == 0x20 || isEdgePunctuation(b) }
            while n > start && edge(out[n - 1]) { n -= 1 }
            var first = start
            while first < n && edge(out[first]) { first += 1 }
            if first > start {
                for i in first..<n { out[start + i - first] = out[i] }
                n -= first - start
            }
            return n
        }

        /// `. , ; : ! ? ' "`: what one reader's highlight takes at its ends and another's not.
        static func isEdgePunctuation(_ b: UInt8) -> Bool {
            b == 0x2E || b == 0x2C || b == 0x3B || b == 0x3A || b == 0x21 || b == 0x3F || b == 0x27 || b == 0x22
        }

        /// A second, independent 64-bit hash: 8 bytes at a time, multiplied and folded
        /// (cheaper than a second seeded Hasher; the pair is what must collide).
        static func mix(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
            var h: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
            var i = 0
            func fold(_ word: UInt64) {
                let product = (h ^ word).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
                h = product.high ^ product.low
            }
            while i + 8 <= bytes.count {
                fold(bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            var tail: UInt64 = 0
            for (shift, j) in (i..<bytes.count).enumerated() { tail |= UInt64(bytes[j]) << (8 * UInt64(shift)) }
            fold(tail)
            return h
        }
    }
}

extension KeySet {
    @discardableResult mutating func insert(_ key: DuplicateKey) -> Bool { insert(key.high, key.low) }
    mutating func remove(_ key: DuplicateKey) { remove(key.high, key.low) }
}
