import Foundation
import PackagePlugin

/// Writes the version (the VERSION file) and the git commit into a source of the target it is
/// applied to, before every build (scripts/build-info), so `citefeed --version` names the commit
/// it was built from.
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo")
        let package = context.package.directoryURL
        return [
            .prebuildCommand(
                displayName: "Version and commit for citefeed --version",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [package.appending(path: "scripts/build-info").path, package.path, output.path],
                outputFilesDirectory: output)
        ]
    }
}
