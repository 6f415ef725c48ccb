# audit, deny (quiet), audit deny.
profile n_audit {
  audit network inet stream,
  network inet dgram,
  audit deny network inet raw,
  network inet raw,
  deny network inet6,
  network inet6 stream,
  network unix stream,
}
