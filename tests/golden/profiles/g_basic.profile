# Plain r/w/a/x/m/l/k rules, one permission set per path.
profile g_basic {
  /srv/golden/basic/read.txt      r,
  /srv/golden/basic/write.txt     w,
  /srv/golden/basic/rw.txt        rw,
  /srv/golden/basic/append.log    a,
  /srv/golden/basic/lock.db       rk,
  /srv/golden/basic/lib.so        mr,
  /srv/golden/basic/bin/tool      rix,
  /srv/golden/basic/bin/bare-ix   ix,
  /srv/golden/basic/link.src      rl,
  /srv/golden/basic/link.dst      r,
  /srv/golden/basic/all           rwkl,
}
