profile i_sk flags=(kill) {
  signal (send) set=(term) peer=i_sc,
}
