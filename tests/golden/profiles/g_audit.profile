# audit and audit deny: audit changes records, never the verdict.
profile g_audit {
  audit /srv/golden/audit/logged.txt      r,
  audit /srv/golden/audit/wlog/**         w,
  /srv/golden/audit/plain.txt             rw,
  /srv/golden/audit/forbidden             r,
  audit deny /srv/golden/audit/forbidden  w,
  audit deny /srv/golden/audit/nothing/** rw,
  /srv/golden/audit/nothing/readme        r,
  audit /srv/golden/audit/bin/run         ix,
}
