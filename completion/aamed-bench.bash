# SPDX-License-Identifier: GPL-2.0-or-later
# bash completion for aamed-bench
_aamed_bench()
{
	local cur prev cmd
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	cmd=${COMP_WORDS[1]}
	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "decide run compare instr --help" -- "$cur"))
		return
	fi
	case $prev in
	--policy|--load|--out|-o|--tmpdir)
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	-w|--workload)
		COMPREPLY=($(compgen -W "unix-send tcp-stream open1" -- "$cur"))
		return ;;
	--variant)
		COMPREPLY=($(compgen -W "sendmmsg io_uring twoproc" -- "$cur"))
		return ;;
	--mode)
		COMPREPLY=($(compgen -W "raw unconfined confined" -- "$cur"))
		return ;;
	--kernel)
		COMPREPLY=($(compgen -W "6.1 6.12" -f -- "$cur"))
		return ;;
	--aamed-kernel)
		COMPREPLY=($(compgen -W "6.1 6.12 upstream" -- "$cur"))
		return ;;
	--features|--vm-features)
		COMPREPLY=($(compgen -W "abi-3.0 debian-default diff-encode kabi5 linux-6.1 linux-6.12" -f -- "$cur"))
		return ;;
	--inject)
		COMPREPLY=($(compgen -W "corrupt short lost queue" -- "$cur"))
		return ;;
	esac
	local wl="-w --workload --variant --warmup --rounds --messages --batch --msgsize --sizes --seconds --procs --cpu --inject --inject-round --tmpdir"
	local med="--policy --features --label --aamed-kernel"
	local vm="--vm-features --lsm --icount --vm-timeout --qemu-arg --qemu"
	case $cmd in
	decide)
		COMPREPLY=($(compgen -W "--policy --iters --instr --load --case" -- "$cur")) ;;
	run)
		COMPREPLY=($(compgen -W "--mode --kernel --out $med $wl $vm" -- "$cur")) ;;
	compare)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "-o --invocations --mail --introduced --title $med $wl $vm" -- "$cur"))
		else
			COMPREPLY=($(compgen -W "raw unconfined confined vm:6.1: vm:6.12:" -- "$cur"))
		fi ;;
	instr)
		COMPREPLY=($(compgen -W "--mode $med $wl" -- "$cur")) ;;
	*)
		COMPREPLY=() ;;
	esac
}
complete -F _aamed_bench aamed-bench
