# SPDX-License-Identifier: GPL-2.0-or-later
# The profiles of vm.yaml: aamed test --vm runs its tests in Debian's 6.1
# and 6.12 kernels (tests/test-cmd/vm.sh).

profile v_files {
  /srv/vm/read.txt r,
  /srv/vm/rw.txt rw,
  /srv/vm/log.txt a,
  deny /srv/vm/secret.txt r,
  audit deny /srv/vm/loud.txt w,
  /srv/vm/bin/ix ix,
  /srv/vm/bin/px px -> v_target,
  /srv/vm/bin/ux ux,
}

profile v_target {
  /srv/vm/bin/* mr,
}

profile v_cmp flags=(complain) {
  /srv/vm/read.txt r,
}

# capabilities: the probe's chown and chmod go through the file check of
# /srv/aamed-vm/ first, and its sockets through the network check
profile v_cap {
  /srv/aamed-vm/** w,
  capability chown,
  network inet raw,
  network inet stream,
}

profile v_net {
  network inet stream,
  network unix stream,
  deny network inet dgram,
}

profile v_sig {
  signal (send) set=(term, usr1) peer=v_peer,
  signal (receive) peer=v_sig,
  ptrace (read) peer=v_peer,
}

profile v_peer {
  signal (receive) set=(term) peer=v_sig,
  ptrace (readby) peer=v_sig,
}

profile v_dbus {
  dbus send bus=session path=/org/example member=Ping,
}
