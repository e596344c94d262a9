/// Web addresses in citations and settings: what is one, and how to link to it.
extension String {
    /// The address a citation's source links to: the source itself when it is an http(s)
    /// address, else the address after its last " — " (`Page title — https://…`, as web
    /// highlights are imported), if that is one.
    package var sourceAddress: String? {
        if isHTTPURL { return self }
        guard let dash = lastIndex(of: "—"), dash > startIndex, self[index(before: dash)] == " " else { return nil }
        let tail = self[index(after: dash)...]
        guard tail.first == " " else { return nil }
        let address = String(tail.dropFirst())
        return address.isHTTPURL ? address : nil
    }

    /// An http(s) address: a host, no white space in it, and on one line. Spaces after the
    /// host (`https://example.org/a b`, as people paste them) are allowed: links
    /// percent-encode them (`uriEncoded`).
    package var isHTTPURL: Bool {
        let lower = lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return false }
        let authority = urlAuthority
        return !authority.isEmpty && !authority.contains(where: { $0.isWhitespace })
            && !unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" })
            && !(last?.isWhitespace ?? false)
    }

    /// An address for a setting (`feedURL`, `feedHub`): an http(s) address without white space
    /// or credentials (`user:password@`, which the feeds would publish).
    package var isPlainHTTPURL: Bool {
        isHTTPURL && !contains(where: { $0.isWhitespace }) && !urlAuthority.contains("@")
    }

    /// What stands between `//` and the path, query or fragment of an address (`user@host:port`).
    package var urlAuthority: Substring {
        drop(while: { $0 != "/" }).dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }

    /// An http(s) address made a valid URI (`uriEncoded`) to link to from the feeds and the page;
    /// `nil` when it is not one, or when its host is an IP literal (`http://[::1]/`): valid in RFC
    /// 3986, but not in RFC 2396, which the W3C Feed Validator and older readers follow, so such a
    /// source is shown as text there (`open` still opens it).
    package var linkURI: String? {
        guard isHTTPURL else { return nil }
        let authority = urlAuthority
        return authority.contains("[") || authority.contains("]") ? nil : uriEncoded
    }

    /// An http(s) address as a valid URI (RFC 3986): every byte that may not appear in one (a
    /// space, `<`, `>`, `"`, `{`, `|`, `\`, `^`, backtick, controls, non-ASCII as UTF-8, a `%`
    /// not followed by two hex digits, a second `#`, `[` and `]` outside the host) is
    /// percent-encoded; what is already valid is kept as given, host included (it is not
    /// converted to punycode: a non-ASCII host is percent-encoded, which RFC 3986 allows).
    package var uriEncoded: String {
        let bytes = Array(utf8)
        let authorityStart = (bytes.firstIndex(of: UInt8(ascii: ":")).map { $0 + 3 }) ?? 0
        var authorityEnd = bytes.count
        for i in authorityStart..<max(authorityStart, bytes.count) where "/?#".utf8.contains(bytes[i]) {
            authorityEnd = i
            break
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var seenFragment = false
        for (i, b) in bytes.enumerated() {
            let inAuthority = i >= authorityStart && i < authorityEnd
            var allowed: Bool
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                allowed = true
            case _ where "-._~:/?@!$&'()*+,;=".utf8.contains(b): allowed = true
            case UInt8(ascii: "["), UInt8(ascii: "]"): allowed = inAuthority
            case UInt8(ascii: "#"):
                allowed = !seenFragment
                seenFragment = true
            case UInt8(ascii: "%"):
                allowed = i + 2 < bytes.count && bytes[i + 1].isHexDigit && bytes[i + 2].isHexDigit
            default: allowed = false
            }
            if allowed {
                out.append(b)
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
