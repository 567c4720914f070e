"""The optional Pai Gow Poker wagers (9 NYCRR 5324.41(k)-(p)): the progressive payout wager, the
fortune bonus with its envy bonus and the insurance wager, the three-card and seven-card bonus
wagers and the imperial bonus wager.

Pure rules, no Qt:

* :mod:`.families`: the wagers and which may share a table ((k)(1), (l)(1), (n)(1), (p)(1));
* :mod:`.paytables`: every regulated pay table as data, never below the regulation's figures;
* :mod:`.config`: a table's validated configuration (letters, limits, progressive, settings);
* :mod:`.hands`: the hand each wager settles on, read from :mod:`dealer_station.rankings`;
* :mod:`.limits`: the payout limits of (m)(4), (o)(3), (p)(6);
* :mod:`.progressive`: the meter (contributions, deductions at payment, reseeds) and payouts;
* :mod:`.lockout`: the lockout and the acceptor light count ((k)(2));
* :mod:`.validation`: supervisor validation and the numbered jackpot record ((k)(3), (g)(9));
* :mod:`.fortune`, :mod:`.imperial`, :mod:`.three_seven`, :mod:`.stub`: each family's rules;
* :mod:`.settlement`: every payment of a round in the regulated order (:func:`settle_round`);
* :mod:`.part`: :class:`OptionalWagers`, the part of a round that holds its optional wagers.
"""
