#!/bin/bash
# kernel-tree.sh - provide a configured, prepared Linux kbuild tree (6.1,
# 6.12 or 7.2: x86_64 defconfig + the version's config fragment) for
# compiling real kernel files with the lockfit plugin.  Idempotent; see --help.
set -eu

prog=kernel-tree.sh
usage() {
	cat <<EOF
Usage: $prog [--kver VER] [--print-dir] [--objtree [--objdir DIR] [--fragment FILE]] [--help]

Make sure a configured and prepared Linux VER tree exists (VER is 6.1,
6.12 or 7.2, Debian's linux-source-VER), then print its path on stdout
(last line).  Idempotent: only missing steps are done.

  1. apt-get install build dependencies that are missing (needs root)
  2. extract /usr/src/linux-source-VER.tar.xz into \$cache/linux-source-VER
     (7.2, mainline: Debian unstable's package, fetched once with
     'apt-get download' through a private apt configuration under
     \$cache/sid whose one source is this machine's own Debian mirror
     with the suite sid; the machine's apt sources are never changed)
  3. make defconfig, apply the fragment (scripts/kernel-config-VER.fragment)
     with scripts/config, make olddefconfig, make prepare (in-tree)
Step 3 is redone whenever the fragment changes (its hash is kept in
\$tree/.lockfit-configured).

With --objtree the build is an O= build, as most CI and distro kernels
are: the source is a second, never configured extraction
(\$cache/src-VER) and the configured, prepared output directory is
\$cache/o-VER (or --objdir DIR); the line printed is "SRC OBJDIR".
Several output directories may share that source.

Options:
  --kver VER         the kernel version: 6.1, 6.12 or 7.2 (default: \$LOCKFIT_KVER,
                     else 6.1)
  --print-dir        print only the tree path (no progress lines on stderr)
  --objtree          an O= build (see above)
  --objdir DIR       the output directory of --objtree
  --fragment FILE    the Kconfig fragment (default scripts/kernel-config-VER.fragment)
  -h, --help         show this help

Environment:
  LOCKFIT_CACHE  cache root (default: \$HOME/.cache/lockfit)
  LOCKFIT_KVER   the kernel version when --kver is not given (default 6.1)
  LOCKFIT_JOBS   make -j value for 'make prepare' (default: nproc)

Output of apt-get/make goes to \$cache/kernel-tree.log; its tail is shown
on failure.
EOF
}

quiet=0
objtree=0
objdir=
fragment=
kver=${LOCKFIT_KVER:-6.1}
while [ $# -gt 0 ]; do
	case $1 in
	--print-dir) quiet=1 ;;
	--kver) [ $# -ge 2 ] || { echo "$prog: --kver needs a version" >&2; exit 2; }
		kver=$2; shift ;;
	--objtree) objtree=1 ;;
	--objdir) [ $# -ge 2 ] || { echo "$prog: --objdir needs a directory" >&2; exit 2; }
		objdir=$2; shift ;;
	--fragment) [ $# -ge 2 ] || { echo "$prog: --fragment needs a file" >&2; exit 2; }
		fragment=$2; shift ;;
	-h | --help) usage; exit 0 ;;
	*) echo "$prog: unknown argument '$1' (try --help)" >&2; exit 2 ;;
	esac
	shift
done

msg() { [ "$quiet" = 1 ] || echo "$prog: $*" >&2; }
die() { echo "$prog: error: $*" >&2; exit 1; }

[ "$(uname -m)" = x86_64 ] || die "only x86_64 hosts are supported (this is $(uname -m))"

case $kver in 6.1 | 6.12) sid=0 ;; 7.2) sid=1 ;; *)
	echo "$prog: unsupported kernel version '$kver' (6.1, 6.12 or 7.2)" >&2; exit 2 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
fragment=${fragment:-$here/kernel-config-$kver.fragment}
cache=${LOCKFIT_CACHE:-${HOME:?HOME is unset; set LOCKFIT_CACHE}/.cache/lockfit}
# Mainline is not in this Debian release: its package lands in the cache.
sidroot=$cache/sid
if [ "$sid" = 1 ]; then
	tarball=$sidroot/root/usr/src/linux-source-$kver.tar.xz
else
	tarball=/usr/src/linux-source-$kver.tar.xz
