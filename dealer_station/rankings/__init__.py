"""Hand rankings, one module per regulated hand system, each citing its clause.

- :mod:`.five_card`: Let It Ride five-card hands, NY 5324.34(b)(1)-(2), NJ 13:69F-18.3(b).
- :mod:`.three_card`: Let It Ride three-card bonus, NY 5324.34(b)(3); Pai Gow three-card bonus,
  NY 5324.41(o)(1).
- :mod:`.pai_gow`: Pai Gow Poker high and low hands and their comparison, NY 5324.41(c)(1)-(5).
- :mod:`.seven_card`: the seven-card categories of the Pai Gow bonus wagers, NY 5324.41(c)(6)-(7),
  (k)(4), (l), (m), (o)(2), (p)(4)-(5).
- :mod:`.bulk`: numpy evaluation of many hands at once, for exhaustive checks and analysis.
"""
