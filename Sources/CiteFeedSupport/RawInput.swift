/// Standard input read a key at a time: the terminal's line editing, echo and signal keys are
/// off while it lives (Ctrl-C arrives as a key, so the terminal is always put back). A signal
/// that ends the process (SIGTERM, SIGHUP from a closed terminal window, SIGINT, SIGQUIT) puts
/// the terminal back first, then ends it as the signal would have.
package final class RawInput {
    private let active: Bool
    private static let endingSignals = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]

    package init() {
        active = tcgetattr(STDIN_FILENO, &rawInputSaved) == 0
        guard active else { return }
        var raw = rawInputSaved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        for number in RawInput.endingSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                // Only async-signal-safe calls here: tcsetattr, signal, raise.
                tcsetattr(STDIN_FILENO, TCSANOW, &rawInputSaved)
                _ = signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
        // TCSANOW: keys typed before the switch are kept, not flushed.
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    }

    /// The next byte, or `nil` at the end of input.
    package func key() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let n = read(STDIN_FILENO, &byte, 1)
            if n == 1 { return byte }
            if n < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// Puts the terminal back as it was, and the signals' default actions.
    package func restore() {
        guard active else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &rawInputSaved)
        for number in RawInput.endingSignals { _ = signal(number, SIG_DFL) }
    }
}

/// The terminal's settings before `RawInput` changed them, global so that a signal handler can
/// put them back.
nonisolated(unsafe) private var rawInputSaved = termios()
