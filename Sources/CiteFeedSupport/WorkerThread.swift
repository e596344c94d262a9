/// A thread running one closure; `join` waits for it to end. The closure must touch nothing
/// that the starting thread uses meanwhile, except through a `Channel`.
package final class WorkerThread {
    private var thread = pthread_t()
    private var joined = false

    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts `body` on a new thread; `nil` when the system cannot start one.
    package init?(_ body: @escaping () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let rc = pthread_create(
            &thread, nil,
            { context in
                let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
                body.run()
                return nil
            }, context)
        if rc != 0 {
            Unmanaged<Body>.fromOpaque(context).release()
            joined = true
            return nil
        }
    }

    /// Waits for the closure to return (once; later calls return at once).
    package func join() {
        guard !joined else { return }
        joined = true
        pthread_join(thread, nil)
    }

    deinit { join() }
}
