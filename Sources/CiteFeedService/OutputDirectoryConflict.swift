/// Two rotations that would write to one directory.
package struct OutputDirectoryConflict: Error, Equatable {
    package var first: String
    package var second: String
    package var directory: String
}
