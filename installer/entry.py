"""Entry point of the self-contained bundle (PyInstaller runs this script)."""

from dealer_station.cli import main

raise SystemExit(main())
