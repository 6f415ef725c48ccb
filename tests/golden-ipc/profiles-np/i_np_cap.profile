profile i_np_cap {
  capability sys_ptrace,
}
