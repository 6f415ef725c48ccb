# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by the corpus benchmarks (bench/*-corpus.sh).
# corpus_blobs SRC DIR: the policy directory of the corpus's blobs in P.
# SRC is a directory of blobs (used as it is) or the corpus tarball,
# unpacked under DIR (which must not exist); the tarball holds one folder
# of blobs, which P then names.
corpus_blobs() {
	if [ -d "$1" ]; then
		P=$1
		return
	fi
	mkdir "$2"
	tar -xJf "$1" -C "$2"
	P=$2
	[ "$(ls "$P" | wc -l)" -eq 1 ] && P=$P/$(ls "$P")
	return 0
}
