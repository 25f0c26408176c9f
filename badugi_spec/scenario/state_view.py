"""The protocol's `state` of a session and its hand, built straight from the hand.

Every request a scenario or a fuzzed trial makes is answered with the whole state, so it
is built after every action, on both sides of a comparison: it was most of what a fuzzed
hand cost (issue 40). It reads what `Hand.snapshot` reads, through the same methods (a
mutant's hooks still decide: `legal_actions`, `pots`, `value`, `values`), but names seats
as it goes instead of building the seat-numbered snapshot first and renaming it, and it
keeps what cannot have changed since the last request: a card's text, an option's words,
a seat's values while it holds the same cards, the blinds posted once a hand is dealt.
Each call still returns fresh lists and dicts, so a caller may change what it is given,
unless it asks for a shared state, whose unchanged entries are the earlier state's very
objects (`serve`'s writer then sees at once that they did not change); in a named
ranking's game a value is said from its strengths (`state_values.by_strengths`).
`tests/test_state_view.py` holds it to the snapshot-built state, key order included.
"""

from __future__ import annotations

from typing import Any, Final

from badugi_spec.cards import Card
from badugi_spec.engine import Hand, Session
from badugi_spec.engine.actions import Legal
from badugi_spec.engine.phase import Phase
from badugi_spec.engine.pots import Half, Pot
from badugi_spec.engine.settlement import Settlement
from badugi_spec.scenario.state_values import as_json, valued

_WORDS: dict[Legal, str] = {}
"""An option's words (`Legal.describe`): the same few options come up hand after hand."""
_LEGAL_SEEN: dict[int, tuple[tuple[Legal, ...], list[str]]] = {}
"""The words of a tuple of options, by the tuple's identity (kept alive here, so its id is
not reused): the engine hands out the same tuple for the same spot (`Hand.legal_actions`),
and sorting the words again was a good part of the state's cost."""


def _legal(hand: Hand, shared: bool = False) -> list[str]:
    options = hand.legal_actions()
    seen = _LEGAL_SEEN.get(id(options))
    if seen is not None and seen[0] is options:
        return seen[1] if shared else list(seen[1])
    words = _WORDS
    out = []
    for option in options:
        said = words.get(option)
        if said is None:
            if len(words) > 8192:  # big-bet amounts vary without end; keep it small
                words.clear()
            said = words[option] = option.describe()
        out.append(said)
    out.sort()
    if type(options) is tuple:  # (a mutant's list may change in place: never kept)
        if len(_LEGAL_SEEN) > 4096:
            _LEGAL_SEEN.clear()
        _LEGAL_SEEN[id(options)] = (options, out)
        return out if shared else list(out)
    return out


_BLINDS: Final = {
    "small blind": "small",
    "big blind": "big",
    "posted big blind": "big",
    # The live table's (R19.3, R19.4, R19.6).
    "dead small blind": "dead",
    "kill": "kill",
    "straddle": "straddle",
}
_POSTS_SEEN: list[tuple[Hand, list[dict[str, Any]]]] = []
"""The last hand's posts: they are fixed once it is dealt, and the state is asked for
after every action, so its log is read once a hand."""


def posts_of(hand: Hand, names: list[str], shared: bool = False) -> list[dict[str, Any]]:
    """Who posted which blind, in the order posted (R1.5, R8.3): antes are not blinds."""
    if not _POSTS_SEEN or _POSTS_SEEN[0][0] is not hand:
        posts = []
        # The log's rows as they are, as `_in_log` reads them (an `Event` is a row's kind,
        # seat, rule and amount first, its note the seventh): `Hand.events` makes an
        # `Event` of every row, and the first state of every hand read them all.
        for row in hand._rows:
            if row[0] != "post" or row[1] is None:
                continue
            blind = _BLINDS.get(str(row[6]).removesuffix(" all-in"))
            if blind is not None:
                posts.append({"player": names[row[1]], "blind": blind, "amount": row[3]})
        _POSTS_SEEN[:] = [(hand, posts)]
    if shared:
        return _POSTS_SEEN[0][1]
    return [dict(post) for post in _POSTS_SEEN[0][1]]


