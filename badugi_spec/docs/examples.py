"""Executed scenarios as worked examples a person can follow.

A hand is shown as a table in sections: the blinds and the deal, then each betting round
(with its bet size) and each draw (with its burn). Every player's cards are card faces,
with the cards that do not play greyed. The scenario's own checks and its line numbers
are there too, behind a toggle, for authors. The runner's trace supplies the state after
every step, so nothing here recomputes the game: it only reads what the engine did.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Final

from badugi_spec import rankings as registry
from badugi_spec.cards import Card, cards_of
from badugi_spec.profiles import Profile, from_json
from badugi_spec.rankings.explain import explain
from badugi_spec.rankings.house import MAX_CARDS, evaluate
from badugi_spec.scenario.model import Scenario
from badugi_spec.scenario.runner import CaseResult, TraceRow

from .render import cardify, cards_html, inline_md, link_rules, narrative_md, text

RuleLink = Callable[[str], str]

_ORDINAL: Final = {1: "first", 2: "second", 3: "third", 4: "fourth"}
SUBSET_NOTE: Final = (
    "Each hand's value was found the way the rules say: by looking at all 15 groups that"
    " can be made from its four cards and keeping the best one"
)


@dataclass(frozen=True, slots=True)
class Executed:
    """A scenario with its compiled case and the passing run it is rendered from."""

    scenario: Scenario
    case: dict[str, Any]
    result: CaseResult


# ----- card faces and explanations -------------------------------------------------------


def faces(cards: Sequence[Card], playing_cards: Sequence[Card] | None = None) -> str:
    """The hand as card faces; the cards that do not play are greyed (R2.1). The playing
    cards are the house value's unless given (a hand valued in a named ranking)."""
    if not cards:
        return ""
    playing = set(evaluate(cards).cards if playing_cards is None else playing_cards)
    return " ".join(
        cards_html([card]) if card in playing else cards_html([card], css="off") for card in cards
    )


def why_html(cards: Sequence[Card], *, rivals: bool = False) -> str:
    """Which cards do not play and why, without the subset count (said once per example).

    With `rivals`, also the other groups of the same size and why they lose: that is for
    the hand-value examples; in a hand's table it would only be noise."""
    info = explain(cards)
    kept = [drop.reason() for drop in info.drops]
    if rivals:
        kept = [line.strip() for line in info.lines()[1:] if "subsets" not in line]
    if not kept:
        return ""
    return (
        '<ul class="why">' + "".join(f"<li>{cardify(text(line))}</li>" for line in kept) + "</ul>"
    )


def value_text(value: dict[str, Any] | None) -> str:
    if value is None:
        return "nothing shown"
    size = value["size"]
    name = f"{size}-card {'-'.join(value['ranks'])}"
    return f"{name} (badugi)" if size == 4 else name


_HALVES: ContextVar[tuple[str, ...]] = ContextVar("halves", default=("badugi",))
"""The rankings of the example being drawn (R8.22, R8.29): every card face in a hand's
table is valued by them, and threading them through each row builder would only add noise."""


def held_html(cards: Sequence[Card], *, rivals: bool = False, ranking: str | None = None) -> str:
    if ranking is not None:
        return _ranked_html(cards, ranking)
    halves = _HALVES.get()
    if halves != ("badugi",) or len(cards) > MAX_CARDS:
        values = " · ".join(
            f"{text(name)} {text(str(registry.ranking(name).evaluate(cards)))}" for name in halves
        )
        # Which cards play differs by ranking, so no card is greyed.
        return f'<span class="held">{cards_html(cards)}</span> <span class="value">{values}</span>'
    value = evaluate(cards)
    return (
        f'<span class="held">{faces(cards)}</span>'
        f' <span class="value">{text(str(value))}</span>{why_html(cards, rivals=rivals)}'
    )


def _ranked_html(cards: Sequence[Card], name: str) -> str:
    """A hand valued in a named ranking (R9.1), with the ranking's own explanation."""
    value = registry.ranking(name).evaluate(cards)
    why = [line.strip() for line in value.explain().lines[1:] if "subsets" not in line]
    items = "".join(f"<li>{cardify(text(line))}</li>" for line in why)
    return (
        f'<span class="held">{faces(cards, value.cards)}</span>'
        f' <span class="value">{text(str(value))} in {text(name)}</span>'
        f'<ul class="why">{items}</ul>'
    )


# ----- one hand --------------------------------------------------------------------------


