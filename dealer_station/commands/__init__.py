"""Subcommands of ``dealer-station``: one module each (see :mod:`dealer_station.cli`).

``dealer-station --help`` imports every module here to list the commands, so a command imports
the station, the store, the drivers, Qt or psycopg inside the function that needs them (each
such import says so with a ``deferred on purpose`` comment): the help, and every other
command, stay fast.
"""
