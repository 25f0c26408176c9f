"""PokerKit, in one place: the only package that imports `pokerkit` (the optional extra).

- `game`: PokerKit's game for a profile: its own readings, what it cannot play, its state.
- `bridge`: a simulated hand replayed through PokerKit's `State`, with the first difference;
  `lockstep` holds both engines at one hand, `showdown` compares the end of the hand.
- `adapter`: a protocol server played by PokerKit, to run `verify` and `fuzz` against;
  `table` holds its books, `refusals` its error codes (R8.24), `snapshot` its view of the
  hand, `hand_values` its cards and hand values.
- `rankings_check`: every 4- and 5-card hand of the four rankings against PokerKit's.

It may use every layer below interop (cards to protocol); nothing below imports it.
"""
