#!/usr/bin/env bash
# libtensu (issue 17): installed by cmake --install into a folder, the
# example program built against it with pkg-config (shared and static) and
# with CMake's find_package, each scoring hands of ../shared/corpus to the
# server's official result; the shared library exports exactly the
# functions src/tensu.h declares, with a soname.
# usage: library_test.sh BUILD_DIR SOURCE_DIR SHARED_DIR
set -u
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
shared=$3
tensu=$build/tensu
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1
check "[ -f '$prefix/include/tensu.h' ] && [ -f '$prefix/lib/libtensu.a' ] && [ -L '$prefix/lib/libtensu.so' ]" \
  "cmake --install: no header or library in $prefix: $(tail -3 "$tmp/install.log")"
# the man pages, when scdoc was there to build them
if command -v scdoc >/dev/null && command -v man >/dev/null; then
  check "MANPATH='$prefix/share/man' man -P cat tensu-verify 2>/dev/null | grep -q 'check a published riichi mahjong point chart'" \
    "man tensu-verify after cmake --install: $(MANPATH="$prefix/share/man" man -w tensu-verify 2>&1)"
  for p in man1/tensu.1 man1/tensu-score.1 man1/tensu-table.1 man5/tensu-hands.5 man7/tensu-rules.7; do
    check "[ -s '$prefix/share/man/$p' ]" "not installed: share/man/$p"
  done
  check "MANPATH='$prefix/share/man' man -P cat 7 tensu-rules 2>/dev/null | grep -q 'wrc2022'" "tensu-rules(7) lacks the presets"
else
  echo "library: SKIPPED the man pages: scdoc or man is not installed (scripts/deps installs them)"
fi
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
check "pkg-config --exists tensu" "pkg-config does not find tensu.pc"
check "[ \"\$(pkg-config --modversion tensu)\" = \"\$('$tensu' --version | head -1 | cut -d' ' -f2)\" ]" \
  "tensu.pc's version is not tensu --version's"

# the soname, and exactly the header's functions exported
so=$(readlink -f "$prefix/lib/libtensu.so")
major=$(sed -n 's/^set(TENSU_SOVERSION \([0-9]*\))$/\1/p' "$src/CMakeLists.txt")
check "[ -n '$major' ] && objdump -p '$so' | grep -q 'SONAME *libtensu.so.$major\$'" \
  "no soname libtensu.so.$major (TENSU_SOVERSION): $(objdump -p "$so" | grep SONAME)"
grep -oE '\btensu_[a-z0-9_]+ *\(' "$src/src/tensu.h" | sed 's/ *($//' | sort -u >"$tmp/header"
nm -D --defined-only "$so" | awk '$2 == "T" { print $3 }' | sort -u >"$tmp/exported"
check "cmp -s '$tmp/header' '$tmp/exported'" \
  "exported but not in the header: $(comm -13 "$tmp/header" "$tmp/exported" | head -5 | tr '\n' ' '); in the header, not exported: $(comm -23 "$tmp/header" "$tmp/exported" | head -5 | tr '\n' ' ')"

# the example, shared and static
cc -std=c11 -Wall -Werror "$src/examples/score.c" $(pkg-config --cflags --libs tensu) -o "$tmp/score" 2>"$tmp/cc.log"
check "[ -x '$tmp/score' ]" "the example does not build with pkg-config: $(cat "$tmp/cc.log")"
cc -std=c11 -Wall -Werror "$src/examples/score.c" $(pkg-config --cflags tensu) \
  -L"$prefix/lib" -Wl,-Bstatic -ltensu -Wl,-Bdynamic $(pkg-config --libs-only-l --static tensu | sed 's/-ltensu//') \
  -o "$tmp/score-static" 2>"$tmp/cc.log"
check "[ -x '$tmp/score-static' ] && ! ldd '$tmp/score-static' | grep -q libtensu" \
  "the example does not link statically: $(cat "$tmp/cc.log")"

# with CMake's find_package
mkdir -p "$tmp/cm"
cat >"$tmp/cm/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.20)
project(score_example C)
find_package(tensu 0.1 REQUIRED)
add_executable(score $src/examples/score.c)
target_link_libraries(score tensu::tensu)
CM
cmake -S "$tmp/cm" -B "$tmp/cm/build" -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/cm.log" 2>&1 &&
  cmake --build "$tmp/cm/build" >>"$tmp/cm.log" 2>&1
check "[ -x '$tmp/cm/build/score' ]" "find_package(tensu): $(tail -5 "$tmp/cm.log")"

# corpus hands, closed and open, to the official result
python3 - "$shared/corpus/tenhou_agari.jsonl" >"$tmp/hands" <<'PY'
import json, sys
n = 0
for line in open(sys.argv[1]):
    r = json.loads(line)
    h = r["hand"]
    if r["result"]["yakuman_count"] or any(m["type"] not in ("pon", "chi", "ankan") for m in h["melds"]):
        continue
    args = [h["closed_without_win_tile"] + "+" + h["win_tile"]]
    if r["is_tsumo"]: args.append("tsumo")
    if r["flags"]["riichi"]: args.append("riichi")
    if r["flags"]["ippatsu"]: args.append("ippatsu")
    if any(r["flags"][f] for f in ("double_riichi", "haitei", "houtei", "rinshan", "chankan")):
        continue
    args += ["seat", r["seat_wind"], "round", r["round_wind"]]
    if r["dora_indicators"]: args += ["dora", "".join(r["dora_indicators"])]
    if r["flags"]["riichi"] and r["ura_indicators"]: args += ["ura", "".join(r["ura_indicators"])]
    for m in h["melds"]:
        args += [m["type"], m["tiles"]]
    honba = r["round"]["honba"]
    total = sum(d for d in r["result"]["score_delta"] if d > 0) - 300 * honba - 1000 * r["round"]["riichi_sticks"]
    print(" ".join(args) + "|%d|%d|%d" % (r["result"]["han"], r["result"]["fu"], total))
    n += 1
    if n == 50:
        break
PY
good=0 all=0
while IFS='|' read -r args han fu total; do
  all=$((all + 1))
  for exe in "$tmp/score" "$tmp/score-static" "$tmp/cm/build/score"; do
    out=$(LD_LIBRARY_PATH=$prefix/lib "$exe" $args 2>&1)
    if grep -q "^$han han $fu fu: $total " <<<"$out"; then good=$((good + 1)); else echo "  $exe $args: $out (official: $han han $fu fu $total)"; fi
  done
done <"$tmp/hands"
check "[ $all -eq 50 ] && [ $good -eq $((3 * all)) ]" "corpus hands through the library: $good of $((3 * all)) right"

finish library
