# SPDX-License-Identifier: GPL-2.0-or-later
# A profile in a namespace (the stream's "namespace" header) with a child
# and a named transition into the namespace (":ns\0name" in the xtable).
profile :robust_ns:inner /usr/bin/ns-x {
  /srv/robust/ns/**       r,
  /usr/bin/ns-t           px -> :robust_ns:other,
  /usr/bin/ns-h           cx -> hkid,

  profile hkid {
    /srv/robust/ns/kid/** r,
  }
}
