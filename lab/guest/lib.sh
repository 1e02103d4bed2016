# Functions for lab scenarios (sourced inside the guest; see lab/README.md).
# Every action that changes the arrays or loads the disks goes through lab_do / lab_fio /
# lab_bench, so events.log holds the exact commands with their times, the ground truth the
# recordings' tests read.

# The collector runs with the flags it has in production (collector/README.md "JVM flags").
LAB_COLLECTOR_FLAGS="-Xms8m -Xmx32m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30 -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:CICompilerCount=1 -XX:CompileThresholdScaling=0.05 -XX:ReservedCodeCacheSize=16m -XX:MaxMetaspaceSize=64m -XX:MaxDirectMemorySize=16m -Xss256k -XX:-UsePerfData -XX:+UnlockExperimentalVMOptions -XX:TrimNativeHeapInterval=60000 -XX:+UnlockDiagnosticVMOptions -XX:AsyncDeflationInterval=0 -XX:GuaranteedSafepointInterval=60000 -XX:+ExitOnOutOfMemoryError"

lab_log() { echo "lab: $(cut -d' ' -f1 /proc/uptime) $*"; }

# lab_event NAME [KEY=VALUE...]: one line of events.log: wall-clock ms, guest uptime, the event.
lab_event() {
  printf '%s %s %s\n' "$(date +%s%3N)" "$(cut -d' ' -f1 /proc/uptime)" "$*" >> "$LAB_OUT/events.log"
}

# lab_do COMMAND...: runs a command that changes the system, logged as "do COMMAND" and "done rc=N".
lab_do() {
  lab_event "do $*"
  local rc=0
  "$@" || rc=$?
  lab_event "done rc=$rc"
  return $rc
}

# lab_set FILE VALUE: writes a sysfs or procfs setting (md's sync_speed_max, sync_action...), logged as "set FILE=VALUE".
lab_set() {
  lab_event "set $1=$2"
  echo "$2" > "$1"
}

# Guest disk names, lab ids and profiles: LAB_DISKS="vda:d0:hdd-7200:1 ..." (name:id:profile:rotational).
lab_disk_id() {
  local d
  for d in $LAB_DISKS; do
    IFS=: read -r name id _ _ <<< "$d"
    if [ "$name" = "$1" ]; then echo "$id"; return 0; fi
  done
  echo "lab_disk_id: no disk $1 in this scenario" >&2; return 1
}

