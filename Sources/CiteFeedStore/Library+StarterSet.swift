import CiteFeedModel
import CiteFeedSupport

extension Library {
    /// Adds the starter set when the library has never held a citation (not merely when it is
    /// empty now: a user who deleted everything keeps an empty library). Returns how many were added.
    package func fillStarterSetIfNew(now: Timestamp) throws -> Int {
        if try everHeldCitation() { return 0 }
        return try write { () throws -> Int in
            if try everHeldCitation() { return 0 }
            for tag in StarterSet.tags where try existingTagID(named: tag.name) == nil {
                _ = try tagID(named: tag.name, createWithColor: tag.color)
            }
            for citation in StarterSet.citations { _ = try insert(citation, now: now) }
            return StarterSet.citations.count
        }
    }
}
