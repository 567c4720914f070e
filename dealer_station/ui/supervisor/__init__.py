"""The supervisor's screen: sign-in over the dealer's screen, progressive validation, round
history and dispute reconstruction, table configuration, meters.

View-models (Qt-free): :mod:`.session`, :mod:`.validation`, :mod:`.history`,
:mod:`.configuration`, :mod:`.meters`. Widgets: :mod:`.screen` and its pages. :mod:`.calls` runs
station work off the GUI thread (shared with the technician's screen); :mod:`.access` adds the
SUPERVISOR and TECHNICIAN buttons to the dealer's window.
"""
