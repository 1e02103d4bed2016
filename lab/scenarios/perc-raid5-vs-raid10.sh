# summary: RAID5x4 vs RAID10x4 on ext4 with bonnie++ and dd bs=8k + sync (the PERC 5/i mail), sysbench fileio random r/w, and pgbench read-only and read-write (the Czech test) at a small scale
# disks: 4 x 2GiB hdd-7200
# memory: 1GiB
# timeout: 60m
#
# Seeds C and A of the published results, on md instead of the controllers. The guest has 1 GiB
# of memory so that bonnie++'s 2 GiB file and dd's 1.5 GiB are larger than the page cache.
# bonnie++ runs with -f (no per-character tests: under emulation they measure the CPU) and -n 0
# (no file-creation tests). pgbench's database (scale 10, about 160 MB) fits in memory, as the
# Czech test's small data set did: read-only is then about equal, read-write shows the layout.

MNT=/tmp/fs
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)

on_layout() { # NAME
  local n=$1
  lab_do mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 /dev/md0
  mkdir -p $MNT
  lab_do mount -o noatime /dev/md0 $MNT
  lab_bench "$n-bonnie" csv bonnie++ -d $MNT -s 2048 -r 1024 -n 0 -f -u root -q
  lab_bench "$n-dd-8k" txt dd if=/dev/zero of=$MNT/bigfile bs=8k count=196608 conv=fdatasync
  rm -f $MNT/bigfile
  (cd $MNT && sysbench fileio --file-total-size=512M --file-num=4 prepare >/dev/null)
  (cd $MNT && lab_bench "$n-sysbench-rndrw" txt sysbench fileio --file-total-size=512M --file-num=4 \
     --file-test-mode=rndrw --file-extra-flags=direct --time=20 --threads=4 run)
  (cd $MNT && sysbench fileio --file-total-size=512M --file-num=4 cleanup >/dev/null)
  # PostgreSQL on the array, reachable only through its socket in /tmp (the guest has no network)
  mkdir -p $MNT/pg && chown postgres: $MNT/pg
  lab_do su postgres -s /bin/sh -c "$PGBIN/initdb -D $MNT/pg -A trust >/dev/null"
  lab_do su postgres -s /bin/sh -c "$PGBIN/pg_ctl -D $MNT/pg -w -l $MNT/pg/server.log -o \"-k /tmp -c listen_addresses=''\" start"
  lab_do su postgres -s /bin/sh -c "pgbench -h /tmp -i -q -s 10 postgres"
  lab_bench "$n-pgbench-ro" txt su postgres -s /bin/sh -c "pgbench -h /tmp -S -c 4 -j 2 -T 30 postgres"
  lab_bench "$n-pgbench-rw" txt su postgres -s /bin/sh -c "pgbench -h /tmp -c 4 -j 2 -T 30 postgres"
  lab_do su postgres -s /bin/sh -c "$PGBIN/pg_ctl -D $MNT/pg -w stop"
  lab_do umount $MNT
  lab_do mdadm --stop /dev/md0
  lab_do mdadm --zero-superblock /dev/vda /dev/vdb /dev/vdc /dev/vdd
  lab_sleep 5
}

lab_do mdadm --create /dev/md0 --run --assume-clean --level=5 --raid-devices=4 --chunk=128 /dev/vda /dev/vdb /dev/vdc /dev/vdd
on_layout raid5x4
lab_do mdadm --create /dev/md0 --run --assume-clean --level=10 --raid-devices=4 --chunk=128 /dev/vda /dev/vdb /dev/vdc /dev/vdd
on_layout raid10x4
