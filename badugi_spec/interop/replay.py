"""Replay a hand history through the engine under a rule profile, and say how it went.

Each hand is played twice (`interop.run`). The dry run applies the history's actions with
any deck: it finds the first action the profile refuses, and tells the card plan where
every card goes (`interop.plan`). The real run deals the planned deck and checks, after
every action, what the history shows (amounts, all-ins, the hero's cards, "Betting is
capped"), and at the end what it says the hand came to: the pots and who collected them,
the total pot, uncalled bets returned, each player's net result. The rake, which the rules
here do not take, is accounted for: what the engine awards a player less what the history
says they collected must add up to the recorded rake.

A hand comes out `exact`, `diverged` (the first difference, with the action, what the
history says, what the engine did, and the refusal code and rule), `skipped` (only for
what the history cannot express), or `unreadable` (the reader refused it, or its cards
contradict each other: one card in two hands, a hand of three).
"""

from __future__ import annotations

from dataclasses import dataclass

from badugi_spec.cards import Card
from badugi_spec.engine.actions import Action
from badugi_spec.engine.hand import Hand
from badugi_spec.errors import BadugiError
from badugi_spec.interop import plan as card_plan
from badugi_spec.interop.record import HandRecord, HistoryError, Verb
from badugi_spec.interop.run import Diverged, Run
from badugi_spec.profiles import Profile, ProfileError, get, parse_override

DEFAULT_PHH_PROFILE = "pokerkit"
"""PHH's `FB` as PokerKit, the format's reference implementation, plays it (chapter R13)."""
POKERSTARS_PROFILE = "pokerstars-2010"
"""The PokerStars rules measured from the 2010 histories (chapter R11)."""

EXACT, DIVERGED, SKIPPED, UNREADABLE = "exact", "diverged", "skipped", "unreadable"


@dataclass(frozen=True, slots=True)
class Replayed:
    """How one hand replayed. `action` is 0 for the deal and blinds, None at the end."""

    status: str
    path: str
    line: int
    hand_id: str | None
    profile: str
    action: int | None = None
    text: str = ""
    expected: str = ""
    actual: str = ""
    code: str | None = None
    rule: str | None = None
    reason: str = ""

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"

    def describe(self) -> str:
        """One line for people."""
        hand = f"hand {self.hand_id}" if self.hand_id else "no hand"
        head = f"{self.status:<10} {self.where}  {hand}"
        if self.status == EXACT:
            return f"{head}  ({self.profile})"
        if self.status in (SKIPPED, UNREADABLE):
            return f"{head}: {self.reason}"
        at = (
            "at the deal"
            if self.action == 0
            else "at the end"
            if self.action is None
            else f"action {self.action}"
        )
        cited = (
            f" [{self.code} {self.rule}]" if self.code else f" [{self.rule}]" if self.rule else ""
        )
        said = f" {self.text!r}" if self.text else ""
        return f"{head}  {at}{said}: history: {self.expected}; {self.profile}: {self.actual}{cited}"


def unreadable(error: HistoryError, *, profile: str = "") -> Replayed:
    return Replayed(UNREADABLE, error.path, error.line, error.hand, profile, reason=error.message)


def profile_for(record: HandRecord, chosen: str | None = None) -> Profile:
    """The profile a hand is replayed under, at the hand's own stakes.

    `chosen` (the `--profile` option) wins; then the profile the file names, with its
    overrides; then the default: `pokerstars-2010` for PokerStars histories (text, or PHH
    from the venue `PokerStars`), `pokerkit` for any other PHH.
    """
    if chosen is not None:
        profile = get(chosen)
    elif record.profile is not None:
        profile = get(record.profile)
        for override in record.overrides:
            key, _, value = override.partition("=")
            profile = parse_override(profile, key.strip(), value.strip())
    elif record.format == "pokerstars" or record.venue == "PokerStars":
        profile = get(POKERSTARS_PROFILE)
    else:
        profile = get(DEFAULT_PHH_PROFILE)
    small, big = record.small_bet, record.big_bet
    sizes = (small,) * (profile.betting_rounds // 2) + (big,) * (
        profile.betting_rounds - profile.betting_rounds // 2
    )
    return profile.replace(
        small_blind=record.small_blind,
        big_blind=record.big_blind,
        ante=record.ante,
        bet_sizes=sizes,
    )


