# summary: RAID6 of 4 with a spare: build, a member failed and the spare rebuilt onto, a second member failed (no spare left), both removed and one added back
# disks: 5 x 512MiB hdd-7200
# memory: 2GiB
# timeout: 30m

md=/sys/block/md0/md
lab_do mdadm --create /dev/md0 --run --level=6 --raid-devices=4 --spare-devices=1 --chunk=64 /dev/vda /dev/vdb /dev/vdc /dev/vdd /dev/vde
lab_set $md/sync_speed_max 10000
lab_wait_idle md0
lab_sleep 5

# the spare takes over: md starts the recovery onto vde by itself
lab_do mdadm /dev/md0 --fail /dev/vda
lab_wait_action md0 recover
lab_wait_idle md0
lab_sleep 5

# no spare left: degraded until someone adds a disk
lab_do mdadm /dev/md0 --fail /dev/vdb
lab_snapshot_now
lab_sleep 10
lab_do mdadm /dev/md0 --remove /dev/vda /dev/vdb
lab_snapshot_now
lab_sleep 5
lab_do mdadm --zero-superblock /dev/vda
lab_do mdadm /dev/md0 --add /dev/vda
lab_wait_action md0 recover
lab_wait_idle md0
lab_sleep 30
lab_do mdadm --stop /dev/md0
