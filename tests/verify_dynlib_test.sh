#!/usr/bin/env bash
# Libraries opened at their first use (issue 16): tensu is not linked with
# poppler, tesseract nor Leptonica (ldd), so that every other command starts
# without them.  A copy of tensu whose soname of poppler-glib (then of
# tesseract) is renamed to one no machine has stands for a machine without
# the library: tensu verify on a PDF (a picture) exits 2 with a message that
# names the library and the package to install, writes no report and no
# --annotate file; the copy still scores, draws a table and verifies a CSV.
# usage: verify_dynlib_test.sh TENSU POPPLER_SONAME [TESSERACT_SONAME]
set -u
tensu=$1
poppler=$2
tesseract=${3:-}
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
deps=$(ldd "$tensu")
check "! grep -qiE 'poppler|tesseract|lept|glib|gobject|gomp' <<<\"\$deps\"" \
  "tensu is linked with a library only verify needs: $(grep -iE 'poppler|tesseract|lept|glib|gobject|gomp' <<<"$deps")"

printf '%%PDF-1.4\n%%%%EOF\n' >"$tmp/chart.pdf"
printf '\x89PNG\r\n\x1a\n' >"$tmp/chart.png"
tensu_real=$tensu
# with the libraries there: opened, and the (empty) file is what is wrong
expect 2 'not a PDF poppler can read' -- verify "$tmp/chart.pdf"

# without SONAME: a copy of tensu that asks for NO_... (same length) instead
without() {
  python3 - "$tensu_real" "$tmp/tensu-no" "$1" <<'PY'
import os, sys
data = open(sys.argv[1], "rb").read()
name = sys.argv[3].encode()
gone = b"NO_" + name[3:]
n = data.count(name + b"\0")
if n == 0:
    sys.exit("no %s in the program" % sys.argv[3])
open(sys.argv[2], "wb").write(data.replace(name + b"\0", gone + b"\0"))
os.chmod(sys.argv[2], 0o755)
PY
}

# missing FILE SONAME: verify FILE exits 2, names the library and its
# package, leaves nothing behind
missing() {
  local file=$1 so=$2 st
  local gone="NO_${so:3}"
  rm -f "$tmp/out.pdf"
  "$tensu" verify "$file" --annotate "$tmp/out.pdf" >"$tmp/out" 2>"$tmp/err"; st=$?
  check "[ $st -eq 2 ]" "$so missing: status $st, expected 2: $(cat "$tmp/err")"
  check "grep -qF 'needs $gone, which cannot be loaded' '$tmp/err'" \
    "$so missing: the message does not name it: $(cat "$tmp/err")"
  check "grep -qE 'install the (Debian )?package' '$tmp/err'" \
    "$so missing: the message does not say what to install: $(cat "$tmp/err")"
  check "[ ! -s '$tmp/out' ] && [ ! -e '$tmp/out.pdf' ]" "$so missing: output written"
}

if without "$poppler"; then
  tensu=$tmp/tensu-no
  missing "$tmp/chart.pdf" "$poppler"
  expect 0 '2 han 40 fu: 2600' -- score 123m456p789s23s55z+4s --riichi --dora 3s
  expect 0 '8000' -- table --format text
  "$tensu" table --format csv >"$tmp/table.csv"
  expect 0 'errors' -- verify "$tmp/table.csv"
  tensu=$tensu_real
else
  ko "tensu does not open $poppler by name"
fi
if [ -n "$tesseract" ]; then
  if without "$tesseract"; then
    tensu=$tmp/tensu-no
    missing "$tmp/chart.png" "$tesseract"
    tensu=$tensu_real
  else
    ko "tensu does not open $tesseract by name"
  fi
fi
finish verify_dynlib
