"""Subcommands of ``dealer-station``: one module each (see :mod:`dealer_station.cli`)."""