# lab_disk_by_serial ID: the guest's current name of lab disk ID (a disk plugged back may get a new name).
lab_disk_by_serial() {
  local f
  for f in /sys/block/*/serial /sys/block/*/device/serial; do
    [ -r "$f" ] || continue
    if [ "$(tr -d ' \n' < "$f")" = "lab-$1" ]; then
      f=${f#/sys/block/}; echo "${f%%/*}"; return 0
    fi
  done
  return 1
}

# Each disk as a host would have it: rotational as its profile says, and a rotating disk with
# mq-deadline, which sorts requests by position (a host's default for a single-queue rotating
# disk; virtio's several queues would otherwise get none).
lab_prepare_disks() {
  local d
  for d in $LAB_DISKS; do
    IFS=: read -r name _ _ rot <<< "$d"
    echo "$rot" > "/sys/block/$name/queue/rotational" 2>/dev/null || lab_log "cannot set $name rotational=$rot"
    if [ "$rot" = 1 ]; then
      echo mq-deadline > "/sys/block/$name/queue/scheduler" 2>/dev/null || lab_log "cannot give $name mq-deadline"
    fi
  done
}

lab_start_recorders() {
  mkdir -p "$LAB_OUT/spool" "$LAB_OUT/bench" "$LAB_OUT/requests"
  # the collector as deployed: 1 s samples; no network in the guest, so it spools everything
  # a scenario's SCENARIO.collector.properties (what an operator declares: a hardware RAID volume's level, disks...)
  local config=() props="${LAB_SCRIPT%.sh}.collector.properties"
  if [ -f "$props" ]; then config=(--config "$props"); fi
  MALLOC_ARENA_MAX=2 "$LAB_JAVA" $LAB_COLLECTOR_FLAGS -jar "$LAB_COLLECTOR_JAR" collect "${config[@]}" --interval 1s \
    --host "$LAB_NAME" --spool-dir "$LAB_OUT/spool" --bootstrap-servers 127.0.0.1:9092 > "$LAB_OUT/collector.log" 2>&1 &
  LAB_COLLECTOR_PID=$!
  "$LAB_JAVA" -Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData -cp "$LAB_CLASSPATH" \
    io.raidpulse.lab.guest.GuestRecorder "$LAB_OUT" "$LAB_RECORD_INTERVAL" > "$LAB_OUT/recorder.log" 2>&1 &
  LAB_RECORDER_PID=$!
  iostat -x -d -t -o JSON "$LAB_IOSTAT_INTERVAL" > "$LAB_OUT/iostat.json" 2>&1 &
  LAB_IOSTAT_PID=$!
  local i=0
  until [ -f "$LAB_OUT/snapshots/last" ] && [ -n "$(find "$LAB_OUT/spool" -name '*.seg' -size +0 2>/dev/null)" ]; do
    sleep 0.5; i=$((i+1))
    if [ $i -gt $((LAB_WAIT_S * 2)) ]; then lab_log "collector or recorder did not start within $LAB_WAIT_S s"; return 1; fi
  done
  lab_log "collector, recorder and iostat running"
}

lab_stop_recorders() {
  lab_snapshot_now
  touch "$LAB_OUT/stop"
  kill -INT "$LAB_IOSTAT_PID" 2>/dev/null
  kill -TERM "$LAB_COLLECTOR_PID" 2>/dev/null
  wait "$LAB_RECORDER_PID" "$LAB_COLLECTOR_PID" "$LAB_IOSTAT_PID" 2>/dev/null
  sync
}

# lab_snapshot_now: a snapshot right away (after an event whose state the checks must see).
lab_snapshot_now() {
  touch "$LAB_OUT/snapshot-now"
  local i=0
  while [ -e "$LAB_OUT/snapshot-now" ] && [ $i -lt $((LAB_WAIT_S * 10)) ]; do sleep 0.1; i=$((i+1)); done
  [ $i -lt $((LAB_WAIT_S * 10)) ] || lab_log "the recorder took no snapshot within $LAB_WAIT_S s (see recorder.log)"
}

# lab_host VERB ID: asks the host (QEMU's monitor) to act on lab disk ID: pull or plug.
lab_host() {
  local req="$LAB_OUT/requests/$(date +%s%N)"
  echo "$1 $2" > "$req.req"
  local i=0
  until [ -f "$req.done" ]; do
    sleep 0.2; i=$((i+1))
    if [ $i -gt $((LAB_WAIT_S * 5)) ]; then lab_log "host did not answer '$1 $2' within $LAB_WAIT_S s"; return 1; fi
  done
  local answer; answer=$(cat "$req.done")
  [ "$answer" = ok ] || { lab_log "host: $answer"; return 1; }
}

# lab_pull NAME: the disk is pulled out of the running machine (ACPI hot-unplug of its PCI device).
lab_pull() {
  local id; id=$(lab_disk_id "$1")
  lab_event "pull disk=$1 id=$id"
  lab_host pull "$id"
  lab_event "pulled disk=$1 id=$id"
}

# lab_plug ID: the disk comes back; prints the name the guest gave it.
lab_plug() {
  lab_event "plug id=$1"
  lab_host plug "$1"
  local i=0 name=""
  until name=$(lab_disk_by_serial "$1"); do
    sleep 0.2; i=$((i+1))
    if [ $i -gt $((LAB_WAIT_S * 5)) ]; then lab_log "disk $1 did not appear within $LAB_WAIT_S s"; return 1; fi
  done
  lab_event "plugged id=$1 disk=$name"
  echo "$name"
}

# lab_fio NAME FIO-ARGS...: a fio run, its JSON in bench/NAME.fio.json.
lab_fio() {
  local name=$1; shift
  lab_event "bench-start name=$name tool=fio fio $*"
  fio --output-format=json --output="$LAB_OUT/bench/$name.fio.json" "$@"
  lab_event "bench-end name=$name"
}

# lab_bench NAME EXT COMMAND...: any benchmark, its output in bench/NAME.EXT.
lab_bench() {
  local name=$1 ext=$2; shift 2
  lab_event "bench-start name=$name tool=$1 $*"
  "$@" > "$LAB_OUT/bench/$name.$ext" 2>&1
  lab_event "bench-end name=$name"
}

# lab_wait_idle MD [TIMEOUT_S]: until the array's sync_action is idle (a resync, recovery or check ended).
lab_wait_idle() {
  local md=$1 limit=${2:-3600} i=0
  while [ "$(cat /sys/block/$md/md/sync_action)" != idle ]; do
    sleep 1; i=$((i+1))
    if [ $i -gt "$limit" ]; then lab_log "$md still syncing after $limit s"; return 1; fi
  done
  lab_event "idle array=$md"
}

# lab_wait_action MD ACTION [TIMEOUT_S]: until sync_action says ACTION (resync, recover, check, repair, reshape).
lab_wait_action() {
  local md=$1 action=$2 limit=${3:-$LAB_WAIT_S} i=0
  until [ "$(cat /sys/block/$md/md/sync_action)" = "$action" ]; do
    sleep 0.2; i=$((i+1))
    if [ $i -gt $((limit * 5)) ]; then lab_log "$md never reached $action"; return 1; fi
  done
  lab_event "action array=$md action=$action"
}

# lab_wait_faulty MD DISK [TIMEOUT_S]: until md marks the member faulty (or drops it).
lab_wait_faulty() {
  local md=$1 disk=$2 limit=${3:-$LAB_WAIT_S} i=0
  until [ ! -e "/sys/block/$md/md/dev-$disk" ] || grep -q faulty "/sys/block/$md/md/dev-$disk/state" 2>/dev/null; do
    sleep 0.2; i=$((i+1))
    if [ $i -gt $((limit * 5)) ]; then lab_log "$md never failed $disk"; return 1; fi
  done
  lab_event "faulty array=$md disk=$disk"
}

# lab_sleep SECONDS: idle time the checks can rely on (logged).
lab_sleep() {
  lab_event "sleep s=$1"
  sleep "$1"
}