def _stacks(state: dict[str, Any]) -> str:
    return "".join(
        f'<span class="stack">{text(n)} {text(v)}</span>'
        for n, v in state.get("stacks", {}).items()
    )


def _before_award(state: dict[str, Any]) -> dict[str, Any]:
    """The state with the pot not yet paid out: stacks less what was won and returned."""
    result = state["result"]
    stacks = {
        name: amount - result["won"].get(name, 0) - result["returned"].get(name, 0)
        for name, amount in state.get("stacks", {}).items()
    }
    return state | {"stacks": stacks}


@dataclass(frozen=True)
class _Seats:
    """Who sits where in one hand: the players dealt in, clockwise from the first seat left
    of the button (R8.2), and the profile they play under."""

    profile: Profile
    dealer: str
    order: tuple[str, ...]

    @property
    def heads_up(self) -> bool:
        return len(self.order) == 2

    @property
    def small_blind(self) -> str:
        # Heads-up the button posts the small blind (R1.5, R8.3).
        return self.order[-1] if self.heads_up else self.order[0]

    @property
    def big_blind(self) -> str:
        return self.order[0] if self.heads_up else self.order[1]

    @property
    def opener(self) -> str:
        """The first to act before the draw: left of the big blind (R3.3, R8.5)."""
        return self.order[-1] if self.heads_up else self.order[2 % len(self.order)]


def _seats(profile: Profile, dealer: str, state: dict[str, Any]) -> _Seats:
    names = list(state["stacks"])
    at = names.index(dealer) if dealer in names else len(names) - 1
    clockwise = names[at + 1 :] + names[: at + 1]
    dealt = tuple(name for name in clockwise if state["hands"].get(name))
    return _Seats(profile, dealer, dealt)


def _limits(profile: Profile, number: int) -> str:
    cap = profile.cap
    if cap == 0:
        return "no cap on raises"
    if number == 1 and not profile.cap_counts_blind:
        return f"the big blind and at most {cap} raises"
    return f"at most one bet and {cap - 1} raises"


def _section_title(phase: str, seats: _Seats) -> str:
    kind, _, number_text = phase.partition("-")
    if phase == "complete":
        return "After the hand"
    number = int(number_text)
    profile = seats.profile
    if kind == "bet":
        size = profile.bet_sizes[number - 1]
        kind_of = "small" if size == min(profile.bet_sizes) else "big"
        when = "before the first draw" if number == 1 else f"after the {_ORDINAL[number - 1]} draw"
        blind = (
            "; the big blind counts as the first bet"
            if number == 1 and profile.cap_counts_blind and profile.cap
            else ""
        )
        if number == 1:
            first = f"{text(seats.opener)} acts first"
        elif seats.heads_up:
            first = f"{text(seats.big_blind)} acts first"
        else:
            first = "The first player still in left of the button acts first"
        return (
            f"Betting round {number}, {when}: {kind_of} bets of {size},"
            f" {_limits(profile, number)}{blind}. {first}."
        )
    burns = profile.burns_per_draw
    burned = (
        "no card is burned"
        if not burns
        else "one card is burned"
        if burns == 1
        else (f"{burns} cards are burned")
    )
    if seats.heads_up and profile.draw_delivery == "in-turn":
        return (
            f"Draw {number}: {burned}, then {text(seats.big_blind)} draws,"
            f" then {text(seats.dealer)}."
        )
    if profile.draw_delivery == "after-all-declare":
        return (
            f"Draw {number}: every player still in says what they throw, from the left of the"
            f" button; then {burned} and the cards are dealt in that order."
        )
    return f"Draw {number}: {burned}, then each player still in draws, from the left of the button."


_INFINITIVE: Final = {
    "check": "check",
    "fold": "fold",
    "bet": "bet",
    "call": "call",
    "raise": "raise",
    "all-in": "go all-in",
}


def _tried(step: dict[str, Any]) -> str:
    """What a refused action tried, as a person would say it: 'to raise to 6'."""
    kind, amount = step["action"], step.get("amount")
    if kind == "draw":
        # Card by card: a refused draw may name one card twice (R4.2).
        thrown = [Card.parse(c) for c in step.get("discards", [])]
        return f"to throw {cards_html(thrown)}" if thrown else "to stand pat"
    verb = _INFINITIVE[kind]
    if amount is None:
        return f"to {verb}"
    if kind == "raise":
        return f"to raise to {amount}"
    if kind == "all-in":
        return f"to go all-in for {amount}"
    return f"to {verb} {amount}"


