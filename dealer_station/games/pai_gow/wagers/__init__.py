"""The optional Pai Gow Poker wagers (9 NYCRR 5324.41(k)-(p)): the progressive payout wager, the
fortune bonus with its envy bonus and the insurance wager, the three-card and seven-card bonus
wagers and the imperial bonus wager.

Pure rules: configuration and pay tables as data (:mod:`.config`, :mod:`.paytables`), the
progressive meter, lockout and supervisor validation (:mod:`.progressive`, :mod:`.lockout`,
:mod:`.validation`), and settlement functions that take cards and wagers and return
:class:`~dealer_station.procedure.Payment` lines in the regulated order.
"""
