#!/usr/bin/env bash
# Writes (and with --submit, submits) a Slurm job array that runs a `puzzle-cli bench` plan as N shards, and a
# job that merges the shards once every task has succeeded.
#
# Usage: scripts/slurm/bench-array.sh --shards N [--parallel K] [--cpus C] [--time T] [--partition P]
#                                     [--account A] [--qos Q] [--mem M] [--sbatch OPTION]...
#                                     [--cli PATH] [--submit] -- BENCH-ARGUMENTS...
#   --time, --partition, --account, --qos and --mem (per node, e.g. 4G) become the sbatch options of both jobs;
#   --sbatch passes any other sbatch option through as it is, e.g. --sbatch --constraint=avx2 (repeatable).
#   BENCH-ARGUMENTS are those of `puzzle-cli bench` without --shard and --jobs (the script adds them); their
#   --out DIR must be on a file system every node sees. The scripts go to DIR/slurm/: bench-array.sbatch
#   (--array=1-N%K: at most K tasks at once; task K runs `bench ... --shard K/N --jobs C`) and bench-merge.sbatch
#   (`bench merge DIR`). --submit submits the array, then the merge with --dependency=afterok on it, and prints
#   both job ids. A failed or preempted task resumes from its part when run again (sbatch --array=K ...).
set -euo pipefail

shards=""
parallel=""
cpus=1
time_limit=""
partition=""
account=""
qos=""
memory=""
extra=()
cli=""
submit=0
while (($#)); do
  case "$1" in
    --shards) shards="$2"; shift 2 ;;
    --parallel) parallel="$2"; shift 2 ;;
    --cpus) cpus="$2"; shift 2 ;;
    --time) time_limit="$2"; shift 2 ;;
    --partition) partition="$2"; shift 2 ;;
    --account) account="$2"; shift 2 ;;
    --qos) qos="$2"; shift 2 ;;
    --mem) memory="$2"; shift 2 ;;
    --sbatch)
      [[ "${2:-}" == --?* ]] || { echo "bench-array.sh: --sbatch takes one sbatch option written --NAME[=VALUE]" >&2; exit 2; }
      extra+=("$2"); shift 2 ;;
    --cli) cli="$2"; shift 2 ;;
    --submit) submit=1; shift ;;
    --) shift; break ;;
    *) echo "bench-array.sh: unknown option '$1' (the bench's own arguments follow --)" >&2; exit 2 ;;
  esac
done
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { echo "bench-array.sh: --shards N (N >= 1) is required" >&2; exit 2; }
[[ -z "$parallel" || "$parallel" =~ ^[1-9][0-9]*$ ]] || { echo "bench-array.sh: --parallel K: K >= 1" >&2; exit 2; }
[[ "$cpus" =~ ^[1-9][0-9]*$ ]] || { echo "bench-array.sh: --cpus C: C >= 1" >&2; exit 2; }
[[ -z "$memory" || "$memory" =~ ^[1-9][0-9]*[KMGT]?$ ]] ||
  { echo "bench-array.sh: --mem M: a size such as 500M or 4G, per node" >&2; exit 2; }
for value in "$time_limit" "$partition" "$account" "$qos" "${extra[@]}"; do
  [[ "$value" != *[[:space:]]* ]] || { echo "bench-array.sh: '$value': an sbatch value has no spaces" >&2; exit 2; }
done
(($#)) || { echo "bench-array.sh: the bench's arguments follow --" >&2; exit 2; }

out=""
args=("$@")
for ((i = 0; i < ${#args[@]}; ++i)); do
  case "${args[i]}" in
    --out) out="${args[i + 1]:-}"; args[i + 1]="$(realpath -m -- "$out")"; out="${args[i + 1]}" ;;
    --out=*) out="$(realpath -m -- "${args[i]#--out=}")"; args[i]="--out=$out" ;;
    --shard|--shard=*|--jobs|--jobs=*)
      echo "bench-array.sh: leave ${args[i]%%=*} to the script (it gives each task its shard and --cpus)" >&2; exit 2 ;;
  esac
done
[[ -n "$out" ]] || { echo "bench-array.sh: the bench's arguments need --out DIR" >&2; exit 2; }
# Puzzle files named relative to here must still be found from the job's working directory.
for ((i = 0; i < ${#args[@]}; ++i)); do
  [[ "${args[i]}" != -* && -e "${args[i]}" ]] && args[i]="$(realpath -- "${args[i]}")"
done

if [[ -z "$cli" ]]; then
  cli="$(command -v puzzle-cli || true)"
  [[ -n "$cli" ]] || cli="$(dirname "$(realpath "$0")")/../../build/release/app/puzzle-cli"
fi
cli="$(realpath -m -- "$cli")"
[[ -x "$cli" ]] || { echo "bench-array.sh: no puzzle-cli at $cli (use --cli PATH)" >&2; exit 2; }

mkdir -p "$out/slurm"
array_spec="1-$shards${parallel:+%$parallel}"
header() {  # the #SBATCH lines both jobs share
  echo "#SBATCH --cpus-per-task=$1"
  [[ -n "$time_limit" ]] && echo "#SBATCH --time=$time_limit"
  [[ -n "$partition" ]] && echo "#SBATCH --partition=$partition"
  [[ -n "$account" ]] && echo "#SBATCH --account=$account"
  [[ -n "$qos" ]] && echo "#SBATCH --qos=$qos"
  [[ -n "$memory" ]] && echo "#SBATCH --mem=$memory"
  for option in "${extra[@]}"; do echo "#SBATCH $option"; done
  return 0
}
{
  echo "#!/bin/bash"
  echo "#SBATCH --job-name=pw-bench"
  echo "#SBATCH --array=$array_spec"
  echo "#SBATCH --output=$out/slurm/shard-%a.out"
  echo "#SBATCH --open-mode=append"
  header "$cpus"
  echo "set -euo pipefail"
  printf 'exec %q bench' "$cli"
  printf ' %q' "${args[@]}"
  printf ' --shard "${SLURM_ARRAY_TASK_ID}/%s" --jobs "${SLURM_CPUS_PER_TASK:-%s}"\n' "$shards" "$cpus"
} > "$out/slurm/bench-array.sbatch"
{
  echo "#!/bin/bash"
  echo "#SBATCH --job-name=pw-bench-merge"
  echo "#SBATCH --output=$out/slurm/merge.out"
  header 1
  echo "set -euo pipefail"
  printf 'exec %q bench merge %q\n' "$cli" "$out"
} > "$out/slurm/bench-merge.sbatch"
chmod +x "$out/slurm/bench-array.sbatch" "$out/slurm/bench-merge.sbatch"
echo "wrote $out/slurm/bench-array.sbatch (--array=$array_spec) and $out/slurm/bench-merge.sbatch" >&2

if ((submit)); then
  array_job=$(sbatch --parsable "$out/slurm/bench-array.sbatch")
  array_job=${array_job%%;*}
  merge_job=$(sbatch --parsable --dependency="afterok:$array_job" "$out/slurm/bench-merge.sbatch")
  merge_job=${merge_job%%;*}
  echo "$array_job $merge_job"
fi
