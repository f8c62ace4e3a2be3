#!/bin/sh
# distributed_recipes.sh NONET: the recipes of docs/distributed.md, run as
# written (examples/distributed/): a Slurm job array's tasks (run here one
# by one with the variables Slurm sets) and GNU parallel, on this machine
# and over ssh to two host names of an sshd this test starts on the
# loopback (127.0.0.1 only, its own keys, stopped at the end; needs root
# and openssh-server, else that part is skipped and says so). The merged
# parts must be exactly the one-machine output for N = 1, 2, 3, 7 shards,
# and a shard whose part is lost runs again alone.
set -u
nonet=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$(dirname "$0")/.." && pwd)
recipes=$src/examples/distributed
tmp=$(mktemp -d)
sshd_pid=""
cleanup() {
  [ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
fails=0
bad() {
  echo "FAIL $*"
  fails=$((fails + 1))
}
ok() { # ok SINCE TEXT: says TEXT when no check failed since SINCE
  [ "$fails" = "$1" ] && echo "ok $2"
}
cd "$tmp" || exit 1
export NONET="$nonet" LC_ALL=C
"$nonet" generate -n 40 --seed 11 >in.txt 2>/dev/null
"$nonet" generate -n 4 --seed 12 --level extreme >>in.txt 2>/dev/null
printf '12345\n.................................................................................\n' >>in.txt
"$nonet" rate in.txt >one-rate.txt 2>/dev/null
"$nonet" generate -n 50 --seed 5 >one-gen.txt 2>/dev/null

# ---- Slurm: each task of the array, as Slurm runs it -----------------------
slurm() { # OUT N ARGS: every task of the array --array=0-(N-1)
  out=$1 n=$2 args=$3
  k=0
  while [ $k -lt "$n" ]; do
    SLURM_ARRAY_TASK_ID=$k SHARDS=$n OUT=$out ARGS=$args \
      sh "$recipes/slurm-shards.sbatch" 2>/dev/null || bad "slurm task $k/$n"
    k=$((k + 1))
  done
}
since=$fails
for n in 1 2 3 7; do
  slurm rate$n.txt $n "rate in.txt"
  sh "$recipes/merge-parts.sh" rate$n.txt $n && cmp -s rate$n.txt one-rate.txt ||
    bad "slurm rate N=$n"
  slurm gen$n.txt $n "generate -n 50 --seed 5"
  sh "$recipes/merge-parts.sh" gen$n.txt $n && cmp -s gen$n.txt one-gen.txt ||
    bad "slurm generate N=$n"
done
# a task killed before its end leaves only its .tmp: merge names it; the
# task re-run alone (sbatch --array=3) completes the run
rm rate7.txt.parts/part-3
echo partial >rate7.txt.parts/part-3.tmp
msg=$(sh "$recipes/merge-parts.sh" rate7.txt 7 2>&1) && bad "merge with a shard missing"
[ "$msg" = "merge-parts: shards missing: 3 (of 7): run them again" ] || bad "merge said: $msg"
SLURM_ARRAY_TASK_ID=3 SHARDS=7 OUT=rate7.txt ARGS="rate in.txt" \
  sh "$recipes/slurm-shards.sbatch" 2>/dev/null
sh "$recipes/merge-parts.sh" rate7.txt 7 && cmp -s rate7.txt one-rate.txt ||
  bad "slurm: shard 3 re-run alone"
SLURM_ARRAY_TASK_ID=7 SHARDS=7 OUT=x ARGS="rate in.txt" \
  sh "$recipes/slurm-shards.sbatch" 2>/dev/null && bad "slurm: task 7 of 7 accepted"
# a task whose input is missing keeps no part (nonet exits 1 for it too)
SLURM_ARRAY_TASK_ID=0 SHARDS=2 OUT=absent ARGS="rate absent.txt" \
  sh "$recipes/slurm-shards.sbatch" 2>/dev/null && bad "slurm: no input, done"
[ -f absent.parts/part-0 ] && bad "slurm: a part kept without its input"
ok "$since" "slurm array: N = 1, 2, 3, 7, a lost shard re-run alone"

# ---- GNU parallel on this machine ------------------------------------------
since=$fails
for n in 1 3 7; do
  sh "$recipes/parallel-shards.sh" prate$n.txt $n rate in.txt 2>/dev/null &&
    cmp -s prate$n.txt one-rate.txt || bad "parallel here rate N=$n"
  sh "$recipes/parallel-shards.sh" pgen$n.txt $n generate -n 50 --seed 5 \
    2>/dev/null && cmp -s pgen$n.txt one-gen.txt || bad "parallel here gen N=$n"
done
[ -f in.txt ] || bad "parallel removed the input"
sh "$recipes/parallel-shards.sh" none.txt 2 rate absent.txt 2>/dev/null &&
  bad "parallel: no input, done"
[ -f none.txt.parts/part-0 ] && bad "parallel: a part kept without its input"
ok "$since" "GNU parallel on this machine: N = 1, 3, 7"

# ---- GNU parallel over ssh: two host names, one sshd on the loopback -------
if [ "$(id -u)" != 0 ] || [ ! -x /usr/sbin/sshd ]; then
  echo "SKIP GNU parallel over ssh: needs root and /usr/sbin/sshd (openssh-server)"
  exit $((fails > 0))
fi
mkdir -p ssh /run/sshd
ssh-keygen -q -t ed25519 -N '' -f ssh/host_key
ssh-keygen -q -t ed25519 -N '' -f ssh/id
cp ssh/id.pub ssh/authorized_keys
port=""
for try in 1 2 3 4 5; do
  p=$((20000 + ($$ * 7 + try * 977) % 40000))
  cat >ssh/sshd_config <<EOC
Port $p
ListenAddress 127.0.0.1
HostKey $tmp/ssh/host_key
AuthorizedKeysFile $tmp/ssh/authorized_keys
PidFile $tmp/ssh/sshd.pid
StrictModes no
UsePAM no
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
EOC
  rm -f ssh/sshd.pid
  /usr/sbin/sshd -f "$tmp/ssh/sshd_config" -E "$tmp/ssh/sshd.log" || continue
  i=0
  while [ ! -s ssh/sshd.pid ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
  [ -s ssh/sshd.pid ] && { port=$p; sshd_pid=$(cat ssh/sshd.pid); break; }
done
[ -n "$port" ] || { bad "sshd did not start: $(tail -3 ssh/sshd.log)"; exit 1; }
cat >ssh/config <<EOC
Host host-a host-b
  HostName 127.0.0.1
  Port $port
  User $(id -un)
  IdentityFile $tmp/ssh/id
  IdentitiesOnly yes
  StrictHostKeyChecking no
  UserKnownHostsFile /dev/null
  LogLevel ERROR
  BatchMode yes
EOC
ssh -F ssh/config host-a true || bad "ssh to the loopback sshd"
since=$fails
export PARALLEL_SSH="ssh -F $tmp/ssh/config" SSHLOGIN=2/host-a,1/host-b
left_before=$(ls -d "$HOME"/nonet-shards.* 2>/dev/null | wc -l)
INPUT=in.txt PARALLEL_OPTS="--joblog log" \
  sh "$recipes/parallel-shards.sh" srate7.txt 7 rate in.txt 2>/dev/null &&
  cmp -s srate7.txt one-rate.txt || bad "parallel over ssh rate N=7"
PARALLEL_OPTS="--joblog glog" sh "$recipes/parallel-shards.sh" \
  sgen3.txt 3 generate -n 50 --seed 5 2>/dev/null &&
  cmp -s sgen3.txt one-gen.txt || bad "parallel over ssh generate N=3"
# the jobs ran on both hosts, over ssh
hosts=$(awk 'FNR > 1 { print $2 }' log glog | sort -u | tr '\n' ' ')
[ "$hosts" = "host-a host-b " ] || bad "jobs ran on: $hosts"
# a lost part: the same command runs that shard alone
rm srate7.txt.parts/part-5
INPUT=in.txt PARALLEL_OPTS="--joblog relog" \
  sh "$recipes/parallel-shards.sh" srate7.txt 7 rate in.txt 2>/dev/null &&
  cmp -s srate7.txt one-rate.txt || bad "parallel over ssh: shard 5 re-run"
[ "$(awk 'FNR > 1' relog | wc -l)" = 1 ] ||
  bad "the re-run ran $(($(wc -l <relog) - 1)) shards, not 1"
grep -q "Accepted publickey" ssh/sshd.log || bad "no ssh login in sshd's log"
left=$(ls -d "$HOME"/nonet-shards.* 2>/dev/null | wc -l)
[ "$left" = "$left_before" ] || bad "work folders left in $HOME on the hosts"
ok "$since" "GNU parallel over ssh (an sshd on 127.0.0.1:$port, hosts: $hosts): N = 7 and 3, a lost shard re-run alone"
exit $((fails > 0))