@dataclass(frozen=True, slots=True)
class Replica:
    """Everything needed to play an exactly replayed hand again on the engine."""

    record: HandRecord
    profile: Profile
    deck: tuple[Card, ...]
    reshuffles: tuple[tuple[Card, ...], ...]
    posts: tuple[tuple[int, int], ...]
    actions: tuple[Action, ...]
    filled: dict[int, str]
    """Players whose hidden last hand the plan made up (`worst` or `best` of the rest)."""

    def hand(self) -> Hand:
        """A fresh engine hand at the deal (the blinds posted)."""
        return Hand(
            deck=self.deck,
            stacks=[player.stack for player in self.record.players],
            dealer=self.record.dealer,
            profile=self.profile,
            posts=self.posts,
            reshuffles=self.reshuffles,
        )


class NotExact(BadugiError):
    """A hand that does not replay exactly, so it cannot become a scenario."""

    def __init__(self, outcome: Replayed) -> None:
        super().__init__(outcome.describe())
        self.outcome = outcome


def replay(record: HandRecord, *, profile: str | None = None) -> Replayed:
    """Replay one hand; never raises for anything the history or the profile does."""
    return _replay(record, profile)[0]


def replica(record: HandRecord, *, profile: str | None = None) -> Replica:
    """The exact replay of `record` as engine inputs, or NotExact saying why not."""
    outcome, run = _replay(record, profile)
    if run is None or run.plan is None:
        raise NotExact(outcome)
    return Replica(
        record=record,
        profile=run.profile,
        deck=run.plan.deck,
        reshuffles=tuple(tuple(order) for order in run.reshuffles),
        posts=run.posts,
        actions=tuple(run.applied),
        filled=dict(run.plan.filled),
    )


def _replay(record: HandRecord, profile: str | None) -> tuple[Replayed, Run | None]:
    name = profile or record.profile or "?"
    if not any(step.verb not in (Verb.POST, Verb.CAPPED) for step in record.steps):
        reason = "the history records no action after the blinds: nothing to replay"
        where = record.where
        return Replayed(SKIPPED, where.path, where.line, record.hand_id, name, reason=reason), None
    try:
        rules = profile_for(record, profile)
        name = rules.name
        dry = Run(record, rules, plan=None)
        dry.play()
        cards = card_plan.build(record, dry.hand)
        real = _real_run(record, rules, cards)
    except ProfileError as error:
        diverged = Diverged(None, "stakes a profile can hold", str(error), at_deal=True)
        return _result(record, name, diverged), None
    except card_plan.PlanError as error:
        # Cards that cannot all be true make the history, not the profile, wrong: the
        # hand is unreadable, as a line the reader refuses would make it.
        where = error.where or record.where
        reason = f"the cards do not fit together: {error}"
        return Replayed(
            UNREADABLE, where.path, where.line, record.hand_id, name, reason=reason
        ), None
    except Diverged as diverged:
        return _result(record, name, diverged), None
    exact = Replayed(EXACT, record.where.path, record.where.line, record.hand_id, name)
    return exact, real


def _real_run(record: HandRecord, rules: Profile, cards: card_plan.Plan) -> Run:
    """Play the planned deck. Where the profile rebuilds the stub (burns the real hand
    never had), state each rebuilt stub's order so it deals the history's cards."""
    stated: list[list[Card]] = []
    while True:
        real = Run(record, rules, plan=cards, reshuffles=stated)
        try:
            real.play()
            real.settle()
            return real
        except Diverged:
            events = [e for e in real.hand.events if e.kind == "reshuffle"]
            if len(events) <= len(stated):
                raise
            wanted = list(cards.rebuilt[sum(len(order) for order in stated) :])
            stated.append(card_plan.reshuffle_order(events[len(stated)].cards, wanted))


def _result(record: HandRecord, profile: str, diverged: Diverged) -> Replayed:
    step = diverged.step
    where = step.where if step is not None else record.where
    return Replayed(
        DIVERGED,
        where.path,
        where.line,
        record.hand_id,
        profile,
        action=0 if diverged.at_deal else (step.number if step is not None else None),
        text=step.text if step is not None else "",
        expected=diverged.expected,
        actual=diverged.actual,
        code=diverged.code,
        rule=diverged.rule,
    )
