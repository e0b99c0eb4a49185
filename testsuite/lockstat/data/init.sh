#!/bin/sh
# /init of lockfit's VM (scripts/vm.sh packs it with busybox-static).
#
# lfvm.mode= on the kernel command line:
#   probe   print LFVM-PROBE-OK and power off (the KVM probe)
#   full    the workload below, then /proc/lock_stat and the kernel log
#   bench   boot, then only the benchmark (lfvm-bench), LFVM-BENCH lines
# Results go as a tar archive to /dev/vda (the host's out.img); /dev/vdb
# is swap, so that zswap (and its z3fold pool) sees real pages.
# Every phase is bounded by its counts; the host bounds the whole boot.

/bin/busybox mkdir -p /bin /sbin /usr/bin /usr/sbin /proc /sys /dev /tmp
/bin/busybox --install -s
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev 2>/dev/null
mount -t tmpfs tmp /tmp
echo LFVM-INIT

mode=full
for arg in $(cat /proc/cmdline); do
	case $arg in lfvm.mode=*) mode=${arg#lfvm.mode=} ;; esac
done
if [ "$mode" = probe ]; then
	echo LFVM-PROBE-OK
	poweroff -f
fi

out=/tmp/out
mkdir -p $out
now() { cut -d' ' -f1 /proc/uptime; }
log() { echo "LFVM $(now) $*"; echo "$(now) $*" >>$out/workload.log; }

ip link set lo up
echo 20 >/proc/sys/kernel/hung_task_timeout_secs
mkswap /dev/vdb >/dev/null && swapon /dev/vdb || log "no swap"
insmod /lib/modules/torture.ko || log "insmod torture failed"
if [ "$mode" != bench ] && [ -e /lib/modules/lfvm_rwlock.ko ]; then
	insmod /lib/modules/lfvm_rwlock.ko || log "insmod lfvm_rwlock failed"
fi

if [ "$mode" = bench ]; then
	/bin/lfvm-bench
	echo LFVM-DONE
	poweroff -f
fi

# Only the workload's acquisitions count (insmod of lfvm_rwlock above is
# its own lockdep test).
echo 0 >/proc/lock_stat
log "workload start"

log "fs: small writes"
mkdir -p /tmp/fs
i=0
while [ $i -lt 400 ]; do
	d=/tmp/fs/d$((i % 20))
	mkdir -p $d
	echo "line $i" >$d/f$i
	echo "more $i" >>$d/f$((i / 2))
	i=$((i + 1))
done
log "fs: tree walk"
for n in 1 2 3; do
	find /tmp/fs /sys/kernel /proc/sys -type f >/dev/null 2>&1
	ls -lR /tmp/fs /dev >/dev/null
	du -s /tmp/fs >/dev/null
done
rm -rf /tmp/fs

log "processes"
i=0
while [ $i -lt 150 ]; do
	/bin/true
	(/bin/true) &
	i=$((i + 1))
done
wait

log "proc reads"
for n in 1 2 3 4 5; do
	cat /proc/[0-9]*/stat /proc/[0-9]*/status /proc/[0-9]*/maps >/dev/null 2>&1
	cat /proc/meminfo /proc/interrupts /proc/net/tcp /proc/net/unix \
		/proc/locks /proc/vmstat /proc/slabinfo >/dev/null 2>&1
	ps >/dev/null
done

log "loopback: nc and httpd"
mkdir -p /tmp/www
head -c 200000 /bin/busybox >/tmp/www/blob
httpd -p 127.0.0.1:8080 -h /tmp/www
i=0
while [ $i -lt 30 ]; do
	wget -q -O /dev/null http://127.0.0.1:8080/blob
	i=$((i + 1))
done
nc -l -p 9000 >/tmp/rx &
sleep 1
nc 127.0.0.1 9000 </tmp/www/blob
wait
cmp -s /tmp/rx /tmp/www/blob || log "nc: data differs"
rm -f /tmp/rx
killall httpd 2>/dev/null

log "zswap: tmpfs pages through swap"
/bin/lfvm-bench --swap-only

log "locktorture"
for t in rw_lock spin_lock rwsem_lock percpu_rwsem_lock; do
	insmod /lib/modules/locktorture.ko torture_type=$t nwriters_stress=2 \
		nreaders_stress=2 stat_interval=0 || { log "locktorture $t failed"; continue; }
	sleep 3
	rmmod locktorture
done
log "workload end"

cat /proc/lock_stat >$out/lock_stat.txt
cat /proc/lockdep_stats >$out/lockdep_stats.txt
dmesg >$out/dmesg.txt
uname -a >$out/uname.txt
cp /proc/cmdline $out/cmdline.txt
tar -cf /dev/vda -C $out .
sync
echo LFVM-DONE
poweroff -f