def _refusal(step: dict[str, Any], row: TraceRow) -> str:
    rule, _, reason = row.detail.partition(f" {step['code']}: ")
    if not reason:
        rule, reason = "", row.detail
    cited = f" ({text(rule)})" if rule else ""
    return (
        f"tries {_tried(step)}, not allowed{cited}: {cardify(text(reason))}"
        f' <code class="refusal">{text(step["code"])}</code>'
    )


@dataclass
class _Table:
    """Rows of one hand's table, with the running count of chips in the round."""

    rows: list[str]
    section: str = ""
    in_round: dict[str, int] | None = None

    def open(self, phase: str, seats: _Seats) -> None:
        if phase != self.section:
            self.section = phase
            self.rows.append(
                f'<tr class="section"><th colspan="5">{_section_title(phase, seats)}</th></tr>'
            )
            if phase.startswith("bet-") and phase != "bet-1":
                self.in_round = {}

    def add(
        self, css: str, line: int | str, who: str, what: str, state: dict[str, Any] | None
    ) -> None:
        pot = text(state.get("pot", "")) if state else ""
        stacks = _stacks(state) if state else ""
        self.rows.append(
            f'<tr class="{css}"><td class="line">{line}</td><td class="who">{who}</td>'
            f'<td class="what">{what}</td><td class="pot">{pot}</td>'
            f'<td class="stacks">{stacks}</td></tr>'
        )


def _bet_what(
    step: dict[str, Any], before: dict[str, Any], after: dict[str, Any], table: _Table
) -> str:
    player, kind = step["player"], step["action"]
    added = before["stacks"][player] - after["stacks"][player]
    contributed = table.in_round if table.in_round is not None else {}
    total = contributed.get(player, 0) + added
    contributed[player] = total
    table.in_round = contributed
    all_in = " and is all-in" if after["stacks"][player] == 0 and added else ""
    match kind:
        case "check":
            return "checks"
        case "fold":
            return "folds"
        case "call":
            return f"calls {added}{all_in}"
        case "bet":
            return f"bets {added}{all_in}"
        case "raise":
            return f"raises to {total}{all_in}"
        case _:
            return f"goes all-in for {added}" + (f", making {total}" if total != added else "")


def _draw_what(step: dict[str, Any], before: dict[str, Any], after: dict[str, Any]) -> str:
    player = step["player"]
    held = cards_of(after["hands"][player])
    thrown = cards_of(step.get("discards", []))
    if not thrown:
        return f"stands pat with {held_html(held)}"
    old = set(before["hands"][player])
    came = cards_of([c for c in after["hands"][player] if c not in old])
    count = len(thrown)
    if not came:
        # Everyone declares first; the cards come after the last declaration (R8.16).
        return f"throws {cards_html(thrown)}: {count} card{'s' if count > 1 else ''} to come"
    return (
        f"throws {cards_html(thrown)}, draws {count} card{'s' if count > 1 else ''}:"
        f" {cards_html(came)}. Now {held_html(held)}"
    )


def _blind_rows(
    table: _Table, state: dict[str, Any], before: dict[str, int], seats: _Seats
) -> None:
    profile = seats.profile
    pot = 0
    running = dict(before)
    table.in_round = {}
    if profile.ante:
        # Antes are dead money, not part of the first round's bet (R8.3).
        for name in seats.order:
            ante = min(profile.ante, running[name])
            pot += ante
            running[name] -= ante
            table.add("blind", "", text(name), f"antes {ante}", {"pot": pot, "stacks": running})
    for name, blind in ((seats.small_blind, "small"), (seats.big_blind, "big")):
        posted = running[name] - state["stacks"][name]
        size = profile.small_blind if blind == "small" else profile.big_blind
        pot += posted
        running[name] -= posted
        table.in_round[name] = posted
        short = f", all the chips {text(name)} has: all-in" if posted < size else ""
        what = f"posts the {blind} blind of {posted}{short}"
        table.add("blind", "", text(name), what, {"pot": pot, "stacks": running})


