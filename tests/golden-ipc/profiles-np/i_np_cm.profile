profile i_np_cm flags=(complain) {
  capability chown,
}
