#!/bin/sh
# A fuzz campaign over one machine's cores (or, with --sshlogin, several machines) with GNU
# parallel, then merged. Job J of SHARDS plays `--shard J/SHARDS`: `--shard auto/SHARDS`
# reads J from PARALLEL_SEQ, the job's sequence number (never PARALLEL_JOBSLOT, which later
# jobs reuse). A shard that finds a divergence exits 1; the merge says what was found and
# what is missing, with the command that plays it.
#
#   IMPL="./my-engine --serve" SHARDS=16 JOBS=2 HANDS=100000 sh fuzz-parallel.sh
set -u
IMPL=${IMPL:-./my-engine --serve}
SHARDS=${SHARDS:-16}
JOBS=${JOBS:-2}
HANDS=${HANDS:-100000}
SEED=${SEED:-1}

seq "$SHARDS" | parallel --will-cite -q -j "$JOBS" badugi-spec fuzz --impl "$IMPL" --hands "$HANDS" --seed "$SEED" --shard "auto/$SHARDS" -q --out "" --json 'fuzz-{#}.json' || :

badugi-spec fuzz-merge fuzz-*.json --out fuzz-found --json fuzz.json
