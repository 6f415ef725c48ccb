# Directory rules: the kernel names directories with a trailing "/".
profile g_dirs {
  /srv/golden/dirs/listable/           r,
  /srv/golden/dirs/tree/**             r,
  /srv/golden/dirs/full/{,**}          r,
  /srv/golden/dirs/subdirs/*/          r,
  /srv/golden/dirs/mk/                 w,
  /srv/golden/dirs/recursive/**/       r,
  /srv/golden/dirs/noslash             r,
}
