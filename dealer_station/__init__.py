"""Dealer Station: the dealer's desktop for Let It Ride and Pai Gow Poker tables.

The rules core (everything in this package outside ``dealer_station.ui``) imports no Qt.
"""

__version__ = "0.1.0"
