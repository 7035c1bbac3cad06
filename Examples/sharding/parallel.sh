#!/usr/bin/env bash
# Builds a vitrine site in PARTS parts with GNU parallel, then merges them.
#
#   bash parallel.sh SRC SITE [PARTS]
#
# The line that matters is the `parallel` one. GNU parallel runs one job per value after
# `:::` and numbers them in PARALLEL_SEQ (1, 2, ...); `--shard auto` reads that number as the
# part and `--shard-count` says how many parts there are (parallel does not). Each part
# writes only its own items' outputs, SITE/parts/K-of-N.json and its own state store; the
# merge joins the parts into SITE/manifest.json and makes the contact sheets.
#
#   -N0   a job takes none of the values: they only say how many jobs to run (without it,
#         parallel would append the value to the command, as one more SRC)
#   -q    SRC and SITE are passed as they are, spaces and all (parallel quotes them)
#   --jobs 1 (vitrine's): one worker process per part; parallel runs as many parts at a
#         time as there are cores (its -j). To spread the parts over machines, add
#         `-S host1,host2` (SRC and SITE on a file system they share, under the same path).
#
# parallel's exit status is the number of parts that failed (a part fails when any of its
# items does), so `set -e` stops before the merge then; rerun and only what is missing is made.
set -euo pipefail

usage="usage: parallel.sh SRC SITE [PARTS]"
src=${1:?$usage}
site=${2:?$usage}
parts=${3:-4}

parallel -N0 -q vitrine build "$src" -o "$site" --shard auto --shard-count "$parts" --jobs 1 ::: $(seq "$parts")
vitrine build --merge "$site"
