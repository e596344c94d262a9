import Foundation
import Testing

@testable import CiteFeedSupport

/// The text rules of a message: header words, quoted-printable bodies, one plain address.
@Suite struct MailTextTests {
    /// The words of an RFC 2047 header, decoded (B encoding only, as citefeed writes).
    static func decoded(_ header: String) -> String {
        var bytes: [UInt8] = []
        for word in header.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            guard word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?=") else {
                bytes += Array((bytes.isEmpty ? "" : " ").utf8) + Array(word.utf8)
                continue
            }
            bytes += Data(base64Encoded: String(word.dropFirst(10).dropLast(2)))!
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func asciiHeadersStayAsTheyAre() {
        #expect(MailText.headerText("Citations: 5 citations", nameLength: 7) == "Citations: 5 citations")
    }

    @Test(arguments: [
        "Цитаты: 5 цитат, 12 карточек", "引用：五つ、今日のカード十二枚", "Zitate — „Mut“ 👩‍👩‍👧 und mehr Zitate, die eine lange Zeile füllen, sehr lang",
        "=?UTF-8?B?forged?= words",
    ])
    func otherTextBecomesEncodedWordsThatReadBack(text: String) {
        let header = MailText.headerText(text, nameLength: 7)
        #expect(Self.decoded(header) == text)
        for line in header.split(separator: "\n") {
            #expect(line.utf8.count <= 76, "\(line)")
            #expect(line.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
        }
    }

    /// A line break in a title cannot start a header of its own (a Bcc, a second Subject).
    @Test func lineBreaksCannotAddAHeader() {
        for text in ["Hi\nBcc: victim@example.org", "Hi\r\nBcc: x@y.z", "Ünïcode\nBcc: x@y.z"] {
            let header = MailText.headerText(text, nameLength: 7)
            for continuation in header.split(separator: "\n").dropFirst() { #expect(continuation.hasPrefix(" ")) }
            #expect(!header.contains("\nBcc"))
        }
    }

    /// A long ASCII subject is folded at spaces, each continuation starting with one.
    @Test func longAsciiIsFolded() {
        let text = Array(repeating: "word", count: 40).joined(separator: " ")
        let header = MailText.headerText(text, nameLength: 7)
        #expect(header.contains("\n "))
        #expect(header.replacing("\n ", with: " ") == text)
    }

    /// Decodes quoted-printable (RFC 2045) for the round trip.
    static func unquoted(_ qp: String) -> String {
        var out: [UInt8] = []
        let bytes = Array(qp.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "=") {
                if i + 1 < bytes.count && bytes[i + 1] == 0x0A {
                    i += 2
                    continue
                }
                out.append(UInt8(String(decoding: bytes[i + 1...i + 2], as: UTF8.self), radix: 16)!)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test(arguments: [
        "plain", "a = b and trailing spaces   \nnext", String(repeating: "é", count: 100), "tab\tin\tthe\tline\t",
        String(repeating: "x", count: 300) + "\n\n" + String(repeating: "=", count: 40), "CR\r\nLF",
    ])
    func quotedPrintableReadsBack(text: String) {
        let qp = MailText.quotedPrintable(text)
        #expect(Self.unquoted(qp) == text.replacing("\r\n", with: "\n"))
        for line in qp.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.utf8.count <= 76, "\(line)")
            #expect(line.last != " " && line.last != "\t")
        }
    }

    @Test(arguments: ["you@example.org", "first.last+tag@mail.example.co.uk", "a@localhost", "o'neil@example.org"])
    func addresses(good: String) { #expect(MailText.isAddress(good)) }

    @Test(arguments: [
        "", "you", "@example.org", "you@", "a@b@c.d", "you@example.org, other@example.org", "you@example.org\nBcc: x@y.z",
        "Your Name <you@example.org>", "you @example.org", ".you@example.org", "you..me@example.org", "you@-example.org",
        "you@exa_mple.org", "yöu@example.org", "you@example..org",
    ])
    func notAddresses(bad: String) { #expect(!MailText.isAddress(bad)) }
}
