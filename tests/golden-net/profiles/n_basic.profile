# Coarse network rules by family and type.
profile n_basic {
  network inet stream,
  network inet6 dgram,
  network netlink raw,
  network unix,
}
