#!/usr/bin/env bash
# Completes puzzle-cli command lines through the bash completion script, as bash does on TAB, and checks the
# offers. Usage: completion_test.sh PUZZLE_CLI COMPLETION_SCRIPT
set -uo pipefail
program=$1
script=$2
loader=/usr/share/bash-completion/bash_completion
[[ -r $loader ]] || { echo "FAIL: $loader is missing (install bash-completion)"; exit 1; }
# shellcheck disable=SC1090
source "$loader"
# shellcheck disable=SC1090
source "$script"

work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
touch puzzles.txt
failures=0
passes=0

# The offers for a command line that ends where the cursor is (a trailing space starts a new word).
offers() {
    COMP_LINE=$program${1#puzzle-cli}
    COMP_POINT=${#COMP_LINE}
    read -r -a COMP_WORDS <<<"$COMP_LINE"
    [[ $COMP_LINE == *' ' ]] && COMP_WORDS+=('')
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _puzzle_cli puzzle-cli "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf '%s\n' "${COMPREPLY[@]}" | sort
}

# expect LINE WORD...: every WORD is offered for LINE.
expect() {
    local line=$1 got word
    shift
    got=$(offers "$line")
    for word in "$@"; do
        if grep -qxF -- "$word" <<<"$got"; then
            passes=$((passes + 1))
        else
            echo "FAIL: '$line' does not offer '$word'; offers: $(tr '\n' ' ' <<<"$got")"
            failures=$((failures + 1))
        fi
    done
}

# expect_only LINE WORD...: exactly the WORDs are offered.
expect_only() {
    local line=$1 got want
    shift
    got=$(offers "$line")
    want=$(printf '%s\n' "$@" | sort)
    if [[ $got == "$want" ]]; then
        passes=$((passes + 1))
    else
        echo "FAIL: '$line' offers: $(tr '\n' ' ' <<<"$got"); expected: $*"
        failures=$((failures + 1))
    fi
}

# Every subcommand the program's help lists.
mapfile -t subcommands < <("$program" --help | sed -n '/^Subcommands:/,$ s/^  \([a-z][a-z-]*\) .*/\1/p')
[[ ${#subcommands[@]} -ge 8 ]] || { echo "FAIL: found only ${#subcommands[@]} subcommands in --help"; exit 1; }
expect "puzzle-cli " "${subcommands[@]}"
expect_only "puzzle-cli so" solve
expect_only "puzzle-cli --v" --version
expect "puzzle-cli solve --" --algorithm --seed --runs --time-limit --json --trace --record
expect "puzzle-cli generate --" --nurikabe --difficulty --symmetry --clues
expect "puzzle-cli solve -a " exact sa backtracking nurikabe-sa logic
expect_only "puzzle-cli solve --algorithm nurikabe-b" nurikabe-backtracking
expect "puzzle-cli bench --algorithms sa,ta" sa,tabu
expect "puzzle-cli rate --metrics serate,giv" serate,givens
expect_only "puzzle-cli hint --techniques " all singles
expect_only "puzzle-cli generate --difficulty p" pairs
expect_only "puzzle-cli solve --seed " 
expect_only "puzzle-cli check puz" puzzles.txt
expect_only "puzzle-cli solve -a exact --json puz" puzzles.txt

echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
