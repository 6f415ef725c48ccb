profile i_pcm flags=(complain) {
  ptrace (read) peer=i_pd,
}
