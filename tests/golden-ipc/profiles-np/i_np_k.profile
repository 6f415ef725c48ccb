profile i_np_k flags=(kill) {
  capability chown,
}
