import CiteFeedExchange
import CiteFeedModel
import CiteFeedService
import CiteFeedSupport

/// What an export to a notes folder did, as lines: a summary on standard error, and a warning
/// for each page left as it was because its markers were broken.
enum NotesLines {
    static func report(_ folder: NotesFolder, _ report: NotesFolder.Report, to context: Context, quietWhenUnchanged: Bool = false) {
        for (path, problem, replacement) in report.broken {
            context.warn("\(folder.directory)/\(path) was left as it is: \(problem.words); its citations are now in \(replacement)")
        }
        if report.manifestDamaged {
            context.warn("\(folder.manifestPath) could not be read; citefeed's pages were found by their keys, and it was written anew")
        }
        for (from, to) in report.found where from != to {
            context.err.line("Found \(from) again as \(to).")
        }
        let changed = report.created.count + report.updated.count + report.removed.count + report.left.count
        if quietWhenUnchanged && changed == 0 { return }
        var parts: [String] = []
        func count(_ n: Int, _ what: String) { if n > 0 { parts.append("\(n) \(what)") } }
        count(report.created.count, "new")
        count(report.updated.count, "updated")
        count(report.removed.count, "removed")
        count(report.left.count, "left to you")
        count(report.unchanged, "unchanged")
        let total = report.created.count + report.updated.count + report.unchanged
        context.err.line(
            "Notes in \(folder.directory): \(total) page\(total == 1 ? "" : "s") (\(parts.isEmpty ? "none" : parts.joined(separator: ", ")))."
        )
    }

    /// After `rotate` and `sync`: the `notesFolder` brought up to date, a failure a warning
    /// (the rotation or sync itself succeeded).
    static func refresh(_ context: Context) {
        do {
            guard let (folder, report) = try context.home.refreshNotes() else { return }
            NotesLines.report(folder, report, to: context, quietWhenUnchanged: true)
        } catch {
            let words = (error as? CiteFeedError)?.message ?? "\(error)"
            context.warn("the notes folder was not brought up to date: \(words)")
        }
    }
}