fi
if [ "$objtree" = 1 ]; then
	# A configured source refuses O= builds: a pristine copy of its own.
	tree=$cache/src-$kver
	obj=${objdir:-$cache/o-$kver}
	case $obj in /*) ;; *) obj=$PWD/$obj ;; esac
	[ "$obj" != "$tree" ] || die "--objdir must not be the source tree"
	kmake() { make -C "$tree" O="$obj" "$@"; }
else
	[ -z "$objdir" ] || die "--objdir needs --objtree"
	tree=$cache/linux-source-$kver
	obj=$tree
	kmake() { make -C "$tree" "$@"; }
fi
stamp=$obj/.lockfit-configured
log=$cache/kernel-tree.log
jobs=${LOCKFIT_JOBS:-$(nproc)}
case $jobs in '' | *[!0-9]* | 0) die "LOCKFIT_JOBS must be a positive integer, got '$jobs'" ;; esac
[ -r "$fragment" ] || die "config fragment not found: $fragment"

# Keep the caller's environment from redirecting or changing the build.
unset KBUILD_OUTPUT KCFLAGS ARCH CROSS_COMPILE LLVM

mkdir -p "$cache" || die "cannot create cache directory $cache"
touch "$log" 2>/dev/null || die "cannot write $log"
# Serialise concurrent callers (e.g. parallel test jobs) on the cache.
exec 9>"$cache/.kernel-tree-$kver.lock"
flock 9

# run CMD...: run with all output in the log; on failure show its tail.
run() {
	echo "+ $* [$(date '+%F %T')]" >>"$log"
	"$@" >>"$log" 2>&1 </dev/null || {
		tail -n 30 "$log" >&2
		die "failed: $*  (full log: $log)"
	}
}

# --- 1. build dependencies ------------------------------------------------
need() { # need PACKAGE TEST...: queue PACKAGE unless TEST succeeds
	pkg=$1; shift
	"$@" >/dev/null 2>&1 || missing="$missing $pkg"
}
check_deps() { # sets $missing to the packages still needed
	missing=''
	gccver=$(gcc -dumpversion 2>/dev/null) || gccver=12
	need make command -v make
	need gcc command -v gcc
	need g++ command -v g++ # kbuild builds its own gcc plugins with g++
	need flex command -v flex
	need bison command -v bison
	need bc command -v bc
	need cpio command -v cpio
	need xz-utils command -v xz
	need libelf-dev test -e /usr/include/gelf.h
	need libssl-dev test -e /usr/include/openssl/opensslv.h
	[ "$sid" = 1 ] || need linux-source-$kver test -e "$tarball"
	[ "$sid" = 0 ] || need apt command -v apt-get
	[ "$sid" = 0 ] || need dpkg command -v dpkg-deb
	# Without plugin headers Kconfig silently turns CONFIG_GCC_PLUGINS off.
	need "gcc-${gccver%%.*}-plugin-dev" \
		test -e "$(gcc -print-file-name=plugin 2>/dev/null)/include/plugin-version.h"
}
check_deps
if [ -n "$missing" ]; then
	[ "$(id -u)" = 0 ] || die "missing packages:$missing (install them, or run as root)"
	command -v apt-get >/dev/null || die "missing packages:$missing and no apt-get"
	msg "installing:$missing"
	export DEBIAN_FRONTEND=noninteractive
	run apt-get update
	# shellcheck disable=SC2086 # word splitting of the package list is intended
	run apt-get install -y --no-install-recommends $missing
	check_deps
	[ -z "$missing" ] || die "still missing after apt-get install:$missing"
fi

# --- 2. extraction (into a temp dir, renamed only when complete) ----------
tmp=
trap '[ -z "$tmp" ] || rm -rf "$tmp"' EXIT
if [ "$sid" = 1 ] && [ ! -d "$tree" ] && [ ! -e "$tarball" ]; then
	# shellcheck source=scripts/kernel-sid.sh
	. "$here/kernel-sid.sh"
	fetch_sid_source "linux-source-$kver"
fi
if [ ! -d "$tree" ]; then
	rm -rf "$cache"/.extract-"$kver".* # leftovers of an interrupted run of this version
	tmp=$(mktemp -d "$cache/.extract-$kver.XXXXXX")
	msg "extracting $tarball ..."
	t0=$SECONDS
	run tar -xJf "$tarball" -C "$tmp"
	[ -d "$tmp/linux-source-$kver" ] || die "$tarball has no top directory linux-source-$kver/"
	mv "$tmp/linux-source-$kver" "$tree"
	msg "extracted in $((SECONDS - t0))s"
fi

# --- 3. configure + prepare (redone when the fragment changes) ------------
mkdir -p "$obj"
want=$(sha256sum <"$fragment" | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
	rm -f "$stamp"
	msg "configuring: defconfig + $fragment ..."
	t0=$SECONDS
	run kmake defconfig

	# Translate the fragment into scripts/config options.
	set --
	while IFS= read -r line || [ -n "$line" ]; do
		case $line in
		"# CONFIG_"*" is not set")
			sym=${line#"# CONFIG_"}; set -- "$@" --disable "${sym%" is not set"}" ;;
		"" | "#"*) ;;
		CONFIG_*=y) sym=${line%=y}; set -- "$@" --enable "${sym#CONFIG_}" ;;
		CONFIG_*=m) sym=${line%=m}; set -- "$@" --module "${sym#CONFIG_}" ;;
		CONFIG_*=*) sym=${line%%=*}; set -- "$@" --set-val "${sym#CONFIG_}" "${line#*=}" ;;
		*) die "$fragment: cannot parse line: $line" ;;
		esac
	done <"$fragment"
	[ $# -eq 0 ] || run bash "$tree/scripts/config" --file "$obj/.config" "$@"
	run kmake olddefconfig

	# olddefconfig silently drops options whose dependencies are unmet.
	bad=
	while IFS= read -r line || [ -n "$line" ]; do
		case $line in
		"# CONFIG_"*" is not set")
			sym=${line#"# "}; sym=${sym%" is not set"}
			! grep -q "^$sym=" "$obj/.config" || bad="$bad $sym" ;;
		"" | "#"*) ;;
		*) grep -qxF "$line" "$obj/.config" || bad="$bad ${line%%=*}" ;;
		esac
	done <"$fragment"
	[ -z "$bad" ] || die "not set as requested after olddefconfig (unmet dependencies?):$bad"
	msg "configured in $((SECONDS - t0))s"

	msg "make -j$jobs prepare ..."
	t0=$SECONDS
	run kmake -j"$jobs" prepare
	echo "$want" >"$stamp"
	msg "prepared in $((SECONDS - t0))s"
fi

msg "ready"
if [ "$objtree" = 1 ]; then echo "$tree $obj"; else echo "$tree"; fi
