profile i_sd {
  capability chown,
}
