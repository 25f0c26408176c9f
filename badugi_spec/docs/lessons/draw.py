"""A lesson's page drawn from its Markdown and its hands' figures: every `[[...]]` filled
(one the hand does not have stops the build with the file, line and nearest names), the
pictures and questions rendered by `templates/lessons/`.
"""

from __future__ import annotations

import difflib
import itertools
import math
import re
from collections.abc import Callable
from typing import Final

from badugi_spec.replays.moments import PlayedHand
from badugi_spec.rules import load as load_rules

from ..render import md_cardify
from ..templating import render
from . import landmarks
from .figures import Figure, Figures, counted, hand_figures
from .model import Lesson, Question, ask, near
from .source import FIGURE, LessonError, LessonSource, QuestionSource

RULE: Final = re.compile(r"R\d+\.\d+|F\d+")
BLOCKS: Final = ("table", "pots")


class Resolver:
    """Names to figures for one lesson: `id:name` picks a hand by scenario id (default the
    first listed), `hand2.name` the scenario's second hand."""

    def __init__(
        self,
        source: LessonSource,
        hands: dict[str, tuple[PlayedHand, ...]],
        link: Callable[[str], str],
    ) -> None:
        self.source, self.hands, self.link = source, hands, link
        self.default = source.hands[0]
        self._figures: dict[str, Figures] = {}
        self.rules = load_rules()

    def figures(self, scenario: str) -> Figures:
        if scenario not in self._figures:
            merged: Figures = {}
            for number, played in enumerate(self.hands[scenario], start=1):
                made = hand_figures(played.names, played.hand, played.moments)
                prefix = "" if number == 1 else f"hand{number}."
                merged.update({prefix + k: v for k, v in made.items()})
            self._figures[scenario] = merged
        return self._figures[scenario]

    def pool(self) -> list[Figure]:
        """Every figure of the lesson worked out already: where wrong choices come from."""
        return [
            f for s in self.source.hands for f in self.figures(s).values() if isinstance(f, Figure)
        ]

    def figure(self, ref: str, line: int) -> Figure:
        ref = ref.strip()
        try:
            ranked = landmarks.figure(ref) or counted(ref)
        except ValueError as error:
            raise LessonError(f"{self.source.where(line)}: {error}") from None
        if ranked is not None:
            return ranked
        scenario, colon, name = ref.partition(":")
        if not colon:
            scenario, name = self.default, ref
        scenario, name = scenario.strip(), name.strip()
        if scenario not in self.hands:
            raise LessonError(
                f"{self.source.where(line)}: [[{ref}]] names the hand {scenario!r}, which the"
                f" lesson does not list in hands: ({', '.join(self.source.hands)})"
            )
        found = self.figures(scenario).get(name)
        if found is None:
            close = difflib.get_close_matches(name, list(self.figures(scenario)), n=4, cutoff=0.5)
            hint = f"; nearest: {', '.join(close)}" if close else ""
            raise LessonError(
                f"{self.source.where(line)}: [[{ref}]]: the hand {scenario} has no figure"
                f" {name!r}{hint} (the names are on the scenario-language page)"
            )
        try:
            return found if isinstance(found, Figure) else found()
        except KeyError as error:
            raise LessonError(f"{self.source.where(line)}: [[{ref}]]: {error.args[0]}") from None

    def fill(self, text: str, line: int) -> str:
        def one(match: re.Match[str]) -> str:
            ref = match.group(1).strip()
            if RULE.fullmatch(ref):
                if ref not in self.rules:
                    raise LessonError(f"{self.source.where(line)}: [[{ref}]]: no such rule")
                return self.link(ref)
            if ref.split(":")[-1].strip() in BLOCKS or ref.startswith("landmarks "):
                raise LessonError(
                    f"{self.source.where(line)}: [[{ref}]] stands on a line of its own"
                )
            return self.figure(ref, line).text

        return FIGURE.sub(one, text)

    def block(self, ref: str, line: int) -> str | None:
        """A picture or a table that fills a line of its own, or None if `ref` is inline."""
        if ref.startswith("landmarks "):
            name = ref.split(None, 1)[1].strip()
            if name not in landmarks.TABLES:
                raise LessonError(
                    f"{self.source.where(line)}: [[{ref}]]: no landmarks for {name!r}"
                )
            return "\n".join(landmarks.table_md(name))
        scenario, colon, name = ref.partition(":")
        if not colon:
            scenario, name = self.default, ref
        if name.strip() not in BLOCKS:
            return None
        played = self.hands.get(scenario.strip())
        if not played:
            raise LessonError(
                f"{self.source.where(line)}: [[{ref}]]: no hand {scenario!r} in hands:"
            )
        return seats_svg(played[0]) if name.strip() == "table" else pots_svg(played[0])


