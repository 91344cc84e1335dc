#!/usr/bin/env bash
# Build tools/chart_dump with the reader's sources at -O0 -g (debugging).
set -e
cd "$(dirname "$0")/.."
gcc -std=c11 -g -O0 -Wall -Isrc tools/chart_dump.c src/read/*.c src/core/chart_cells.c src/core/chart.c \
  build/libtensu.a -lm -o "${1:-/tmp/chart_dump}"
