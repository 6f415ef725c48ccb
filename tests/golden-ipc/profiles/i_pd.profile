profile i_pd {
  ptrace (readby, tracedby),
}
