profile i_np_none {
  capability chown,
}
