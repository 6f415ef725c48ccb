# Named px target for g_exec (and a stack member for other tests).
profile g_target {
  /srv/golden/target/**                 r,
  /srv/golden/basic/read.txt            r,
  /srv/golden/deny/**                   r,
}
