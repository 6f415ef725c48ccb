# SPDX-License-Identifier: GPL-2.0-or-later
# tests/dbus: a service on the bus at argv[1]: owns org.example.Svc, answers
# Hello, Secret and Ping on /org/example/Svc, writes "ready" to argv[2]
# once it owns the name, and exits after argv[3] seconds in any case.
import sys

import dbus
import dbus.bus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

IFACE = "org.example.Svc"


class Svc(dbus.service.Object):
    @dbus.service.method(IFACE, in_signature="", out_signature="s")
    def Hello(self):
        return "hello"

    @dbus.service.method(IFACE, in_signature="", out_signature="s")
    def Secret(self):
        return "secret"

    @dbus.service.method(IFACE, in_signature="", out_signature="s")
    def Ping(self):
        return "pong"


def main():
    address, ready, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(address)
    name = dbus.service.BusName(IFACE, bus, do_not_queue=True)
    svc = Svc(bus, "/org/example/Svc")
    loop = GLib.MainLoop()
    GLib.timeout_add_seconds(seconds, loop.quit)
    with open(ready, "w") as f:
        f.write("ready\n")
    loop.run()
    del svc, name


main()
