import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// Shell completion scripts, made from the commands' own specs (names, options, the choices of
/// an option, what a command's arguments are), so that they cannot drift from the parser.
/// bash gets a completion function; zsh the same function through its `bashcompinit` layer
/// (one implementation to keep right); fish its own `complete` lines.
enum Completions {
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: "# bash completion for citefeed: source <(citefeed completions bash)\n" + bashFunction()
        case .zsh:
            // Sourced, or installed as _citefeed in a folder of $fpath, which compinit autoloads
            // by its #compdef line: the first completion then defines the function and, being
            // that completion, runs it at once.
            """
            #compdef citefeed
            # zsh completion for citefeed: source <(citefeed completions zsh), after compinit; or
            # installed as _citefeed in a folder of $fpath (the package and make install put it there)
            autoload -U +X bashcompinit && bashcompinit

            """ + bashFunction() + """
                if [[ ${funcstack[1]-} == _citefeed ]]; then _bash_complete -F _citefeed; fi

                """
        case .fish: fish()
        }
    }

    /// The commands by name (`add`, `tag add`), and the first words with a summary each.
    private static var specs: [CommandSpec] { CLI.commands.map { $0.spec } }

    private static var topLevel: [(name: String, summary: String)] {
        var seen = Set<String>()
        var result: [(String, String)] = []
        for spec in specs {
            let first = String(spec.name.split(separator: " ")[0])
            guard seen.insert(first).inserted else { continue }
            result.append((first, CLI.groups[first] != nil ? "\(first) commands" : spec.summary))
        }
        return result + [("help", "Show help for citefeed or a command.")]
    }

    private static func options(_ spec: CommandSpec) -> [OptionSpec] { spec.options + ArgumentParser.common }

    /// The subcommands of a group: `list add edit delete` for `tag`.
    private static func subcommands(of group: String) -> [String] {
        specs.filter { $0.name.hasPrefix(group + " ") }.map { String($0.name.dropFirst(group.count + 1)) }
    }

    /// What a shell offers after an option that takes a value.
    private enum Value {
        case words([String])
        case files
        case directories
        /// Names the library holds, asked of citefeed while completing.
        case names(PositionalCompletion)
        /// Free text (an author): nothing to offer.
        case text
    }

    private static func value(of option: OptionSpec) -> Value {
        if !option.choices.isEmpty { return .words(option.choices) }
        if option.name == CLI.rotationOption.name { return .names(.rotations) }
        if option.name == "tag" { return .names(.tags) }
        switch option.value {
        case "FILE": return .files
        case "DIR": return .directories
        default: return .text
        }
    }

    /// The command that changes a setting, and what each setting's value can be (from the
    /// settings' declarations), offered after its key.
    private static let settingsCommand = "defaults write"
    private static var settingValues: [(key: String, completion: SettingCompletion)] {
        SettingKey.allCases.map { ($0.rawValue, $0.setting.completion) }
    }

    // MARK: bash (and zsh)

    /// Words as one space-separated list, for `compgen -W` and the like.
    private static func wordList(_ words: [String]) -> String { words.joined(separator: " ") }

    /// The command that lists the library's names of a kind, one per line (quietly: a library
    /// that cannot be read offers nothing).
    private static func namesCommand(_ kind: PositionalCompletion) -> String {
        kind == .tags ? "citefeed tag list --names 2>/dev/null" : "citefeed rotation list 2>/dev/null"
    }

    /// bash: the names, one per line (a tag name may hold spaces), as the completions. Not
    /// through `compgen -W`, which expands `$(…)` in its words: a tag may be named anything.
    private static func bashNames(_ kind: PositionalCompletion) -> String {
        "local name; COMPREPLY=(); while IFS= read -r name; do if [[ \"$name\" == \"$cur\"* ]]; then COMPREPLY+=(\"$name\"); fi; done < <(\(namesCommand(kind)))"
    }

    /// The `case` line that offers `value` after the words matching `pattern` (free text: nothing).
    private static func bashCase(_ pattern: String, _ value: Value) -> String {
        let reply =
            switch value {
            case .words(let words): "COMPREPLY=($(compgen -W \"\(wordList(words))\" -- \"$cur\"))"
            case .files: "COMPREPLY=($(compgen -f -- \"$cur\"))"
            case .directories: "COMPREPLY=($(compgen -d -- \"$cur\"))"
            case .names(let kind): bashNames(kind)
            case .text: "COMPREPLY=()"
            }
        return "        \(pattern)) \(reply); return ;;\n"
    }

    private static func bashFunction() -> String {
        let commandNames = topLevel.map(\.name)
        var groupCases = ""
        for (group, defaultSub) in CLI.groups.sorted(by: { $0.key < $1.key }) {
            groupCases +=
                "                    \(group)) subcommands=\"\(wordList(subcommands(of: group)))\" alone=\"\(group) \(defaultSub)\" ;;\n"
        }
        var valueCases = ""
        var optionCases = ""
        var positionalCases = ""
        for spec in specs {
            // After an option that takes a value: its choices, files, directories, or nothing
            // (free text such as an author); --home is handled before, for every command.
            var freeText: [String] = []
            for option in spec.options where option.value != nil {
                let pattern = "\"\(spec.name)|--\(option.name)\""
                let value = value(of: option)
                if case .text = value { freeText.append(pattern) } else { valueCases += bashCase(pattern, value) }
            }
            if !freeText.isEmpty { valueCases += "        \(freeText.joined(separator: "|"))) COMPREPLY=(); return ;;\n" }
            optionCases += "        \"\(spec.name)\") options=\"\(wordList(options(spec).map { "--" + $0.name }))\" ;;\n"
            switch spec.completes {
            case .nothing: break
            case .files: positionalCases += "        \"\(spec.name)\") COMPREPLY=($(compgen -f -- \"$cur\")) ;;\n"
            case .words(let words):
                positionalCases += "        \"\(spec.name)\") COMPREPLY=($(compgen -W \"\(wordList(words))\" -- \"$cur\")) ;;\n"
            case .rotations, .tags: positionalCases += "        \"\(spec.name)\") \(bashNames(spec.completes)) ;;\n"
            }
        }
        // After `defaults write KEY`: what the setting takes.
        for (key, completion) in settingValues {
            let value: Value =
                switch completion {
                case .words(let words): .words(words)
                case .directories: .directories
                case .files: .files
                case .tags: .names(.tags)
                case .nothing: .text
                }
            valueCases += bashCase("\"\(settingsCommand)|\(key)\"", value)
        }
        return """
            _citefeed() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                local command="" subcommands="" alone="" options word i=1
                # The command (and a group's subcommand) among the words before the cursor; the
                # value of --home is not one.
                while [[ $i -lt $COMP_CWORD ]]; do
                    word="${COMP_WORDS[i]}"
                    if [[ "$word" == --home ]]; then
                        i=$((i + 2))
                        continue
                    fi
                    if [[ "$word" != -* ]]; then
                        if [[ -z "$command" ]]; then
                            command="$word"
                            case "$command" in
            \(groupCases)                esac
                        elif [[ -n "$subcommands" && " $subcommands " == *" $word "* ]]; then
                            command="$command $word"
                            subcommands=""
                        fi
                    fi
                    i=$((i + 1))
                done
                if [[ "$prev" == --home ]]; then
                    COMPREPLY=($(compgen -d -- "$cur"))
                    return
                fi
                case "$command|$prev" in
            \(valueCases)    esac
                if [[ -z "$command" ]]; then
                    if [[ "$cur" == -* ]]; then
                        COMPREPLY=($(compgen -W "--home --help --version" -- "$cur"))
                    else
                        COMPREPLY=($(compgen -W "\(wordList(commandNames))" -- "$cur"))
                    fi
                    return
                fi
                if [[ -n "$subcommands" && "$cur" != -* ]]; then
                    COMPREPLY=($(compgen -W "$subcommands" -- "$cur"))
                    return
                fi
                if [[ "$cur" == -* ]]; then
                    # A group without its subcommand is its default one (`tag` is `tag list`).
                    [[ -n "$subcommands" ]] && command="$alone"
                    case "$command" in
            \(optionCases)            *) options="--home --help" ;;
                    esac
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                    return
                fi
                case "$command" in
                    help) COMPREPLY=($(compgen -W "\(wordList(commandNames.filter { $0 != "help" }))" -- "$cur")) ;;
            \(positionalCases)        *) COMPREPLY=() ;;
                esac
            }
            complete -F _citefeed citefeed

            """
    }

    // MARK: fish

    /// A fish string in single quotes (a quote or backslash in it escaped).
    private static func fishQuoted(_ s: String) -> String {
        var out = "'"
        for c in s {
            if c == "'" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out + "'"
    }

    private static func fish() -> String {
        var groupCases: [String] = []
        for group in CLI.groups.keys.sorted() {
            groupCases.append(
                "                    case \(group)\n                        set subcommands \(wordList(subcommands(of: group)))")
        }
        var lines = [
            "# fish completion for citefeed: citefeed completions fish > ~/.config/fish/completions/citefeed.fish",
            "",
            "# The command on the line so far (`tag add` for a group's subcommand); the value of --home is not one.",
            "function __citefeed_command",
            "    set -l words (commandline -opc)",
            "    set -e words[1]",
            "    set -l command",
            "    set -l subcommands",
            "    while set -q words[1]",
            "        switch $words[1]",
            "            case --home",
            "                set -e words[1]",
            "            case '-*'",
            "            case '*'",
            "                if not set -q command[1]",
            "                    set command $words[1]",
            "                    switch $command",
        ]
        lines += groupCases
        lines += [
            "                    end",
            "                else if contains -- $words[1] $subcommands",
            "                    set -a command $words[1]",
            "                    set subcommands",
            "                end",
            "        end",
            "        set -e words[1]",
            "    end",
            "    echo $command",
            "end",
            "",
            "function __citefeed_is",
            "    set -l command (__citefeed_command)",
            "    test \"$command\" = \"$argv[1]\"",
            "end",
            "",
            "complete -c citefeed -f",
            "complete -c citefeed -l home -r -a '(__fish_complete_directories)' -d 'keep the library, settings and outputs in DIR'",
            "complete -c citefeed -n '__citefeed_is \"\"' -l version -d 'print the version'",
        ]
        for (name, summary) in topLevel {
            lines.append("complete -c citefeed -n '__citefeed_is \"\"' -a \(name) -d \(fishQuoted(summary))")
        }
        let commandNames = topLevel.map(\.name).filter { $0 != "help" }
        lines.append("complete -c citefeed -n '__citefeed_is help' -a \(fishQuoted(commandNames.joined(separator: " ")))")
        for spec in specs {
            let words = spec.name.split(separator: " ").map(String.init)
            if words.count == 2 {
                // A group's subcommand, offered after the group's name.
                lines.append("complete -c citefeed -n '__citefeed_is \(words[0])' -a \(words[1]) -d \(fishQuoted(spec.summary))")
            }
            let condition = fishQuoted("__citefeed_is \"\(spec.name)\"")
            // A group alone is its default subcommand (`tag` is `tag list`): its options too.
            let conditions =
                CLI.groups[words[0]] == words.last && words.count == 2
                ? [condition, fishQuoted("__citefeed_is \(words[0])")] : [condition]
            for condition in conditions {
                for option in spec.options + ArgumentParser.common.filter({ $0.name == "help" }) {
                    var line = "complete -c citefeed -n \(condition) -l \(option.name)"
                    if option.value != nil {
                        switch value(of: option) {
                        case .words(let words): line += " -x -a \(fishQuoted(wordList(words)))"
                        case .files: line += " -r -F"
                        case .directories: line += " -r -a '(__fish_complete_directories)'"
                        case .names(let kind): line += " -x -a \(fishQuoted("(" + namesCommand(kind) + ")"))"
                        case .text: line += " -x"
                        }
                    }
                    lines.append(line + " -d \(fishQuoted(option.help))")
                }
            }
            if spec.name == settingsCommand {
                // A key's value after the key; the keys themselves anywhere else.
                let keys = settingValues.map(\.key).joined(separator: " ")
                for (key, completion) in settingValues {
                    let after = fishQuoted("__citefeed_is \"\(spec.name)\"; and __fish_prev_arg_in \(key)")
                    switch completion {
                    case .words(let words): lines.append("complete -c citefeed -n \(after) -x -a \(fishQuoted(wordList(words)))")
                    case .directories: lines.append("complete -c citefeed -n \(after) -x -a '(__fish_complete_directories)'")
                    case .files: lines.append("complete -c citefeed -n \(after) -r -F")
                    case .tags: lines.append("complete -c citefeed -n \(after) -x -a \(fishQuoted("(" + namesCommand(.tags) + ")"))")
                    case .nothing: break
                    }
                }
                lines.append(
                    "complete -c citefeed -n \(fishQuoted("__citefeed_is \"\(spec.name)\"; and not __fish_prev_arg_in \(keys)")) -a \(fishQuoted(keys))"
                )
                continue
            }
            switch spec.completes {
            case .nothing: break
            case .files: lines.append("complete -c citefeed -n \(condition) -F")
            case .words(let choices): lines.append("complete -c citefeed -n \(condition) -a \(fishQuoted(choices.joined(separator: " ")))")
            case .rotations, .tags:
                lines.append("complete -c citefeed -n \(condition) -a \(fishQuoted("(" + namesCommand(spec.completes) + ")"))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
