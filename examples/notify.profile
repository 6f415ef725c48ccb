# SPDX-License-Identifier: GPL-2.0-or-later
# The README's D-Bus example: a client that may post desktop
# notifications and nothing else on the session bus.
profile notify-client {
  dbus send bus=session path=/org/freedesktop/Notifications
       interface=org.freedesktop.Notifications member=Notify
       peer=(name=org.freedesktop.Notifications),
}
