# Exec transitions: ix px cx ux, safe/unsafe, inherit/unconfined fallbacks,
# named targets, and attachment lookups.
profile g_exec {
  /srv/golden/exec/bin/inherit          ix,
  /srv/golden/exec/bin/inherit-r        rix,
  /srv/golden/exec/bin/to-target        px -> g_target,
  /srv/golden/exec/bin/to-target-safe   Px -> g_target,
  /srv/golden/exec/bin/to-missing       px -> g_nosuch,
  /srv/golden/exec/bin/pix-found        pix -> g_target,
  /srv/golden/exec/bin/pix-missing      pix -> g_nosuch,
  /srv/golden/exec/bin/pux-missing      pux -> g_nosuch,
  /srv/golden/exec/bin/child            cx -> kid,
  /srv/golden/exec/bin/child-safe       Cx -> kid,
  /srv/golden/exec/bin/cix-found        cix -> kid,
  /srv/golden/exec/bin/cix-missing      cix -> nokid,
  /srv/golden/exec/bin/attach-child     cx,
  /srv/golden/exec/bin/unconf           ux,
  /srv/golden/exec/bin/unconf-safe      Ux,
  /srv/golden/exec/bin/noattach         px,
  /opt/golden/attach/**                 px,
  /srv/golden/exec/bin/readonly         r,
  /srv/golden/exec/bin/mmaponly         m,

  profile kid {
    /srv/golden/exec/kid/**             r,
  }

  profile kid2 /srv/golden/exec/bin/attach-child {
    /srv/golden/exec/kid2/**            r,
  }
}
