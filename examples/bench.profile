# Profiles for `aamed bench decide`.
profile bench {
  /etc/passwd r,
  /etc/{group,hosts} r,
  /srv/bench/data/** r,
  deny /etc/shadow r,
}
profile bench2 {
  /etc/passwd r,
  /srv/** r,
}
