#!/bin/busybox sh
# The lab guest's /init (busybox sh, from the initramfs raidpulse-lab builds).
# Loads the kernel's own modules listed in /etc/lab-modules (dependencies first), mounts the
# host's root read-only over 9p (tag hostroot) and the results share read-write (tag out) at
# /tmp/out inside it, then runs the scenario script given as labscript= on the kernel command
# line with the host's own bash, and powers off. labprobe=1 only proves the kernel booted.
# labmsize= is the 9p msize of both mounts (512000 unless the lab names another for the kernel).
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
echo "raidpulse-lab: kernel $(uname -r) up at $(cut -d' ' -f1 /proc/uptime) s"
for f in $(cat /etc/lab-modules); do
  insmod "/lib/modules/$(uname -r)/$f" || echo "raidpulse-lab: insmod $f failed"
done
for arg in $(cat /proc/cmdline); do
  case "$arg" in
    labscript=*) script="${arg#labscript=}" ;;
    labname=*) name="${arg#labname=}" ;;
    labmsize=*) msize="${arg#labmsize=}" ;;
    labprobe=1) echo "raidpulse-lab: probe ok"; poweroff -f ;;
  esac
done
R=/newroot
msize="${msize:-512000}"
mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose,msize=$msize hostroot $R || { echo "raidpulse-lab: cannot mount the host's root over 9p"; poweroff -f; }
mount -t proc proc $R/proc
mount -t sysfs sys $R/sys
mount -t devtmpfs dev $R/dev
mkdir -p $R/dev/pts $R/dev/shm 2>/dev/null
mount -t devpts devpts $R/dev/pts 2>/dev/null
mount -t tmpfs tmp $R/tmp
mount -t tmpfs run $R/run
mount -t tmpfs vartmp $R/var/tmp 2>/dev/null
mkdir -p $R/tmp/out
mount -t 9p -o trans=virtio,version=9p2000.L,msize=$msize out $R/tmp/out || { echo "raidpulse-lab: cannot mount the results share"; poweroff -f; }
hostname "${name:-lab}"
echo "raidpulse-lab: running $script at $(cut -d' ' -f1 /proc/uptime) s"
chroot $R /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/tmp TERM=dumb LAB_OUT=/tmp/out LAB_NAME="$name" \
  /bin/bash "$script" > $R/tmp/out/guest.log 2>&1
echo "raidpulse-lab: script exited with $? at $(cut -d' ' -f1 /proc/uptime) s"
sync
umount $R/tmp/out
poweroff -f
