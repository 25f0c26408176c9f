"""Our engine behind the implementation interface that the runner drives.

The same interface is spoken by the protocol client, so `check` (in-process) and
`verify` (another process) share one runner. States are canonical JSON snapshots.
"""

from __future__ import annotations

import marshal
import re
from typing import Any, Final, Protocol, cast

from badugi_spec import rankings as registry
from badugi_spec.cards import DECK, TEXTS, Card, cards_of
from badugi_spec.engine import Action, Kind, Session
from badugi_spec.engine.seating import EVENTS as SEATING_EVENTS
from badugi_spec.engine.seating import SeatEvent
from badugi_spec.errors import CardError, IllegalAction, RankingError
from badugi_spec.profiles import HOUSE, Profile, ProfileError, from_json
from badugi_spec.rankings import RANKINGS, Ranking
from badugi_spec.rankings.house import evaluate, winners
from badugi_spec.scenario import ranked_values
from badugi_spec.scenario.state_view import as_json as _as_json

# Where it was first: the mutants import it from here.
from badugi_spec.scenario.state_view import state_of as state_of

Outcome = dict[str, Any]
"""`{"ok": true, "state": {...}}`, or `{"ok": false, "error": code, "message": ...,
"state": {...}}` for a rejected action."""


class RequestError(ValueError):
    """A request that cannot be carried out as asked: a step before `start`, an unknown
    player or action, a stack that is not a positive number of chips, unreadable card text.
    Over the protocol it is a `bad-request`, not the implementation's failure."""


_CARD_OF: Final = dict(zip(TEXTS, DECK, strict=True))
"""Each card by the text the protocol's clients write it in (`As`): a deal's 52 cards
read by a dict lookup each, not a call of `Card.parse`."""


def _cards(texts: object, what: str) -> tuple[Card, ...]:
    # Card by card, not `parse_cards`: a repeated card must reach the engine to be refused
    # by the rule it breaks (R1.1, R4.2); only unreadable text is the request's fault.
    if type(texts) is list:
        if not texts:
            return ()  # most actions discard nothing: nothing to read
        try:
            return tuple(map(_CARD_OF.__getitem__, texts))
        except (KeyError, TypeError):  # another spelling (`10s`, `A♠`), or not text
            pass
    if not isinstance(texts, list | tuple) or not all(isinstance(t, str) for t in texts):
        raise RequestError(f"{what} must be a list of card texts, not {texts!r:.60}")
    try:
        return tuple(Card.parse(text) for text in texts)
    except CardError as error:
        raise RequestError(f"{what}: {error}") from None


_KINDS: Final = {kind.value: kind for kind in Kind}


class Implementation(Protocol):
    name: str

    def capabilities(self) -> frozenset[str]: ...
    def start(self, case: dict[str, Any]) -> Outcome: ...
    def deal(self, hand: dict[str, Any]) -> Outcome: ...
    def act(self, step: dict[str, Any]) -> Outcome: ...
    def evaluate(self, cards: list[str], ranking: str | None = None) -> dict[str, Any]: ...
    def compare(self, hands: list[list[str]], ranking: str | None = None) -> list[int]: ...


RANKED: Final = tuple(RANKINGS)
"""The rankings our engine values hands in (R9.1), as a `hello` declares them."""


def ranked(name: str) -> Ranking:
    """The ranking a request names; an unknown name is the request's fault."""
    try:
        return registry.ranking(name)
    except RankingError as error:
        raise RequestError(str(error)) from None


def ranked_hand(chosen: Ranking, cards: list[str]) -> tuple[Card, ...]:
    try:
        return chosen.checked(cards_of(cards))
    except CardError as error:
        raise RequestError(f"{error} ({chosen.rule})") from None


def value_json(cards: list[str]) -> dict[str, Any]:
    return _as_json(evaluate(cards_of(cards)))


_PROFILES: dict[bytes, Profile] = {}
"""Profiles read, by their objects' `marshal` bytes (types and order of keys alike): a
fuzzed trial and each of its variants start a session of the same profile."""


