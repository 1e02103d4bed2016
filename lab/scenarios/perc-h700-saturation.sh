# summary: a RAID5 volume of 4 disks behind a Dell PERC H700 (the guest's real megaraid_sas driver): random reads at half its rate, then random reads and random writes beyond it
# disks: 1 x 4GiB perc-h700
# disks: 1 x 1GiB hdd-7200
# memory: 2GiB
# timeout: 15m
#
# The hardware RAID case: iostat shows one busy sda, and it is a hardware RAID volume that serves
# requests on four spindles in parallel (600 random reads a second, 150 random writes: the
# perc-h700 profile in lab/README.md). What the OS can see of it is in every snapshot: its SCSI
# host's driver (class/scsi_host/hostN/proc_name), its address (the channel tells a MegaRAID's
# volumes from the disks it passes through), the INQUIRY vendor and model, the device state and
# its I/O error and timeout counts. The collector runs with perc-h700-saturation.collector.properties:
# sda declared as what it stands for (RAID5 of 4, PERC H700, battery-backed write-back cache), and
# vda, a plain virtio disk nothing uses, declared a volume too, for the warning a declaration that
# sysfs contradicts gets. Phase 1 asks for half the volume's read rate: requests pass without
# waiting. Phases 2 and 3 ask for far more reads, then writes, than it serves: requests wait,
# await and aqu-sz climb; each is a saturation episode of its own (90 s apart, more than the 60 s
# of cool samples that clear one).

echo "scsi hosts:"; grep -H . /sys/class/scsi_host/host*/proc_name
echo "sda:"; ls -l /sys/block/sda/device
grep -H . /sys/block/sda/device/{vendor,model,rev,state,ioerr_cnt,iotmo_cnt,iorequest_cnt,iodone_cnt,queue_depth} \
  /sys/block/sda/queue/{rotational,scheduler,nr_requests}
ls /sys/block/sda/device/scsi_device
dmesg | grep -i -E 'megaraid|megasas|scsi|sd 0:' || true

lab_sleep 20
lab_fio randread-half --name=randread-half --filename=/dev/sda --rw=randread --bs=4k --iodepth=4 --numjobs=1 \
  --rate_iops=300 --direct=1 --ioengine=libaio --time_based --runtime=60
lab_sleep 30
lab_fio randread-overload --name=randread-overload --filename=/dev/sda --rw=randread --bs=4k --iodepth=32 --numjobs=2 \
  --direct=1 --ioengine=libaio --time_based --runtime=90 --group_reporting
lab_sleep 90
lab_fio randwrite-overload --name=randwrite-overload --filename=/dev/sda --rw=randwrite --bs=4k --iodepth=32 --numjobs=1 \
  --direct=1 --ioengine=libaio --time_based --runtime=60
lab_sleep 90
echo "sda after:"; grep -H . /sys/block/sda/device/{state,ioerr_cnt,iotmo_cnt,iorequest_cnt,iodone_cnt}
