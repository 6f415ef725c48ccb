profile i_scm flags=(complain) {
  signal (send) set=(term) peer=i_sc,
  deny signal (send) set=(kill) peer=i_sc,
  audit signal (send) set=(int) peer=i_sc,
}
