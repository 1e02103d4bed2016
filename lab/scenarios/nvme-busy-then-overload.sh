# summary: an NVMe namespace kept busy by a moderate load (a request always in flight: util near 100%, no saturation), then a real overload
# disks: 1 x 4GiB nvme
# memory: 2GiB
# timeout: 10m
#
# The case the saturation evidence rule exists for: a parallel device is "100% util" as soon as a
# request is always in flight. Phase 1 keeps 8 requests in flight on a device that serves each in
# 4 ms in parallel (at most 2,000 IOPS of its 3,000): util near 100%, await about 4 ms, nothing
# waiting. Phase 2 asks for far more than 3,000 IOPS: requests queue, await and aqu-sz climb.

lab_sleep 20
lab_fio moderate-qd8 --name=moderate --filename=/dev/nvme0n1 --rw=randread --bs=4k --iodepth=8 --numjobs=1 \
  --direct=1 --ioengine=libaio --time_based --runtime=90
lab_sleep 40
lab_fio overload-qd64 --name=overload --filename=/dev/nvme0n1 --rw=randread --bs=4k --iodepth=32 --numjobs=2 \
  --direct=1 --ioengine=libaio --time_based --runtime=90 --group_reporting
lab_sleep 60
