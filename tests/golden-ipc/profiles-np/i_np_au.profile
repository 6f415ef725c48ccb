profile i_np_au flags=(audit) {
  capability sys_ptrace,
}
