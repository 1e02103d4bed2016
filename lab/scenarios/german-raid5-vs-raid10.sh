# summary: RAID5 vs RAID10 near-2 vs far-2 on 4 disks with fio (iodepth 32, direct, libaio; sequential 1 MiB with 1 job, random 4 KiB with 4 jobs), the single disk first, as in the German mdadm benchmark
# disks: 5 x 1GiB hdd-7200
# memory: 2GiB
# timeout: 60m
#
# Seed D of the published results: the same four fio runs on one disk, then on each layout of
# the four others. Arrays are created with --assume-clean: a benchmark during the initial sync
# measures the sync too (md forces reconstruct-writes past the sync point), and the German
# write-up benchmarked synced arrays. 40 s per run (the write-up ran 60 s on real disks), longer
# than saturation's 30 s; each array then idles for a minute before it is stopped, so that its
# saturation clears on its own (60 s of cool samples) rather than with the array.

RUNTIME=40
fio_set() { # PREFIX DEVICE
  local p=$1 dev=$2
  lab_fio "$p-seqread-1m" --name=seqread --filename="$dev" --rw=read --bs=1M --iodepth=32 --numjobs=1 \
    --direct=1 --ioengine=libaio --time_based --runtime=$RUNTIME
  lab_fio "$p-seqwrite-1m" --name=seqwrite --filename="$dev" --rw=write --bs=1M --iodepth=32 --numjobs=1 \
    --direct=1 --ioengine=libaio --time_based --runtime=$RUNTIME
  lab_fio "$p-randread-4k" --name=randread --filename="$dev" --rw=randread --bs=4k --iodepth=32 --numjobs=4 \
    --direct=1 --ioengine=libaio --time_based --runtime=$RUNTIME --group_reporting
  lab_fio "$p-randwrite-4k" --name=randwrite --filename="$dev" --rw=randwrite --bs=4k --iodepth=32 --numjobs=4 \
    --direct=1 --ioengine=libaio --time_based --runtime=$RUNTIME --group_reporting
  lab_sleep 5
}

fio_set single /dev/vde
lab_sleep 60

for layout in raid5 n2 f2; do
  if [ $layout = raid5 ]; then
    lab_do mdadm --create /dev/md0 --run --assume-clean --level=5 --raid-devices=4 --chunk=512 /dev/vda /dev/vdb /dev/vdc /dev/vdd
  else
    lab_do mdadm --create /dev/md0 --run --assume-clean --level=10 --layout=$layout --raid-devices=4 --chunk=512 /dev/vda /dev/vdb /dev/vdc /dev/vdd
  fi
  lab_snapshot_now
  fio_set "$layout" /dev/md0
  if [ $layout = raid5 ]; then
    # md's default stripe cache (256 pages a member, 1 MiB) cannot hold a whole 1.5 MiB stripe of
    # 512 KiB chunks: sequential writes fall back to read-modify-write; with room they need no reads
    lab_set /sys/block/md0/md/stripe_cache_size 4096
    lab_fio raid5-seqwrite-1m-sc4096 --name=seqwrite --filename=/dev/md0 --rw=write --bs=1M --iodepth=32 --numjobs=1 \
      --direct=1 --ioengine=libaio --time_based --runtime=$RUNTIME
    lab_sleep 5
  fi
  lab_sleep 65
  lab_do mdadm --stop /dev/md0
  lab_do mdadm --zero-superblock /dev/vda /dev/vdb /dev/vdc /dev/vdd
  lab_sleep 5
done
