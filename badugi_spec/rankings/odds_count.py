"""The exact count behind `odds.draw_odds`, done by classes of cards instead of card by card.

Counting card by card, drawing four to nothing lists 200,000 sets of outs per draw and
drawing three to one card about 8,000, once for every group the first draw can leave: a
second or more per hand. The same numbers come from three observations.

- **Only the grid of outs matters.** The outs of a kept group are the unseen cards of a
  rank and a suit the group lacks (R2.1), at or under the target. They form a grid (the
  free ranks, lowest first, by the free suits) with holes where a card is known out of
  play. A draw adds a set of drawn outs that play together, so it deletes their rows and
  columns; a drawn card it leaves out sits in a deleted row or column (else it would
  have been added too). So the state is the grid (each row's live suits as a bit mask),
  the unseen cards and the draws left, whatever the ranks and suits are called.
- **A draw is read row by row.** Which outs join the group is the bigger, then lower,
  set that plays: taking each row in rank order when it still fits is that set (they
  are a matroid's rows, where the greedy pick is best at every position). Which suits
  they take is the first choice in deck order, so each row takes the lowest suit that
  still lets the later rows fit. Both only read the suits drawn in each row, so the
  draws are counted with a walk down the rows whose state is the cards drawn so far, the
  suits of the rows taken and the rows left, not each set of cards.
- **Equal grids are counted once** (a cache), across groups, hands and tables.

`tests/odds_slow.py` keeps the card-by-card count; the tests compare the two.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from math import comb

Spread = tuple[tuple[tuple[int, Fraction], ...], ...]
"""For each draw to come: (free columns after it, chance) pairs. Free columns are the
cards still missing from a badugi: 4 minus the group's size."""


def spread(live: tuple[int, ...], columns: int, pool: int, draws: int, wanted: int) -> Spread:
    """The chances after each of `draws` draws for a grid of `live` rows over `columns`
    suits, `pool` unseen cards, drawing `wanted` cards now (more than `columns` only when
    kept cards that do not play fill the hand for this draw) and `columns` at each later
    draw."""
    return _spread(tuple(m for m in live if m), columns, pool, draws, wanted)


@functools.lru_cache(maxsize=50_000)
def _spread(live: tuple[int, ...], columns: int, pool: int, draws: int, wanted: int) -> Spread:
    if draws == 0:
        return ()
    if columns == 0:  # a badugi: it stays one whatever is drawn later
        return (((0, Fraction(1)),),) * draws
    totals: list[dict[int, Fraction]] = [{} for _ in range(draws)]
    whole = comb(pool, wanted)
    for (after, left), ways in _one_draw(live, columns, pool, wanted).items():
        p = Fraction(ways, whole)
        totals[0][left] = totals[0].get(left, Fraction(0)) + p
        later = _spread(after, left, pool - wanted, draws - 1, left)
        for number, dist in enumerate(later, start=1):
            for free, q in dist:
                totals[number][free] = totals[number].get(free, Fraction(0)) + p * q
    return tuple(tuple(sorted(t.items())) for t in totals)


State = tuple[int, tuple[int, ...], tuple[int, ...]]
"""Cards drawn from the grid so far, the suits drawn in each row taken, the rows kept."""


def _one_draw(
    live: tuple[int, ...], columns: int, pool: int, wanted: int
) -> dict[tuple[tuple[int, ...], int], int]:
    """Every grid one draw later (with its free columns) and the number of sets of
    `wanted` unseen cards that lead to it."""
    misses = pool - sum(row.bit_count() for row in live)
    # What a state settled at row i can still draw: the misses and the rows from i on.
    below = [misses + sum(row.bit_count() for row in live[i:]) for i in range(len(live) + 1)]
    settled: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}

    def settle(taken: tuple[int, ...], kept: tuple[int, ...], ways: int) -> None:
        settled[taken, kept] = settled.get((taken, kept), 0) + ways

    states: dict[State, int] = {(0, (), ()): 1}
    for i, row in enumerate(live):
        following: dict[State, int] = {}
        get = following.get
        for (drawn, taken, kept), ways in states.items():
            if drawn == wanted:  # nothing more comes: the rows left stay as they are
                settle(taken, kept + live[i:], ways)
                continue
            if len(taken) == columns:  # a badugi made: every other card is a miss
                settle(taken, kept, ways * comb(below[i], wanted - drawn))
                continue
            left = (*kept, row)
            for more, joined, times in _moves(taken, wanted - drawn, row, columns):
                key = (
                    (drawn + more, taken, left) if joined is None else (drawn + more, joined, kept)
                )
                following[key] = get(key, 0) + ways * times
        states = following
    for (drawn, taken, kept), ways in states.items():
        settle(taken, kept, ways * comb(misses, wanted - drawn))
    grids: dict[tuple[tuple[int, ...], int], int] = {}
    for (taken, kept), ways in settled.items():
        grid = (_after(kept, _first_suits(taken)), columns - len(taken))
        grids[grid] = grids.get(grid, 0) + ways
    return {grid: ways for grid, ways in grids.items() if ways}


