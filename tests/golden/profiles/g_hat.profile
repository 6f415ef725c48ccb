# A hat (^web) and a child profile (helper): neither inherits the parent's rules.
profile g_hat {
  /srv/golden/hat/parent/**             r,
  /srv/golden/hat/bin/helper            cx -> helper,

  ^web {
    /srv/golden/hat/web/**              rw,
  }

  profile helper {
    /srv/golden/hat/helper/**           r,
    /srv/golden/hat/bin/helper          r,
  }
}
