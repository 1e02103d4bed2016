# summary: md RAID10 of 4 under bonnie++: a member pulled out of the machine, md marks it faulty, the disk comes back, is re-added and rebuilt, as in the Hungarian test
# disks: 4 x 2GiB hdd-7200
# memory: 1GiB
# timeout: 30m
#
# Seed E of the published results: pulling a member's power under load, md reported it, the test
# kept running, and the disk was re-added after plugging it back. Here QEMU's monitor removes the
# disk's PCI device (ACPI hot-unplug) while bonnie++ writes; the array has an internal write-intent
# bitmap, so a re-added disk is brought up to date from the bitmap instead of copied whole, when md
# accepts the re-add.

MNT=/tmp/fs
lab_do mdadm --create /dev/md0 --run --level=10 --raid-devices=4 --chunk=512 --bitmap=internal /dev/vda /dev/vdb /dev/vdc /dev/vdd
lab_set /sys/block/md0/md/sync_speed_max 50000
lab_wait_idle md0
lab_do mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 /dev/md0
mkdir -p $MNT
lab_do mount -o noatime /dev/md0 $MNT
lab_sleep 10

lab_event "bench-start name=bonnie-under-pull tool=bonnie++ bonnie++ -d $MNT -s 2048 -r 1024 -n 0 -f -u root -q"
bonnie++ -d $MNT -s 2048 -r 1024 -n 0 -f -u root -q > "$LAB_OUT/bench/bonnie-under-pull.csv" 2>&1 &
bonnie=$!
sleep 20
lab_pull vdb
lab_wait_faulty md0 vdb
lab_snapshot_now
sleep 15
new=$(lab_plug d1)
lab_do mdadm /dev/md0 --remove failed
# md refuses the re-add when the bitmap was cleared past the disk's last superblock: writes that
# completed on the other members between the pull and md noticing it (kernel 6.1 did so here,
# "--re-add ... is not possible"); an operator then adds it back and md copies it whole
lab_do mdadm /dev/md0 --re-add /dev/$new || lab_do mdadm /dev/md0 --add /dev/$new
lab_wait_action md0 recover 60 || true
# the recovery's end is marked when it happens, while bonnie++ goes on
lab_wait_idle md0 900
wait $bonnie
lab_event "bench-end name=bonnie-under-pull rc=$?"
lab_sleep 30
lab_do umount $MNT
lab_do mdadm --stop /dev/md0
