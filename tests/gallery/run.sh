#!/usr/bin/env bash
# The verifier's gallery (tests/gallery/README.md): point charts in eight
# layouts of real published charts, each as a web page, its screenshot and a
# phone photo of it, with planted wrong cells, read back by tensu verify and
# scored against their truth (make.py, score.py).
#   quick: 8 charts (one of each layout), 24 files: a couple of minutes
#   full:  48 charts (six of each layout), 144 files: CI's long run
# Without MODE: full when TENSU_FULL=1, else quick.  TENSU_GALLERY_OUT=DIR
# keeps the charts and the reports there (else a temporary folder, removed);
# TENSU_GALLERY_SEED=N draws another gallery (default 1); TENSU_GALLERY_GATE=0
# prints the scores and passes whatever they are (for a run that only
# measures, such as the baseline of a reader not yet rewritten).  Skipped (77) when
# tensu was built without OCR, or Chromium, PIL or numpy is missing.
# usage: run.sh TENSU SOURCE_DIR [quick|full]
set -u
tensu=$1
src=$2
mode=${3:-}
if [ -z "$mode" ]; then
  if [ "${TENSU_FULL:-}" = 1 ]; then mode=full; else mode=quick; fi
fi
case $mode in
  quick) count=8 ;;
  full) count=48 ;;
  *) echo "run.sh: mode '$mode': quick or full" >&2; exit 2 ;;
esac
seed=${TENSU_GALLERY_SEED:-1}
export TENSU_DATA_DIR=$src
py=/usr/bin/python3

if ! "$py" -c 'import PIL, numpy' 2>/dev/null; then
  echo "SKIP: /usr/bin/python3 lacks PIL or numpy (scripts/deps installs python3-pil, python3-numpy)"
  exit 77
fi
if ! command -v chromium >/dev/null; then
  echo "SKIP: chromium is not installed (scripts/deps installs it)"
  exit 77
fi
probe=$(mktemp --suffix=.png)
printf '\x89PNG\r\n\x1a\n' >"$probe"
if "$tensu" verify "$probe" 2>&1 | grep -q 'built without OCR'; then
  rm -f "$probe"
  echo "SKIP: tensu was built without tesseract (scripts/deps installs libtesseract-dev)"
  exit 77
fi
rm -f "$probe"

if [ -n "${TENSU_GALLERY_OUT:-}" ]; then
  out=$TENSU_GALLERY_OUT
  mkdir -p "$out"
  rm -f "$out"/g"$seed"-*
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi

echo "verify_gallery: $mode, seed $seed, $count charts in $out"
"$py" "$src/tests/gallery/make.py" "$seed" "$out" --count "$count" --tensu "$tensu" >"$out/make.log" 2>&1
st=$?
if [ "$st" -ne 0 ]; then
  cat "$out/make.log"
  echo "verify_gallery: make.py exited $st"
  exit "$st"
fi
gate=()
[ "${TENSU_GALLERY_GATE:-1}" = 0 ] && gate=(--no-gate)
"$py" "$src/tests/gallery/score.py" "$out" "$tensu" "${gate[@]}"
