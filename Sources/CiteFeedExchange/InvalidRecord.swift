import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// A record of an import file that cannot be a citation: where it is and why.
package struct InvalidRecord: Sendable, Equatable {
    package var location: RecordLocation
    package var problem: Problem

    package enum Problem: Sendable, Equatable {
        /// A field that no citation may have (empty text, a control character, a bad tag name).
        case citation(ModelError)
        /// What the format's reader found wrong with the record, as it words it.
        case format(String)
    }

    package init(_ location: RecordLocation, _ problem: Problem) {
        self.location = location
        self.problem = problem
    }
}
