profile i_pb {
  ptrace (readby) peer=i_pa,
  ptrace (read) peer=i_pa,
}
