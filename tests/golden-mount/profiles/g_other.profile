# SPDX-License-Identifier: GPL-2.0-or-later
profile g_nocap {
  mount fstype=tmpfs -> /mnt/tmp/,
  umount /mnt/tmp/,
  pivot_root,
}
profile g_none {
  capability sys_admin,
}
profile g_cmp flags=(complain) {
  capability sys_admin,
  mount fstype=tmpfs -> /mnt/tmp/,
  deny umount /mnt/keep/,
}
profile g_all flags=(audit) {
  capability sys_admin,
  mount fstype=tmpfs -> /mnt/tmp/,
}
profile g_stack {
  capability sys_admin,
  mount fstype=tmpfs -> /mnt/**,
  umount /mnt/tmp/,
}
# mount(8)'s "none": the string, as rules name it
profile g_src {
  capability sys_admin,
  mount fstype=tmpfs none -> /mnt/t/,
  mount fstype=proc proc -> /mnt/p/,
}
