/// What becomes of an archived citation's block in a notes folder (the setting `notesArchived`).
package enum NotesArchived: String, CaseIterable, Sendable {
    /// Moved under an "Archived" heading at the end of its page.
    case section
    /// Taken off its page.
    case remove
}
