#!/bin/sh
# SPDX-License-Identifier: MIT
# The benchmark tests/cli_run.sh and tests/cli_run_files.sh drive: N
# writes of 4 KiB (FLAG: oflag=dsync, or nothing), then YCSB's summary,
# without its updates where READS is set (or READS_RUN names this run).
n=${N:-20}
[ "${READS_RUN:-}" != "$SYNCGATE_RUN" ] || READS=1
i=0
while [ "$i" -lt "$n" ]; do
	dd if=/dev/zero of="$SYNCGATE_DIR/f" bs=4096 count=1 conv=notrunc ${FLAG-oflag=dsync} 2>/dev/null
	i=$((i + 1))
done
echo "env $SYNCGATE_ENGINE $SYNCGATE_RUN $SYNCGATE_DIR" >&2
echo "probe $SYNCGATE_PROBE" >&2
[ -z "${FAIL_RUN:-}" ] || [ "$SYNCGATE_RUN" != "$FAIL_RUN" ] || { echo "bench: no space left" >&2; exit 3; }
[ -z "${SLEEP:-}" ] || { echo "$$" >"$PIDFILE"; sleep "$SLEEP"; }
out=/dev/stdout
[ -z "${TO_OUTPUT:-}" ] || out=$SYNCGATE_OUTPUT
printf '[OVERALL], RunTime(ms), 100\n[READ], Operations, %s\n[READ], 50thPercentileLatency(us), 10\n[READ], 99thPercentileLatency(us), 20\n' "$n" >"$out"
[ -n "${READS:-}" ] ||
	printf '[UPDATE], Operations, %s\n[UPDATE], 50thPercentileLatency(us), 300\n[UPDATE], 99thPercentileLatency(us), 900\n' "$n" >>"$out"