def seats_svg(played: PlayedHand) -> str:
    """The seats round an oval table, clockwise from the bottom: each one's name, role and
    place in the first round's order."""
    hand = played.hand
    roles = {hand.dealer: "button", hand.small_blind: "small blind", hand.big_blind: "big blind"}
    order: list[int] = []
    for moment in played.moments:
        if moment.phase == "bet-1" and moment.seat not in order:
            order.append(moment.seat)
    seats = []
    count = len(played.names)
    for seat, name in enumerate(played.names):
        angle = math.radians(90 + seat * 360 / count)
        role = roles.get(seat, "")
        seats.append(
            {
                "name": name,
                "role": role,
                "css": role.split()[0] if role else "",
                "tag": {"button": "D", "small blind": "SB", "big blind": "BB"}.get(role, ""),
                "x": round(180 + 150 * math.cos(angle)),
                "y": round(125 + 95 * math.sin(angle)),
                "chip_x": round(180 + 95 * math.cos(angle)),
                "chip_y": round(125 + 40 * math.sin(angle)),
                "acts": order.index(seat) + 1 if seat in order else None,
            }
        )
    return render("lessons/seats.svg", seats=seats)


def pots_svg(played: PlayedHand) -> str:
    """A column per player who put chips in, cut at each pot's level, coloured by pot."""
    hand = played.hand
    pots = hand.result.pots if hand.result is not None else hand.pots()
    levels = [min(hand.total[seat] for seat in pot.eligible) for pot in pots]
    columns = []
    for seat, total in enumerate(hand.total):
        # Each pot's chips in the column: from the level below the pot's to its own.
        low_high = enumerate(itertools.pairwise([0, *levels]))
        cut = [
            (n, min(total, high) - min(total, low), min(total, high)) for n, (low, high) in low_high
        ]
        if total:
            parts = [part for part in cut if part[1] > 0]
            columns.append({"name": played.names[seat], "total": total, "parts": parts})
    return render("lessons/pots.svg", columns=columns)


def body_md(source: LessonSource, resolver: Resolver) -> str:
    lines = []
    for line, text in source.body:
        whole = FIGURE.fullmatch(text.strip())
        drawn = resolver.block(whole.group(1).strip(), line) if whole else None
        lines.append(drawn if drawn is not None else resolver.fill(text, line))
    return md_cardify("\n".join(lines).strip())


def question(q: QuestionSource, resolver: Resolver, source: LessonSource) -> Question:
    prompt = resolver.fill(q.prompt, q.line)
    why = resolver.fill(q.why, q.line)
    whole = FIGURE.fullmatch(q.answer.strip())
    right: Figure | None = None
    if whole and not RULE.fullmatch(whole.group(1).strip()):
        right = resolver.figure(whole.group(1), q.line)
    answer = right.text if right is not None else resolver.fill(q.answer, q.line)
    wrong = [resolver.fill(w, q.line) for w in q.wrong]
    if not wrong:
        if right is None:
            raise LessonError(
                f"{source.where(q.line)}: the answer is text, not one figure:"
                " give its wrong: choices"
            )
        wrong = near(right, resolver.pool())
        if not wrong:
            raise LessonError(
                f"{source.where(q.line)}: too few figures like {answer!r}: give wrong: choices"
            )
    try:
        return ask(prompt, right=answer, wrong=wrong, why=why)
    except ValueError as error:
        raise LessonError(f"{source.where(q.line)}: {error}") from None


def lesson(source: LessonSource, resolver: Resolver, replayer: str) -> Lesson:
    body = body_md(source, resolver)
    questions = tuple(question(q, resolver, source) for q in source.questions)
    if not questions:
        raise LessonError(f"{source.where(1)}: a lesson ends with at least one question")
    meta = source.meta
    return Lesson(
        source.slug,
        meta["title"],
        int(meta["order"]),
        meta["idea"],
        body,
        questions,
        replayer,
        tuple(source.hands),
    )
