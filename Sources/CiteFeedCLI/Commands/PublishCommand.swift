import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed publish [--rotation NAME | --all]`
struct PublishCommand: Command {
    static let all = Flag("all", "publish every rotation that has a publishCommand or a feedHub")

    static let spec = CommandSpec(
        name: "publish", usage: "[--rotation NAME | --all]",
        summary: "Run the publish command and tell the hub now, with the outputs as they are.",
        details: """
            Runs the rotation's publishCommand in its output directory and tells its feedHub of
            every feed, whether the outputs changed or not: after setting them up, or to retry a
            failure now. 'rotate' does this by itself when the outputs change, until a failed
            publish succeeds, and at the first rotate after publishCommand, feedHub or feedURL
            changed. A failure is a warning there; here the run exits 1.
            """,
        options: [CLI.rotationOption, all], positionals: (0, 0), positionalName: "")

    let every: Bool

    init(_ arguments: ParsedArguments) throws {
        every = arguments(Self.all)
        if every && arguments.has(CLI.rotationOption) { throw UsageError.conflicting("--all", "--rotation", command: "publish") }
    }

    func run(_ context: Context) throws {
        let rotations = every ? try SettingsFile(path: context.paths.settings).loadAll() : [try context.settings()]
        let publishing = rotations.filter { !$0.publishCommand.isEmpty || (!$0.feedHub.isEmpty && !$0.feedURL.isEmpty) }
        guard !publishing.isEmpty else { throw PublishError.nothingToPublish(every ? nil : context.rotationName) }
        for settings in publishing {
            let directory = context.paths.outputDirectory(settings)
            guard OutputSet.names.contains(where: { Posix.fileExists(directory + "/" + $0) }) else {
                throw PublishError.nothingWritten(settings.rotation, directory)
            }
        }
        context.home.publishEverything(publishing)
        var failures = 0
        let jobs = context.home.announcementJobs()
        let outcomes = Announcer.run(jobs, limit: context.announceLimit, environment: context.environment) {
            failures += 1
            context.warn($0)
        }
        // What happened, job by job: what failed is said as failed, not as done.
        for (job, outcome) in zip(jobs, outcomes) {
            var done: [String] = []
            if let command = job.publishCommand, let published = outcome.published {
                done.append(published ? "ran \(command[0])" : "\(command[0]) failed")
            }
            if let hub = job.hub, let told = outcome.told {
                done.append(told ? "told \(hub) of \(job.feeds.count) feeds" : "\(hub) was not told")
            }
            context.out.line("\(job.label)\(job.directory): \(done.joined(separator: ", ")).")
        }
        if failures > 0 { throw PublishError.failed(failures) }
    }
}

/// Why `publish` did not publish.
enum PublishError: CiteFeedError, Equatable {
    /// Neither a publish command nor a hub (with feedURL) is set; the rotation, or `nil` for --all.
    case nothingToPublish(String?)
    /// The rotation has not written its outputs yet.
    case nothingWritten(String, String)
    case failed(Int)

    var exitStatus: ExitStatus {
        switch self {
        case .nothingToPublish: return .usage
        case .nothingWritten: return .notFound
        case .failed: return .failure
        }
    }

    var message: String {
        switch self {
        case .nothingToPublish(let rotation?):
            return
                "Nothing to publish: \(ReviewBarError.name(rotation)) has no publishCommand and no feedHub with a feedURL; 'citefeed defaults write publishCommand -- rsync -a ./ host:feeds/' sets one."
        case .nothingToPublish(nil):
            return
                "Nothing to publish: no rotation has a publishCommand or a feedHub with a feedURL; 'citefeed defaults write publishCommand -- rsync -a ./ host:feeds/' sets one."
        case let .nothingWritten(rotation, directory):
            return
                "\(ReviewBarError.sentenceName(rotation)) has no outputs in \(directory) yet; 'citefeed rotate\(ReviewBarError.option(rotation))' writes them."
        case .failed(let n):
            return n == 1 ? "Publishing failed (see the warning above)." : "Publishing failed \(n) times (see the warnings above)."
        }
    }
}
