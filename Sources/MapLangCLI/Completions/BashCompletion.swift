/// The bash completion script: one function, `_PROGRAM`, that looks at the
/// command's name, the word before the cursor and how many positional
/// arguments come before it. It runs in bash 3.2 and needs no
/// bash-completion package.
struct BashCompletion {
    /// What to complete.
    let tool: ToolSpec

    /// The script's lines after its header.
    var lines: [String] {
        var lines = Self.helpers(tool.program).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines += ["        " + Self.words(tool.firstWords), "        return 0", "    fi", "    case ${COMP_WORDS[1]} in"]
        for command in tool.commands {
            let body = Self.arm(for: command, program: tool.program)
            if !body.isEmpty { lines += ["    \(command.name))"] + body + ["        ;;"] }
        }
        return lines + ["    esac", "    return 0", "}", "", "complete -F _\(tool.program) \(tool.program)"]
    }

    /// The functions that do not depend on the commands, and the start of
    /// the one that does, up to the list of first words.
    private static func helpers(_ name: String) -> String {
        #"""

        # Offers the files that start with $1; given a pattern $2, only those
        # it does not match, and directories.
        _\#(name)_files() {
            local IFS=$'\n'
            if [[ -n ${2-} ]]; then
                COMPREPLY=($(compgen -d -- "$1"; compgen -f -X "$2" -- "$1"))
            else
                COMPREPLY=($(compgen -f -- "$1"))
            fi
            compopt -o filenames 2>/dev/null
            return 0
        }

        # Prints how many positional arguments come before the word being
        # completed; the arguments are the spellings of the options whose next
        # word is their value.
        _\#(name)_position() {
            local count=0 index=2 ended= spelling word
            while (( index < COMP_CWORD )); do
                word=${COMP_WORDS[index]}
                if [[ -n $ended || $word == - || $word != -* ]]; then
                    count=$((count + 1))
                elif [[ $word == -- ]]; then
                    ended=1
                else
                    for spelling in "$@"; do
                        if [[ $word == "$spelling" ]]; then
                            index=$((index + 1))
                            if [[ ${COMP_WORDS[index]-} == = ]]; then index=$((index + 1)); fi
                            break
                        fi
                    done
                fi
                index=$((index + 1))
            done
            echo "$count"
        }

        _\#(name)() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=
            if (( COMP_CWORD > 1 )); then prev=${COMP_WORDS[COMP_CWORD - 1]}; fi
            # `=` breaks words by default, so `--option=value` is three words.
            if [[ $cur == = ]]; then
                cur=
            elif [[ $prev == = ]] && (( COMP_CWORD > 2 )); then
                prev=${COMP_WORDS[COMP_CWORD - 2]}
            fi
            COMPREPLY=()
            if (( COMP_CWORD == 1 )); then
        """#
    }

    /// The lines that complete one command's options, their values and its
    /// positional arguments; none when there is nothing to complete.
    private static func arm(for command: CommandSpec, program: String) -> [String] {
        var lines: [String] = []
        let valueOptions = command.options.compactMap { option in option.value.map { (option.names, $0.kind) } }
        if !valueOptions.isEmpty {
            lines.append("        case $prev in")
            for (names, kind) in valueOptions {
                let commands = completion(of: kind, program: program).map { [$0] } ?? []
                lines.append("        \(names.joined(separator: "|"))) " + (commands + ["return 0 ;;"]).joined(separator: "; "))
            }
            lines.append("        esac")
        }
        if !command.options.isEmpty {
            lines += [
                "        if [[ $cur == -* ]]; then",
                "            " + words(command.options.flatMap(\.names)),
                "            return 0",
                "        fi",
            ]
        }
        let positionals = command.allPositionals.enumerated().map { ("\($0.offset)", $0.element) }
            + (command.repeatedPositional.map { [("*", $0)] } ?? [])
        if !positionals.isEmpty {
            let position = (["_\(program)_position"] + command.valueOptionSpellings).joined(separator: " ")
            lines.append("        case $(\(position)) in")
            for (pattern, positional) in positionals {
                lines.append("        \(pattern)) " + (completion(of: positional.kind, program: program).map { $0 + " " } ?? "") + ";;")
            }
            lines.append("        esac")
        }
        return lines
    }

    /// The command that fills `COMPREPLY` for a value of this kind; `nil` when there is nothing to offer.
    private static func completion(of kind: ValueKind, program: String) -> String? {
        switch kind {
        case .rulesFile: "_\(program)_files \"$cur\" '!*.map'"
        case .file: "_\(program)_files \"$cur\""
        case .choice(let choices): words(choices)
        case .text: nil
        }
    }

    /// The command that offers those of the words that start with the word being completed.
    private static func words(_ words: [String]) -> String {
        "COMPREPLY=($(compgen -W \(words.joined(separator: " ").posixQuoted) -- \"$cur\"))"
    }
}
