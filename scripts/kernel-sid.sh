# shellcheck shell=bash
# kernel-sid.sh - fetch a source package of Debian unstable (sid) into the
# lockfit cache, for kernels newer than this Debian release (mainline).
# Sourced by kernel-tree.sh, which sets sidroot, run, msg and die.
#
# apt runs on a private configuration under $sidroot: its own sources list
# (one entry: this machine's own Debian mirror, suite sid), its own lists
# and cache directories.  The machine's apt sources and state are never
# read for packages nor written; the repository names no mirror host.

# sid_source_line: print "deb [signed-by=KEYRING] URI sid main" built from
# the machine's first Debian release entry (deb822 debian.sources, else
# sources.list), security suites left out.
sid_source_line() {
	local d822=/etc/apt/sources.list.d/debian.sources line=
	if [ -r "$d822" ]; then
		line=$(awk '
		function flush() {
			if (!done && uri != "" && types ~ /(^| )deb( |$)/ && suites !~ /-security/) {
				opt = key ~ /^\// ? "[signed-by=" key "] " : ""
				print "deb " opt uri " sid main"; done = 1
			}
			uri = types = suites = key = ""
		}
		/^[ \t]*$/ { flush(); next }
		/^[ \t]*#/ { next }
		tolower($1) == "types:" { $1 = ""; types = substr($0, 2) }
		tolower($1) == "uris:" { uri = $2 }
		tolower($1) == "suites:" { $1 = ""; suites = substr($0, 2) }
		tolower($1) == "signed-by:" { key = $2 }
		END { flush() }' "$d822")
	fi
	if [ -z "$line" ] && [ -r /etc/apt/sources.list ]; then
		line=$(awk '$1 == "deb" {
			i = 2; opt = ""
			if ($2 ~ /^\[/) { while (i <= NF && $i !~ /\]$/) { opt = opt $i " "; i++ }
				opt = opt $i " "; i++ }
			if ($(i + 1) ~ /-security/) next
			print "deb " opt $i " sid main"; exit
		}' /etc/apt/sources.list)
	fi
	case $line in
	"deb "*http*://* | "deb "*file:/*) echo "$line" ;;
	*) return 1 ;;
	esac
}

# fetch_sid_source PACKAGE: apt-get download PACKAGE from sid and unpack
# it (dpkg-deb -x) into $sidroot/root; the .deb is not kept.
fetch_sid_source() {
	local pkg=$1 conf=$sidroot/apt line dl
	line=$(sid_source_line) ||
		die "no Debian source entry in /etc/apt/sources.list.d/debian.sources or /etc/apt/sources.list to fetch $pkg from sid"
	mkdir -p "$conf/lists/partial" "$conf/cache/archives/partial" ||
		die "cannot create $conf"
	echo "$line" >"$conf/sources.list"
	local apt=(apt-get -q -o Dir::Etc::SourceList="$conf/sources.list"
		-o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists="$conf/lists"
		-o Dir::Cache="$conf/cache")
	msg "fetching $pkg from Debian unstable ($line) ..."
	run "${apt[@]}" update
	dl=$(mktemp -d "$sidroot/.download.XXXXXX")
	# apt's sandbox user downloads into a directory it can write
	! id _apt >/dev/null 2>&1 || chown _apt "$dl" 2>/dev/null || true
	(cd "$dl" && run "${apt[@]}" download "$pkg")
	set -- "$dl"/"$pkg"_*.deb
	[ -f "$1" ] || die "apt-get download $pkg left no .deb in $dl"
	rm -rf "$sidroot/.root.tmp"
	run dpkg-deb -x "$1" "$sidroot/.root.tmp"
	mkdir -p "$sidroot/root"
	cp -a "$sidroot/.root.tmp/." "$sidroot/root/"
	basename "$1" >"$sidroot/root/$pkg.deb-name"
	rm -rf "$sidroot/.root.tmp" "$dl"
	msg "fetched $(basename "$1")"
}
