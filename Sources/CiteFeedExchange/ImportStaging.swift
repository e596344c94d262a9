import CiteFeedSupport

/// The files a folder's or the devices' import reads, copied before its transaction into a
/// folder of citefeed's own (beside the library): the e-reader, or a slow or hung mount, is
/// read while no lock of the library is held, so it holds back no rotation, grade or edit,
/// and the import's transaction reads only local copies. One folder per import, named after
/// its process; the folders of imports that were killed are removed by the next one.
package final class ImportStaging {
    /// This import's folder.
    package let folder: String
    private let parent: String

    /// Makes this import's folder in `parent` (made if need be), removing those of imports
    /// no longer running.
    package init(in parent: String) throws(IOFailure) {
        self.parent = parent
        try Posix.makeDirectories(parent, mode: 0o700)
        for name in Posix.directoryEntries(parent) {
            guard let pid = Int32(name.prefix { $0 != "-" }), pid > 0, kill(pid, 0) != 0, errno == ESRCH else { continue }
            ImportStaging.removeTree(parent + "/" + name)
        }
        var template = Array((parent + "/\(getpid())-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw IOFailure.system(.makeFolderIn, parent) }
        folder = String(cString: made)
    }

    deinit { remove() }

    /// Removes the copies, and the parent folder when no other import uses it.
    package func remove() {
        ImportStaging.removeTree(folder)
        rmdir(parent)
    }

    /// Copies the file at `path` for source `number`: a database with its `-wal` and
    /// `-journal` (and, for Apple Books' annotations, the BKLibrary database where
    /// `AppleBooksDatabase` looks for it), any other file whole if it is at most `limit` bytes.
    /// Returns the copy's path, which has the original's name. `nil` when there is no file.
    package func stage(_ path: String, number: Int, limit: Int) throws(IOFailure) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? "file"
        let data = folder + "/\(number)/data"
        try Posix.makeDirectories(data, mode: 0o700)
        let copy = data + "/" + name
        guard Posix.fileExists(path) else { return nil }
        // A plain copy, neither held whole nor synced to disk: it lives for this import only.
        guard Importers.isDatabase(path) else {
            try Posix.copyFile(path, to: copy, limit: limit)
            return copy
        }
        for suffix in ["", "-wal", "-journal"] where suffix.isEmpty || Posix.fileExists(path + suffix) {
            try Posix.copyFile(path + suffix, to: copy + suffix)
        }
        if let books = AppleBooksDatabase.libraryFile(beside: path) {
            let beside = folder + "/\(number)/BKLibrary"
            try Posix.makeDirectories(beside, mode: 0o700)
            let target = beside + "/" + (books.split(separator: "/").last.map(String.init) ?? "BKLibrary.sqlite")
            for suffix in ["", "-wal"] where suffix.isEmpty || Posix.fileExists(books + suffix) {
                try Posix.copyFile(books + suffix, to: target + suffix)
            }
        }
        return copy
    }

    private static func removeTree(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        if st.st_mode & S_IFMT == S_IFDIR {
            for name in Posix.directoryEntries(path) { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
