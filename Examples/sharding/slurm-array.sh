#!/usr/bin/env bash
# Builds a vitrine site on a Slurm cluster: an array job with one task per part, then a merge
# job that Slurm starts only once every part has succeeded.
#
#   bash slurm-array.sh SRC SITE [PARTS]     (on a login node: submits both jobs and returns)
#
# SRC and SITE must be on a file system every compute node sees under the same path, and
# `vitrine` on the PATH of the compute nodes (the jobs get this shell's environment).
#
# Each task runs `vitrine build --shard auto`, which reads SLURM_ARRAY_TASK_ID,
# SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT: task K of the array builds part K of N,
# whatever index the array starts at. A part makes only its own items' outputs and writes
# SITE/parts/K-of-N.json and its own state store, SITE/.vitrine/state-K-of-N.sqlite: parts
# never share one SQLite file, whose locking is unsafe on network file systems. Run this
# again with the same PARTS after adding photos and each part makes only what changed.
# A task stopped by its time limit (SIGTERM) keeps what it finished: resubmit to complete it.
#
# The merge job, `vitrine build --merge SITE`, joins the parts into SITE/manifest.json and
# makes the contact sheets. `afterok` holds it back when a part fails, and a part fails when
# any of its items does (exit status 1, the failures listed in its part manifest's `errors`):
# write afterany instead to merge whatever happened (a part that wrote nothing then makes
# the merge fail, naming the missing part).
set -euo pipefail

usage="usage: slurm-array.sh SRC SITE [PARTS]"
src=${1:?$usage}
site=${2:?$usage}
parts=${3:-4}
cpus=${CPUS_PER_PART:-4}          # cores for each part (its worker processes)
time_limit=${TIME_LIMIT:-02:00:00} # for each part, and for the merge

# Absolute paths: the jobs start in whatever folder Slurm gives them. The paths reach the
# jobs through the environment, so any file name is safe (no quoting into a command line).
src=$(realpath -- "$src")
mkdir -p -- "$site"
site=$(realpath -- "$site")
export VITRINE_SRC=$src VITRINE_SITE=$site

# The parts. --jobs: vitrine's default is one worker per core of the whole node, not the
# cores Slurm gave the task. Logs: vitrine-parts-JOB_TASK.out in the current folder.
parts_job=$(sbatch --parsable --job-name=vitrine-parts --array="1-$parts" \
    --cpus-per-task="$cpus" --time="$time_limit" --output=vitrine-parts-%A_%a.out <<'JOB'
#!/usr/bin/env bash
exec vitrine build --shard auto --jobs "${SLURM_CPUS_PER_TASK:-1}" "$VITRINE_SRC" -o "$VITRINE_SITE"
JOB
)
parts_job=${parts_job%%;*} # --parsable prints "id" or "id;cluster"

# The merge, after every task of the array (afterok on an array's id waits for all of them);
# --kill-on-invalid-dep cancels it instead of leaving it pending when a part failed.
merge_job=$(sbatch --parsable --job-name=vitrine-merge --dependency="afterok:$parts_job" \
    --kill-on-invalid-dep=yes --time="$time_limit" --output=vitrine-merge-%j.out <<'JOB'
#!/usr/bin/env bash
exec vitrine build --merge "$VITRINE_SITE"
JOB
)
merge_job=${merge_job%%;*}

echo "parts: job $parts_job (array 1-$parts), merge: job $merge_job (once every part succeeded)"
echo "follow them with: squeue -j $parts_job,$merge_job"
