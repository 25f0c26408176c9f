"""PokerKit, in one place: the only package that imports `pokerkit` (the optional extra).

- `bridge`: a simulated hand replayed through PokerKit's `State`, with the first difference.
- `adapter`: a protocol server played by PokerKit, to run `verify` and `fuzz` against.
- `rankings_check`: every 4- and 5-card hand of the four rankings against PokerKit's.

It may use every layer below interop (cards to protocol); nothing below imports it.
"""
