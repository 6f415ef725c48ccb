# Profiles for `aamed-bench decide`.
profile bench {
  /etc/passwd r,
  /etc/{group,hosts} r,
  /srv/bench/data/** r,
  deny /etc/shadow r,
  network unix dgram,
  network inet stream,
  capability net_bind_service,
}
profile bench2 {
  /etc/passwd r,
  /srv/** r,
  network unix dgram,
}
