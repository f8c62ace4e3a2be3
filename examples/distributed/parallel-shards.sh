#!/bin/sh
# parallel-shards.sh OUT SHARDS NONET-ARGS...: runs `nonet NONET-ARGS
# --shard K/SHARDS --tag` for K = 0 .. SHARDS-1 with GNU parallel, on this
# machine or on other hosts over ssh, and merges the parts into OUT, which
# then holds exactly what `nonet NONET-ARGS` prints on one machine.
#
#   SSHLOGIN=8/host1,8/host2 INPUT=big.txt \
#     sh parallel-shards.sh rated.txt 64 rate big.txt
#   sh parallel-shards.sh puzzles.txt 16 generate -n 100000 --seed 7
#
# Run it in the folder holding INPUT, with relative file names (the hosts
# mirror them in a work folder of their own).
#   SSHLOGIN      parallel's --sshlogin list, such as 8/host1,8/host2
#                 (default ":": this machine only; among other hosts,
#                 name this one by ssh too, e.g. 4/localhost)
#   INPUT         a file the command reads, sent to each host first
#   NONET         the command on the hosts (default: nonet on their PATH)
#   PARALLEL_SSH  the ssh command parallel uses (default: ssh)
#   PARALLEL_OPTS more options for parallel (e.g. --eta for a progress
#                 line with the count and ETA, --joblog FILE)
# Each shard's part is kept in OUT.parts/ once the shard is done (written
# under a temporary name, renamed when the command ended with status 0, or
# 1 for records that failed, and said nothing of its own on stderr such as
# "nonet: cannot read"): running the same command again after a failure
# or a kill runs only the shards whose part is missing. NONET-ARGS are
# words without shell quoting.
set -eu
out=$1
shards=$2
shift 2
parts=$out.parts
merge=$(dirname "$0")/merge-parts.sh
mkdir -p "$parts"
todo=$(sh "$merge" --missing "$out" "$shards")
if [ -n "$todo" ]; then
  run="${NONET:-nonet} $* --shard {}/$shards --tag"
  p=$parts/part-{}
  job="mkdir -p $parts && { $run >$p.tmp 2>$p.err; s=\$?; cat $p.err >&2; \
[ \$s -le 1 ] && ! grep -q ^nonet $p.err && mv $p.tmp $p; r=\$?; \
rm -f $p.err; test \$r = 0; }"
  remote=""
  if [ "${SSHLOGIN:-:}" != ":" ]; then
    # hosts: a work folder of this run's, the input sent, the part back
    remote="--workdir nonet-shards.$$ --return $p --cleanup"
  fi
  # shellcheck disable=SC2086
  printf '%s\n' $todo | parallel ${PARALLEL_OPTS:-} \
    --ssh "${PARALLEL_SSH:-ssh}" --sshlogin "${SSHLOGIN:-:}" \
    ${INPUT:+--basefile "$INPUT"} $remote "$job" || true
fi
sh "$merge" "$out" "$shards"
