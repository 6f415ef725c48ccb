# SPDX-License-Identifier: GPL-2.0-or-later
# tests/dbus: a service and a client on the private bus "aamedtest".
# Both may talk to the bus itself (unconfined: dbus-daemon's own label).
profile dbus_service {
  dbus send bus=aamedtest path=/org/freedesktop/DBus
       interface=org.freedesktop.DBus
       member={Hello,AddMatch,RemoveMatch,RequestName,ReleaseName,GetNameOwner}
       peer=(name=org.freedesktop.DBus label=unconfined),
  dbus bind bus=aamedtest name=org.example.Svc,
  # Hello and Secret from the client (and the learner), never Ping
  dbus receive bus=aamedtest path=/org/example/Svc interface=org.example.Svc
       member={Hello,Secret} peer=(label=dbus_client),
  dbus receive bus=aamedtest path=/org/example/Svc interface=org.example.Svc
       member={Hello,Secret} peer=(label=dbus_learner),
}

profile dbus_client {
  dbus send bus=aamedtest path=/org/freedesktop/DBus
       interface=org.freedesktop.DBus
       member={Hello,AddMatch,RemoveMatch,RequestName,ReleaseName,GetNameOwner}
       peer=(name=org.freedesktop.DBus label=unconfined),
  /etc/hostname r,
  # Hello and Ping to the service, never Secret
  dbus send bus=aamedtest path=/org/example/Svc interface=org.example.Svc
       member={Hello,Ping} peer=(name=org.example.Svc label=dbus_service),
}

# complain mode: nothing allowed, everything goes through, logged ALLOWED
profile dbus_learner flags=(complain) {
}

# attached by executable (the labels file's "attach")
profile dbus_attached /**/shimcheck-attached {
}
