"""Simulated table devices: models (state machines, :mod:`.models`), the protocol on top
(:mod:`.wire`), served on a PTY, TCP, a pyusb backend or in process (:mod:`.serve`,
:mod:`.usb_backend`), the fault-injection back door (:mod:`.backdoor`) and a whole table in
one call (:mod:`.table`)."""
