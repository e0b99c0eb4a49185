#!/bin/bash
# install-deps.sh - make sure the Debian packages lockfit needs are here.
#
#   scripts/install-deps.sh          install what is missing (needs root)
#   scripts/install-deps.sh --list   print the package list and exit
#   scripts/install-deps.sh --vm     also the VM's (make vm, check-vm, bench-vm)
#   scripts/install-deps.sh --deb    also the Debian packaging tools (make deb,
#                                    check-deb): not in make check's list
#
# Needs: g++ and GCC's plugin headers for the plugin, libjansson for JSON,
# jq, python3-jsonschema and time (make fuzz: each run's peak memory) for
# the tests, coccinelle and sparse for the rewrite patches,
# linux-source-6.1 and linux-source-6.12 (make check runs the smoke tests
# on both, and on 7.2: Debian unstable's linux-source-7.2, which
# scripts/kernel-tree.sh fetches into its cache with apt-get download on a
# private apt configuration, never installed) plus kbuild's tools for the
# real kernel tests (scripts/kernel-tree.sh), ccache and distcc for the records-in-objects
# tests (a cache hit and a distcc compile must bring the records), clang
# for lockfit build's refusal of a cc that is clang.  --vm:
# qemu-system-x86 and busybox-static for scripts/vm.sh, libc6-dev for its
# static lfvm-bench.
set -eu

gccver=$(gcc -dumpversion 2>/dev/null | cut -d. -f1)
packages=(
	make gcc g++ "gcc-${gccver:-12}-plugin-dev" libjansson-dev pkg-config
	jq python3 python3-jsonschema time
	coccinelle sparse
	linux-source-6.1 linux-source-6.12 flex bison bc libelf-dev libssl-dev cpio kmod xz-utils
	ccache distcc git clang
)

if [ "${1:-}" = "--vm" ]; then
	packages+=(qemu-system-x86 busybox-static libc6-dev file)
	shift
fi
if [ "${1:-}" = "--deb" ]; then
	packages+=(debhelper dpkg-dev fakeroot lintian git)
	shift
fi
if [ "${1:-}" = "--list" ]; then
	printf '%s\n' "${packages[@]}"
	exit 0
fi
if [ $# -gt 0 ]; then
	echo "usage: $0 [--vm] [--deb] [--list]" >&2
	exit 2
fi

missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps.sh: missing Debian packages: ${missing[*]}" >&2
	echo "run as root: apt-get install ${missing[*]}" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# what apt will install, said before it does: the packages named and
# every one they pull in (a first make deb pulls in over a hundred)
all=$(apt-get install -s -qq --no-install-recommends "${missing[@]}" 2>/dev/null |
	awk '$1 == "Inst" { print $2 }' | tr '\n' ' ')
n=$(wc -w <<<"$all")
echo "install-deps.sh: installing $n Debian package(s): ${missing[*]}," \
	"with what they need: ${all% }" >&2
apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
