"""The games Dealer Station runs: one package each, rules cores without Qt.

* :mod:`dealer_station.games.let_it_ride`: Let It Ride poker (9 NYCRR 5324.34).
* :mod:`dealer_station.games.pai_gow`: Pai Gow Poker (9 NYCRR 5324.41).

Each package exposes its round (satisfying :class:`dealer_station.procedure.GameRound`) and
``settle_document(doc) -> dict``, which ``dealer-station settle`` dispatches to by the round
document's ``"game"`` field.
"""
