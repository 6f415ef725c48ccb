profile i_np_aucap {
  audit capability sys_ptrace,
}
