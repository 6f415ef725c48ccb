# A profile with an attachment path glob; found by px without a target.
profile g_attach /opt/golden/attach/{bin,sbin}/* {
  /opt/golden/attach/data/**            r,
}
