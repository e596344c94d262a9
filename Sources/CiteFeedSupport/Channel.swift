/// Two threads, one handing work to the other: a bulk import parses and checks records on a
/// second thread while the first writes them to SQLite (a connection is used by one thread
/// only). Plain POSIX threads, mutexes and condition variables, so no concurrency runtime is
/// linked and nothing starts unless an import runs.

/// A bounded first-in first-out queue from one sending thread to one receiving thread.
/// The sender blocks while it is full, the receiver while it is empty. The sender `close`s it
/// after its last element; the receiver may `cancel` it, after which `send` returns `false`.
package final class Channel<Element>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var capacity: Int
    /// Elements before `head` were received (and let go); the array is compacted as it goes.
    private var items: [Element?] = []
    private var head = 0
    private var closed = false
    private var cancelled = false

    package init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Adds `element`, waiting for room; `false` (and nothing added) once the receiver has cancelled.
    package func send(_ element: Element) -> Bool {
        locked {
            while items.count - head >= capacity && !cancelled { pthread_cond_wait(changed, mutex) }
            guard !cancelled else { return false }
            items.append(element)
            pthread_cond_broadcast(changed)
            return true
        }
    }

    /// The next element, waiting for one; `nil` when the sender has closed the channel and
    /// everything sent has been received, or after `cancel`.
    package func receive() -> Element? {
        locked {
            while head == items.count && !closed && !cancelled { pthread_cond_wait(changed, mutex) }
            guard !cancelled, head < items.count else { return nil }
            let element = items[head].take()!
            head += 1
            if head == items.count {
                items.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64 && head * 2 >= items.count {
                items.removeFirst(head)
                head = 0
            }
            pthread_cond_broadcast(changed)
            return element
        }
    }

    /// Lets `send` add without waiting (for a sender that runs before its receiver: see `WorkerThread.start`).
    package func removeLimit() {
        locked { capacity = Int.max }
    }

    /// By the sender: nothing more will come.
    package func close() {
        locked {
            closed = true
            pthread_cond_broadcast(changed)
        }
    }

    /// By the receiver: it wants nothing more; what waits is dropped and the sender is told.
    package func cancel() {
        locked {
            cancelled = true
            items.removeAll()
            head = 0
            pthread_cond_broadcast(changed)
        }
    }
}
