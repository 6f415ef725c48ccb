profile i_sall {
  signal (send) peer=i_sc,
}
