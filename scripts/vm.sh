#!/bin/bash
# vm.sh - lockfit's VM: a Linux 6.1 (or 7.2) kernel with lockdep and lock_stat,
# booted under QEMU with a bounded workload.  See --help and docs/VM.md.
set -eu

prog=vm.sh
usage() {
	cat <<EOF
Usage: $prog kernel [--kver VER] [--objdir DIR]
       $prog run    [--kver VER] [--objdir DIR] --out OUT [--module-patch FILE] [--bench]
       $prog verify [--kver VER] --out OUT [--patch FILE]... [--module-patch FILE]
                    [--extmod DIR [--extmod-patch FILE]...]
       $prog bench  --out OUT --patch FILE... [--runs N]
       $prog census (--out OUT | --lock-stat FILE) [--table FILE]

kernel  build (cached) the VM kernel: Linux VER (6.1, the default, or 7.2)
        from the pristine source of scripts/kernel-tree.sh --objtree,
        x86_64 defconfig plus scripts/vm-config.fragment (on 7.2 with
        scripts/vm-config-7.2.fragment's differences), in DIR (default
        \$cache/vm/build for 6.1, \$cache/vm/build-VER otherwise).
run     build the test module (testsuite/vm/module, with FILE applied) and
        an initramfs (busybox-static, testsuite/vm/init, lfvm-bench,
        torture.ko, locktorture.ko, the module), boot it and run the
        workload (or only the benchmark); OUT gets console.log,
        lock_stat.txt, dmesg.txt, workload.log, census.log, timings.txt.
verify  the kernel with every patch FILE applied (a scratch source and a
        copy of the VM build directory, rebuilt incrementally), booted
        with the workload: refused on a lockdep report, a sleeping
        function called from invalid context, smp_processor_id() in
        preemptible code, a hung task, any other BUG/WARNING/Oops/panic,
        a failed boot or a workload that does not finish.
        --extmod DIR: an out-of-tree module (kbuild M=) under test, copied
        with every --extmod-patch FILE applied, built against the kernel
        and loaded (5 times insmod and rmmod, then left loaded) at the
        start of the workload; refused also if it does not build or load.
bench   N boots (default 3) each of the unpatched and the patched kernel,
        interleaved, running lfvm-bench; prints each run and the ratios.
census  which locks of the census (FILE, default testsuite/vm/census.tbl)
        the lock_stat file (OUT/lock_stat.txt of a run) covers, with their
        read and write acquisitions; with --out also in OUT/census.txt.
        Exit 2 on a file that is not /proc/lock_stat 0.4.

Exit status: 0 clean; 1 the kernel under test was refused (build failure,
boot failure, splat, timeout; the reason on stderr and in OUT/verdict.txt);
2 usage or environment error.

Environment:
  LOCKFIT_CACHE             cache root (default \$HOME/.cache/lockfit)
  LOCKFIT_VM_KVER           the default of --kver (6.1)
  LOCKFIT_JOBS              make -j (default nproc)
  LOCKFIT_VM_ACCEL          auto (default: KVM if a bounded probe boot
                            succeeds, else TCG), kvm or tcg
  LOCKFIT_VM_TIMEOUT        bound of one boot with the workload (s, default 900)
  LOCKFIT_VM_BUILD_TIMEOUT  bound of one kernel build (s, default 5400)
  LOCKFIT_VM_SMP, LOCKFIT_VM_MEM  guest CPUs (2) and memory (256M)
  LOCKFIT_VM_MODULE_PATCH   the default of --module-patch (a test hook: lockfit
                            patch --boot runs "vm.sh verify --patch ...")
EOF
}

die() { echo "$prog: error: $*" >&2; exit 2; }
msg() { echo "$prog: $*" >&2; }

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
vmdir=$root/testsuite/vm
fragment=$here/vm-config.fragment
cache=${LOCKFIT_CACHE:-${HOME:?HOME is unset; set LOCKFIT_CACHE}/.cache/lockfit}
jobs=${LOCKFIT_JOBS:-$(nproc)}
accel=${LOCKFIT_VM_ACCEL:-auto}
boot_timeout=${LOCKFIT_VM_TIMEOUT:-900}
build_timeout=${LOCKFIT_VM_BUILD_TIMEOUT:-5400}
smp=${LOCKFIT_VM_SMP:-2}
mem=${LOCKFIT_VM_MEM:-256M}
for v in jobs boot_timeout build_timeout smp; do
	case ${!v} in '' | *[!0-9]* | 0) die "$v must be a positive integer, got '${!v}'" ;; esac
