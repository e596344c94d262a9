import Foundation

@testable import CiteFeedSupport

/// What the test process sets up once, before its first home (`Sandbox.processZone` calls it):
/// homes that cost little to make and throw away, so that the tests' time goes to the logic
/// under test rather than to the disk.
enum TestHarness {
    /// The directory the test homes are made in (`TMPDIR` for the rest of the process): a
    /// directory of this process's own in `/dev/shm` where that is a tmpfs, since thousands of
    /// homes made and removed on ext4 spend their time in the kernel's search for a free inode
    /// (a third of the sync convergence test's); else the temporary directory as it was. A
    /// `TMPDIR` the person running the tests set is kept.
    nonisolated(unsafe) private(set) static var directory: String?

    static func prepare() { _ = prepared }

    private static let prepared: Void = {
        // Nothing this process writes is synced to the disk (`Durability`): its homes are
        // thrown away.
        Durability.relaxedForTests = true
        guard ProcessInfo.processInfo.environment["TMPDIR"] == nil else { return }
        let mounts = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? ""
        let tmpfs = mounts.split(separator: "\n").contains {
            $0.split(separator: " ").prefix(3).dropFirst().elementsEqual(["/dev/shm", "tmpfs"])
        }
        guard tmpfs, access("/dev/shm", W_OK) == 0 else { return }
        // Open to all, as /tmp's homes were: some tests run programs as the user nobody there.
        let path = "/dev/shm/cf-\(getpid())"  // short: sockets made in homes must fit in 108 bytes
        guard mkdir(path, 0o755) == 0 || errno == EEXIST, chmod(path, 0o755) == 0 else { return }
        directory = path
        setenv("TMPDIR", path, 1)
        atexit {
            // Whatever a test left behind goes with the process.
            if let directory = TestHarness.directory { try? FileManager.default.removeItem(atPath: directory) }
        }
    }()
}
