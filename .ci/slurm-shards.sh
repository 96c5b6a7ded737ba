#!/usr/bin/env bash
# Builds a job of generated athletes as shards of a Slurm array job on a one-node cluster started
# here, merges the parts, and checks the merged site equals a single build byte for byte.
#
#   .ci/slurm-shards.sh GAZETTE ATHLETES SHARDS
#
# GAZETTE is the gazette binary. Needs root (the daemons run as root, munged as munge) and the
# Debian packages slurm-wlm and munge. Prints the wall time of the single build, of the array job
# and of the merge (with the merge's peak memory). Stops every daemon it started.
set -euo pipefail
gazette=$(readlink -f "$1"); athletes=${2:-24}; shards=${3:-4}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/gazette-slurm.XXXXXX)
host=$(hostname -s)
started=()

stop() {
    for pidfile in "${started[@]}"; do
        [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
    done
    sleep 1
    rm -rf "$work"
}
trap stop EXIT

# 1. munge: the key the package made, the daemon as the munge user.
install -d -o munge -g munge -m 0755 /run/munge
install -d -o munge -g munge -m 0700 /var/lib/munge /var/log/munge
[ -s /etc/munge/munge.key ] || { mungekey --create --force; chown munge:munge /etc/munge/munge.key; chmod 0400 /etc/munge/munge.key; }
runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/munged.pid --force
started+=(/run/munge/munged.pid)
munge -n | unmunge >/dev/null

# 2. A one-node Slurm cluster.
mkdir -p /etc/slurm "$work/spool/ctld" "$work/spool/d" "$work/log"
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=gazette
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
StateSaveLocation=$work/spool/ctld
SlurmdSpoolDir=$work/spool/d
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
/usr/sbin/slurmctld
started+=("$work/slurmctld.pid")
/usr/sbin/slurmd
started+=("$work/slurmd.pid")
# The node must come up within a minute: a stuck cluster fails CI here, in bounded time.
ready=no
for _ in $(seq 60); do
    if timeout 10 sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed)'; then ready=yes; break; fi
    sleep 1
done
if [ "$ready" != yes ]; then
    echo "slurm: the node did not become idle within 60 s"
    timeout 10 sinfo -h -o '%P %D %T %C' || true
    tail -30 "$work/log/"*.log
    exit 1
fi
timeout 10 sinfo -h -o '%P %D %T %C'

# 3. The job: one workouts report per athlete, each a generated log of 2,000 lines.
mkdir -p "$work/logs"
python3 - "$work/logs" "$athletes" <<'PY'
import datetime, random, sys
folder, count = sys.argv[1], int(sys.argv[2])
names = ["Back Squat", "Bench Press", "Deadlift", "Overhead Press", "Barbell Row", "Front Squat", "Pull Up"]
for athlete in range(1, count + 1):
    rng = random.Random(athlete)
    picked = rng.sample(names, 5)
    day = datetime.date(2023, 10, 1)
    lines = []
    while len(lines) < 2000:
        for exercise in rng.sample(picked, 3):
            for _ in range(4):
                lines.append(f"{day.strftime('%b %d %Y')},{exercise},1,{rng.randint(1, 12)},{rng.randint(20, 80) * 2.5:.1f}")
        day -= datetime.timedelta(days=rng.choice([1, 2, 2, 3]))
    open(f"{folder}/athlete-{athlete}.txt", "w").write("\n".join(lines[:2000]) + "\n")
PY
{
    echo "title: Gym"
    echo "reports:"
    for i in $(seq 1 "$athletes"); do
        echo "  - kind: workouts"
        echo "    title: Athlete $i"
        echo "    input: logs/athlete-$i.txt"
    done
} > "$work/gym.yml"
now=2023-11-04T05:50:00Z

seconds() { date +%s.%N; }
t0=$(seconds)
"$gazette" build "$work/gym.yml" --now $now --output "$work/single" -q
t1=$(seconds)
# Each task may run 10 minutes (--time), and the whole wait is cut at 15: a stuck job fails CI in minutes.
timeout 900 sbatch --wait --time=10 --array=0-$((shards - 1)) --output="$work/log/shard-%a.out" --chdir="$work" \
    --wrap "'$gazette' build '$work/gym.yml' --shard auto --now $now --output '$work/part-'\$SLURM_ARRAY_TASK_ID -q"
t2=$(seconds)
for k in $(seq 0 $((shards - 1))); do
    [ -f "$work/part-$k/part.json" ] || { echo "shard $k wrote no part:"; cat "$work/log/shard-$k.out" "$work/log/slurmd.log" | tail -30; exit 1; }
done
parts=$(for k in $(seq 0 $((shards - 1))); do echo "$work/part-$k"; done)
/usr/bin/time -f '%e %M' -o "$work/merge.time" "$gazette" merge $parts --output "$work/merged" -q
t3=$(seconds)
diff -r "$work/single" "$work/merged"
echo "slurm: $athletes athletes: single build $(echo "$t1 - $t0" | bc) s; $shards shards as one array job $(echo "$t2 - $t1" | bc) s;" \
     "merge $(cut -d' ' -f1 "$work/merge.time") s, peak $(( $(cut -d' ' -f2 "$work/merge.time") / 1024 )) MiB; merged site equals the single build"
