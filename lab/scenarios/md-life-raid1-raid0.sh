# summary: RAID1 with a write-mostly member under reads and writes, RAID0 alone and RAID0 over two RAID1 pairs, each under fio in turn
# disks: 8 x 256MiB hdd-7200
# memory: 2GiB
# timeout: 20m
#
# Kernel 6.1 writes layout -1 for RAID0 (a valid value); md reads from a RAID1's write-mostly
# member only when it has to.

lab_do mdadm --create /dev/md0 --run --assume-clean --level=1 --raid-devices=2 /dev/vda --write-mostly /dev/vdb
lab_do mdadm --create /dev/md1 --run --level=0 --raid-devices=2 --chunk=512 /dev/vdc /dev/vdd
lab_do mdadm --create /dev/md2 --run --assume-clean --level=1 --raid-devices=2 /dev/vde /dev/vdf
lab_do mdadm --create /dev/md3 --run --assume-clean --level=1 --raid-devices=2 /dev/vdg /dev/vdh
lab_do mdadm --create /dev/md4 --run --level=0 --raid-devices=2 --chunk=256 /dev/md2 /dev/md3
lab_snapshot_now
lab_sleep 10

# one load at a time, each deep enough (32 in flight) that its disks never wait for the emulated
# CPU to resubmit: three at once left every member about 85% busy with its queue emptying between
# bursts, which is the guest's CPU, not the disks
lab_fio nested-randread --name=n --filename=/dev/md4 --rw=randread --bs=4k --iodepth=32 --numjobs=1 \
  --direct=1 --ioengine=libaio --time_based --runtime=40
lab_fio raid0-randrw --name=r0 --filename=/dev/md1 --rw=randrw --bs=16k --iodepth=32 --numjobs=1 \
  --direct=1 --ioengine=libaio --time_based --runtime=40
# md reads a RAID1 from its write-mostly member only when it has to: vda serves every read
lab_fio raid1-writemostly-randread --name=r1 --filename=/dev/md0 --rw=randread --bs=4k --iodepth=32 --numjobs=1 \
  --direct=1 --ioengine=libaio --time_based --runtime=40
lab_sleep 70
lab_fio raid1-writemostly-write --name=w1 --filename=/dev/md0 --rw=randwrite --bs=4k --iodepth=32 --numjobs=1 \
  --direct=1 --ioengine=libaio --time_based --runtime=40
lab_sleep 70
lab_do mdadm --stop /dev/md4
lab_do mdadm --stop /dev/md0 /dev/md1 /dev/md2 /dev/md3
