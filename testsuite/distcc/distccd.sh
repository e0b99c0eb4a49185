# shellcheck shell=bash
# distccd.sh - a distccd on 127.0.0.1 serving lockfit-cc, for the distcc
# tests (testsuite/distcc/run, testsuite/kernel/objects); source it.
#
# start_distccd DIR WRAPPER [VAR=VALUE...]: start one, its log in
# DIR/log/distccd.log, allowed to run WRAPPER (an absolute path: distccd
# maps the client's "lockfit-cc" to it through DISTCC_CMDLIST) and every
# compiler; VAR=VALUE go to its environment (LOCKFIT_PLUGIN, the plugin it
# loads).  Sets dport and dpid (empty when none would listen).  As root it
# runs as nobody (distccd drops root): DIR, WRAPPER and the plugin must be
# reachable by nobody.  stop_distccd: stop the one started.
start_distccd() {
	local dir=$1 wrapper=$2 port _
	shift 2
	mkdir -p "$dir/log" "$dir/client"
	chmod 755 "$dir"
	chmod 1777 "$dir/log"
	printf '%s\n' "$wrapper" /usr/bin/gcc /usr/bin/cc /usr/bin/x86_64-linux-gnu-gcc >"$dir/cmdlist"
	chmod 644 "$dir/cmdlist"
	local user=
	[ "$(id -u)" != 0 ] || user="--user nobody"
	dpid=
	for port in $((3700 + RANDOM % 500)) $((4200 + RANDOM % 500)) $((4700 + RANDOM % 500)); do
		# shellcheck disable=SC2086 # $user: no word or two
		env DISTCC_CMDLIST="$dir/cmdlist" "$@" distccd --daemon --no-detach \
			--listen 127.0.0.1 --port "$port" --allow 127.0.0.1 \
			--log-file "$dir/log/distccd.log" --verbose --jobs 2 $user \
			2>>"$dir/stderr" &
		dpid=$!
		for _ in 1 2 3 4 5 6 7 8 9 10; do
			grep -qs "listening on 127.0.0.1:$port" "$dir/log/distccd.log" && break
			kill -0 "$dpid" 2>/dev/null || break
			sleep 0.5
		done
		grep -qs "listening on 127.0.0.1:$port" "$dir/log/distccd.log" && break
		stop_distccd
	done
	dport=$port
}

stop_distccd() {
	[ -z "${dpid:-}" ] || kill "$dpid" 2>/dev/null || true
	[ -z "${dpid:-}" ] || wait "$dpid" 2>/dev/null || true
	dpid=
}
