import CiteFeedCore
import CiteFeedModel
import CiteFeedSupport

/// What one rotation tells the world once a command's changes are committed: a
/// notification of its new pick, its `wallpaperCommand` after its pictures changed,
/// its `publishCommand` run over the output directory, and the WebSub hub pinged for its
/// changed feeds. Worked out by the command, then run by `Announcer`
/// in the foreground (`rotate`, `publish`) or by a detached citefeed (what a bar calls, so that
/// the bar never waits), to which it is handed as JSON on standard input.
package struct AnnouncementJob: Equatable, Sendable {
    /// "" for the default rotation, "rotation NAME: " otherwise: the start of its warnings.
    package var label: String
    /// The notification's summary and (markup-escaped) body, when there is a new pick to notify.
    package var notification: Notification?
    /// The wallpaper command (an argument list), when the pictures changed.
    package var wallpaperCommand: [String]?
    /// The publish command (an argument list), when it is to run.
    package var publishCommand: [String]?
    /// The output directory: where the publish command runs.
    package var directory: String
    /// The marker that stays while the publish command has not succeeded (`Paths.publishPending`).
    package var marker: String
    /// What this run wrote in the marker: it removes the marker only while it still says that.
    package var markerToken = ""
    /// The hub to ping, and the public addresses of the feeds to announce to it.
    package var hub: String?
    package var feeds: [String]

    package struct Notification: Equatable, Sendable {
        var summary: String
        var body: String
    }

    /// Whether there is anything to do.
    package var isEmpty: Bool {
        notification == nil && wallpaperCommand == nil && publishCommand == nil && (hub == nil || feeds.isEmpty)
    }

    package var json: JSONValue {
        .object([
            ("label", .string(label)),
            ("notification", notification.map { .object([("summary", .string($0.summary)), ("body", .string($0.body))]) } ?? .null),
            ("wallpaperCommand", wallpaperCommand.map { .array($0.map(JSONValue.string)) } ?? .null),
            ("publishCommand", publishCommand.map { .array($0.map(JSONValue.string)) } ?? .null),
            ("directory", .string(directory)), ("marker", .string(marker)), ("markerToken", .string(markerToken)), ("hub", .optional(hub)),
            ("feeds", .array(feeds.map(JSONValue.string))),
        ])
    }

    package init(
        label: String, notification: Notification? = nil, publishCommand: [String]? = nil, directory: String, marker: String,
        hub: String? = nil, feeds: [String] = []
    ) {
        self.label = label
        self.notification = notification
        self.publishCommand = publishCommand
        self.directory = directory
        self.marker = marker
        self.hub = hub
        self.feeds = feeds
    }

    /// The job `json` wrote, or `nil` when it is not one.
    package init?(json: JSONValue) {
        guard let label = json["label"]?.stringValue, let directory = json["directory"]?.stringValue,
            let marker = json["marker"]?.stringValue, let feeds = json["feeds"]?.arrayValue?.compactMap(\.stringValue)
        else { return nil }
        self.init(label: label, directory: directory, marker: marker, hub: json["hub"]?.stringValue, feeds: feeds)
        markerToken = json["markerToken"]?.stringValue ?? ""
        if let n = json["notification"], n != .null {
            guard let summary = n["summary"]?.stringValue, let body = n["body"]?.stringValue else { return nil }
            notification = Notification(summary: summary, body: body)
        }
        for (key, path) in [("wallpaperCommand", \AnnouncementJob.wallpaperCommand), ("publishCommand", \.publishCommand)] {
            guard let c = json[key], c != .null else { continue }
            guard let words = c.arrayValue?.compactMap(\.stringValue), !words.isEmpty else { return nil }
            self[keyPath: path] = words
        }
    }
}
