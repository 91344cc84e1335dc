# bash completion for tensu: commands, each command's options (read from its
# own --help, so that the list cannot go stale), rule presets after --rules,
# rule keys and their values after --set, files where a file is read.
# Installed where bash-completion looks (share/bash-completion/completions).

_tensu_presets() {
  tensu rules 2>/dev/null | awk '/^Presets/ { p = 1; next } p && /^  [a-z]/ { print $1 }'
}

_tensu_keys() {
  tensu rules 2>/dev/null | awk '/^Rule keys/ { k = 1; next } /^$/ { k = 0 } k && /^  [a-z]/ { print $1 "=" }'
}

_tensu_values() {  # the values of one key: "yes|no" -> yes no
  tensu rules 2>/dev/null | awk -v key="$1" '$1 == key { n = split($2, v, "|"); for (i = 1; i <= n; i++) if (v[i] !~ /\.\./) print v[i]; exit }'
}

_tensu() {
  local cur prev cmd i
  COMPREPLY=()
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD - 1]}
  cmd=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in -*) ;; *) cmd=${COMP_WORDS[i]}; break ;; esac
  done
  if [ -z "$cmd" ]; then
    COMPREPLY=($(compgen -W "$(tensu help 2>/dev/null | awk '/^commands:/ { c = 1; next } /^$/ { c = 0 } c { print $1 }') --help --version" -- "$cur"))
    return
  fi
  case $prev in
    --rules)
      COMPREPLY=($(compgen -W "$(_tensu_presets)" -- "$cur"))
      compopt -o default 2>/dev/null  # a club's rules file too
      return ;;
    --set)
      if [[ $cur == *=* ]]; then
        COMPREPLY=($(compgen -P "${cur%%=*}=" -W "$(_tensu_values "${cur%%=*}")" -- "${cur#*=}"))
      else
        COMPREPLY=($(compgen -W "$(_tensu_keys)" -- "$cur"))
        compopt -o nospace 2>/dev/null
      fi
      return ;;
    --lang) COMPREPLY=($(compgen -W "en fr" -- "$cur")); return ;;
    --format)
      COMPREPLY=($(compgen -W "$(tensu "$cmd" --help 2>/dev/null | grep -o -- '--format [a-z|]*' | head -1 | cut -d' ' -f2 | tr '|' ' ')" -- "$cur"))
      return ;;
    --layout) COMPREPLY=($(compgen -W "sheet tent pocket poster large" -- "$cur")); return ;;
    --paper)
      # no sheet of tensu sheets is made for A5 (tensu sheets --help)
      if [[ $cmd == sheets ]]; then COMPREPLY=($(compgen -W "a6 a4 letter a3 a2" -- "$cur"))
      else COMPREPLY=($(compgen -W "a6 a5 a4 letter a3 a2" -- "$cur")); fi
      return ;;
    --seat|--round|--pao) COMPREPLY=($(compgen -W "E S W N" -- "$cur")); return ;;
    -o|--output|--annotate|--draw|--jp-font|--template) compopt -o default 2>/dev/null; COMPREPLY=(); return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(tensu "$cmd" --help 2>/dev/null | grep -oE -- '(^|[ [])--?[a-z][a-z-]*' | tr -d ' [' | sort -u)" -- "$cur"))
    return
  fi
  compopt -o default 2>/dev/null  # a chart, a JSONL file ...
}
complete -F _tensu tensu
