# complain mode: denials become ALLOWED, except what a plain deny quiets.
profile g_complain flags=(complain) {
  /srv/golden/complain/allowed          r,
  /srv/golden/complain/quiet            r,
  deny /srv/golden/complain/quiet       w,
  audit deny /srv/golden/complain/loud  w,
  /srv/golden/complain/bin/tool         ix,
}
