#!/bin/bash
# kernel-compile.sh - compile named objects of a lockfit Linux tree (6.1,
# 6.12 or 7.2, see kernel-tree.sh), with or without the lockfit GCC plugin.  See --help.
set -eu

prog=kernel-compile.sh
usage() {
	cat <<EOF
Usage: $prog [--kver VER] --plugin PATH [--out DIR | --no-out] [--plugin-arg KEY=VALUE]... [--jobs N] [--] OBJ...
       $prog [--kver VER] --no-plugin [--jobs N] [--] OBJ...

Ensure the Linux VER tree (scripts/kernel-tree.sh), then compile exactly the
named objects (paths relative to the tree, e.g. kernel/exit.o) in it:
  make -C TREE -jN KBUILD_NOCMDDEP=1 \\
       KCFLAGS="-fplugin=PLUGIN -fplugin-arg-NAME-out=DIR [-fplugin-arg-NAME-KEY=VALUE]..." OBJ...
NAME is the plugin file name without extension (normally "lockfit").  The
named objects are deleted first, so they are always recompiled; other
targets (asm-offsets etc.) are not rebuilt just because KCFLAGS changed
(KBUILD_NOCMDDEP=1).  gcc still loads the plugin for kbuild's probes
(scripts/checksyscalls.sh: -E on <stdin>; cc-option: -c /dev/null).
Exit status is make's.

Options:
  --kver VER             the kernel: 6.1, 6.12 or 7.2 (default: \$LOCKFIT_KVER, else 6.1)
  --plugin PATH          the plugin .so to load
  --no-plugin            compile without any plugin (baseline for timing)
  --out DIR              plugin output directory (created; default ./lockfit-out)
  --no-out               no out=: the records go into each object's
                         .discard.lockfit.records section (docs/RECORDS.md)
  --plugin-arg KEY=VAL   extra -fplugin-arg-NAME-KEY=VAL (repeatable)
  --ccache DIR           compile through ccache (Debian: /usr/lib/ccache),
                         with its cache in DIR
  --jobs N               make -j value (default: nproc)
  -h, --help             show this help
Paths may be relative; they are made absolute.  They must not contain
whitespace (KCFLAGS is split on it).
EOF
}

die() { echo "$prog: error: $*" >&2; exit 2; }
# need_arg OPT NARGS: an option needs a value
need_arg() { [ "$2" -ge 2 ] || die "$1 needs an argument (try --help)"; }
no_space() { case $2 in *[[:space:]]*) die "$1 must not contain whitespace: '$2'" ;; esac; }

plugin='' no_plugin=0 no_out=0 out='' jobs=$(nproc) kcflags_args=''
while [ $# -gt 0 ]; do
	case $1 in
	--kver) need_arg "$1" $#; export LOCKFIT_KVER=$2; shift ;;
	--plugin) need_arg "$1" $#; plugin=$2; shift ;;
	--no-plugin) no_plugin=1 ;;
	--out) need_arg "$1" $#; out=$2; shift ;;
	--no-out) no_out=1 ;;
	--ccache)
		need_arg "$1" $#
		[ -x /usr/lib/ccache/gcc ] || die "--ccache: no /usr/lib/ccache/gcc (Debian package ccache)"
		export CCACHE_DIR
		CCACHE_DIR=$(realpath -m "$2"); PATH=/usr/lib/ccache:$PATH; shift ;;
	--plugin-arg)
		need_arg "$1" $#
		key=${2%%=*}
		case $key in
		"$2" | "" | *[!A-Za-z0-9_-]*) die "--plugin-arg wants KEY=VALUE (KEY: letters, digits, _ -), got '$2'" ;;
		out) die "use --out instead of --plugin-arg out=..." ;;
		esac
		no_space "--plugin-arg" "$2"
		kcflags_args="$kcflags_args $2"; shift ;;
	--jobs)
		need_arg "$1" $#
		case $2 in '' | *[!0-9]* | 0) die "--jobs wants a positive integer, got '$2'" ;; esac
		jobs=$2; shift ;;
	-h | --help) usage; exit 0 ;;
	--) shift; break ;;
	-*) die "unknown option '$1' (try --help)" ;;
	*) break ;;
	esac
	shift
done
[ $# -gt 0 ] || die "no objects given (try --help)"

if [ "$no_plugin" = 1 ]; then
	[ -z "$plugin$out$kcflags_args" ] && [ $no_out = 0 ] ||
		die "--no-plugin excludes --plugin, --out, --no-out and --plugin-arg"
else
	[ $no_out = 0 ] || [ -z "$out" ] || die "--out and --no-out exclude each other"
	[ -n "$plugin" ] || die "--plugin PATH or --no-plugin is required (try --help)"
	{ [ -f "$plugin" ] && [ -r "$plugin" ]; } || die "plugin not found or not readable: $plugin"
	plugin=$(realpath "$plugin")
	no_space "plugin path" "$plugin"
	# gcc names a plugin after its file name minus extension; -fplugin-arg-NAME-
	# cannot be parsed if NAME contains '-'.
	name=$(basename "$plugin"); name=${name%.*}
	case $name in '' | *[!A-Za-z0-9_]*) die "plugin file name must be NAME.so with NAME in [A-Za-z0-9_]: $plugin" ;; esac
	if [ $no_out = 0 ]; then
		out=$(realpath -m "${out:-lockfit-out}")
		no_space "output directory" "$out"
	fi
fi

tree=$("$(dirname "$0")/kernel-tree.sh" --print-dir) || exit

# Check the objects, then delete them so make must rebuild them.
for obj; do
	case $obj in
	-*) die "options must come before the objects: '$obj'" ;;
	/* | ../* | */../* | *[[:space:]]*) die "object must be a path relative to the tree: '$obj'" ;;
	*.o | *.s | *.i) ;;
	*) die "not an object (.o/.s/.i) target: '$obj'" ;;
	esac
	src=$tree/${obj%.*}
	[ -f "$src.c" ] || [ -f "$src.S" ] || die "no source ${obj%.*}.c or .S in $tree for '$obj'"
done
for obj; do rm -f "$tree/$obj"; done

# KBUILD_NOCMDDEP=1: without it a KCFLAGS change also rebuilds bounds.s,
# asm-offsets.s, devicetable-offsets.s, modpost... (with the plugin, and
# again on the next run without it).
if [ "$no_plugin" = 1 ]; then
	exec make -C "$tree" -j"$jobs" KBUILD_NOCMDDEP=1 KCFLAGS= "$@"
fi
if [ $no_out = 1 ]; then
	kcflags="-fplugin=$plugin"
else
	mkdir -p "$out" || die "cannot create output directory: $out"
	kcflags="-fplugin=$plugin -fplugin-arg-$name-out=$out"
fi
for kv in $kcflags_args; do
	kcflags="$kcflags -fplugin-arg-$name-$kv"
done
exec make -C "$tree" -j"$jobs" KBUILD_NOCMDDEP=1 KCFLAGS="$kcflags" "$@"
