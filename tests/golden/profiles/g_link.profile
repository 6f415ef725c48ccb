# Hard-link rules: plain l (implies link subset), link, link subset, deny.
profile g_link {
  /srv/golden/link/src/plain            rl,
  /srv/golden/link/src/rw               rwl,
  /srv/golden/link/tgt/**               r,
  /srv/golden/link/tgt-rw/**            rw,
  link /srv/golden/link/src/free -> /srv/golden/link/anywhere/**,
  /srv/golden/link/src/sub              rw,
  link subset /srv/golden/link/src/sub -> /srv/golden/link/tgt/**,
  /srv/golden/link/src/sub2             r,
  link subset /srv/golden/link/src/sub2 -> /srv/golden/link/tgt/**,
  /srv/golden/link/src/nosub            rw,
  link /srv/golden/link/src/nosub -> /srv/golden/link/tgt/**,
  /srv/golden/link/den/*                rl,
  deny /srv/golden/link/den/blocked     l,
}
