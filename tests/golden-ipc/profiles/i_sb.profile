profile i_sb {
  signal (receive) peer=i_sa,
  signal (receive) set=(term) peer=unconfined,
  signal (send) set=(usr1) peer=i_sa,
  signal (receive) set=(hup) peer=i_sc,
}
