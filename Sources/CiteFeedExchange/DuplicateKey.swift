import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// What makes two citations the same (README, "Import and export"): text and author, lower-cased,
/// with punctuation read as white space (one reader's "don't" is another's "don’t", its "--"
/// another's "—", and one takes the sentence's full stop where another leaves it; a text of
/// punctuation alone keeps it), white space trimmed and each run of it one space, the author's
/// words in order
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
            // The normal form is never longer than the input (for ASCII; the rare other text
            // goes through `normalizeUnicode` and may grow).
            let needed = text.count + (author?.count ?? 0) + 1
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

        /// Lower-cased, punctuation as white space, trimmed, runs of white space as one space,
        /// written at `start`; returns where the written bytes end, or -1 when `bytes` are not
        /// all ASCII or are punctuation alone (the Unicode path keeps it then).
        static func normalizeASCII(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
            guard let input = bytes.baseAddress, let output = out.baseAddress else { return start }
            var n = start
            var started = false
            var pendingSpace = false
            var i = 0
            while i < bytes.count {
                let b = input[i]
                i += 1
                // Most bytes are letters, digits and punctuation, copied as they are (lower-cased).
                if b > 0x20 && b < 0x80 && isPunctuation(b) {
                    pendingSpace = started
                } else if b > 0x20 && b < 0x80 {
                    if pendingSpace {
                        output[n] = 0x20
                        n += 1
                        pendingSpace = false
                    }
                    started = true
                    output[n] = b &- 0x41 < 26 ? b | 0x20 : b
                    n += 1
                } else if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
                    pendingSpace = started
                } else {
                    return -1  // not ASCII, or another control character: the Unicode path decides
                }
            }
            // Nothing but punctuation (and white space): compared with it.
            if !started && bytes.count > 0 { return -1 }
            return n
        }

        /// ASCII's punctuation: `!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~`.
        static func isPunctuation(_ b: UInt8) -> Bool {
            (b >= 0x21 && b <= 0x2F) || (b >= 0x3A && b <= 0x40) || (b >= 0x5B && b <= 0x60) || (b >= 0x7B && b <= 0x7E)
        }

        /// The same for any text, with Unicode's lower case, white space and punctuation (its
        /// general categories P…, and ASCII's symbols as above).
        static func normalizeUnicode(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8], keepingPunctuation: Bool = false) {
            var started = false
            var pendingSpace = false
            let start = out.count
            for scalar in String(decoding: bytes, as: UTF8.self).lowercased().unicodeScalars {
                if scalar.properties.isWhitespace || (!keepingPunctuation && isPunctuation(scalar)) {
                    pendingSpace = started
                    continue
                }
                if pendingSpace { out.append(0x20) }
                pendingSpace = false
                started = true
                out.append(contentsOf: String(scalar).utf8)
            }
            if !started && !keepingPunctuation {
                out.removeSubrange(start...)
                normalizeUnicode(bytes, into: &out, keepingPunctuation: true)
            }
        }

        static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.value < 0x80 { return isPunctuation(UInt8(scalar.value)) }
            switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
                .otherPunctuation:
                return true
            default: return false
            }
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
