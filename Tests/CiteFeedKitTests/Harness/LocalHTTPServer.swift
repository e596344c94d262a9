import Foundation

/// A small HTTP server on 127.0.0.1 for a test: Python's http.server with the request handler
/// methods given (indented as methods of the handler class), on a free port, for at most 60 s.
final class LocalHTTPServer {
    let process = Process()
    let port: Int

    init(handler methods: String, arguments: [String] = []) throws {
        let script = """
            import http.server, signal, socketserver, sys, time
            signal.pthread_sigmask(signal.SIG_SETMASK, [])  # Foundation may start us with signals blocked
            class H(http.server.BaseHTTPRequestHandler):
                def log_message(self, *a): pass

            """ + methods + """

                class S(socketserver.ThreadingMixIn, http.server.HTTPServer): daemon_threads = True
                s = S(("127.0.0.1", 0), H)
                print(s.server_address[1], flush=True)
                s.timeout = 1
                deadline = time.time() + 60
                while time.time() < deadline: s.handle_request()
                """
        let out = Pipe()
        // python3 itself, not under timeout(1): it unblocks SIGTERM and stops after 60 s anyway.
        process.executableURL = URL(fileURLWithPath: findProgram("python3") ?? "/usr/bin/python3")
        process.arguments = ["-c", script] + arguments
        process.standardOutput = out
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }
}
