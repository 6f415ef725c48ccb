profile i_capa flags=(audit) {
  capability chown,
  deny capability sys_admin,
}
