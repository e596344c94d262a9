import CiteFeedSupport

/// What a shell offers after `defaults write KEY`.
package enum SettingCompletion: Equatable, Sendable {
    case nothing
    case words([String])
    /// The library's tag names.
    case tags
    case directories
    case files
}
