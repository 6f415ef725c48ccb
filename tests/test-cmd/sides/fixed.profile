# SPDX-License-Identifier: GPL-2.0-or-later
# ipc.profile after its authors read sides.log: each fix grants one side
# of a logged request and not the other, so that only the record of the
# side that logged it decides its test.
profile s_send {
  signal (send) set=(term, usr1, hup, exists, rtmin+2) peer=s_recv,
  signal (send) peer=unconfined,
  signal (send) set=(rtmin+0, rtmin+32) peer=s_recv//&s_all,
  # fixed: the sender's side of usr2 (the receiver still refuses it)
  signal (send) set=(usr2) peer=s_recv,
}

profile s_recv {
  signal (receive) set=(term, usr1, hup, exists, rtmin+2, kill, quit) peer=s_send,
  signal (receive) peer=unconfined,
  signal (receive) peer=s_all,
  # fixed: the receiver's side of term from s_glob (s_recv sends nothing)
  signal (receive) set=(term) peer=s_glob,
}

profile s_glob {
  signal (send) peer=s_*,
}

profile p_reader {
  ptrace (read) peer=p_tracee,
  ptrace (read) peer=p_notby,
  # fixed: the tracer's side of trace (the tracee still refuses it)
  ptrace (trace) peer=p_tracee,
  /proc/*/environ r,
  /proc/*/mem r,
}

profile p_tracee {
  ptrace (readby, tracedby) peer=p_tracer,
  ptrace (readby) peer=p_reader,
}

profile p_notby {
  ptrace (read, trace),
  # fixed: the tracee's side of a read by p_all (p_notby traces nothing
  # of p_all's kind: read is its own rule, readby the fix)
  ptrace (readby) peer=p_all,
  /proc/*/environ r,
  /proc/*/mem r,
}

profile p_all {
  ptrace,
  /proc/*/environ r,
  /proc/*/mem r,
}
