# shellcheck shell=bash
# gitam.sh - is a patch lockfit wrote shaped for upstream?  Source it
# (after testsuite/lib/harness.sh).
#
#   git_am_check NAME PATCH SRC DIR SUBJECT VERIFIED
#       DIR (new, scratch) becomes a git checkout holding SRC's copies
#       of the files PATCH changes, one commit; then `git am
#       --whitespace=error PATCH` there must apply it whole (no fuzz, no
#       whitespace complaint, each path a real file of SRC relative to
#       its top: no $M/, no absolute path), and the commit it makes must
#       have the subject SUBJECT (the "[PATCH] " dropped, the subsystem's
#       prefix with it) and a message holding the line VERIFIED (the
#       verification named).  One PASS or FAIL.
git_am_check() {
	local name=$1 patch src=$3 dir=$4 subject=$5 verified=$6 f files have
	patch=$(realpath -- "$2")	# git am runs in DIR
	local -a g=(git -c user.name=lockfit-test -c user.email=test@lockfit.invalid
		-c init.defaultBranch=master -c core.autocrlf=false)
	files=$(sed -n 's|^diff --git a/\([^ ]*\) b/\1$|\1|p' "$patch" | sort -u)
	if [ -z "$files" ]; then fail "$name: git am" "no diff --git a/P b/P in $patch"; return; fi
	for f in $files; do
		case $f in /* | *'$'* | ../* | */../*)
			fail "$name: git am" "path '$f' is not relative to the tree's top"; return ;;
		esac
		if [ ! -f "$src/$f" ]; then fail "$name: git am" "$f is no file of $src"; return; fi
		mkdir -p "$dir/$(dirname "$f")" && cp "$src/$f" "$dir/$f"
	done
	(cd "$dir" && GIT_CEILING_DIRECTORIES=$(dirname "$dir") "${g[@]}" init -q &&
	 "${g[@]}" add -A && "${g[@]}" commit -qm 'the tree before the patch') > "$dir.log" 2>&1 ||
		{ fail "$name: git am" "git init: $(cat "$dir.log")"; return; }
	if ! (cd "$dir" && GIT_CEILING_DIRECTORIES=$(dirname "$dir") "${g[@]}" am --whitespace=error "$patch") \
			>> "$dir.log" 2>&1; then
		fail "$name: git am" "$(tail -n 5 "$dir.log")"
		return
	fi
	have=$(cd "$dir" && GIT_CEILING_DIRECTORIES=$(dirname "$dir") git log -1 --format=%s)
	if [ "$have" != "$subject" ]; then
		fail "$name: git am" "subject '$have', want '$subject'"
	elif ! (cd "$dir" && GIT_CEILING_DIRECTORIES=$(dirname "$dir") git log -1 --format=%B) |
			tr '\n' ' ' | tr -s ' ' | grep -qF "$verified"; then
		fail "$name: git am" "the message does not say '$verified'"
	else
		pass "$name: git am applies it to a git checkout of the tree ($(echo "$files" | wc -l) files), subject '$subject', the verification said"
	fi
}
