profile i_pa {
  ptrace (read) peer=i_pb,
  ptrace (trace) peer=i_pc,
  ptrace (read, trace) peer=unconfined,
  audit ptrace (read) peer=i_pd,
  deny ptrace (trace) peer=i_pd,
  ptrace (readby) peer=i_pb,
}
