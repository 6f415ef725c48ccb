# Built on Debian's abstractions/base and abstractions/user-tmp.
include <tunables/global>

profile g_abs_tmp {
  include <abstractions/base>
  include <abstractions/user-tmp>
}
