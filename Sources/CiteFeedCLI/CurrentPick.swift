import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// The citation shown now in the bar and feeds: that of the newest pick in the history.
enum CurrentPick {
    static func citation(_ context: Context) throws -> Citation {
        let library = try context.library()
        guard let pick = try library.latestPick(rotation: context.rotationName) else { throw CurrentPickError.none }
        return try library.citation(id: pick.snapshot.id)
    }
}

package enum CurrentPickError: CiteFeedError, Equatable {
    case none

    package var exitStatus: ExitStatus { .notFound }
    package var message: String { "No citation is shown yet; 'citefeed rotate' picks one." }
}
