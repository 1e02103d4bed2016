# summary: random-read scaling with 1 to 16 threads: one disk, RAID10 of 4 and of 8, RAID0 over 2 and over 4 RAID1 pairs, as in the Russian article
# disks: 8 x 512MiB hdd-7200
# memory: 2GiB
# timeout: 60m
#
# Seed B of the published results (sysbench fileio random reads, 1 to 16 threads, on files far
# larger than RAM): here fio random 4 KiB reads, direct, one request in flight per thread
# (psync, as sysbench's threads), 12 s per thread count. The article reports 3-4x a single
# volume for 4-volume arrays and 6-7x for 8-volume arrays.

scale() { # PREFIX DEVICE
  local t
  for t in 1 2 4 8 16; do
    lab_fio "$1-randread-t$t" --name=randread --filename="$2" --rw=randread --bs=4k --ioengine=psync --iodepth=1 \
      --numjobs=$t --direct=1 --time_based --runtime=12 --group_reporting
  done
  # a minute idle before the array is stopped: its saturation clears on its own
  lab_sleep 65
}
clean() {
  lab_do mdadm --zero-superblock "$@"
}

scale single /dev/vda

lab_do mdadm --create /dev/md0 --run --assume-clean --level=10 --raid-devices=4 --chunk=512 /dev/vda /dev/vdb /dev/vdc /dev/vdd
lab_snapshot_now
scale raid10x4 /dev/md0
lab_do mdadm --stop /dev/md0
clean /dev/vda /dev/vdb /dev/vdc /dev/vdd

lab_do mdadm --create /dev/md0 --run --assume-clean --level=10 --raid-devices=8 --chunk=512 /dev/vd[a-h]
lab_snapshot_now
scale raid10x8 /dev/md0
lab_do mdadm --stop /dev/md0
clean /dev/vd[a-h]

# "RAID 1+0 built in steps": mirrors first, then a stripe over them
lab_do mdadm --create /dev/md1 --run --assume-clean --level=1 --raid-devices=2 /dev/vda /dev/vdb
lab_do mdadm --create /dev/md2 --run --assume-clean --level=1 --raid-devices=2 /dev/vdc /dev/vdd
lab_do mdadm --create /dev/md0 --run --level=0 --raid-devices=2 --chunk=512 /dev/md1 /dev/md2
lab_snapshot_now
scale raid0x2raid1 /dev/md0
lab_do mdadm --stop /dev/md0
lab_do mdadm --stop /dev/md1 /dev/md2
clean /dev/vda /dev/vdb /dev/vdc /dev/vdd

lab_do mdadm --create /dev/md1 --run --assume-clean --level=1 --raid-devices=2 /dev/vda /dev/vdb
lab_do mdadm --create /dev/md2 --run --assume-clean --level=1 --raid-devices=2 /dev/vdc /dev/vdd
lab_do mdadm --create /dev/md3 --run --assume-clean --level=1 --raid-devices=2 /dev/vde /dev/vdf
lab_do mdadm --create /dev/md4 --run --assume-clean --level=1 --raid-devices=2 /dev/vdg /dev/vdh
lab_do mdadm --create /dev/md0 --run --level=0 --raid-devices=4 --chunk=512 /dev/md1 /dev/md2 /dev/md3 /dev/md4
lab_snapshot_now
scale raid0x4raid1 /dev/md0
lab_do mdadm --stop /dev/md0
lab_do mdadm --stop /dev/md1 /dev/md2 /dev/md3 /dev/md4
