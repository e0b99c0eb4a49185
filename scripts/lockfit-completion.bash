# bash completion for lockfit - installed as
# share/bash-completion/completions/lockfit.  The commands and options come
# from lockfit's own --help at completion time, the check names from
# lockfit report --list-checks, so they cannot drift from the tool.

_lockfit()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
	local cmd=${COMP_WORDS[1]:-} i words

	COMPREPLY=()
	if [ "$COMP_CWORD" -eq 1 ]; then
		words=$("$1" --help 2>/dev/null |
			awk '/^Commands:$/ { on = 1; next } on && /^  [a-z]/ { print $1; next } on { exit }')
		COMPREPLY=($(compgen -W "$words --help --version" -- "$cur"))
		return
	fi
	# after "build ... --": make's arguments, files
	for ((i = 2; i < COMP_CWORD; i++)); do
		if [ "${COMP_WORDS[i]}" = "--" ]; then
			COMPREPLY=($(compgen -f -- "$cur"))
			return
		fi
	done
	case $prev in
	--format)
		COMPREPLY=($(compgen -W "text json sarif" -- "$cur"))
		return ;;
	--check)
		COMPREPLY=($(compgen -W "$("$1" report --list-checks 2>/dev/null)" -- "$cur"))
		return ;;
	--tree | --out | --build | --records)
		COMPREPLY=($(compgen -d -- "$cur"))
		return ;;
	--profile | --lock-stat | --baseline | --plugin)
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	esac
	if [[ $cur == -* ]]; then
		words=$("$1" "$cmd" --help 2>/dev/null | grep -o -- '--[a-z][a-z-]*' | sort -u)
		COMPREPLY=($(compgen -W "$words" -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _lockfit lockfit
