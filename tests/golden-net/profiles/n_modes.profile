# Profile modes: complain, audit-all, and a profile with no network rule.
profile n_complain flags=(complain) {
  network inet stream,
}
profile n_auditall flags=(audit) {
  network inet stream,
}
profile n_none {
  /tmp/n_none r,
}
