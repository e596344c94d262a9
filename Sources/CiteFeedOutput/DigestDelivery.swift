import CiteFeedSupport

/// Where a digest goes: to the local mail program (`sendmail -t -i`, which msmtp, Postfix and
/// Exim all provide: the recipients are read from the message's `To`), or into a Maildir (a
/// file the user names is `UserOutput`'s, as every `--out`). Each is a program with arguments
/// or files written whole, never a shell; a failure is a `DigestDeliveryError` for the caller
/// to word and to keep the digest for the next run.
package enum DigestDelivery: Sendable, Equatable {
    case sendmail
    case maildir(String)

    /// How long the mail program may take, in seconds (it hands the message on and ends).
    static let sendmailTimeout = 60

    /// Where `sendmail` is looked for after `PATH`: where Debian's mail programs put it.
    static let sendmailPlaces = ["/usr/sbin/sendmail", "/usr/lib/sendmail"]

    /// Delivers `message`; `scratch` is a directory of citefeed's for the mail program's input.
    /// `deadline`: the moment (monotonic milliseconds) by which the mail program must be done.
    package func deliver(_ message: String, scratch: String, environment: [String: String], deadline: Int64) throws(DigestDeliveryError) {
        let bytes = Array(message.utf8)
        switch self {
        case .maildir(let dir):
            try DigestDelivery.putInMaildir(bytes, dir)
        case .sendmail:
            guard
                let program = Subprocess.find("sendmail", environment: environment)
                    ?? DigestDelivery.sendmailPlaces.first(where: { access($0, X_OK) == 0 })
            else { throw .noSendmail }
            // A file of this process's own: two digests sent at once must not share one.
            let input = scratch + "/digest-outgoing-\(getpid()).eml"
            do { try AtomicWriter.write(bytes, to: input, mode: 0o600) } catch { throw .file(error) }
            defer { unlink(input) }
            let left = Int(max(0, deadline - Posix.monotonicMilliseconds()))
            let timeout = min(left, DigestDelivery.sendmailTimeout * 1000)
            if timeout <= 0 { throw .outOfTime }
            // What it says is kept only to show when it fails; a chatty one must not be cut off
            // (and so killed) while it delivers.
            let (status, output, _) = Subprocess.capture(
                program, ["-t", "-i"], environment: environment, limit: 16 << 20, timeout: timeout, errors: true, input: input)
            guard status == 0 else {
                let words = String(decoding: output, as: UTF8.self).trimmingWhitespace()
                throw .sendmailFailed(program, status: status, seconds: timeout / 1000, said: String(words.prefix(300)))
            }
        }
    }

    /// Puts the message into `dir`'s `new/` as Maildir readers expect: written in `tmp/` under
    /// a name no other delivery uses, then moved. `dir` and its three folders are made when
    /// missing; a `dir` that is a file, or a folder holding other things but no `new/`, is
    /// refused.
    static func putInMaildir(_ bytes: [UInt8], _ dir: String) throws(DigestDeliveryError) {
        if Posix.isDirectory(dir), !Posix.isDirectory(dir + "/new"), !Posix.directoryEntries(dir).isEmpty {
            throw .notAMaildir(dir, isFile: false)
        }
        for sub in ["", "/tmp", "/new", "/cur"] {
            if let status = Posix.status(dir + sub), !status.isDirectory { throw .notAMaildir(dir, isFile: sub.isEmpty) }
            do { try Posix.makeDirectories(dir + sub, mode: 0o700) } catch { throw .file(error) }
        }
        var random = RandomBytes(block: 8)
        let now = Posix.wallClockMilliseconds()
        let host = Posix.hostName().filter { $0 != "/" && $0 != ":" }
        let unique = "\(now / 1000).M\(now % 1000)P\(getpid())R\(random.take(4).map { String($0, radix: 16) }.joined()).\(host)"
        let temporary = dir + "/tmp/" + unique
        do { try AtomicWriter.write(bytes, to: temporary, mode: 0o600) } catch { throw .file(error) }
        guard rename(temporary, dir + "/new/" + unique) == 0 else {
            let reason = errno
            unlink(temporary)
            throw .file(IOFailure(.write, dir + "/new/" + unique, .system(reason)))
        }
    }
}

/// Why a digest was not delivered (kept for the next run).
package enum DigestDeliveryError: Error, Equatable {
    case noSendmail
    case sendmailFailed(String, status: Int32, seconds: Int, said: String)
    case outOfTime
    case notAMaildir(String, isFile: Bool)
    case file(IOFailure)
}
