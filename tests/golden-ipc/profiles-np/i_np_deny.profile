profile i_np_deny {
  deny capability sys_ptrace,
}
