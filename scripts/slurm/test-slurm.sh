#!/usr/bin/env bash
# End-to-end test of the Slurm scale-out against a real Slurm started for the test: installs Debian's slurm-wlm
# and munge when missing, starts munged, slurmctld and slurmd for a one-node cluster on localhost (own key,
# socket, ports and state in a temporary directory), submits a bench as a 4-task job array with its dependent
# merge job (scripts/slurm/bench-array.sh --submit), waits, and compares the merged runs.jsonl and summary.csv
# with a local run of the same plan (equal apart from timing fields); stops the daemons on every exit.
#
# Usage: scripts/slurm/test-slurm.sh [PUZZLE-CLI]   (default build/release/app/puzzle-cli)
# Needs root (the daemons run as root); exits 77 (skipped) otherwise.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cli="$(realpath -m -- "${1:-$repo/build/release/app/puzzle-cli}")"
[[ -x "$cli" ]] || { echo "test-slurm: no puzzle-cli at $cli" >&2; exit 1; }
if [[ $(id -u) -ne 0 ]]; then
  echo "test-slurm: skipped: starting slurmctld, slurmd and munged needs root" >&2
  exit 77
fi

missing=()
for package in slurm-wlm munge; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "test-slurm: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

work="$(mktemp -d /tmp/pw-slurm-test.XXXXXX)"
chmod 0700 "$work"
pids=()
cleanup() {
  local status=$?
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if ((status != 0)); then
    for log in "$work"/*.log; do [[ -f "$log" ]] && { echo "--- $log"; tail -20 "$log"; }; done >&2
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT

# Three free TCP ports (slurmctld, slurmd, and one for srun) so several tests can run on one machine.
read -r ctld_port slurmd_port srun_port < <(python3 -c '
import socket
socks = [socket.socket() for _ in range(3)]
for s in socks: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in socks])')

# munge with its own key and socket.
mkdir -p "$work/munge"
chmod 0700 "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 0400 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/munged.log" --seed-file="$work/munge/munged.seed" \
  --foreground > "$work/munged.stdout.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [[ -S "$work/munge/munge.socket" ]] && break; sleep 0.1; done
[[ -S "$work/munge/munge.socket" ]] || { echo "test-slurm: munged did not start" >&2; exit 1; }

host="$(hostname -s)"
cpus="$(nproc)"
mkdir -p "$work/state" "$work/spool"
cat > "$work/slurm.conf" <<CONF
ClusterName=pwtest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SrunPortRange=$srun_port-$srun_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/munge.socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=1024 State=UNKNOWN
PartitionName=pwtest Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
slurmctld -D -i -f "$SLURM_CONF" > "$work/slurmctld.stdout.log" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" > "$work/slurmd.stdout.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
  state="$(sinfo -h -n "$host" -o %t 2>/dev/null || true)"
  [[ "$state" == idle* ]] && break
  sleep 0.2
done
[[ "$state" == idle* ]] || { echo "test-slurm: the node did not come up (state '$state')" >&2; exit 1; }
echo "test-slurm: one-node Slurm up on $host (slurmctld port $ctld_port, $cpus CPUs)"

plan=(-a sa,tabu,sa --param 'sa#2.t0=5' --runs 3 --max-evaluations 20000 "$repo/puzzles/sudoku/famous_hard.csv")
read -r array_job merge_job < <("$here/bench-array.sh" --shards 4 --parallel 2 --cpus 1 --cli "$cli" \
  --account pwlab --qos normal --mem 200M --sbatch --comment=pw-slurm-test --submit -- "${plan[@]}" --out "$work/cluster")
echo "test-slurm: submitted array job $array_job and merge job $merge_job"
# The sbatch options passed through reach both jobs as Slurm records them (a Slurm without an accounting
# database keeps no QoS: that one is checked in the job scripts, which Slurm accepted).
for job in "$array_job" "$merge_job"; do
  record="$(scontrol show job "$job" | tr ' ' '\n')"
  for field in Account=pwlab MinMemoryNode=200M Comment=pw-slurm-test; do
    grep -qx "$field" <<< "$record" || { echo "test-slurm: job $job lacks $field" >&2; exit 1; }
  done
done
for script in "$work"/cluster/slurm/bench-{array,merge}.sbatch; do
  grep -qx "#SBATCH --qos=normal" "$script" || { echo "test-slurm: $script lacks --qos=normal" >&2; exit 1; }
done

job_state() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | sort -u | tr '\n' ' '; }
for _ in $(seq 600); do
  merge_state="$(job_state "$merge_job")"
  [[ "$merge_state" =~ (COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL) ]] && break
  sleep 0.5
done
echo "test-slurm: array: $(job_state "$array_job"); merge: $merge_state"
[[ "$(job_state "$array_job")" == "COMPLETED " ]] || { echo "test-slurm: array tasks did not all complete" >&2; exit 1; }
[[ "$merge_state" == "COMPLETED " ]] || { cat "$work/cluster/slurm/merge.out" >&2 || true; exit 1; }
shard_outputs=("$work"/cluster/slurm/shard-*.out)
((${#shard_outputs[@]} == 4)) || { echo "test-slurm: expected 4 task outputs, found ${#shard_outputs[@]}" >&2; exit 1; }

"$cli" bench "${plan[@]}" --jobs 2 --out "$work/local" 2>/dev/null
python3 - "$work/local" "$work/cluster" <<'PY'
import csv, json, sys
local, cluster = sys.argv[1], sys.argv[2]
TIMING = {"seconds"}
def runs(d):
    out = {}
    with open(f"{d}/runs.jsonl") as f:
        for line in f:
            run = json.loads(line)
            out[(run["configuration"], run["puzzle_index"], run["run"])] = {k: v for k, v in run.items() if k not in TIMING}
    return out
a, b = runs(local), runs(cluster)
if a != b:
    only = set(a) ^ set(b)
    differ = [k for k in set(a) & set(b) if a[k] != b[k]]
    sys.exit(f"test-slurm: runs differ: {len(only)} in one only, {len(differ)} differ (e.g. {(sorted(only) or differ)[:1]})")
def summary(d):
    with open(f"{d}/summary.csv") as f:
        return [{k: v for k, v in row.items() if not k.startswith("time_")} for row in csv.DictReader(f)]
if summary(local) != summary(cluster):
    sys.exit("test-slurm: summary.csv differs apart from the time columns")
print(f"test-slurm: {len(a)} runs: the Slurm array's merged result equals the local run apart from timing")
PY
