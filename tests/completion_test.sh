#!/usr/bin/env bash
# Bash completion (issue 17): commands, options read from each command's
# --help, presets after --rules, keys and values after --set.
# usage: completion_test.sh TENSU SOURCE_DIR
set -u
tensu=$1
src=$2
. "$(dirname "$0")/lib.sh"
PATH=$(dirname "$(readlink -f "$tensu")"):$PATH
# compopt works only inside a completion bash runs; a stand-in here
compopt() { :; }
. "$src/completion/tensu.bash"
comp() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _tensu; echo "${COMPREPLY[*]}"; }
check "[ \"\$(comp tensu sh)\" = sheets ]" "tensu sh<TAB>: $(comp tensu sh)"
check "[ \"\$(comp tensu sheets --rules w)\" = 'wrc2015 wrc2022' ]" "--rules w<TAB>: $(comp tensu sheets --rules w)"
check "[ \"\$(comp tensu sheets --set kir)\" = 'kiriage=' ]" "--set kir<TAB>: $(comp tensu sheets --set kir)"
check "[ \"\$(comp tensu table --set kiriage=)\" = 'kiriage=yes kiriage=no' ]" "--set kiriage=<TAB>: $(comp tensu table --set kiriage=)"
check "comp tensu verify --p | grep -qw -- --pages" "verify --p<TAB>: $(comp tensu verify --p)"
check "[ \"\$(comp tensu verify --format '')\" = 'auto csv grid json wiki latex html pdf picture' ]" "verify --format <TAB>: $(comp tensu verify --format '')"
check "comp tensu score --s | grep -qw -- --seat" "score --s<TAB>: $(comp tensu score --s)"
check "comp tensu '' | grep -qw crosscheck && comp tensu '' | grep -qw -- --version" "tensu <TAB>: $(comp tensu '')"
# --paper: a sheet is made for each but A5 (tensu sheets --help lists them)
check "[ \"\$(comp tensu sheets --paper '')\" = 'a6 a4 letter a3 a2' ]" "sheets --paper <TAB>: $(comp tensu sheets --paper '')"
finish completion