def _delivered(
    waiting: list[str],
    step: dict[str, Any],
    before: dict[str, Any],
    after: dict[str, Any],
    table: _Table,
) -> list[str]:
    """Players who declared earlier in this draw and whose cards have now been dealt get a
    row of their own; returns who is still waiting."""
    still = []
    for name in waiting:
        came = [c for c in after["hands"][name] if c not in set(before["hands"][name])]
        if came:
            held = cards_of(after["hands"][name])
            what = f"is dealt {cards_html(cards_of(came))}. Now {held_html(held)}"
            table.add("act", "", text(name), what, None)
        else:
            still.append(name)
    player = step["player"]
    thrown = step.get("discards", [])
    if thrown and set(after["hands"][player]) == set(before["hands"][player]):
        still.append(player)
    return still


def hand_html(
    hand: dict[str, Any], rows: list[TraceRow], before: dict[str, int], profile: Profile
) -> str:
    """One hand: a heading line, then its table in sections, then the result."""
    deal, steps = rows[0], rows[1:]
    # The button as the session moved it: past empty seats after a bust (R8.23).
    number = hand["number"]
    dealer = ((deal.state or {}).get("session") or {}).get("dealer") or hand["dealer"]
    if not deal.ok:
        return (
            f'<div class="hand-head"><strong>Hand {number}</strong>: the deal is refused'
            f' ({text(deal.detail)}) <code class="refusal">{text(hand["reject_deal"])}</code>.'
            " A refused deal is not a hand: no blinds, and the button stays.</div>"
        )
    state = deal.state or {}
    seats = _seats(profile, dealer, state)
    if seats.heads_up:
        head = (
            f'<div class="hand-head"><strong>Hand {number}</strong>: {text(dealer)} deals and'
            f" posts the small blind; {text(seats.big_blind)} posts the big blind.</div>"
        )
    else:
        head = (
            f'<div class="hand-head"><strong>Hand {number}</strong>: {text(dealer)} has the'
            f" button; {text(seats.small_blind)} posts the small blind and"
            f" {text(seats.big_blind)} the big blind.</div>"
        )
    table = _Table([])
    count = _NUMBER_WORDS.get(profile.hand_size, str(profile.hand_size))
    table.rows.append(
        f'<tr class="section"><th colspan="5">Blinds and the deal: {count} cards each, one at'
        f" a time, {text(seats.order[0])} first.</th></tr>"
    )
    _blind_rows(table, state, before, seats)
    for name in seats.order:
        held = cards_of(state["hands"][name])
        table.add("deal", deal.line, text(name), f"is dealt {held_html(held)}", None)
    deck = [c for c in hand["deck"]]
    waiting: list[str] = []
    ended: dict[str, Any] | None = None
    for step, row in zip(hand["steps"], steps, strict=True):
        op = step["op"]
        phase = str(state.get("phase", ""))
        if op in ("act", "reject") or phase == "complete":
            table.open(phase, seats)
        if op == "act":
            after = row.state or {}
            if after.get("burns", 0) > state.get("burns", 0):
                # The burn is the stub's top card before this action, while the stub is still
                # the deck's own order (no reshuffle yet, R8.18).
                top = len(deck) - int(state.get("stub", 0))
                burned = cards_of(deck[top : top + 1]) if not after.get("reshuffles") else []
                shown_card = f': <span class="burned">{cards_html(burned)}</span>' if burned else ""
                table.add(
                    "burn",
                    "",
                    "burn",
                    f"the top card is burned, face down{shown_card} (nobody sees it)",
                    None,
                )
            if step["action"] == "draw":
                what = _draw_what(step, state, after)
                waiting = _delivered(waiting, step, state, after, table)
            else:
                what = _bet_what(step, state, after, table)
            shown = after
            if after.get("result") is not None and state.get("result") is None:
                # The action that ends the hand: its row shows the table before the pot is
                # awarded; the result line below gives the stacks after it.
                shown = _before_award(after)
            table.add("act", row.line, text(step["player"]), what, shown)
            state = after
        elif op == "expect":
            table.add("check", row.line, "", f"✔ {cardify(text(step['source']))}", None)
        elif op == "reject":
            table.add("reject", row.line, text(step["player"]), _refusal(step, row), None)
        else:
            table.add("note", row.line, "", f"<em>{cardify(text(row.source))}</em>", None)
        if ended is None and state.get("result") is not None:
            ended = state
    body = "".join(table.rows)
    out = [
        head,
        '<div class="badugi-scroll"><table class="badugi-steps"><thead><tr>'
        '<th class="line">Line</th><th>Who</th><th>What</th><th>Pot</th><th>Stacks</th>'
        f"</tr></thead><tbody>{body}</tbody></table></div>",
    ]
    if ended is not None:
        out.append(result_html(ended, profile))
    return "".join(out)


