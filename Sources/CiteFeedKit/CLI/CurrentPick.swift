/// The citation shown now in the bar and feeds. The rotation (and its history of picks)
/// provides it; until a first rotation there is none.
enum CurrentPick {
    static func citation(_ context: Context) throws -> Citation {
        throw CurrentPickError.none
    }
}

public enum CurrentPickError: CiteFeedError, Equatable {
    case none

    public var exitStatus: ExitStatus { .notFound }
    public var message: String { "No citation is shown yet; 'citefeed rotate' picks one." }
}
