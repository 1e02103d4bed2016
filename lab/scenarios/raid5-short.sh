# summary: RAID5 of 4 disks in short: build, fio random writes into saturation, a member failed and rebuilt, a check
# disks: 4 x 256MiB hdd-7200
# memory: 2GiB
# timeout: 10m
# suite: short
#
# The suite's lab scenario (./run-tests boots it): one RAID5 life on hdd-7200 disks.
# Sync speeds are capped through md's own per-array limits so that the rebuild lasts long
# enough for progress and an ETA to be seen (sync_speed_max, KiB/s). md's stripe handling gets
# both guest CPUs (group_thread_cnt): under emulation its one thread would otherwise be what
# limits random writes, not the disks.

lab_do mdadm --create /dev/md0 --run --level=5 --raid-devices=4 --chunk=64 /dev/vda /dev/vdb /dev/vdc /dev/vdd
lab_set /sys/block/md0/md/sync_speed_max 20000
lab_set /sys/block/md0/md/group_thread_cnt 2
lab_wait_idle md0
lab_sleep 10

# 4 KiB random writes, direct: each costs md two member reads and two member writes
lab_fio randwrite-4k --name=randwrite --filename=/dev/md0 --rw=randwrite --bs=4k --iodepth=32 --numjobs=4 \
  --direct=1 --ioengine=libaio --time_based --runtime=45 --group_reporting
lab_sleep 40

lab_do mdadm /dev/md0 --fail /dev/vdc
lab_snapshot_now
lab_sleep 6
lab_do mdadm /dev/md0 --remove /dev/vdc
lab_do mdadm --zero-superblock /dev/vdc
lab_set /sys/block/md0/md/sync_speed_max 4000
lab_do mdadm /dev/md0 --add /dev/vdc
lab_wait_action md0 recover
lab_wait_idle md0 600
lab_sleep 10

lab_set /sys/block/md0/md/sync_speed_max 20000
lab_set /sys/block/md0/md/group_thread_cnt 2
lab_set /sys/block/md0/md/sync_action check
lab_wait_action md0 check
lab_wait_idle md0
lab_sleep 40
lab_do mdadm --stop /dev/md0
