"""Pai Gow Poker (9 NYCRR 5324.41)."""