_NUMBER_WORDS: Final = {4: "four", 5: "five"}


def result_html(state: dict[str, Any], profile: Profile) -> str:
    result = state["result"]
    winners = result["winners"]
    won = result["won"]
    halved = [pot for pot in state.get("pots", []) if pot.get("halves")]
    if halved:
        head = ", ".join(f"{text(w)} wins {text(won[w])}" for w in winners)
    elif len(winners) > 1:
        head = f"Split pot: {', '.join(text(w) for w in winners)} get {text(won[winners[0]])} each"
    else:
        head = f"{text(winners[0])} wins {text(won[winners[0]])}"
    head += " at showdown" if result["ended_by"] == "showdown" else " by a fold"
    returned = [f"{text(n)} gets back {text(v)}" for n, v in result["returned"].items() if v]
    parts = [f'<div class="result"><div class="para"><strong>Result: {head}.</strong>']
    if returned:
        parts.append(" " + "; ".join(returned) + ".")
    stacks = " · ".join(f"{text(n)} {text(v)}" for n, v in state["stacks"].items())
    parts.append(f" Stacks after the hand: {stacks}.</div>")
    for number, pot in enumerate(halved):
        label = "Main pot" if number == 0 else f"Side pot {number}"
        halves = "; ".join(
            f"the {text(half['ranking'])} half of {text(half['amount'])} to "
            + ", ".join(f"{text(n)} {text(s)}" for n, s in half["shares"].items())
            for half in pot["halves"]
        )
        parts.append(f'<div class="para">{label} of {text(pot["amount"])}: {halves}.</div>')
    if result["ended_by"] == "showdown":
        for name, shown in result["shown"].items():
            if shown is None:
                continue
            hand = cards_of(state["hands"][name])
            parts.append(f'<div class="showdown">{text(name)} shows {held_html(hand)}</div>')
    session = state.get("session", {})
    if session.get("over"):
        winner = session.get("winner")
        why = {
            "bust": "a player has no chips left",
            "hands": f"{profile.hands_per_session} hands played",
        }
        reason = why.get(str(session.get("reason")), "")
        parts.append(
            '<div class="para"><strong>The session is over: '
            f"{text(winner) + ' wins it' if winner else 'drawn'}"
            f"{' (' + reason + ')' if reason else ''}.</strong></div>"
        )
    parts.append("</div>")
    return "".join(parts)


def checks_html(executed: Executed) -> str:
    steps = executed.case["checks"]
    if not steps:
        return ""
    rows = []
    for step in steps:
        named = step.get("ranking")
        if step["op"] == "evaluate":
            hand = cards_of(step["cards"])
            rows.append(
                f'<tr><td class="line">{step["line"]}</td>'
                f"<td>{held_html(hand, rivals=True, ranking=named)}</td></tr>"
            )
        else:
            first, second = (
                held_html(cards_of(h), rivals=True, ranking=named) for h in step["hands"]
            )
            verdict = "ties with" if step["winner"] == "tie" else "beats"
            rows.append(
                f'<tr><td class="line">{step["line"]}</td><td>{first}'
                f'<div class="verdict">{verdict}</div>{second}</td></tr>'
            )
    return (
        '<div class="badugi-scroll"><table class="badugi-checks"><thead><tr>'
        '<th class="line">Line</th><th>Hand, its value, and why</th></tr></thead><tbody>'
        + "".join(rows)
        + "</tbody></table></div>"
    )


def _starting_stacks(case: dict[str, Any]) -> dict[str, int]:
    return {p["name"]: int(p["stack"]) for p in case["players"]}


def example_html(executed: Executed) -> str:
    """The example's body as one raw HTML block: toggle, checks, players, hands."""
    scenario, case, result = executed.scenario, executed.case, executed.result
    toggle = f"show-{scenario.id}"
    parts = [
        '<div class="badugi-example">',
        f'<input type="checkbox" class="badugi-toggle" id="{toggle}">'
        f'<label class="badugi-toggle-label" for="{toggle}">Show the scenario\'s checks'
        " and line numbers</label>",
    ]
    parts.append(checks_html(executed))
    if case["hands"]:
        seats = ", ".join(
            f"{text(p['name'])} with {p['stack']} chips"
            + (" (deals first)" if p["name"] == case["first_dealer"] else "")
            for p in case["players"]
        )
        parts.append(f'<div class="players">Players: {seats}.</div>')
        profile = from_json(case["profile"]) if "profile" in case else Profile()
        halves = _HALVES.set(profile.halves)
        hand_rows = result.trace[len(case["checks"]) :]
        position = 0
        before = _starting_stacks(case)
        for hand in case["hands"]:
            count = 1 if hand.get("reject_deal") else 1 + len(hand["steps"])
            rows = hand_rows[position : position + count]
            parts.append(hand_html(hand, rows, before, profile))
            position += count
            last = next((r.state for r in reversed(rows) if r.state), None)
            if last is not None and last.get("stacks"):
                before = dict(last["stacks"])
        _HALVES.reset(halves)
    parts.append(f'<div class="subsets">{SUBSET_NOTE} (R2.5).</div>')
    parts.append("</div>")
    return "".join(parts)


