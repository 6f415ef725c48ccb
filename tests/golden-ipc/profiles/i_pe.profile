profile i_pe {
  capability sys_ptrace,
}
