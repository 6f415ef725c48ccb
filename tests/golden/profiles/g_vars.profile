# Variables from Debian's tunables plus our own definitions.
include <tunables/global>

@{GDATA}=/srv/golden/vars/data /srv/golden/vars/alt
@{GDATA}+=/srv/golden/vars/extra
@{GEXT}={conf,cfg}
@{GNAME}=app

profile g_vars {
  @{HOME}/.gvarsrc                r,
  owner @{HOME}/gvars/**          rw,
  @{HOMEDIRS}/shared-gvars/       r,
  @{PROC}/@{pid}/status           r,
  @{run}/gvars.pid                rw,
  @{GDATA}/*.@{GEXT}              r,
  @{etc_ro}/gvars.conf            r,
  /srv/golden/vars/@{GNAME}-@{uid}.log  w,
  /usr/lib/@{multiarch}/gvars.so  mr,
}