_SEEN: list[tuple[Hand, dict[int, tuple[tuple[Card, ...], list[str], Any, Any]]]] = []
"""The last hand's seats: the cards each held when last asked, their texts, the value
and the values by ranking. Within a betting round no card moves, and valuing every hand
again after every action was most of a state's cost."""


_Said = tuple[dict[str, list[str]], dict[str, dict[str, Any]], dict[str, Any]]
_SEATS_SAID: list[tuple[Hand, list[str], list[Any], _Said]] = []
"""The last shared answer of `_seats`, with the hand, the names and each seat's entry of
`_SEEN` it was made from: most requests move no card, and the same dicts (not equal
ones) let `state_line.Lines` see at once that they are as they were."""


def _seats(hand: Hand, names: list[str], shared: bool = False) -> _Said:
    """Each seat's cards as texts, its value (`values`) and, under named rankings, its
    value in each of them (`values_in`), as fresh JSON; `shared`: the very dicts of the
    last shared call while no seat's cards changed."""
    if not _SEEN or _SEEN[0][0] is not hand:
        _SEEN[:] = [(hand, {})]
    seen = _SEEN[0][1]
    holdings = hand.holdings
    kept_now: list[Any] = []
    for seat in range(len(names)):
        held = holdings[seat]
        if not held:
            kept_now.append(None)
            continue
        cards = tuple(held)
        kept = seen.get(seat)
        if kept is None or kept[0] != cards:
            kept = seen[seat] = valued(hand, seat, cards)
        kept_now.append(kept)
    if shared:
        last = _SEATS_SAID[0] if _SEATS_SAID else None
        # Each seat's entry is the same object while its cards are the same (`_SEEN`).
        if last is not None and last[0] is hand and last[1] is names and last[2] == kept_now:
            return last[3]
    hands: dict[str, list[str]] = {}
    values: dict[str, dict[str, Any]] = {}
    ranked: dict[str, Any] = {}
    for name, kept in zip(names, kept_now, strict=True):
        if kept is None:
            hands[name] = []
        elif shared:
            hands[name], values[name], ranked[name] = kept[1], kept[2], kept[3]
        else:
            hands[name] = list(kept[1])
            value = kept[2]
            values[name] = {"size": value["size"], "ranks": list(value["ranks"])}
            ranked[name] = None if kept[3] is None else dict(kept[3])
    if shared:
        _SEATS_SAID[:] = [(hand, names, kept_now, (hands, values, ranked))]
    return hands, values, ranked


def _leaders(session: Session, names: list[str]) -> list[str]:
    """Once the session is over: its winner, or the players tied for the most chips (R6.5)."""
    result = session.result
    if result is None:
        return []
    if result.winner is not None:
        return [names[result.winner]]
    top = max(result.stacks)
    return [names[s] for s, stack in enumerate(result.stacks) if stack == top]


def _half(half: Half, names: list[str]) -> dict[str, Any]:
    return {
        "ranking": half.ranking,
        "amount": half.amount,
        "winners": [names[s] for s in half.winners],
        "shares": {names[s]: share for s, share in zip(half.winners, half.shares, strict=True)},
    }


def _pot(pot: Pot, names: list[str]) -> dict[str, Any]:
    winners = pot.winners
    if not winners:  # (a pot not yet won: none of the comprehensions below has work)
        eligible = [names[s] for s in pot.eligible]
        return {"amount": pot.amount, "eligible": eligible, "winners": [], "shares": {}}
    out = {
        "amount": pot.amount,
        "eligible": [names[s] for s in pot.eligible],
        "winners": [names[s] for s in winners],
        # Each winner's chips of this pot, once it is awarded (R8.15).
        "shares": {names[s]: share for s, share in zip(winners, pot.shares, strict=True)},
    }
    if pot.halves:
        out["halves"] = [_half(half, names) for half in pot.halves]
    return out


