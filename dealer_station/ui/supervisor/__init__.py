"""The supervisor's screen: sign-in over the dealer's screen, progressive validation, round
history and dispute reconstruction, table configuration, meters.

* view-models (Qt-free): :mod:`.session` (staff sign-in and sign-out), :mod:`.validation`
  (claims, approve and reject), :mod:`.history` (finding rounds, re-running the settlement),
  :mod:`.configuration` (fields, validation, theoretical returns), :mod:`.pai_gow_returns` (every
  Pai Gow wager's return under the letters chosen), :mod:`.meters` (the shift's series);
* widgets: :mod:`.screen` with :mod:`.validation_page`, :mod:`.history_page`,
  :mod:`.config_page`, :mod:`.meters_page` (and :mod:`.meter_chart`), :mod:`.widgets` (shared
  with the technician's screen);
* :mod:`.calls` runs station work on the thread that owns the station, and pure computation on
  background threads, never on the GUI thread; :mod:`.census_job` obtains the seven-card census
  (cache file, else a process of its own) with progress; :mod:`.access` adds the SUPERVISOR and
  TECHNICIAN buttons to the dealer's window;
* :mod:`.demo` (a station with history, for tests, screenshots and training) and :mod:`.shots`
  (``docs/screenshots/supervisor_*.png`` and ``technician_*.png``).
"""
