profile i_sau flags=(audit) {
  signal (send) set=(term) peer=i_sc,
  deny signal (send) set=(kill) peer=i_sc,
}
