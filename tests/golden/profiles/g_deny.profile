# deny rules, and deny always beating allow whatever the specificity.
profile g_deny {
  /srv/golden/deny/**                     rw,
  deny /srv/golden/deny/secret/**         rw,
  deny /srv/golden/deny/ro.conf           w,
  deny /srv/golden/deny/*.key             r,
  /srv/golden/deny/server.key             r,
  deny owner /srv/golden/deny/ownerdeny   w,
  /srv/golden/deny/bin/*                  ix,
  deny /srv/golden/deny/bin/blocked       x,
  /srv/golden/deny/lock/*                 k,
  deny /srv/golden/deny/lock/nolock       k,
  /etc/hostname                           r,
  deny /etc/hostname                      r,
}
