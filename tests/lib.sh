# Shared by the shell tests (source it after setting tensu=PATH):
# counters, checks, and the closing "N passed, N failed" line.
pass=0 fail=0
unset TENSU_LANG # tensu's English unless a test asks for French
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
bad() { ko "$@"; }
# check 'SHELL CONDITION' 'what failed'
check() { if eval "$1"; then ok; else ko "$2"; fi; }

# expect STATUS PATTERN -- ARGS: run tensu ARGS, check the exit status and
# that stdout+stderr matches PATTERN (grep -E).
expect() {
  local want=$1 pattern=$2; shift 3
  local out st
  out=$("$tensu" "$@" 2>&1); st=$?
  if [ "$st" -ne "$want" ]; then ko "tensu $* exited $st, expected $want: $(tail -n 5 <<<"$out")"; return; fi
  if ! grep -qE -- "$pattern" <<<"$out"; then ko "tensu $*: no '$pattern' in: $out"; return; fi
  ok
}

# finish NAME: the closing line; the status of the test.
finish() {
  echo "$1: $pass passed, $fail failed"
  [ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
}

# check_pdf FILE MAX_PAGES: qpdf finds it sound, every font is embedded, it
# stays under 150 KB and has 1 .. MAX_PAGES pages.
check_pdf() {
  local pdf=$1 max=$2 n fonts size pages
  n=$(basename "$pdf")
  check "qpdf --check '$pdf' >/dev/null 2>&1" "qpdf --check $n"
  fonts=$(pdffonts "$pdf" 2>/dev/null | tail -n +3)
  check "[ -n \"\$fonts\" ]" "$n has no fonts"
  check "echo \"\$fonts\" | awk '\$(NF-4) != \"yes\" { bad = 1 } END { exit bad }'" "$n: a font is not embedded"
  size=$(stat -c %s "$pdf")
  check "[ $size -lt 153600 ]" "$n is $size bytes (limit 150 KB)"
  pages=$(pdfinfo "$pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
  check "[ '${pages:-0}' -ge 1 ] && [ '${pages:-0}' -le $max ]" "$n has $pages pages (want 1 to $max)"
}

# check_poppler FILE: pdftotext, pdffonts and pdftoppm read the PDF without a
# word on stderr (issue 11: no warning on any PDF tensu writes)
check_poppler() {
  local pdf=$1 n warn d
  n=$(basename "$pdf")
  d=$(mktemp -d)
  warn=$( { pdftotext "$pdf" /dev/null; pdffonts "$pdf" >/dev/null; pdftoppm -r 12 -png "$pdf" "$d/p"; } 2>&1 )
  rm -rf "$d"
  check "[ -z \"\$warn\" ]" "$n: poppler warns: $(echo "$warn" | head -2)"
}
