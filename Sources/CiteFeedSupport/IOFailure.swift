/// A failed read or write, as data: what was being done, to which path, and why (the system's
/// `errno`, or a rule of citefeed's). No sentence is made here: the command line words it
/// (`CLI/Errors/IOFailure+Words.swift`), and another front end may word it its own way.
package struct IOFailure: Error, Equatable, Sendable {
    /// What was being done to `path`.
    package enum Action: String, Equatable, Sendable {
        case read, write, create, remove
        case createDirectory
        /// A temporary file made in the directory `path`.
        case createFileIn
        /// A temporary folder made in the directory `path`.
        case makeFolderIn
        /// This machine's own directory in a sync folder, used to write into.
        case useMachineDirectory
        /// A lock file (`FileLock`), opened, then locked.
        case openLock, lock
    }

    /// Why it failed.
    package enum Cause: Equatable, Sendable {
        /// The system's reason (`errno`).
        case system(Int32)
        case isDirectory
        case notRegularFile
        /// A symbolic link where only a file (or directory) of its own is used.
        case link
        /// Not a regular file, a character device or a named pipe (an output the user names).
        case notFileDeviceOrPipe
        /// More bytes than `limit`.
        case tooLarge(limit: Int)
        case linkToNothing
        /// An output named by an empty path.
        case noFileName
        /// An output named by a path ending in `/`.
        case namesDirectory
        /// The directory of a new file does not exist.
        case noSuchDirectory(String)
        /// The given path, which should be a directory, is not one.
        case notADirectory(String)
        /// The directory of a new file cannot be written, and the system's reason.
        case directoryNotWritable(String, errno: Int32)
        /// One of the library's or the settings' files.
        case ownFile
        /// A named pipe with no reader.
        case pipeWithoutReader
        /// It belongs to another user.
        case otherUser(uid: UInt32)
    }

    /// `nil` when the caller names the file its own way (an output the user named).
    package var action: Action?
    package var path: String?
    package var cause: Cause

    package init(_ action: Action?, _ path: String?, _ cause: Cause) {
        self.action = action
        self.path = path
        self.cause = cause
    }

    /// A failure for which no action or path is known yet (`about` adds them).
    package init(_ cause: Cause) { self.init(nil, nil, cause) }

    /// `action` on `path` failed for the system's reason now (`errno`).
    package static func system(_ action: Action, _ path: String) -> IOFailure { IOFailure(action, path, .system(errno)) }

    /// This failure, as one of `action` on `path` (a read of a file descriptor, as one of the
    /// file it was opened from).
    package func about(_ action: Action, _ path: String) -> IOFailure { IOFailure(action, path, cause) }

    /// The stored form (a sync problem keeps it in the library): compact JSON.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = []
        if let action { members.append(("action", .string(action.rawValue))) }
        if let path { members.append(("path", .string(path))) }
        let cause: [(String, JSONValue)] =
            switch self.cause {
            case .system(let code): [("cause", .string("system")), ("errno", .int(Int64(code)))]
            case .isDirectory: [("cause", .string("isDirectory"))]
            case .notRegularFile: [("cause", .string("notRegularFile"))]
            case .link: [("cause", .string("link"))]
            case .notFileDeviceOrPipe: [("cause", .string("notFileDeviceOrPipe"))]
            case .tooLarge(let limit): [("cause", .string("tooLarge")), ("limit", .int(Int64(limit)))]
            case .linkToNothing: [("cause", .string("linkToNothing"))]
            case .noFileName: [("cause", .string("noFileName"))]
            case .namesDirectory: [("cause", .string("namesDirectory"))]
            case .noSuchDirectory(let p): [("cause", .string("noSuchDirectory")), ("directory", .string(p))]
            case .notADirectory(let p): [("cause", .string("notADirectory")), ("directory", .string(p))]
            case .directoryNotWritable(let p, let code):
                [("cause", .string("directoryNotWritable")), ("directory", .string(p)), ("errno", .int(Int64(code)))]
            case .ownFile: [("cause", .string("ownFile"))]
            case .pipeWithoutReader: [("cause", .string("pipeWithoutReader"))]
            case .otherUser(let uid): [("cause", .string("otherUser")), ("uid", .int(Int64(uid)))]
            }
        return .object(members + cause)
    }

    /// The failure `json` stored; `nil` for anything else.
    package init?(json: JSONValue) {
        func int(_ key: String) -> Int64? {
            if case .int(let n)? = json[key] { return n }
            return nil
        }
        let directory = json["directory"]?.stringValue
        let cause: Cause
        switch json["cause"]?.stringValue {
        case "system"?:
            guard let code = int("errno"), let errno = Int32(exactly: code) else { return nil }
            cause = .system(errno)
        case "isDirectory"?: cause = .isDirectory
        case "notRegularFile"?: cause = .notRegularFile
        case "link"?: cause = .link
        case "notFileDeviceOrPipe"?: cause = .notFileDeviceOrPipe
        case "tooLarge"?:
            guard let limit = int("limit") else { return nil }
            cause = .tooLarge(limit: Int(limit))
        case "linkToNothing"?: cause = .linkToNothing
        case "noFileName"?: cause = .noFileName
        case "namesDirectory"?: cause = .namesDirectory
        case "noSuchDirectory"?:
            guard let directory else { return nil }
            cause = .noSuchDirectory(directory)
        case "notADirectory"?:
            guard let directory else { return nil }
            cause = .notADirectory(directory)
        case "directoryNotWritable"?:
            guard let directory, let code = int("errno"), let errno = Int32(exactly: code) else { return nil }
            cause = .directoryNotWritable(directory, errno: errno)
        case "ownFile"?: cause = .ownFile
        case "pipeWithoutReader"?: cause = .pipeWithoutReader
        case "otherUser"?:
            guard let uid = int("uid"), let id = UInt32(exactly: uid) else { return nil }
            cause = .otherUser(uid: id)
        default: return nil
        }
        var action: Action?
        var path: String?
        if let given = json["path"] {
            guard let text = given.stringValue else { return nil }
            path = text
        }
        if let name = json["action"]?.stringValue {
            guard let known = Action(rawValue: name) else { return nil }
            action = known
        }
        self.init(action, path, cause)
    }
}
