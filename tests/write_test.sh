#!/usr/bin/env bash
# The write guarantees: every file is written under a temporary name beside
# its final one and renamed when whole.  Ten writers at once into one
# folder, kill -9 at random moments, an output path that is a folder, a
# folder that does not exist, a read-only folder and a full disk (these two
# on a small tmpfs when the test may mount one, skipped with a message
# otherwise): each time every file under its final name is whole or absent,
# no temporary file stays behind, and the status and message say what
# happened.  Usage: write_test.sh TENSU SOURCE_DIR SHARED_DIR
set -u
tensu=$1
src=$2
shared=$3
. "$(dirname "$0")/lib.sh"
work=$(mktemp -d)
mounted=
cleanup() { [ -n "$mounted" ] && umount "$mounted" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export TENSU_DATA_DIR=$src

# whole DIR: every file under a final name is whole; no temporary file.
whole() {
  local d=$1 f
  for f in "$d"/*; do
    [ -e "$f" ] || continue
    case $f in
      *.pdf) check "qpdf --check '$f' >/dev/null 2>&1" "$f: a broken PDF under its final name" ;;
      *.svg) check "xmllint --noout '$f' 2>/dev/null" "$f: a broken SVG under its final name" ;;
      *.html) check "tail -c 8 '$f' | grep -q '</html>'" "$f: a cut HTML page under its final name" ;;
      *.png) check "[ \"\$(tail -c 8 '$f' | od -An -tx1 | tr -d ' \\n')\" = '49454e44ae426082' ]" "$f: a cut PNG under its final name" ;;
    esac
  done
}
temps() { find "$1" -maxdepth 1 -name '.*.tmp*' | wc -l; }

# Ten writers at once, one folder: the same files as one writer alone.
"$tensu" sheets --format pdf --format svg -o "$work/one" >/dev/null 2>&1
for i in 1 2 3 4 5 6 7 8 9 10; do
  "$tensu" sheets --format pdf --format svg -o "$work/ten" >/dev/null 2>"$work/ten-$i.err" &
done
st=0
for job in $(jobs -p); do wait "$job" || st=1; done
check "[ $st -eq 0 ]" "ten writers: a run failed: $(cat "$work"/ten-*.err | head -3)"
check "[ \"\$(ls '$work/ten')\" = \"\$(ls '$work/one')\" ] && [ \$(ls '$work/one' | wc -l) -ge 10 ]" "ten writers: not the files of one writer: $(ls "$work/ten" | wc -l) for $(ls "$work/one" | wc -l)"
whole "$work/ten"
check "[ \$(temps '$work/ten') -eq 0 ]" "ten writers: temporary files left: $(ls -a "$work/ten" | grep tmp | head -3)"

# kill -9 at random moments; the next run leaves no temporary file behind.
for i in 1 2 3 4 5 6 7 8; do
  "$tensu" sheets --format pdf --format svg -o "$work/kill" >/dev/null 2>&1 &
  pid=$!
  sleep "0.$(( (RANDOM % 40) + 2 ))"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  whole "$work/kill"
done
"$tensu" sheets --format pdf --format svg -o "$work/kill" >/dev/null 2>&1
check "[ \$? -eq 0 ]" "the run after the kills failed"
whole "$work/kill"
check "[ \$(temps '$work/kill') -eq 0 ]" "kill -9: temporary files stay after the next run: $(ls -a "$work/kill" | grep tmp | head -3)"

# An output path that is a folder; a folder that does not exist.
mkdir -p "$work/d.svg" "$work/out"
expect 2 'cannot write .*d\.svg' -- score 234m567p234s5577z+5z --ron --draw "$work/d.svg"
check "[ -d '$work/d.svg' ] && [ \$(temps '$work') -eq 0 ]" "--draw onto a folder: the folder changed or a temporary file stayed"
expect 2 'cannot write .*nope/x\.pdf' -- verify "$shared/charts/reachy_on_rails_scoring.csv" --annotate "$work/nope/x.pdf"
check "[ ! -e '$work/nope' ]" "--annotate into a missing folder created it"
: > "$work/file"
expect 2 'not a folder' -- sheets -o "$work/file"

# A read-only folder and a full disk, on a small tmpfs.
mkdir -p "$work/mnt"
if mount -t tmpfs -o size=96k tmpfs "$work/mnt" 2>/dev/null; then
  mounted=$work/mnt
  out=$("$tensu" sheets --format pdf -o "$work/mnt" 2>&1); st=$?
  check "[ $st -eq 2 ]" "full disk: exit $st, expected 2"
  check "grep -q 'No space left' <<<\"\$out\"" "full disk: the message does not say so: $(tail -2 <<<"$out")"
  whole "$work/mnt"
  check "[ \$(temps '$work/mnt') -eq 0 ]" "full disk: temporary files left"
  umount "$work/mnt"
  if mount -t tmpfs -o size=1m,ro tmpfs "$work/mnt" 2>/dev/null; then
    out=$("$tensu" sheets --format pdf -o "$work/mnt" 2>&1); st=$?
    check "[ $st -eq 2 ]" "read-only folder: exit $st, expected 2"
    check "grep -q 'Read-only' <<<\"\$out\"" "read-only folder: the message does not say so: $(tail -2 <<<"$out")"
    check "[ -z \"\$(ls -A '$work/mnt')\" ]" "read-only folder: files appeared"
    umount "$work/mnt"
  fi
  mounted=
else
  echo "write: full disk and read-only folder skipped: cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN)"
fi
finish write
