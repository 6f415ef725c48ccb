# Built on Debian's abstractions/base and abstractions/nameservice.
include <tunables/global>

profile g_abs_base {
  include <abstractions/base>
  include <abstractions/nameservice>
  /srv/golden/absbase/**                r,
}
