# Unix sockets under coarse rules (and unix rules downgraded by a parser
# for a kernel without af_unix).
profile u_coarse {
  network unix dgram,
  unix (send) type=stream,
  /run/ok.sock rw,
  /run/ro.sock r,
}
profile u_rx {
  network unix stream,
}
profile u_denyunix {
  network unix dgram,
  deny unix (send) type=dgram,
}
