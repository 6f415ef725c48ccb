profile i_capk flags=(kill) {
  capability chown,
  deny capability sys_admin,
}