def _profile_of(data: object) -> Profile:
    """`profiles.from_json` of a start's profile object, read once for the same object (a
    `Profile` is frozen, so one may be shared)."""
    try:
        key: bytes | None = marshal.dumps(cast(Any, data), 2)
    except ValueError:  # not plain JSON values: read every time
        key = None
    known = None if key is None else _PROFILES.get(key)
    if known is None:
        try:
            known = from_json(data)
        except ProfileError as error:
            raise RequestError(str(error)) from None
        if key is not None:
            if len(_PROFILES) >= 256:
                _PROFILES.clear()
            _PROFILES[key] = known
    return known


class EngineImplementation:
    """The reference: badugi_spec's own engine, in-process."""

    name = "badugi-spec"
    profiles: str | tuple[str, ...] = "any"
    """Plays any profile given as a full parameter object (protocol 2 `hello`)."""
    rankings: tuple[str, ...] = RANKED
    """Values hands in every ranking of chapter R9 (protocol 2 `hello`)."""
    shares = False
    """Whether the states answered may share with earlier states the parts that did not
    change (`state_of(shared=True)`): only while a caller reads them and changes none, as
    the fuzz's fast path does while it judges a trial (`fuzz.replay.passes`). Fresh states
    cost about a sixth more of a judged trial in-process (issue 40)."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.names: list[str] = []
        self.profile: Profile = HOUSE

    def capabilities(self) -> frozenset[str]:
        return frozenset({"evaluate", "compare", "play"})

    def _state(self) -> dict[str, Any]:
        assert self.session is not None
        return state_of(self.session, self.names, shared=self.shares)

    def _started(self) -> Session:
        if self.session is None:
            raise RequestError("no session: 'start' comes first")
        return self.session

    def _seat(self, name: object) -> int:
        if name not in self.names:
            raise RequestError(f"unknown player {name!r}; the players are {self.names}")
        return self.names.index(str(name))

    def start(self, case: dict[str, Any]) -> Outcome:
        players = case.get("players")
        if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
            raise RequestError("'players' must be a list of {name, stack} objects")
        names = [p.get("name") for p in players]
        stacks = [p.get("stack") for p in players]
        profile = self._profile(case)
        if not profile.min_seats <= len(players) <= profile.max_seats or not all(
            isinstance(n, str) and n for n in names
        ):
            raise RequestError(
                f"profile {profile.name} needs {profile.min_seats} to {profile.max_seats}"
                f" named players, not {names!r:.80}"
            )
        if len(set(names)) != len(names):
            raise RequestError(f"player names must differ: {names}")
        for name, stack in zip(names, stacks, strict=True):
            if not isinstance(stack, int) or isinstance(stack, bool) or not 0 < stack <= 10**12:
                raise RequestError(
                    f"{name}'s stack must be a positive number of chips, not {stack!r}"
                )
        self.names = [str(n) for n in names]
        self.profile = profile
        self.session = self._new_session(
            first_dealer=self._seat(case.get("first_dealer")), stacks=stacks
        )
        return {"ok": True, "state": self._state()}

    @staticmethod
    def _profile(case: dict[str, Any]) -> Profile:
        """The case's profile object; a case without one (protocol 1) is the house game."""
        if "profile" not in case:
            return HOUSE
        return _profile_of(case["profile"])

    def _new_session(self, *, first_dealer: int, stacks: list[int]) -> Session:
        return Session(first_dealer=first_dealer, stacks=stacks, profile=self.profile)

    def deal(self, hand: dict[str, Any]) -> Outcome:
        session = self._started()
        deck = _cards(hand.get("deck"), "deck")
        stated = hand.get("reshuffles", [])
        if not isinstance(stated, list):
            raise RequestError("reshuffles must be a list of card lists")
        orders = [_cards(order, "reshuffles") for order in stated]
        posts = self._posts(hand.get("posts", []))
        seating = self._seating(hand.get("seating", []))
        try:
            session.start_hand(deck, reshuffles=orders, posts=posts, seating=seating)
        except ValueError as error:  # a live big blind or a return the table cannot take
            if not posts:
                raise RequestError(self._named(str(error))) from None
            who = ", ".join(self.names[seat] for seat, _ in posts)
            raise RequestError(f"a live big blind from {who}: {error} (R8.3)") from None
        except IllegalAction as error:
            return {"ok": False, "error": error.code, "message": str(error), "state": self._state()}
        return {"ok": True, "state": self._state()}

    def _posts(self, stated: Any) -> list[tuple[int, int]]:
        """The live big blinds of a deal (R8.3): [{"player": NAME, "chips": N}, ...]."""
        if not isinstance(stated, list):
            raise RequestError("posts must be a list of {player, chips}")
        posts = []
        for post in stated:
            chips = post.get("chips") if isinstance(post, dict) else None
            if not isinstance(chips, int) or isinstance(chips, bool):
                raise RequestError(f"a post needs a player and a whole number of chips: {post!r}")
            posts.append((self._seat(post.get("player")), chips))
        return posts

    def _seating(self, stated: Any) -> list[SeatEvent]:
        """What players do before a deal (chapter R19): [{"player": NAME, "event": E}, ...]."""
        if not isinstance(stated, list):
            raise RequestError("seating must be a list of {player, event}")
        events = []
        for item in stated:
            event = item.get("event") if isinstance(item, dict) else None
            if event not in SEATING_EVENTS:
                raise RequestError(
                    f"a seating event is one of {', '.join(SEATING_EVENTS)}: {item!r}"
                )
            events.append(SeatEvent(self._seat(item.get("player")), event))
        return events

    def act(self, step: dict[str, Any]) -> Outcome:
        session = self._started()
        seat = self._seat(step.get("player"))
        said = step.get("action")
        # By its text in a dict: `Kind(text)`, an enum's call, was a tenth of an act's cost.
        kind = _KINDS.get(said) if type(said) is str else None
        if kind is None:
            try:
                kind = Kind(said)
            except ValueError:
                known = ", ".join(k.value for k in Kind)
                raise RequestError(f"unknown action {said!r}; one of {known}") from None
        amount = step.get("amount")
        if amount is not None and (not isinstance(amount, int) or isinstance(amount, bool)):
            raise RequestError(f"amount must be a whole number of chips, not {amount!r}")
        # Positional: a NamedTuple made with keywords costs about twice as much.
        action = Action(seat, kind, amount, _cards(step.get("discards", []), "discards"))
        try:
            session.apply(action)
        except IllegalAction as error:
            message = self._named(str(error))
            return {"ok": False, "error": error.code, "message": message, "state": self._state()}
        return {"ok": True, "state": self._state()}

    def _named(self, message: str) -> str:
        """The engine counts seats; people read names: '(seat 0)' becomes 'Ann'."""

        def name(match: re.Match[str]) -> str:
            seat = int(match.group(2))
            return self.names[seat] if seat < len(self.names) else match.group(0)

        # "it is the dealer's turn (seat 0)" -> "it is Ann's turn (the dealer)"
        message = re.sub(
            r"(the (?:dealer|big blind))'s turn \(seat (\d+)\)",
            lambda m: f"{name(m)}'s turn ({m.group(1)})",
            message,
        )
        return re.sub(r"(seat) (\d+)", name, message)

    def _ranked(self, name: str) -> Ranking:
        """The ranking a request names; a mutant reads one of them differently."""
        return ranked(name)

    def evaluate(self, cards: list[str], ranking: str | None = None) -> dict[str, Any]:
        if ranking is None:
            return value_json(cards)
        chosen = self._ranked(ranking)
        return ranked_values.value_json(chosen.evaluate(ranked_hand(chosen, cards)))

    def compare(self, hands: list[list[str]], ranking: str | None = None) -> list[int]:
        if ranking is None:
            return list(winners([evaluate(cards_of(h)) for h in hands]))
        chosen = self._ranked(ranking)
        return list(registry.winners([chosen.evaluate(ranked_hand(chosen, h)) for h in hands]))
