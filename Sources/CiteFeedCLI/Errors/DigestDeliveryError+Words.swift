import CiteFeedOutput
import CiteFeedSupport

/// Why a digest was not delivered, in the command line's words (a warning of `rotate`, the
/// record `about` shows, the error of `citefeed digest`).
extension DigestDeliveryError {
    var message: String {
        switch self {
        case .noSendmail:
            "no sendmail program was found (install one that provides sendmail -t, such as Debian's msmtp-mta, postfix or exim4)"
        case .sendmailFailed(let program, let status, let seconds, let said):
            (status == -2 ? "\(program) did not finish within \(seconds) seconds" : "\(program) -t -i exited with status \(status)")
                + (said.isEmpty ? "" : ": " + said)
        case .outOfTime: "the announcements' time was used up before it could be sent"
        case .notAMaildir(let dir, let isFile):
            isFile ? "\(dir) is a file, not a Maildir" : "\(dir) is a folder that is not a Maildir (it has no new/)"
        case .file(let failure): failure.message
        }
    }
}
