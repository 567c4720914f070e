"""Exact theoretical returns of every regulated pay table, by enumeration.

The heavy lifting is combinatorial counting (:mod:`.combinatorics`, :mod:`.five_card_table`,
:mod:`.pai_gow_census`); the hand categories and the pay tables themselves come from
:mod:`dealer_station.rankings` and :mod:`dealer_station.games`, and the tests cross-check every
counter against those evaluators.
"""
