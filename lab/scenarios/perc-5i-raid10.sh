# summary: a RAID10 volume of 4 x 10k rpm SAS disks behind a Dell PERC 5/i (LSI SAS 1078, the guest's real megaraid_sas driver): the PostgreSQL mail's bonnie++ and dd through ext4, then random reads beyond what the volume serves
# disks: 1 x 4GiB perc-5i
# memory: 1GiB
# timeout: 30m
#
# Seed C of the published results on its own controller generation: the mail compared RAID5 x4
# and RAID10 x4 volumes of a PERC 5/i; perc-raid5-vs-raid10 replays its benchmarks on md, this
# one on the controller's RAID10 volume as the guest's megaraid_sas driver presents it (the
# perc-5i profile in lab/README.md: 572 random reads, 262 random writes a second, 217 MB/s).
# The OS sees one SCSI disk "DELL" "PERC 5/i" on a MegaRAID SAS 1078: the collector runs with
# perc-5i-raid10.collector.properties, sda declared as the mail's volume (RAID10 of 4 x 300 GB
# 10k SAS, 256 MB battery-backed write-back cache). The guest has 1 GiB of memory so that
# bonnie++'s 2 GiB file and dd's 1.5 GiB are larger than the page cache; bonnie++ runs with -f
# and -n 0 as in perc-raid5-vs-raid10. Then random reads at queue depth 32 x 2 ask for far more
# than the four spindles serve: requests wait, await and aqu-sz climb, a saturation episode.

echo "scsi hosts:"; grep -H . /sys/class/scsi_host/host*/proc_name
echo "sda:"; ls -l /sys/block/sda/device
grep -H . /sys/block/sda/device/{vendor,model,rev,state,ioerr_cnt,iotmo_cnt,iorequest_cnt,iodone_cnt,queue_depth} \
  /sys/block/sda/queue/{rotational,scheduler,nr_requests}
dmesg | grep -i -E 'megaraid|megasas|scsi|sd 0:' || true

MNT=/tmp/fs
lab_sleep 20
lab_do mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 /dev/sda
mkdir -p $MNT
lab_do mount -o noatime /dev/sda $MNT
lab_bench raid10x4-bonnie csv bonnie++ -d $MNT -s 2048 -r 1024 -n 0 -f -u root -q
lab_bench raid10x4-dd-8k txt dd if=/dev/zero of=$MNT/bigfile bs=8k count=196608 conv=fdatasync
rm -f $MNT/bigfile
lab_do umount $MNT
lab_sleep 60
lab_fio randread-overload --name=randread-overload --filename=/dev/sda --rw=randread --bs=4k --iodepth=32 --numjobs=2 \
  --direct=1 --ioengine=libaio --time_based --runtime=90 --group_reporting
lab_sleep 90
echo "sda after:"; grep -H . /sys/block/sda/device/{state,ioerr_cnt,iotmo_cnt,iorequest_cnt,iodone_cnt}
