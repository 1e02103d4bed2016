# summary: md features the other recordings lack: a RAID5 with a write journal (J), a RAID5 with the partial parity log, a RAID1 with failfast members, an array switched read-only, read-auto and back, internal and external write-intent bitmaps
# disks: 5 x 256MiB hdd-7200
# memory: 2GiB
# timeout: 40m
#
# Each array is built, left to settle, shown to the recorder (mdadm --detail beside md's own
# texts), then stopped and its members wiped for the next. Syncs are capped so that each lasts a
# few snapshots. Nothing here fails a member: no alert but the syncs' is expected.

md=/sys/block/md0/md
settle() {
  lab_set $md/sync_speed_max 20000
  lab_wait_idle md0
  lab_snapshot_now
  lab_sleep 6
}
wipe() {
  lab_do mdadm --stop /dev/md0
  lab_do mdadm --zero-superblock "$@"
}

# a RAID5 with a write journal on its own member: mdstat flags it (J), sysfs slot "journal",
# consistency_policy "journal"
lab_do mdadm --create /dev/md0 --run --level=5 --raid-devices=3 --chunk=64 --write-journal /dev/vdd /dev/vda /dev/vdb /dev/vdc
settle
lab_fio journal-write --name=journal-write --filename=/dev/md0 --rw=randwrite --bs=4k --iodepth=4 --ioengine=libaio \
  --direct=1 --size=32m --runtime=8 --time_based
lab_sleep 6
wipe /dev/vda /dev/vdb /dev/vdc /dev/vdd

# a RAID5 with the partial parity log (consistency_policy ppl, no bitmap), then switched to resync and back
lab_do mdadm --create /dev/md0 --run --level=5 --raid-devices=3 --chunk=64 --consistency-policy=ppl /dev/vda /dev/vdb /dev/vdc
settle
lab_set $md/consistency_policy resync
lab_snapshot_now
lab_sleep 4
lab_set $md/consistency_policy ppl
lab_snapshot_now
lab_sleep 4
wipe /dev/vda /dev/vdb /dev/vdc

# a RAID1 with failfast members and an internal bitmap (md/bitmap/location +8, mdstat's bitmap line)
lab_do mdadm --create /dev/md0 --run --level=1 --raid-devices=2 --bitmap=internal --failfast /dev/vda /dev/vdb
settle
# read-only (array_state readonly, mdstat "(read-only)"), then read-auto ("(auto-read-only)"), which
# the first write turns back into a running array
lab_do mdadm --readonly /dev/md0
lab_snapshot_now
lab_sleep 6
lab_set $md/array_state read-auto
lab_snapshot_now
lab_sleep 6
lab_do dd if=/dev/zero of=/dev/md0 bs=64k count=16 oflag=direct status=none
lab_snapshot_now
lab_sleep 6
wipe /dev/vda /dev/vdb

# an external bitmap: a file on an ext4 of its own disk (md needs a file system that maps blocks;
# the guest's /tmp is tmpfs, mounted on it here). mdstat's bitmap line names the file; bitmap/location says "file"
lab_do mkfs.ext4 -q -F /dev/vde
mkdir -p /tmp/bitmap
lab_do mount /dev/vde /tmp/bitmap
# Linux 7.x creates arrays with bitmap_type "[none] bitmap " and refuses a bitmap file then
# ("Cannot set bitmap file: Invalid argument"): the array is built without one, md's bitmap type
# chosen where the kernel has the choice, and the file added to the running array
lab_do mdadm --create /dev/md0 --run --level=1 --raid-devices=2 --bitmap=none /dev/vda /dev/vdb
settle
if [ -f $md/bitmap_type ]; then lab_set $md/bitmap_type bitmap || lab_event "refused bitmap_type=bitmap"; fi
# a kernel that still refuses leaves the array without one (events.log says so); the rest stands
lab_do mdadm --grow /dev/md0 --bitmap=/tmp/bitmap/md0.bitmap || lab_event "refused external-bitmap"
lab_snapshot_now
lab_sleep 6
lab_do dd if=/dev/zero of=/dev/md0 bs=64k count=64 oflag=direct status=none
lab_snapshot_now
lab_sleep 6
lab_do mdadm --stop /dev/md0
lab_do umount /tmp/bitmap
lab_do mdadm --zero-superblock /dev/vda /dev/vdb
