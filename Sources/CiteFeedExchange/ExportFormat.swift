import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// The export formats of the README's "Import and export".
package enum ExportFormat: String, CaseIterable, Sendable {
    case json, csv, txt, fortune, anki, revlog
}