def _in_log(hand: Hand, kind: str, names: list[str]) -> list[str]:
    return [names[row[1]] for row in hand._rows if row[0] == kind and row[1] is not None]


_POTS_BUILT: dict[tuple[tuple[int, ...], tuple[bool, ...]], tuple[Pot, ...]] = {}
"""Pots by the chips in and the folds they are built from (`Settlement._build_pots` reads
only those), for any hand: a betting round moves chips a step at a time, and in-process the
implementation answers a fuzzed trial's same steps after our engine played them. A `Pot`
is a tuple: shared, never changed."""
POTS_AT_MOST: Final = 4096


def _pots(hand: Hand) -> tuple[Pot, ...]:
    """`hand.pots()`, built once for the same chips and folds, for the engine's own rule
    of pots; a mutant's is always asked."""
    kind = type(hand)
    if hand.result is not None or kind.pots is not Hand.pots:
        return hand.pots()
    if kind._build_pots is not Settlement._build_pots:
        return hand.pots()
    key = (tuple(hand.total), tuple(hand.folded))
    pots = _POTS_BUILT.get(key)
    if pots is None:
        if len(_POTS_BUILT) >= POTS_AT_MOST:
            _POTS_BUILT.clear()
        pots = _POTS_BUILT[key] = hand.pots()
    return pots


def _result(hand: Hand, names: list[str]) -> dict[str, Any] | None:
    result = hand.result
    if result is None:
        return None
    shown = result.shown
    out = {
        "ended_by": result.ended_by,
        "winners": [names[s] for s in result.winners],
        "won": dict(zip(names, result.won, strict=True)),
        "returned": dict(zip(names, result.returned, strict=True)),
        "shown": {names[s]: None if v is None else as_json(v) for s, v in enumerate(shown)},
        # Who showed, and who gave up a hand, in the order they did (R8.22, R8.32): the
        # log's rows read as they are (an `Event` is a row's kind and seat first).
        "show_order": _in_log(hand, "show", names),
        "mucked": _in_log(hand, "muck", names),
    }
    if hand.named_rankings:
        # Once shown, what each player showed in each ranking (R8.22, R8.29).
        # (The words `values_in` had for the same cards: each value worded once.)
        holdings = hand.holdings
        out["shown_in"] = {
            names[s]: None if v is None else dict(valued(hand, s, tuple(holdings[s]))[3])
            for s, v in enumerate(shown)
        }
    return out


_POTS_SAID: dict[int, tuple[tuple[Pot, ...], list[str], list[dict[str, Any]]]] = {}
"""Pots as JSON by the pots' tuple (kept here, so its id is not reused) and the names:
between two bets of a round most pots stay as they were. A `shared` state gets these very
lists, a fresh one copies of them."""


def _pots_said(hand: Hand, names: list[str], shared: bool) -> list[dict[str, Any]]:
    pots = _pots(hand)
    kept = _POTS_SAID.get(id(pots))
    if kept is None or kept[0] is not pots or kept[1] is not names:
        if len(_POTS_SAID) >= POTS_AT_MOST:
            _POTS_SAID.clear()
        kept = _POTS_SAID[id(pots)] = (pots, names, [_pot(pot, names) for pot in pots])
    # A fresh state gets a copy: cheaper than naming every seat of every pot again.
    return kept[2] if shared else [_pot_copy(pot) for pot in kept[2]]


def _pot_copy(said: dict[str, Any]) -> dict[str, Any]:
    """A pot's JSON (`_pot`) as fresh lists and dicts, its keys in the same order."""
    out = {
        "amount": said["amount"],
        "eligible": list(said["eligible"]),
        "winners": list(said["winners"]),
        "shares": dict(said["shares"]),
    }
    if "halves" in said:
        out["halves"] = [
            {
                "ranking": half["ranking"],
                "amount": half["amount"],
                "winners": list(half["winners"]),
                "shares": dict(half["shares"]),
            }
            for half in said["halves"]
        ]
    return out


