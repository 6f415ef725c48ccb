# SPDX-License-Identifier: GPL-2.0-or-later
# The signal and ptrace profiles of tests/kernel/cases/ipc.cases, as the
# kernel ran them when it logged sides.log (its records of sg006, sg018,
# pt013 and pt021 in tests/kernel/expected/ipc.6.1.tsv).
profile s_send {
  signal (send) set=(term, usr1, hup, exists, rtmin+2) peer=s_recv,
  signal (send) peer=unconfined,
  signal (send) set=(rtmin+0, rtmin+32) peer=s_recv//&s_all,
}

profile s_recv {
  signal (receive) set=(term, usr1, hup, exists, rtmin+2, kill, quit) peer=s_send,
  signal (receive) peer=unconfined,
  signal (receive) peer=s_all,
}

profile s_glob {
  signal (send) peer=s_*,
}

profile p_reader {
  ptrace (read) peer=p_tracee,
  ptrace (read) peer=p_notby,
  /proc/*/environ r,
  /proc/*/mem r,
}

profile p_tracee {
  ptrace (readby, tracedby) peer=p_tracer,
  ptrace (readby) peer=p_reader,
}

profile p_notby {
  ptrace (read, trace),
  /proc/*/environ r,
  /proc/*/mem r,
}

profile p_all {
  ptrace,
  /proc/*/environ r,
  /proc/*/mem r,
}