done
case $accel in auto | kvm | tcg) ;; *) die "LOCKFIT_VM_ACCEL must be auto, kvm or tcg" ;; esac
case $mem in *[!0-9MG]* | '') die "LOCKFIT_VM_MEM must look like 256M" ;; esac

cmd=${1:-}
[ $# -gt 0 ] && shift
objdir=$cache/vm/build
objdir_set=0
out=
module_patch=${LOCKFIT_VM_MODULE_PATCH:-}
patches=()
bench=0
lock_stat=
table=$vmdir/census.tbl
runs=3
kver=${LOCKFIT_VM_KVER:-6.1}
extmod=
extmod_patches=()
while [ $# -gt 0 ]; do
	case $1 in
	--objdir) [ $# -ge 2 ] || die "--objdir needs a directory"; objdir=$2; objdir_set=1; shift ;;
	--kver) [ $# -ge 2 ] || die "--kver needs a version"; kver=$2; shift ;;
	--extmod) [ $# -ge 2 ] || die "--extmod needs a directory"; extmod=$2; shift ;;
	--extmod-patch) [ $# -ge 2 ] || die "--extmod-patch needs a file"; extmod_patches+=("$2"); shift ;;
	--out) [ $# -ge 2 ] || die "--out needs a directory"; out=$2; shift ;;
	--patch) [ $# -ge 2 ] || die "--patch needs a file"; patches+=("$2"); shift ;;
	--module-patch) [ $# -ge 2 ] || die "--module-patch needs a file"; module_patch=$2; shift ;;
	--bench) bench=1 ;;
	--lock-stat) [ $# -ge 2 ] || die "--lock-stat needs a file"; lock_stat=$2; shift ;;
	--table) [ $# -ge 2 ] || die "--table needs a file"; table=$2; shift ;;
	--runs) [ $# -ge 2 ] || die "--runs needs a number"; runs=$2; shift
		case $runs in '' | *[!0-9]* | 0) die "--runs must be a positive integer" ;; esac ;;
	-h | --help) usage; exit 0 ;;
	*) die "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
