/// Outputs written: where, and which files changed.
package struct Written: Equatable {
    package var directory: String
    package var files: [String]
}
