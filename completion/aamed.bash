# SPDX-License-Identifier: GPL-2.0-or-later
# bash completion for aamed
_aamed()
{
	local cur prev cmd
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	cmd=${COMP_WORDS[1]}
	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "compile query attach profiles explain replay diff coverage test suggest graph who-can check help version" -- "$cur"))
		return
	fi
	# --color=WHEN: bash splits the word at "="
	if [ "$prev" = "=" ] && [ "${COMP_WORDS[COMP_CWORD-2]}" = "--color" ]; then
		COMPREPLY=($(compgen -W "auto always never" -- "$cur"))
		return
	fi
	case $prev in
	--policy|--source|--batch|-o|-I|--parser|--profile|--junit|--cache|--log)
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	--kernel)
		COMPREPLY=($(compgen -W "6.1 6.12 upstream" -- "$cur"))
		return ;;
	--access)
		COMPREPLY=($(compgen -W "label profile labelall" -- "$cur"))
		return ;;
	--invariants)
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	--format)
		case $cmd in
		check) COMPREPLY=($(compgen -W "text json sarif html" -- "$cur")) ;;
		graph) COMPREPLY=($(compgen -W "dot json" -- "$cur")) ;;
		esac
		return ;;
	--level)
		COMPREPLY=($(compgen -W "info warning error" -- "$cur"))
		return ;;
	--ignore)
		COMPREPLY=($(compgen -W "$(aamed check --help 2>/dev/null | sed -n 's/^  \([a-z-]*\) .*/\1/p')" -- "$cur"))
		return ;;
	--features)
		COMPREPLY=($(compgen -W "abi-3.0 debian-default diff-encode kabi5 linux-6.1 linux-6.1-dbus linux-6.12 linux-6.12-dbus permstable-v2 permstable-v3" -f -- "$cur"))
		return ;;
	--format)
		[ "$cmd" = graph ] && COMPREPLY=($(compgen -W "dot json" -- "$cur"))
		return ;;
	esac
	case $cmd in
	help)
		COMPREPLY=($(compgen -W "compile query attach profiles explain replay diff coverage test suggest graph who-can check" -- "$cur")) ;;
	query|explain)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "--policy --json --kernel --label --peer-label --batch --source --features -I --op --target --fsuid --ouid --opened-by --opened-elsewhere --open-perms --exec-fsuid --ctty --revoked --unmediated --protocol --sock-label --type --addr --peer-addr --noaudit --bus --path --interface --member --name --peer-name --pid --peer-pid --masks --rlimit --soft --xattr --token --saved-token --previous --return --test --traced --nnp --onexec --stack --fstype --flags --data --no-source --held --access" -- "$cur"))
		else
			COMPREPLY=($(compgen -W "file net network unix capability signal ptrace userns io_uring dbus rlimit change_profile change_hat mount umount pivot_root move_mount" -- "$cur"))
		fi ;;
	attach)
		COMPREPLY=($(compgen -W "--policy --ns --json --xattr" -f -- "$cur")) ;;
	profiles)
		COMPREPLY=($(compgen -W "--policy --json" -- "$cur")) ;;
	compile)
		COMPREPLY=($(compgen -W "--features --parser -I -O -o" -f -- "$cur")) ;;
	replay)
		COMPREPLY=($(compgen -W "--policy --json --kernel --jobs --stats --parse-only --no-memo" -f -- "$cur")) ;;
	diff)
		COMPREPLY=($(compgen -W "--json --kernel --profile --features -I" -f -- "$cur")) ;;
	coverage)
		COMPREPLY=($(compgen -W "--policy --json --kernel --source --features -I" -f -- "$cur")) ;;
	suggest)
		COMPREPLY=($(compgen -W "--policy --source --features -I --parser --kernel --abstractions --patch --json" -f -- "$cur")) ;;
	check)
		# an operand: the directory of --format html
		COMPREPLY=($(compgen -W "--policy --source --format --level --ignore --invariants --kernel --features -I" -d -- "$cur")) ;;
	test)
		COMPREPLY=($(compgen -W "--policy --profile --kernel --json --junit --cache --parser --features -I --log --enforce --vm" -f -- "$cur")) ;;
	graph)
		COMPREPLY=($(compgen -W "--policy --from --format --kernel" -- "$cur")) ;;
	who-can)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "--policy --json --kernel --source --features -I --label --op --target --fsuid --ouid" -- "$cur"))
		else
			COMPREPLY=($(compgen -W "file net network unix capability signal ptrace userns io_uring dbus rlimit change_profile change_hat mount umount pivot_root move_mount" -- "$cur"))
		fi ;;
	*)
		COMPREPLY=($(compgen -f -- "$cur")) ;;
	esac
	# the options every command takes (docs/HACKING.md "Conventions")
	if [[ $cur == -* ]]; then
		COMPREPLY+=($(compgen -W "--help --version --color" -- "$cur"))
	fi
}
complete -F _aamed aamed
