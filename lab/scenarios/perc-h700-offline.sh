# summary: a PERC H700 RAID5 volume (megaraid_sas) taken offline under light load and brought back, reads refused while it is offline, then a rescan of it
# disks: 1 x 4GiB perc-h700
# memory: 1GiB
# timeout: 12m
#
# The health a hardware RAID volume shows the kernel is its SCSI device's: its state and its
# counts of commands that failed (ioerr_cnt) or timed out (iotmo_cnt). This scenario changes what
# an operator or the kernel's error handling changes: the device state is set offline (as the
# SCSI midlayer does when error recovery gives up on a device, and as an operator does before
# pulling it), reads are tried while it is offline (dd, which the kernel refuses before a command
# reaches the controller: sd will not even open an offline disk), the state is set back to running, and the device is
# rescanned (echo 1 > rescan: the probe commands again, some of which the controller refuses, as
# at boot). The collector runs with perc-h700-offline.collector.properties (the volume declared
# as in perc-h700-saturation); light random reads at 100 a second run before and after.

grep -H . /sys/block/sda/device/{vendor,model,state,ioerr_cnt,iotmo_cnt,iorequest_cnt,iodone_cnt}

lab_sleep 20
lab_fio light-before --name=light-before --filename=/dev/sda --rw=randread --bs=4k --iodepth=1 --rate_iops=100 \
  --direct=1 --ioengine=libaio --time_based --runtime=30
lab_sleep 10
lab_set /sys/block/sda/device/state offline
# each dd fails (sd refuses to open an offline disk: ENXIO, "No such device or address"): the loop ends well
lab_bench read-while-offline txt sh -c 'for i in $(seq 20); do dd if=/dev/sda of=/dev/null bs=4k count=16 iflag=direct; sleep 1; done; exit 0'
echo "while offline:"; grep -H . /sys/block/sda/device/{state,ioerr_cnt,iotmo_cnt,iorequest_cnt,iodone_cnt}
lab_sleep 10
lab_set /sys/block/sda/device/state running
lab_fio light-after --name=light-after --filename=/dev/sda --rw=randread --bs=4k --iodepth=1 --rate_iops=100 \
  --direct=1 --ioengine=libaio --time_based --runtime=30
lab_sleep 20
echo "before the rescan:"; grep -H . /sys/block/sda/device/{state,ioerr_cnt,iotmo_cnt,iorequest_cnt,iodone_cnt}
lab_set /sys/block/sda/device/rescan 1
lab_sleep 30
echo "after the rescan:"; grep -H . /sys/block/sda/device/{state,ioerr_cnt,iotmo_cnt,iorequest_cnt,iodone_cnt}
dmesg | tail -40
