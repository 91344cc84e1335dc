#!/usr/bin/env bash
# The Debian package (issue 17): cpack -G DEB makes it, dpkg -x unpacks it
# into a folder, and the unpacked tensu renders the default sheets with its
# own data (found under its prefix, not in the source tree), scores a hand
# through the packaged library's header, and completes.
# usage: deb_test.sh BUILD_DIR
set -u
build=$(cd "$1" && pwd)
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! command -v dpkg-deb >/dev/null || ! command -v cpack >/dev/null; then
  echo "SKIPPED: dpkg-deb or cpack missing"; exit 77
fi
(cd "$tmp" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1)
deb=$(ls "$tmp"/pkg/tensu_*_*.deb 2>/dev/null | head -1)
check "[ -n '$deb' ]" "cpack made no .deb: $(tail -5 "$tmp/cpack.log")"
[ -n "$deb" ] || { finish deb; exit; }
check "dpkg-deb -I '$deb' | grep -q 'Depends:.*libjansson4'" "the package has no dependencies: $(dpkg-deb -I "$deb" | grep Depends)"
dpkg -x "$deb" "$tmp/root"
soname=$(objdump -p "$build/libtensu.so" | awk '$1 == "SONAME" { print $2 }')
for f in usr/bin/tensu "usr/lib/${soname:-libtensu.so.?}" usr/include/tensu.h usr/lib/pkgconfig/tensu.pc \
         usr/share/tensu/templates/card.json usr/share/tensu/fonts/TensuTiles.ttf \
         usr/share/bash-completion/completions/tensu usr/share/man/man1/tensu-verify.1 \
         usr/share/man/man7/tensu-rules.7; do
  check "[ -e '$tmp/root/$f' ]" "not in the package: $f"
done
run() { env -u TENSU_DATA_DIR LD_LIBRARY_PATH="$tmp/root/usr/lib" "$tmp/root/usr/bin/tensu" "$@"; }
check "run --version | grep -q 'templates and fonts: $tmp/root/usr/bin/../share/tensu'" \
  "the unpacked tensu does not use its own data: $(run --version | tail -1)"
(cd "$tmp" && run sheets -o "$tmp/out" >"$tmp/sheets.log" 2>&1); st=$?
check "[ $st -eq 0 ] && [ \$(ls '$tmp/out' | wc -l) -ge 20 ]" "tensu sheets from the package: status $st, $(ls "$tmp/out" | wc -l) files: $(tail -2 "$tmp/sheets.log")"
for f in card-fr.pdf card-en.pdf study-fr.pdf yaku-en.pdf card-fr.html; do
  check "[ -s '$tmp/out/$f' ]" "no $f from the packaged tensu"
done
check "run score 123m456p789s23s55z+4s --riichi --dora 3s | grep -q '2 han 40 fu: 2600'" "score from the package"
finish deb