# 6.1 keeps the directory it always had; 7.2 (other Kconfig: z3fold is
# gone) is built in its own
case $kver in
6.1) ;;
7.2) [ $objdir_set = 1 ] || objdir=$cache/vm/build-$kver ;;
*) die "--kver: the VM kernel is 6.1 or 7.2, not '$kver'" ;;
esac
case $objdir in /*) ;; *) objdir=$PWD/$objdir ;; esac
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
[ -z "$out" ] || out=$(abs "$out")
[ -z "$module_patch" ] || { module_patch=$(abs "$module_patch"); [ -r "$module_patch" ] || die "cannot read $module_patch"; }
for i in "${!patches[@]}"; do
	patches[i]=$(abs "${patches[i]}")
	[ -r "${patches[i]}" ] || die "cannot read ${patches[i]}"
done
for i in "${!extmod_patches[@]}"; do
	extmod_patches[i]=$(abs "${extmod_patches[i]}")
	[ -r "${extmod_patches[i]}" ] || die "cannot read ${extmod_patches[i]}"
done
if [ -n "$extmod" ]; then
	extmod=$(abs "$extmod")
	[ -f "$extmod/Kbuild" ] || [ -f "$extmod/Makefile" ] ||
		die "--extmod $extmod: no Kbuild or Makefile there"
elif [ ${#extmod_patches[@]} -gt 0 ]; then
	die "--extmod-patch needs --extmod DIR"
fi

unset KBUILD_OUTPUT KCFLAGS ARCH CROSS_COMPILE LLVM

# need_tools: the host packages of a boot (installed as install-deps.sh does)
need_tools() {
	local missing=
	command -v qemu-system-x86_64 >/dev/null || missing="$missing qemu-system-x86"
	[ -x /bin/busybox ] && file -L /bin/busybox 2>/dev/null | grep -q 'statically linked' ||
		missing="$missing busybox-static"
	command -v cpio >/dev/null || missing="$missing cpio"
	command -v file >/dev/null || missing="$missing file"
	[ -e /usr/lib/x86_64-linux-gnu/libc.a ] || missing="$missing libc6-dev"
	[ -z "$missing" ] && return 0
	[ "$(id -u)" = 0 ] && command -v apt-get >/dev/null ||
		die "missing packages:$missing (install them, or run as root)"
	msg "installing:$missing"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		$missing >&2 || die "apt-get install$missing failed"
}

# src_dir: the pristine source of kernel-tree.sh --objtree
src_dir() { echo "$cache/src-$kver"; }

# vm_fragment: the Kconfig fragment of $kver; 7.2's is the common one
# with scripts/vm-config-7.2.fragment's differences, written beside the
# build directory (kernel-tree.sh reconfigures when its bytes change)
vm_fragment() {
	local diffs=$here/vm-config-$kver.fragment f
	[ -e "$diffs" ] || { echo "$fragment"; return; }
	f=$objdir.fragment
	mkdir -p "$(dirname "$f")"
	{
		grep -vxF -f <(sed -n 's/^-//p' "$diffs") "$fragment"
		echo "# --- $kver (scripts/vm-config-$kver.fragment)"
		grep -v '^-' "$diffs"
	} >"$f.tmp"
	if cmp -s "$f.tmp" "$f"; then rm -f "$f.tmp"; else mv "$f.tmp" "$f"; fi
	echo "$f"
}

# kmake OBJDIR ARGS...: make -C SRC O=OBJDIR ARGS, bounded.  The scratch
# build directory of scratch_kernel is built in a private mount namespace
# where the scratch copies are bind-mounted over the original paths:
# kbuild's command lines and dependency files hold absolute source paths,
# and with the same paths make rebuilds only what the patches change.
kmake() {
	local o=$1 src
	shift
	src=$(src_dir)
	if [ -n "$scratch_w" ] && [ "$o" = "$scratch_w/build" ]; then
		unshare -m --propagation private bash -c '
			mount --bind "$1" "$3" && mount --bind "$2" "$4" && shift 4 && "$@"' \
			_ "$scratch_w/src" "$scratch_w/build" "$src" "$objdir" \
			timeout --kill-after=30 "$build_timeout" make -C "$src" O="$objdir" "$@"
	else
		timeout --kill-after=30 "$build_timeout" make -C "$src" O="$o" "$@"
	fi
}

# kernel_build OBJDIR LOG: make bzImage modules, bounded; 1 on failure
kernel_build() {
	local t0=$SECONDS rc=0
	kmake "$1" -j"$jobs" bzImage modules >"$2" 2>&1 </dev/null || rc=$?
	echo "build_seconds $((SECONDS - t0))" >>"$2"
	[ $rc = 0 ] && return 0
	tail -n 25 "$2" >&2
	if [ $rc = 124 ]; then
		msg "kernel build timed out after ${build_timeout}s (log: $2)"
	else
		msg "kernel build failed, status $rc (log: $2)"
	fi
	return 1
}

# cmd_kernel: configure (idempotent) and build the VM kernel, cached by
# the fragment's hash and the source; prints OBJDIR
cmd_kernel() {
	local stamp=$objdir/.lockfit-vm-built want log
	"$here/kernel-tree.sh" --kver "$kver" --objtree --objdir "$objdir" --fragment "$(vm_fragment)" \
		>/dev/null || die "kernel-tree.sh could not configure $objdir"
	want=$(cat "$objdir/.lockfit-configured")
	if [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] &&
	   [ -e "$objdir/arch/x86/boot/bzImage" ]; then
		echo "$objdir"
		return 0
	fi
	rm -f "$stamp"
	log=$objdir/lockfit-vm-build.log
	msg "building the VM kernel in $objdir (log: $log) ..."
	kernel_build "$objdir" "$log" || exit 1
	msg "built in $(sed -n 's/^build_seconds //p' "$log")s"
	echo "$want" >"$stamp"
	echo "$objdir"
}

# module_build OBJDIR SRC DIR WHAT PATCH...: SRC copied to DIR (sources
# only), each PATCH applied, built with M= against OBJDIR; 1 on failure
module_build() {
	local obj=$1 src=$2 d=$3 what=$4 p
	shift 4
	rm -rf "$d"
	mkdir -p "$d"
	(cd "$src" && find . -type f \( -name '*.[ch]' -o -name Kbuild -o -name Makefile \) \
		-print0 | cpio -0 -pdm --quiet "$d") || return 1
	for p; do
		patch -s -p1 -d "$d" <"$p" >"$d.patch.log" 2>&1 || {
			cat "$d.patch.log" >&2
			module_failure="the patch does not apply to $what: $p"
			msg "$module_failure"
			return 1
		}
	done
	kmake "$obj" M="$d" modules >"$d.build.log" 2>&1 </dev/null || {
		tail -n 20 "$d.build.log" >&2
		module_failure="$what does not build (log: $d.build.log)"
		msg "$module_failure"
		return 1
	}
}

# initramfs OBJDIR WORK: the test module (with module_patch), the module
# under test (--extmod, with its patches) and the cpio archive
# WORK/initramfs.cpio.gz
initramfs() {
	local obj=$1 w=$2 r=$2/root
	rm -rf "$r"
	module_build "$obj" "$vmdir/module" "$w/module" "the test module" \
		${module_patch:+"$module_patch"} || return 1
	if [ -n "$extmod" ]; then
		module_build "$obj" "$extmod" "$w/extmod" "the module under test $extmod" \
			${extmod_patches[@]+"${extmod_patches[@]}"} || return 1
		mkdir -p "$r/lib/modules/ext"
		find "$w/extmod" -name '*.ko' -exec cp {} "$r/lib/modules/ext/" \;
		ls "$r/lib/modules/ext"/*.ko >/dev/null 2>&1 || {
			module_failure="the module under test built no .ko: $extmod"
			msg "$module_failure"
			return 1
		}
	fi
	mkdir -p "$r/bin" "$r/lib/modules/ext" "$r/dev"
	cp /bin/busybox "$r/bin/busybox"
	ln -s busybox "$r/bin/sh"
	gcc -static -O2 -Wall -Wextra -o "$r/bin/lfvm-bench" "$vmdir/lfvm-bench.c" ||
		die "cannot build lfvm-bench (gcc -static)"
	gcc -static -O2 -Wall -Wextra -o "$r/bin/lfvm-census" "$vmdir/lfvm-census.c" 2>"$w/census-build.log" ||
		{ cat "$w/census-build.log" >&2; die "cannot build lfvm-census (gcc -static)"; }
	install -m 755 "$vmdir/init" "$r/init"
	cp "$obj/kernel/torture.ko" "$obj/kernel/locking/locktorture.ko" \
		"$w/module/lfvm_rwlock.ko" "$r/lib/modules/"
	(cd "$r" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -1) \
		>"$w/initramfs.cpio.gz"
}

# zswap's pool: z3fold where there is one (6.1); zsmalloc, the only one, on 7.2
zpool=zswap.zpool=z3fold
[ "$kver" = 6.1 ] || zpool=

# qemu_boot KERNEL INITRD MODE ACCEL WORK TIMEOUT: one bounded boot;
# the console in WORK/console.log, the guest's tar in WORK/out.img.
# no_timer_check: on a loaded host a TCG guest misses the ticks
# check_timer() waits for and panics ("IO-APIC + timer doesn't work!")
qemu_boot() {
	local a=(-accel tcg -cpu qemu64) rc=0
	[ "$4" = kvm ] && a=(-accel kvm -cpu qemu64)
	rm -f "$5/out.img" "$5/swap.img"
	truncate -s 64M "$5/out.img"
	truncate -s 256M "$5/swap.img"
	timeout --kill-after=10 "$6" qemu-system-x86_64 "${a[@]}" \
		-m "$mem" -smp "$smp" -no-reboot -display none -monitor none \
		-nic none -serial "file:$5/console.log" \
		-drive "file=$5/out.img,format=raw,if=virtio" \
		-drive "file=$5/swap.img,format=raw,if=virtio" \
		-kernel "$1" -initrd "$2" \
		-append "console=ttyS0 panic=-1 oops=panic no_timer_check lfvm.mode=$3 zswap.enabled=1 $zpool zswap.max_pool_percent=50" \
		</dev/null >"$5/qemu.log" 2>&1 || rc=$?
	return $rc
}

# pick_accel KERNEL INITRD WORK: KVM only if a probe boot ends in time
pick_accel() {
	case $accel in tcg | kvm) echo "$accel"; return ;; esac
	if [ -w /dev/kvm ] && [ -r /dev/kvm ]; then
		mkdir -p "$3/probe"
		if qemu_boot "$1" "$2" probe kvm "$3/probe" 20 &&
		   grep -q LFVM-PROBE-OK "$3/probe/console.log"; then
			echo kvm
			return
		fi
		msg "KVM probe boot did not finish in 20s: using TCG"
	fi
	echo tcg
}

# Splats that refuse a kernel: lockdep's reports are all "WARNING: ...";
# the others are the hung-task detector, might_sleep and
# debug_smp_processor_id; Oops, BUG and panics fail the boot anyway.
splat_re='WARNING: |BUG: |INFO: task .* blocked for more than|INFO: trying to register non-static key|Oops|Kernel panic|general protection fault|inconsistent lock state|possible circular locking|possible recursive locking'

# check WORK: the verdict on one boot, in WORK/verdict.txt; 0 clean
check() {
	local w=$1 first
	if ! grep -q LFVM-INIT "$w/console.log" 2>/dev/null; then
		{
			echo "refused: the kernel did not boot to /init"
			tail -n 20 "$w/console.log" 2>/dev/null
		} >"$w/verdict.txt"
	elif first=$(grep -m1 '^LFVM-EXTMOD-FAILED ' "$w/console.log"); then
		{
			echo "refused: the module under test did not load: ${first#LFVM-EXTMOD-FAILED }"
			grep -A5 '^LFVM-EXTMOD-FAILED ' "$w/console.log" | head -n 20
		} >"$w/verdict.txt"
	elif first=$(grep -n -m1 -E "$splat_re" "$w/console.log"); then
		{
			echo "refused: splat in the kernel log: ${first#*:}"
			# the report: from 3 lines before to its end marker
			sed -n "$(( ${first%%:*} > 3 ? ${first%%:*} - 3 : 1 )),\$p" "$w/console.log" |
				sed '/end trace/q' | head -n 80
		} >"$w/verdict.txt"
	elif ! grep -q LFVM-DONE "$w/console.log"; then
		echo "refused: the workload did not finish (timeout or crash)" >"$w/verdict.txt"
	else
		echo "clean" >"$w/verdict.txt"
		return 0
	fi
	return 1
}

chosen_accel=		# one probe per invocation
module_failure=		# why module_build failed
scratch_w=		# the directory of scratch_kernel's copies

# boot_run OBJDIR WORK MODE: initramfs, boot, outputs; 0 clean, 1 refused
boot_run() {
	local obj=$1 w=$2 t0 ac rc=0
	mkdir -p "$w"
	initramfs "$obj" "$w" || { echo "refused: $module_failure" >"$w/verdict.txt"; return 1; }
	[ -n "$chosen_accel" ] ||
		chosen_accel=$(pick_accel "$obj/arch/x86/boot/bzImage" "$w/initramfs.cpio.gz" "$w")
	ac=$chosen_accel
	msg "booting $obj (accel $ac, mode $3, bound ${boot_timeout}s) ..."
	t0=$(date +%s.%N)
	qemu_boot "$obj/arch/x86/boot/bzImage" "$w/initramfs.cpio.gz" "$3" "$ac" "$w" \
		"$boot_timeout" || rc=$?
	{
		echo "accel $ac"
		echo "boot_and_workload_seconds $(echo "$(date +%s.%N) - $t0" | bc)"
		echo "qemu_status $rc"
		grep -o 'LFVM [0-9.]* .*' "$w/console.log" 2>/dev/null | tr -d '\r' || true
	} >"$w/timings.txt"
	# the serial console ends its lines in CR LF
	[ ! -e "$w/console.log" ] || { tr -d '\r' <"$w/console.log" >"$w/console.tmp" &&
		mv "$w/console.tmp" "$w/console.log"; }
	[ $rc != 124 ] && [ $rc != 137 ] || msg "the boot timed out after ${boot_timeout}s"
	if [ "$3" = full ] && [ -s "$w/out.img" ]; then
		mkdir -p "$w/guest"
		tar -xf "$w/out.img" -C "$w/guest" 2>/dev/null || true
		for f in lock_stat.txt dmesg.txt workload.log lockdep_stats.txt census.log; do
			[ -e "$w/guest/$f" ] && cp "$w/guest/$f" "$w/$f"
		done
	fi
	rm -f "$w/swap.img" "$w/probe/swap.img" "$w/probe/out.img"
	if check "$w"; then
		msg "clean: $w"
		return 0
	fi
	msg "$(head -n 1 "$w/verdict.txt") ($w/verdict.txt)"
	return 1
}

# scratch_kernel WORK: the VM kernel with every --patch applied, built in
# WORK/src (hard links of the source, patched files copied) and WORK/build
# (a copy of the VM build directory).  The build runs in a private mount
# namespace where they are bind-mounted over the original paths: kbuild
# records absolute source paths, and the same paths let make rebuild only
# what the patches change.
scratch_kernel() {
	local w=$1 src obj f
	src=$(src_dir)
	rm -rf "$w/src" "$w/build"
	# the scratch copies are big: removed at exit (LOCKFIT_KEEP_SCRATCH keeps them)
	scratch_w=$w
	[ -n "${LOCKFIT_KEEP_SCRATCH:-}" ] ||
		trap '[ -z "$scratch_w" ] || rm -rf "$scratch_w/src" "$scratch_w/build"' EXIT
	msg "scratch copy of $src and $objdir ..."
	cp -al "$src" "$w/src"
	cp -a "$objdir" "$w/build"
	for p in "${patches[@]}"; do
		# the files a patch changes become real copies first
		for f in $(sed -n 's|^+++ b/||p' "$p"); do
			case $f in /* | *..* | *[!A-Za-z0-9_./+-]*) die "$p: bad path '$f'" ;; esac
			[ -e "$w/src/$f" ] || continue
			cp -p "$w/src/$f" "$w/src/$f.lockfit-copy"
			mv "$w/src/$f.lockfit-copy" "$w/src/$f"
		done
		patch -s -p1 -d "$w/src" <"$p" >"$w/patch.log" 2>&1 || {
			cat "$w/patch.log" >&2
			echo "refused: the patch does not apply: $p" >"$w/verdict.txt"
			msg "$(cat "$w/verdict.txt")"
			return 1
		}
	done
	msg "building the patched kernel (log: $w/build.log) ..."
	local t0=$SECONDS
	command -v unshare >/dev/null || die "unshare (util-linux) is needed"
	if ! kernel_build "$w/build" "$w/build.log"; then
		echo "refused: the patched kernel does not build (log: $w/build.log)" >"$w/verdict.txt"
		msg "$(cat "$w/verdict.txt")"
		return 1
	fi
	echo "patched_build_seconds $((SECONDS - t0))" >"$w/build-time.txt"
	msg "patched kernel built in $((SECONDS - t0))s"
}

case $cmd in
kernel)
	[ -z "$out" ] && [ ${#patches[@]} = 0 ] || die "kernel takes only --objdir"
	cmd_kernel ;;
run)
	[ -n "$out" ] || die "run needs --out OUT"
	need_tools
	cmd_kernel >/dev/null
	mode=full
	[ $bench = 0 ] || mode=bench
	boot_run "$objdir" "$out" $mode ;;
verify)
	[ -n "$out" ] || die "verify needs --out OUT"
	need_tools
	cmd_kernel >/dev/null
	mkdir -p "$out"
	rm -f "$out/verdict.txt"
	rc=0
	if [ ${#patches[@]} = 0 ]; then
		boot_run "$objdir" "$out/boot" full || rc=1
	elif scratch_kernel "$out"; then
		boot_run "$out/build" "$out/boot" full || rc=1
	else
		rc=1
	fi
	[ -e "$out/verdict.txt" ] || cp "$out/boot/verdict.txt" "$out/" 2>/dev/null || true
	exit $rc ;;
bench)
	[ -n "$out" ] && [ ${#patches[@]} -gt 0 ] || die "bench needs --out OUT and --patch FILE"
	need_tools
	cmd_kernel >/dev/null
	mkdir -p "$out"
	scratch_kernel "$out" || exit 1
	for i in $(seq "$runs"); do
		for k in base patched; do
			o=$objdir
			[ $k = base ] || o=$out/build
			boot_run "$o" "$out/$k.$i" bench || exit 1
			# kernel messages may share the console line
			grep -o 'LFVM-BENCH [a-z]* [0-9.]* [a-z/]*' "$out/$k.$i/console.log" |
				sed "s/^/$k $i /" | tee -a "$out/bench.txt"
		done
	done
	awk -f "$vmdir/bench-ratio.awk" "$out/bench.txt" | tee "$out/ratio.txt" ;;
census)
	[ -n "$out" ] || [ -n "$lock_stat" ] || die "census needs --out OUT or --lock-stat FILE"
	[ -n "$lock_stat" ] || lock_stat=$out/lock_stat.txt
	[ -r "$lock_stat" ] && [ -f "$lock_stat" ] || die "cannot read $lock_stat"
	[ -r "$table" ] && [ -f "$table" ] || die "cannot read $table"
	tmpf=$(mktemp) || die "mktemp failed"
	rc=0
	LC_ALL=C awk -F'\t' -f "$vmdir/census.awk" "$table" "$lock_stat" >"$tmpf" || rc=$?
	[ $rc != 0 ] || [ -z "$out" ] || cp "$tmpf" "$out/census.txt"
	cat "$tmpf"
	rm -f "$tmpf"
	[ $rc = 0 ] || exit 2 ;;
-h | --help) usage ;;
'') usage >&2; exit 2 ;;
*) die "unknown command '$cmd' (try --help)" ;;
esac
