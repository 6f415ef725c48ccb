# owner-conditional rules: apply only when the subject fsuid == object uid.
profile g_owner {
  owner /srv/golden/owner/mine/**        rw,
  /srv/golden/owner/shared/**            r,
  owner /srv/golden/owner/shared/**      w,
  owner /srv/golden/owner/bin/ownexec    rix,
  owner /srv/golden/owner/lockfile       k,
  /srv/golden/owner/lockfile             r,
  owner /srv/golden/owner/dir/           r,
}
