#!/usr/bin/env bash
# Build tools/chart_dump with the reader's sources at -O0 -g (debugging).
set -e
cd "$(dirname "$0")/.."
gcc -std=c11 -g -O0 -Wall -D_POSIX_C_SOURCE=200809L -DTENSU_HAVE_OCR -Isrc \
  $(pkg-config --cflags libxml-2.0 poppler-glib tesseract lept jansson) \
  tools/chart_dump.c src/read/*.c src/core/chart_cells.c src/core/chart.c \
  build/libtensu.a $(pkg-config --libs libxml-2.0 jansson lept) -ldl -lm -o "${1:-/tmp/chart_dump}"
