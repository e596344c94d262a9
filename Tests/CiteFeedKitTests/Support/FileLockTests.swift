import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// Writers wait in the kernel and give up only when one holder kept the lock
/// for the whole patience, not after waiting that long behind others who took turns.
@Suite struct FileLockTests {
    func lockPath() -> String { FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)").path }

    @Test func aWaiterWaitsWhileTheLockChangesHands() throws {
        let path = lockPath()
        defer { unlink(path) }
        // Six holders one after another, each for 0.4 s: 2.4 s in all, five times the waiter's
        // patience of 0.5 s, but the lock changes hands every 0.4 s.
        let first = FileLock(path: path)
        try first.acquire()
        let holders = DispatchGroup()
        let handedOver = DispatchSemaphore(value: 0)
        DispatchQueue.global().async(group: holders) {
            for _ in 0..<5 {
                let next = FileLock(path: path)
                handedOver.signal()
                try? next.acquire(patience: 60_000)
                usleep(400_000)
                next.release()
            }
        }
        handedOver.wait()
        usleep(400_000)
        first.release()
        let waiter = FileLock(path: path)
        var outcome: FileLock.Failure?
        do { try waiter.acquire(patience: 1000) } catch { outcome = error }
        #expect(outcome == nil)
        waiter.release()
        holders.wait()
    }

    @Test func aWaiterGivesUpWhenOneHolderKeepsIt() throws {
        let path = lockPath()
        defer { unlink(path) }
        let holder = FileLock(path: path)
        try holder.acquire()
        defer { holder.release() }
        let waiter = FileLock(path: path)
        var outcome: FileLock.Failure?
        do { try waiter.acquire(patience: 300) } catch { outcome = error }
        #expect(outcome == .stuck(holder: getpid()))
    }

    @Test func aSecondHoldInTheSameProcessCountsUp() throws {
        let path = lockPath()
        defer { unlink(path) }
        let lock = FileLock.shared(path)
        try lock.acquire()
        try FileLock.shared(path).acquire(patience: 100)
        FileLock.shared(path).release()
        // Still held: another descriptor cannot have it.
        let other = FileLock(path: path)
        #expect(throws: FileLock.Failure.self) { try other.acquire(patience: 100) }
        lock.release()
        try other.acquire(patience: 100)
        other.release()
    }

    /// A SIGALRM blocked by whoever started us (inherited through exec) must not make the wait endless.
    @Test func aBlockedAlarmSignalDoesNotMakeTheWaitEndless() throws {
        let path = lockPath()
        defer { unlink(path) }
        let holder = FileLock(path: path)
        try holder.acquire()
        defer { holder.release() }
        let finished = DispatchSemaphore(value: 0)
        let box = OutcomeBox()
        Thread.detachNewThread {
            var alarm = sigset_t()
            sigemptyset(&alarm)
            sigaddset(&alarm, SIGALRM)
            pthread_sigmask(SIG_BLOCK, &alarm, nil)
            do { try FileLock(path: path).acquire(patience: 300) } catch { box.failure = error as? FileLock.Failure }
            finished.signal()
        }
        #expect(finished.wait(timeout: .now() + 30) == .success)
        #expect(box.failure == .stuck(holder: getpid()))
    }

    final class OutcomeBox: @unchecked Sendable { var failure: FileLock.Failure? }
}
