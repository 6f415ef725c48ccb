# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tools: aamed diff witnesses, sourced by run.sh (its helpers).
# a signal change in both directions, class names without stray text,
# network and mount witnesses that name a request
df signal-both '  signal (send, receive) set=term peer=foo,' '  signal (send, receive) set=(term, kill) peer=foo,' 'signal     +send receive' 'signal kill --peer-label foo'
df net-type '  network inet stream,' '  network inet stream,\n  network inet raw,' 'inet raw'
df net-all '  network inet stream,' '  network,' 'unspec type 0'
hasnt diff-net-all 'unspec,'
hasnt diff-net-all ' ?'
df mount-flags '  mount options=ro /dev/a -> /b,' '  mount options=rw /dev/a -> /b,' 'mount /dev/a /b --flags ro' '+mount                    mount /dev/a /b'
hasnt diff-mount-flags '\x00'
df umount '  umount /a,' '  umount /b,' 'mount      +umount                   umount /b' 'mount      -umount                   umount /a'
df pivot '  pivot_root /a,' '  pivot_root /b,' 'mount      +pivot_root               pivot_root /b ""'
# the parser's marks on partial requests are no permission
hasnt diff-pivot '0x'
hasnt diff-pivot 'umount'
df mount-fstype '  mount,' '  mount fstype=ext4,' 'mount      -mount                    mount --no-source ""'
hasnt diff-mount-fstype '\x00'
# a peer no rule names is spelled with letters, as query words
df signal-anypeer '  signal send set=term peer=foo,' '  signal send set=term,' 'signal     +send' 'signal term --peer-label a'
hasnt diff-signal-anypeer '\x'
hasnt diff-signal-anypeer 'peer='
df signal-anypeer-both '  signal send set=term,' '  signal send set=(term, kill),' 'signal kill --peer-label'
hasnt diff-signal-anypeer-both '\x'
printf 'profile t {\n  signal,\n}\n' >"$T/a.sd"
printf 'profile t {\n  /a r,\n}\n' >"$T/b.sd"
expect diff-mediates 1 "$A" diff --features "$FEAT" "$T/a.sd" "$T/b.sd"
hasnt diff-mediates "label0"
hasnt diff-mediates "class  "