@functools.lru_cache(maxsize=100_000)
def _after(kept: tuple[int, ...], used: int) -> tuple[int, ...]:
    """The rows left, over the suits the new cards did not take."""
    return tuple(m for m in (_squeeze(row, used) for row in kept) if m)


@functools.cache
def _moves(
    taken: tuple[int, ...], room: int, row: int, columns: int
) -> tuple[tuple[int, tuple[int, ...] | None, int], ...]:
    """What can happen in one row: (cards drawn in it, the taken rows after it or None if
    the row is left out, the number of ways)."""
    blocked = _blocked(taken) & row
    # The row is left out when nothing is drawn in it or only suits the rows taken
    # already fill: all such draws lead to one state per number of cards.
    out: dict[tuple[int, tuple[int, ...] | None], int] = {
        (cards, None): comb(blocked.bit_count(), cards)
        for cards in range(min(blocked.bit_count(), room) + 1)
    }
    for suits in _submasks(row, room):
        if suits & ~blocked:  # one suit the taken rows leave free is enough
            more = suits.bit_count()
            key = (more, _alike((*taken, suits), room - more, columns))
            out[key] = out.get(key, 0) + 1  # suits that act alike: one move, more ways
    return tuple((more, joined, ways) for (more, joined), ways in out.items())


@functools.cache
def _blocked(taken: tuple[int, ...]) -> int:
    """The suits a new row cannot take alone without leaving a taken row without one."""
    return sum(1 << i for i in range(4) if not _fits((*taken, 1 << i)))


Follow = tuple[tuple[bool, ...], int]
_FIRST_OF: dict[tuple[int, int, int, tuple[Follow, ...]], tuple[int, ...]] = {}


@functools.cache
def _alike(taken: tuple[int, ...], room: int, columns: int) -> tuple[int, ...]:
    """One taken sequence for all those that act alike on every way the draw can go on.

    Two sequences act alike when, for every run of later rows the `room` cards left can
    make, the same rows join and the same suits end up used: then they lead to the same
    grids. Many sequences do (a row that drew two suits is often as good as one), so the
    walk keeps one state for them all.
    """
    follows = tuple(_follow(taken, rows) for rows in _later_rows(room, columns))
    return _FIRST_OF.setdefault((len(taken), room, columns, follows), taken)


def _follow(taken: tuple[int, ...], rows: tuple[int, ...]) -> Follow:
    joined = []
    for suits in rows:
        joined.append(_fits((*taken, suits)))
        if joined[-1]:
            taken = (*taken, suits)
    return tuple(joined), _first_suits(taken)


@functools.cache
def _later_rows(room: int, columns: int) -> tuple[tuple[int, ...], ...]:
    """Every run of rows, each drawing a non-empty set of suits, of at most `room` cards."""
    runs: list[tuple[int, ...]] = [()]
    for suits in range(1, 1 << columns):
        if suits.bit_count() <= room:
            runs += [(suits, *rest) for rest in _later_rows(room - suits.bit_count(), columns)]
    return tuple(runs)


@functools.cache
def _submasks(mask: int, most: int) -> tuple[int, ...]:
    """The non-empty sets of a row's live suits with at most `most` cards."""
    found = []
    sub = mask
    while sub:
        if sub.bit_count() <= most:
            found.append(sub)
        sub = (sub - 1) & mask
    return tuple(found)


@functools.cache
def _fits(rows: tuple[int, ...], banned: int = 0) -> bool:
    """Whether each row can take its own suit among its drawn ones (not `banned`)."""
    if not rows:
        return True
    first, rest = rows[0] & ~banned, rows[1:]
    return any(_fits(rest, banned | bit) for bit in _bits(first))


@functools.cache
def _first_suits(rows: tuple[int, ...]) -> int:
    """The suits the rows taken use: each the lowest that lets the rest fit (deck order)."""
    used = 0
    for number, row in enumerate(rows):
        used |= next(b for b in _bits(row & ~used) if _fits(rows[number + 1 :], used | b))
    return used


def _bits(mask: int) -> list[int]:
    return [1 << i for i in range(mask.bit_length()) if mask >> i & 1]


@functools.cache
def _squeeze(row: int, used: int) -> int:
    """The row over the suits left, in their order."""
    out = position = 0
    for i in range(max(row.bit_length(), used.bit_length())):
        if used >> i & 1:
            continue
        out |= (row >> i & 1) << position
        position += 1
    return out
