profile i_sc {
  signal (receive),
  signal (send) set=(term) peer=unconfined,
  signal (send) set=(hup) peer=i_sb,
}
