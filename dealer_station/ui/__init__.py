"""The dealer's screen: widgets and their view-models.

Only this package imports Qt. The view-models (:mod:`.view`, :mod:`.layout`) are plain frozen
dataclasses built from a round and the devices' state, so they are tested without a display; the
widgets only draw them and turn taps and keys into actions for the station.
"""

from dealer_station.ui.qt_compat import protect_none

protect_none()