_SCENARIO_MENTION: Final = re.compile(r"`([a-z0-9][a-z0-9-]*[a-z0-9])`")
_SCENARIO_NAMED: Final = re.compile(r"(?<![\w`\[/#-])([a-z0-9]+(?:-[a-z0-9]+)+)(?= scenario\b)")


def link_scenarios(markdown: str, href: Callable[[str], str | None]) -> str:
    """Scenario ids in a story become links to their example: written as `code`, or
    named as in "see the too-many-discards scenario". Unknown ids stay as they are."""

    def swap(match: re.Match[str]) -> str:
        target = href(match.group(1))
        return f"[{match.group(0)}]({target})" if target else match.group(0)

    return _SCENARIO_NAMED.sub(swap, _SCENARIO_MENTION.sub(swap, markdown))


def scenario_md(
    executed: Executed,
    *,
    rule_link: RuleLink,
    scenario_href: Callable[[str], str | None],
    level: int = 3,
) -> str:
    """The whole worked example as Markdown (with a raw HTML block for the tables)."""
    scenario = executed.scenario
    rules = ", ".join(rule_link(rule_id) for rule_id in scenario.rules)
    parts = [f"{'#' * level} {inline_md(scenario.title)} {{#{scenario.id}}}", ""]
    if scenario.text:
        story = link_scenarios(narrative_md(scenario.text), scenario_href)
        parts += [link_rules(story, rule_link), ""]
    parts += [example_html(executed), "", f"Shows {rules}.", "{: .shows-rules }", ""]
    fence = "`" * max(3, 1 + max((len(m) for m in re.findall(r"`+", scenario.source)), default=0))
    source = "\n".join(f"    {line}" if line else "" for line in scenario.source.splitlines())
    name = scenario.where.path.replace("\\", "/").rsplit("/", 1)[-1]
    parts += [
        f'??? example "Scenario source: {inline_md(name)}"',
        "",
        f"    {fence}badugi",
        source,
        f"    {fence}",
        "",
    ]
    return "\n".join(parts)


def scenario_html(
    executed: Executed,
    *,
    rule_link: RuleLink,
    scenario_href: Callable[[str], str | None],
) -> str:
    """The worked example as one raw HTML block, for a place where Markdown would take the
    tables apart (inside a folded `<details>`). `rule_link` and `scenario_href` give
    Markdown links whose targets must already be final site URLs."""
    import markdown as python_markdown  # type: ignore[import-untyped]  # MkDocs' own

    from .lexer import highlight_html

    scenario = executed.scenario

    def md(source: str) -> str:
        return str(python_markdown.markdown(source, extensions=["attr_list"]))

    parts = [
        f'<h3 id="{scenario.id}">{text(scenario.title)}<a class="headerlink"'
        f' href="#{scenario.id}" title="Permanent link">&para;</a></h3>'
    ]
    if scenario.text:
        story = link_scenarios(narrative_md(scenario.text), scenario_href)
        parts.append(md(link_rules(story, rule_link)))
    parts.append(example_html(executed))
    rules = ", ".join(rule_link(rule_id) for rule_id in scenario.rules)
    parts.append(md(f"Shows {rules}.\n{{: .shows-rules }}"))
    code = highlight_html(scenario.source)
    name = scenario.where.path.replace("\\", "/").rsplit("/", 1)[-1]
    parts.append(
        f'<details class="example"><summary>Scenario source: {text(name)}</summary>'
        f'<div class="language-badugi highlight"><pre><span></span><code>{code}</code></pre>'
        "</div></details>"
    )
    # One block of raw HTML for Markdown: no blank line may end it early.
    return "\n".join(line for line in "\n".join(parts).splitlines() if line.strip())
