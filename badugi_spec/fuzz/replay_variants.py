"""A trial's variants (`scenario.variants`) as the requests their cases make, each with the
answers of ours the runner would read as it reads the variant's lines: the fast path
judges a variant from them as it judges the trial (`replay.passes`), and only a variant
answered otherwise is formed from the trial's text and run by the runner.

Every variant of a fuzzed trial changes only what its requests say, never what its
`expect` lines read but for the cards of a `has` line, so the runner passes a variant
whose answers are these:

- `rotated-K`: the `start` request lists the players from the K-th on; every other
  request is the trial's. Our answers as they were, the lists of names in seat order
  compared in any order (`replay.in_any_seat_order`); put in the new seats' order first
  (`seated`), as an implementation most likely writes them, for a quicker comparison.
- `suits`: every card of every request (the decks, the stated reshuffles, the discards)
  with its suit replaced by the case's `suit_map`; our answers with the cards each player
  holds replaced alike. The runner reads cards only there (a `has` line, the cards taken,
  a stated deal), and compares them as sets, which a renaming of suits keeps.
- `card-order`: each discard named the other way round. A fuzzed trial states decks, not
  deals (`deal_places` finds no deal to turn), so the discards are all that changes, and
  our answers are the runner's as they were: cards are read as sets.

A variant that cannot be formed (no discard of two cards or more: nothing to turn) is
left out as the text's `variants` leaves it out, and in the same order, so the first
variant that fails is the one the text path finds first. `tests/test_fuzz_fast.py`
holds each form to the requests the runner sends for the variant's case.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from badugi_spec.cards import TEXTS
from badugi_spec.fuzz.trial import Trial
from badugi_spec.scenario.variants import CARD_ORDER, SUITS, suit_card, suit_map

Exchange = tuple[str, dict[str, Any], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Form:
    """One variant: its name as `scenario.variants` names it, its requests with our
    answers, and whether the lists of names in seat order may come in any order."""

    name: str
    exchanges: list[Exchange]
    any_seat_order: bool = False


def rotated(exchanges: list[Exchange], k: int) -> list[Exchange]:
    """The requests of variant `rotated-k`: the players listed from the k-th on, the same
    player first to deal; every later request as it was. Our answers with what comes in
    seat order put in the order of the new seats (`seated`)."""
    kind, start, answer = exchanges[0]
    players = start["players"]
    turned = {**start, "players": players[k:] + players[:k]}
    order = [str(player.get("name")) for player in turned["players"]]
    # Our states share their pots while no chip moves, and their dicts of players while
    # none changes (`state_of(shared=True)`): each seated once here, for this rotation
    # (every state is alive meanwhile: ids stay theirs).
    memo: dict[int, Any] = {}
    return [
        (kind, turned, seated(answer, order, memo)),
        *((kind, request, seated(ours, order, memo)) for kind, request, ours in exchanges[1:]),
    ]


_BY_PLAYER = ("stacks", "hands", "values", "values_in")
_RESULT_BY_PLAYER = ("won", "returned", "shown", "shown_in")


def _keys(value: Any, order: list[str]) -> Any:
    """A dict of players in the order of `order` (anything else as it is)."""
    if not isinstance(value, dict):
        return value
    out = {name: value[name] for name in order if name in value}
    return out if len(out) == len(value) else value  # (not only players: as it is)


def _names(value: Any, order: list[str]) -> Any:
    """A list of names in the order of `order` (anything else as it is)."""
    if not isinstance(value, list):
        return value
    out = [name for name in order if name in value]
    return out if len(out) == len(value) else value  # the same names, in seat order


def _pot(value: Any, order: list[str]) -> Any:
    if not isinstance(value, dict):
        return value
    out = {k: _names(v, order) if k in ("eligible", "winners") else v for k, v in value.items()}
    if "shares" in out:
        out["shares"] = _keys(out["shares"], order)
    if isinstance(value.get("halves"), list):
        out["halves"] = [_pot(half, order) for half in value["halves"]]
    return out


def seated(
    ours: dict[str, Any], order: list[str], memo: dict[int, Any] | None = None
) -> dict[str, Any]:
    """Our answer as an implementation seating the players in `order` most likely writes
    it: each dict of players in seat order, and each list of names that comes in seat
    order (the ones `replay.in_any_seat_order` sorts) in seat order. Only those lists and
    the order of keys change, neither of which the runner reads, so this is our answer
    still: `replay` first compares an answer with it exactly, and only one that differs
    in any seat order.

    `memo`: what was seated for the answers before, by the identity of our entry (its
    pots, its dicts of players), kept with it: an entry our states share is seated once,
    and the seated states share it alike, which the writer of lines (`state_line.Lines`)
    then finds unchanged by identity.

    (The helpers are the module's, not closures: a closure that calls itself is a cycle,
    and three a state were most of the garbage a campaign left to the collector.)"""
    state = ours.get("state")
    if not isinstance(state, dict):
        return ours
    new = dict(state)
    for key in _BY_PLAYER:
        if key in new:
            value = new[key]
            known = None if memo is None else memo.get(id(value))
            if known is None or known[0] is not value:
                known = (value, _keys(value, order))
                if memo is not None:
                    memo[id(value)] = known
            new[key] = known[1]
    session = state.get("session")
    if isinstance(session, dict) and "leaders" in session:
        new["session"] = {**session, "leaders": _names(session["leaders"], order)}
    pots = state.get("pots")
    if isinstance(pots, list):
        known = None if memo is None else memo.get(id(pots))
        if known is None or known[0] is not pots:
            known = (pots, [_pot(p, order) for p in pots])
            if memo is not None:
                memo[id(pots)] = known
        new["pots"] = known[1]
    result = state.get("result")
    if isinstance(result, dict):
        done = dict(result)
        if "winners" in done:
            done["winners"] = _names(done["winners"], order)
        for key in _RESULT_BY_PLAYER:
            if key in done:
                done[key] = _keys(done[key], order)
        new["result"] = done
    return {**ours, "state": new}


_RENAMED: dict[tuple[tuple[str, str], ...], dict[str, str]] = {}
"""Each card's text renamed by a table of suits (`suit_card`), by the table: the few
derangements of the suits, every card once. Renaming card by card (a pattern matched
each time) was most of what a `suits` variant cost to form."""


def _renaming(table: dict[str, str]) -> dict[str, str]:
    key = tuple(table.items())
    known = _RENAMED.get(key)
    if known is None:
        if len(_RENAMED) > 64:
            _RENAMED.clear()
        known = _RENAMED[key] = {text: suit_card(text, table) for text in TEXTS}
    return known


def suited(exchanges: list[Exchange], table: dict[str, str]) -> list[Exchange]:
    """The requests with every card's suit renamed by `table`, and our answers with every
    held card renamed alike."""
    known = _renaming(table)
    # Our states share a seat's cards while they do not change, and the dict of every
    # seat's while none does: each renamed once (all alive meanwhile: ids stay theirs).
    held_before: dict[int, tuple[list[str], list[str]]] = {}
    renamed: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}

    def cards(texts: list[str]) -> list[str]:
        # A text that is no card's (none is, in a fuzzed trial) as `suit_card` has it.
        return [known[text] if text in known else suit_card(text, table) for text in texts]

    def held(texts: list[str]) -> list[str]:
        kept = held_before.get(id(texts))
        if kept is None or kept[0] is not texts:
            kept = held_before[id(texts)] = (texts, cards(texts))
        return kept[1]

    out: list[Exchange] = []
    for kind, request, ours in exchanges:
        if kind == "deal":
            request = {**request, "deck": cards(request["deck"])}
            if request.get("reshuffles"):
                request["reshuffles"] = [cards(order) for order in request["reshuffles"]]
        elif kind == "act" and request.get("discards"):
            request = {**request, "discards": cards(request["discards"])}
        state = ours.get("state")
        if isinstance(state, dict) and isinstance(state.get("hands"), dict):
            was = state["hands"]
            kept = renamed.get(id(was))
            if kept is None or kept[0] is not was:
                kept = renamed[id(was)] = (was, {name: held(got) for name, got in was.items()})
            ours = {**ours, "state": {**state, "hands": kept[1]}}
        out.append((kind, request, ours))
    return out


def card_ordered(exchanges: list[Exchange]) -> list[Exchange] | None:
    """The requests with each discard the other way round; None when none changes."""
    out: list[Exchange] = []
    changed = False
    for kind, request, ours in exchanges:
        discards = request.get("discards") if kind == "act" else None
        if discards and len(discards) > 1:
            request = {**request, "discards": discards[::-1]}
            changed = True
        out.append((kind, request, ours))
    return out if changed else None


def rotation(number: int, seats: int, every: int) -> int:
    """The one rotation the `number`-th trial runs of those that run variants (one in
    `every`): the K of `rotated-K`, each in turn from trial to trial, so that every
    rotation of a table runs once in each `seats - 1` trials with variants.

    A rotation asks one thing, whether the answers depend on where the list of players
    starts, and all five of a six-seat table replayed the whole trial: at six seats they
    were five of the seven replays of a trial with variants, most of what the variants
    cost in both processes (issue 40: variants run only where they can still tell
    something)."""
    return 1 + (number // max(every, 1)) % max(seats - 1, 1)


def kept(names: list[str], number: int, seats: int, every: int) -> list[str]:
    """`names` of variants (in their order) without the rotations trial `number` skips."""
    turn = f"rotated-{rotation(number, seats, every)}"
    return [name for name in names if not name.startswith("rotated-") or name == turn]


def rotations(number: int, trial: Trial, every: int) -> list[int] | None:
    """The rotations trial `number` runs (of those with variants, one in `every`): one,
    each in turn from trial to trial (`rotation`), but every one (None) where a pot was
    split: which player takes an odd chip depends on the seats round the button (R8.15),
    and where the list of players starts is what a rotation changes."""
    for hand in trial.played:
        if hand.result is not None and any(len(pot.winners) > 1 for pot in hand.result.pots):
            return None
    return [rotation(number, len(trial.names), every)]


def forms(trial: Trial, turns: list[int] | None = None) -> list[Form] | None:
    """The trial's variants in the order `scenario.variants.variants` gives them, with
    only the rotations `turns` (every one: None); None when the trial holds no requests
    to form them from (then its text decides)."""
    exchanges = trial.exchanges
    if not exchanges or exchanges[0][0] != "start" or not trial.decks:
        return None
    ks = range(1, len(trial.names)) if turns is None else turns
    out = [Form(f"rotated-{k}", rotated(exchanges, k), any_seat_order=True) for k in ks]
    out.append(Form(SUITS, suited(exchanges, suit_map(trial.case_id))))
    ordered = card_ordered(exchanges)
    if ordered is not None:
        out.append(Form(CARD_ORDER, ordered))
    return out


__all__ = [
    "Form",
    "card_ordered",
    "forms",
    "kept",
    "rotated",
    "rotation",
    "rotations",
    "seated",
    "suited",
]
