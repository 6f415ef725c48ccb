profile i_capc flags=(complain) {
  capability chown,
  audit capability setuid,
  deny capability sys_admin,
  audit deny capability sys_module,
}
