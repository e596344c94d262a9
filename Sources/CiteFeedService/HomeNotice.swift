/// What a front end should tell its user, as values for it to word.
package enum HomeNotice: Equatable {
    /// Outputs not written because citefeed did not write the files there.
    case outputsLeftAlone([String], directory: String)
    /// The library was new: this many starter citations were added.
    case starterSetAdded(Int)
}
