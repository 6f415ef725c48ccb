profile i_pc {
  ptrace (tracedby) peer=i_pa,
  ptrace (readby),
}
