"""The technician's screen: device list, per-device tests with live results, decoded frame
trace, fault injection on the simulated table, diagnostics bundle; locked out during a round.

* view-models and actions (Qt-free): :mod:`.devices`, :mod:`.device_tests` (the
  :mod:`drivers.diagnostics` tests run on the live manager's lines), :mod:`.trace`,
  :mod:`.faults`, :mod:`.bundle`, :mod:`.actions` (each protected action, checked by the
  station);
* the widget: :mod:`.screen`.
"""
