# summary: a RAID5's life: initial build, forced resync, a member failed, removed and re-added with recovery, check, a check that finds real mismatches, repair, reshape from 4 to 5 disks
# disks: 5 x 512MiB hdd-7200
# memory: 2GiB
# timeout: 40m
#
# md's own operations on real md. Sync speeds are capped with md's per-array sync_speed_max so
# that each sync lasts long enough to be seen (and its ETA checked) in 2 s snapshots.

md=/sys/block/md0/md
# mdadm --create --level=5 without --force builds a degraded array plus a spare: a recovery
lab_do mdadm --create /dev/md0 --run --level=5 --raid-devices=4 --chunk=64 /dev/vda /dev/vdb /dev/vdc /dev/vdd
lab_set $md/sync_speed_max 8000
lab_wait_action md0 recover
lab_wait_idle md0
lab_sleep 5
lab_do mdadm --stop /dev/md0
lab_do mdadm --zero-superblock /dev/vda /dev/vdb /dev/vdc /dev/vdd

# with --force: a real resync of all four
lab_do mdadm --create /dev/md0 --run --force --level=5 --raid-devices=4 --chunk=64 /dev/vda /dev/vdb /dev/vdc /dev/vdd
lab_set $md/sync_speed_max 8000
lab_wait_action md0 resync
lab_wait_idle md0
lab_sleep 5

# a member failed, removed and added back: without a bitmap md rebuilds all of it
lab_do mdadm /dev/md0 --fail /dev/vdb
lab_snapshot_now
lab_sleep 6
lab_do mdadm /dev/md0 --remove /dev/vdb
lab_snapshot_now
lab_sleep 4
lab_do mdadm /dev/md0 --add /dev/vdb
lab_wait_action md0 recover
lab_wait_idle md0
lab_sleep 5

lab_set $md/sync_action check
lab_wait_action md0 check
lab_wait_idle md0
lab_sleep 5

# 1 MiB of noise onto vdc's data area, behind md's back: the next check finds it
off=$(cat $md/dev-vdc/offset)
lab_do dd if=/dev/urandom of=/dev/vdc bs=512 seek=$((off + 65536)) count=2048 oflag=direct conv=notrunc status=none
lab_do sh -c 'echo 3 > /proc/sys/vm/drop_caches'
lab_set $md/sync_action check
lab_wait_action md0 check
lab_wait_idle md0
lab_event "mismatch_cnt value=$(cat $md/mismatch_cnt)"
lab_sleep 5
lab_set $md/sync_action repair
lab_wait_action md0 repair
lab_wait_idle md0
lab_sleep 5
lab_set $md/sync_action check
lab_wait_action md0 check
lab_wait_idle md0
lab_event "mismatch_cnt value=$(cat $md/mismatch_cnt)"
lab_sleep 5

# reshape: a fifth disk, then the array grown onto it
lab_do mdadm /dev/md0 --add /dev/vde
lab_snapshot_now
# mdadm moves the data offset when the members have room for it, else it needs a backup file
lab_do mdadm --grow /dev/md0 --raid-devices=5 || lab_do mdadm --grow /dev/md0 --raid-devices=5 --backup-file=/tmp/md0-grow.bak
lab_set $md/sync_speed_max 8000
lab_wait_action md0 reshape
lab_wait_idle md0 1800
lab_sleep 30
lab_do mdadm --stop /dev/md0
