# summary: who loads the arrays: two fio jobs in two cgroups (cgroup v2, io controller) at 3:1 rates and depths on a RAID5 and a RAID10, the RAID5's writes into saturation, then a check of the RAID5 beside its writes; io.stat of every cgroup recorded with the snapshots
# disks: 8 x 512MiB hdd-7200
# memory: 2GiB
# timeout: 40m
#
# The raw material of per-consumer attribution: md's and the members' counters in the usual
# snapshots, every cgroup's io.stat beside them (cgroup-io/, one file per 2 s: "PATH: LINE" for
# each line of each io.stat), and each job's fio JSON.
#
# 3:1 both ways: 150 and 50 requests a second, at queue depths 12 and 4. Below what the array
# serves, fio's rates make the ratio; beyond it (the RAID5's writes: 200 a second cost 800 member
# I/Os where its four hdd-7200 members serve 600), each job gets the array in proportion to the
# requests it keeps in flight, 12 to 4. The reads (200 a second, a third of what the members
# serve) and the RAID10's writes (400 member writes a second) do not saturate.

md0=/sys/block/md0/md
md1=/sys/block/md1/md
# cgroup v2 with the io controller for the two groups under the root (the guest has no systemd)
lab_do mount -t cgroup2 none /sys/fs/cgroup
lab_set /sys/fs/cgroup/cgroup.subtree_control +io
mkdir -p /sys/fs/cgroup/lab-heavy /sys/fs/cgroup/lab-light
lab_event "cgroups heavy=/lab-heavy light=/lab-light"

# every cgroup's io.stat every 2 s, with the guest's uptime, until the scenario ends
mkdir -p "$LAB_OUT/cgroup-io"
(
  while [ ! -e "$LAB_OUT/stop" ]; do
    f="$LAB_OUT/cgroup-io/$(date +%s%3N).txt"
    { echo "uptime $(cut -d' ' -f1 /proc/uptime)"
      find /sys/fs/cgroup -name io.stat | sort | while read -r s; do
        p=${s#/sys/fs/cgroup}; p=${p%/io.stat}
        sed "s|^|${p:-/}: |" "$s"
      done; } > "$f.tmp" && mv "$f.tmp" "$f"
    sleep 2
  done
) &

lab_do mdadm --create /dev/md0 --run --level=5 --raid-devices=4 --chunk=64 --assume-clean /dev/vda /dev/vdb /dev/vdc /dev/vdd
lab_do mdadm --create /dev/md1 --run --level=10 --layout=n2 --raid-devices=4 --chunk=64 --assume-clean /dev/vde /dev/vdf /dev/vdg /dev/vdh
lab_sleep 6

# fio in a cgroup: the shell moves itself in, then becomes fio (its JSON in bench/NAME.fio.json)
in_cgroup() {
  local group=$1 name=$2; shift 2
  sh -c 'echo $$ > /sys/fs/cgroup/'"$group"'/cgroup.procs && exec fio --output-format=json --output="$0" "$@"' \
    "$LAB_OUT/bench/$name.fio.json" "$@"
}
both() {
  local target=$1 what=$2 rw=$3 seconds=$4
  lab_event "bench-start name=$what-heavy tool=fio cgroup=/lab-heavy rw=$rw rate_iops=150 iodepth=12 filename=$target"
  lab_event "bench-start name=$what-light tool=fio cgroup=/lab-light rw=$rw rate_iops=50 iodepth=4 filename=$target"
  in_cgroup lab-heavy "$what-heavy" --name="$what-heavy" --filename="$target" --rw="$rw" --bs=4k --ioengine=libaio \
    --iodepth=12 --direct=1 --rate_iops=150 --runtime="$seconds" --time_based --offset=0 --size=256m &
  local heavy=$!
  in_cgroup lab-light "$what-light" --name="$what-light" --filename="$target" --rw="$rw" --bs=4k --ioengine=libaio \
    --iodepth=4 --direct=1 --rate_iops=50 --runtime="$seconds" --time_based --offset=256m --size=256m &
  local light=$!
  wait $heavy $light
  lab_event "bench-end name=$what-heavy"
  lab_event "bench-end name=$what-light"
}

# 3:1 on each array in turn, reads then writes; md's RAID5 stripe handling gets both guest CPUs
# (group_thread_cnt), as in raid5-short: under emulation its one thread would limit the writes
lab_set $md0/group_thread_cnt 2
both /dev/md0 raid5-randread randread 40
lab_sleep 6
both /dev/md0 raid5-randwrite randwrite 45
lab_sleep 6
both /dev/md1 raid10-randread randread 40
lab_sleep 6
both /dev/md1 raid10-randwrite randwrite 40
lab_sleep 6

# a check of the RAID5 beside the two groups' writes: md's own I/O, in no cgroup; its speed held
# at 6 MB/s both ways, so that md does not slow it to the default minimum beside the writes
lab_set $md0/sync_speed_min 6000
lab_set $md0/sync_speed_max 6000
lab_set $md0/sync_action check
lab_wait_action md0 check
both /dev/md0 raid5-randwrite-during-check randwrite 50
lab_wait_idle md0
lab_sleep 6
lab_do mdadm --stop /dev/md0
lab_do mdadm --stop /dev/md1
