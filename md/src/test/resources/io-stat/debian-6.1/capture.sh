# summary: cgroup v2 io.stat texts for the md module's parser tests (run as a lab scenario: copy to lab/scenarios/, ./lab/run NAME)
# disks: 5 x 256MiB hdd-7200
# memory: 1GiB
# timeout: 12m
out=$LAB_OUT/io-stat
mkdir -p "$out"
cg=/sys/fs/cgroup
mountpoint -q $cg || mount -t cgroup2 none $cg
uname -r > "$out/uname-r.txt"
cat $cg/cgroup.controllers > "$out/root.cgroup.controllers"
cat $cg/cgroup.subtree_control > "$out/root.cgroup.subtree_control.before"
echo +io > $cg/cgroup.subtree_control
mkdir -p $cg/system.slice
echo +io > $cg/system.slice/cgroup.subtree_control
mkdir -p $cg/system.slice/db.service $cg/system.slice/backup.service $cg/user.slice
cat $cg/cgroup.subtree_control > "$out/root.cgroup.subtree_control"
cat $cg/system.slice/cgroup.subtree_control > "$out/system.slice.cgroup.subtree_control"
cat $cg/system.slice/db.service/cgroup.controllers > "$out/db.service.cgroup.controllers"
lab_do mdadm --create /dev/md0 --run --assume-clean --level=5 --raid-devices=4 --chunk=64 /dev/vda /dev/vdb /dev/vdc /dev/vdd
ls -l /dev/md0 /dev/vd? > "$out/devices.txt"
snap() {
  for f in "" system.slice system.slice/db.service system.slice/backup.service user.slice; do
    n=${f:-root}; n=${n//\//_}
    cat "$cg/$f/io.stat" > "$out/$1.$n.io.stat" 2>>"$out/errors.txt"
  done
  cat /proc/diskstats > "$out/$1.diskstats"
}
snap 0-created
( echo $BASHPID > $cg/system.slice/db.service/cgroup.procs
  exec fio --output-format=json --output="$out/db.fio.json" --name=db --filename=/dev/md0 --rw=randwrite --bs=4k \
    --iodepth=8 --direct=1 --ioengine=libaio --time_based --runtime=20 --rate_iops=150 ) &
db=$!
( echo $BASHPID > $cg/system.slice/backup.service/cgroup.procs
  exec fio --output-format=json --output="$out/backup.fio.json" --name=backup --filename=/dev/md0 --rw=randread --bs=4k \
    --iodepth=4 --direct=1 --ioengine=libaio --time_based --runtime=20 --rate_iops=50 ) &
bk=$!
( echo $BASHPID > $cg/user.slice/cgroup.procs
  exec dd if=/dev/zero of=/dev/vde bs=64k count=200 oflag=direct ) 2> "$out/dd.txt" &
dd=$!
sleep 10
snap 1-running
wait $db $bk $dd
snap 2-done
( echo $BASHPID > $cg/user.slice/cgroup.procs; exec blkdiscard -o 0 -l 16777216 /dev/vde ) 2>"$out/blkdiscard.txt"
echo "blkdiscard rc=$?" >> "$out/blkdiscard.txt"
snap 3-discard
lab_set /sys/block/md0/md/sync_action check
sleep 8
snap 4-check
lab_set /sys/block/md0/md/sync_action idle
rmdir $cg/system.slice/backup.service 2>>"$out/errors.txt"
snap 5-backup-gone