def _about(session: Session, names: list[str], hand: Hand | None, shared: bool) -> dict[str, Any]:
    """The session's entry: its hand's number, the dealer, whether it is over and why;
    `shared`: the last shared one while none of those changed."""
    result = session.result
    dealer = hand.dealer if hand else session.next_dealer
    number = session.hand_number
    last = _ABOUT_SAID[0] if shared and _ABOUT_SAID else None
    if (
        last is not None
        and last[0] is session
        and last[1] is names
        and last[2] == number
        and last[3] == dealer
        and last[4] is result
    ):
        return last[5]
    about: dict[str, Any] = {
        "hand": number,
        "dealer": names[dealer],
        "over": result is not None,
        "winner": None if result is None or result.winner is None else names[result.winner],
        "reason": None if result is None else result.reason,
    }
    if result is not None:
        about["leaders"] = _leaders(session, names)
    if shared:
        _ABOUT_SAID[:] = [(session, names, number, dealer, result, about)]
    return about


_ABOUT_SAID: list[tuple[Session, list[str], int, int, Any, dict[str, Any]]] = []
"""The last shared session entry and what it was made from (`_about`): it changes once a
hand at most, and the same dict lets `state_line.Lines` see at once that it did not."""


def _stacks(hand: Hand, names: list[str]) -> dict[str, int]:
    """The stacks by name, the last shared dict while no stack changed (`_about` says why)."""
    chips = tuple(hand.stacks)
    last = _STACKS_SAID[0] if _STACKS_SAID else None
    if last is not None and last[0] is names and last[1] == chips:
        return last[2]
    said = dict(zip(names, chips, strict=True))
    _STACKS_SAID[:] = [(names, chips, said)]
    return said


_STACKS_SAID: list[tuple[list[str], tuple[int, ...], dict[str, int]]] = []
"""The last shared stacks, with the names and the chips they were made from."""


_PHASES: dict[Phase, str] = {}
"""Each phase's words (`Phase.__str__`, an f-string of two fields read by name): a hand
has a dozen phases, and its state says which after every request."""


def state_of(session: Session, names: list[str], *, shared: bool = False) -> dict[str, Any]:
    """The canonical state of a session and its current hand (names, not seats).

    Fresh lists and dicts throughout, which a caller may change; `shared`: the parts that
    did not change since an earlier state (a seat's cards and values, the options, the
    posts, the pots) are that state's very objects, and kept here too, for a caller that
    reads the states and changes none (the fuzz generator keeps every state of a trial)."""
    hand: Hand | None = session.hand
    state: dict[str, Any] = {"session": _about(session, names, hand, shared)}
    if hand is None:
        state["stacks"] = dict(zip(names, session.stacks, strict=True))
        return state
    hands, values, ranked = _seats(hand, names, shared)
    if hand.named_rankings:
        # Each hand's value in every ranking the profile names (R8.22, R8.29).
        state["values_in"] = ranked
    to_act = hand.to_act
    phase = hand.phase
    said = _PHASES.get(phase)
    if said is None:
        said = _PHASES[phase] = str(phase)
    state["phase"] = said
    state["to_act"] = None if to_act is None else names[to_act]
    state["legal"] = _legal(hand, shared)
    state["pot"] = hand.pot
    state["stacks"] = _stacks(hand, names) if shared else dict(zip(names, hand.stacks, strict=True))
    state["hands"] = hands
    state["values"] = values
    state["burns"] = len(hand.burns)
    state["reshuffles"] = hand.reshuffles
    state["stub"] = hand.deck.remaining
    state["posts"] = posts_of(hand, names, shared)
    state["pots"] = _pots_said(hand, names, shared)
    state["result"] = _result(hand, names)
    return state


__all__ = ["as_json", "posts_of", "state_of"]
