"""Bot against bot, many sessions, with the engine checking every action the bots take.

This is the trainer's guarantee that the bot never acts illegally: each bot action is
applied by the engine with its amount stated, and a refusal is counted, not hidden. The
sessions cycle through the profiles given and, one session in three, start from short
random stacks so that all-ins, short calls and busted sessions are played too.

Session `n` is seeded by `n` alone, so a run split over processes (`jobs`) plays the very
same sessions as one process and adds up to the same report.
"""

from __future__ import annotations

import concurrent.futures
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from badugi_spec.engine import Action, Kind, Legal, Session
from badugi_spec.errors import IllegalAction
from badugi_spec.profiles import Profile
from badugi_spec.trainer.bot import seen
from badugi_spec.trainer.odds_bot import make_bot

EXAMPLES = 5
"""Refusals kept word for word; the rest are only counted."""


@dataclass(slots=True)
class Report:
    sessions: int = 0
    hands: int = 0
    actions: int = 0
    """Bot actions the engine checked."""
    illegal: int = 0
    examples: list[str] = field(default_factory=list)
    """The first few refusals: session seed, hand, action and the engine's reason."""
    showdowns: int = 0
    busts: int = 0
    """Sessions that ended early because a player ran out of chips (R6.4)."""
    by_profile: dict[str, int] = field(default_factory=dict)

    def add(self, other: Report) -> None:
        """Count `other`'s sessions in this report too."""
        self.sessions += other.sessions
        self.hands += other.hands
        self.actions += other.actions
        self.illegal += other.illegal
        self.examples += other.examples[: EXAMPLES - len(self.examples)]
        self.showdowns += other.showdowns
        self.busts += other.busts
        for name, count in other.by_profile.items():
            self.by_profile[name] = self.by_profile.get(name, 0) + count

    def lines(self) -> list[str]:
        profiles = ", ".join(f"{name} {count}" for name, count in self.by_profile.items())
        out = [
            f"{self.sessions} bot-vs-bot sessions ({profiles}), {self.hands} hands,"
            f" {self.showdowns} showdowns, {self.busts} ended by a bust",
            f"{self.actions} bot actions checked by the engine: {self.illegal} illegal",
        ]
        out += [f"  {example}" for example in self.examples]
        return out


Progress = Callable[[str, Report], None]
"""Told, after each batch of sessions, the profile's name and the report of that batch."""

BATCH = 10
"""Sessions a process plays between two progress reports."""


def play_sessions(
    *,
    sessions: int,
    seed: int,
    profiles: Sequence[Profile],
    seats: int = 2,
    bot: str | None = None,
    jobs: int = 1,
    progress: Progress | None = None,
    short: bool = False,
) -> Report:
    """`sessions` sessions of `seats` bots of kind `bot` (None: each profile's default
    bot, `odds_bot.default_bot`; fewer seats where a profile
    seats fewer), in `jobs` processes; the profiles' sessions one profile after another.
    `short`: every session starts from short random stacks, not one in three (a quick
    sample: such sessions end in a few hands, all-ins and busts included)."""
    batches = [
        (profile, numbers[start : start + BATCH])
        for index, profile in enumerate(profiles)
        if (numbers := list(range(index, sessions, len(profiles))))
        for start in range(0, len(numbers), BATCH)
    ]
    report = Report()
    work = [(profile, tuple(chunk), seed, seats, bot, short) for profile, chunk in batches]
    if jobs <= 1:
        done = map(_batch, work)
        for (profile, *_), part in zip(work, done, strict=True):
            _take(report, profile, part, progress)
        return report
    with concurrent.futures.ProcessPoolExecutor(jobs) as pool:
        for (profile, *_), part in zip(work, pool.map(_batch, work), strict=True):
            _take(report, profile, part, progress)
    return report


def _take(report: Report, profile: Profile, part: Report, progress: Progress | None) -> None:
    report.add(part)
    if progress is not None:
        progress(profile.name, part)


def _batch(work: tuple[Profile, tuple[int, ...], int, int, str | None, bool]) -> Report:
    profile, numbers, seed, seats, bot, short = work
    report = Report()
    table = min(seats, profile.max_seats)
    for number in numbers:
        _one_session(
            report, profile=profile, seed=f"{seed}:{number}", seats=table, bot=bot, short=short
        )
    return report


def _one_session(
    report: Report, *, profile: Profile, seed: str, seats: int, bot: str | None, short: bool
) -> None:
    rng = random.Random(f"stacks:{seed}")
    stacks = (profile.starting_stack,) * seats
    if rng.random() < 1 / 3 or short:
        stacks = tuple(rng.randint(1, 30) for _ in range(seats))
    session = Session(first_dealer=rng.randrange(seats), stacks=stacks, profile=profile, seed=seed)
    bots = [
        make_bot(bot, rng=random.Random(f"badugi-bot:{seed}:{seat}"), profile=profile)
        for seat in range(seats)
    ]
    while not session.is_over:
        hand = session.start_hand()
        for _ in range(1000):
            if hand.is_over:
                break
            seat = hand.to_act
            assert seat is not None
            action = bots[seat].decide(seen(hand, seat))
            report.actions += 1
            try:
                session.apply(action)
            except IllegalAction as error:
                report.illegal += 1
                if len(report.examples) < EXAMPLES:
                    report.examples.append(
                        f"session {seed}, hand {session.hand_number}: {action} refused: {error}"
                    )
                session.apply(_safe(hand.legal_actions(), seat))
        else:
            raise AssertionError(f"session {seed}: a hand did not end in 1000 actions")
        report.hands += 1
        result = hand.result
        assert result is not None
        if result.ended_by == "showdown":
            report.showdowns += 1
        if sum(hand.stacks) != sum(stacks):
            raise AssertionError(f"session {seed}: chips were not conserved")
    report.sessions += 1
    report.by_profile[profile.name] = report.by_profile.get(profile.name, 0) + 1
    outcome = session.result
    if outcome is not None and outcome.reason == "bust":
        report.busts += 1


def _safe(options: Sequence[Legal], seat: int) -> Action:
    """A move that is always legal, to go on after a refusal has been counted."""
    kinds = {option.kind for option in options}
    if Kind.DRAW in kinds:
        return Action(seat, Kind.DRAW)
    if Kind.CHECK in kinds:
        return Action(seat, Kind.CHECK)
    return Action(seat, Kind.CALL)
