# Fine-grained unix rules (class 15 in the class15 blob set; downgraded
# to coarse "network unix TYPE" rules by the parser for other sets).
profile f_dg {
  unix (create) type=dgram,
  unix (bind, getattr, shutdown) type=dgram addr=@srv,
  unix (send, receive) type=dgram addr=@srv peer=(addr=@cli),
  unix (send) type=dgram peer=(label=f_rx),
  unix (receive) type=dgram peer=(label=f_tx),
  /run/fs/ok.sock rw,
  /run/fs/ro.sock r,
  network inet stream,
}
profile f_rx {
  unix (create) type=dgram,
  unix (receive) type=dgram peer=(label=f_dg),
}
profile f_tx {
  unix (send) type=dgram,
}
profile f_st {
  unix (create, listen, accept, getopt, setopt) type=stream addr=@lst,
  unix (accept, send, receive) type=stream addr=@lst peer=(label=f_cl),
}
profile f_cl {
  unix (create) type=stream,
  unix (connect, send, receive) type=stream peer=(label=f_st addr=@lst),
}
profile f_audit {
  audit unix (send) type=dgram peer=(label=f_rx),
  unix (receive) type=dgram,
}
profile f_cpl flags=(complain) {
  unix (create) type=dgram,
}
