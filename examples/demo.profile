# An example policy for `make demo`: a small web-ish daemon with a worker
# child profile and a hat, built on Debian's real abstractions.
abi <abi/3.0>,
include <tunables/global>

profile demo-daemon /usr/local/bin/demo-daemon {
  include <abstractions/base>
  include <abstractions/nameservice>

  /etc/demo/** r,
  owner /var/lib/demo/** rwk,
  /var/log/demo/*.log a,
  deny /etc/demo/secret* r,
  audit /etc/demo/audited.conf r,
  @{HOME}/.config/demo/{,**} r,

  /usr/local/bin/demo-worker cx -> worker,
  /usr/bin/gzip ix,
  /usr/local/bin/demo-helper px,

  # it may hand over to the helper, and keeps few files open
  change_profile -> demo-helper,
  set rlimit nofile <= 4096,

  profile worker {
    include <abstractions/base>
    /var/lib/demo/queue/* rw,
  }

  ^maintenance {
    /var/lib/demo/** rwl,
  }
}

profile demo-helper /usr/local/bin/demo-helper flags=(complain) {
  /etc/demo/helper.conf r,
}
