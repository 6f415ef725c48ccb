profile i_cap {
  capability chown,
  capability net_bind_service,
  audit capability setuid,
  deny capability sys_admin,
  audit deny capability sys_module,
  capability kill,
}
