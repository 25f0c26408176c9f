"""HTML and Markdown pieces for the tutorial: cards, escaping, executed scenarios.

Everything a scenario author wrote reaches the page through one of three doors:
`text` (HTML-escaped), `inline_md` (escaped, then Markdown-escaped, for headings and table
cells) or `narrative_md` (Markdown kept, raw HTML escaped, unsafe link targets disarmed).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from badugi_spec.cards import Card, parse_cards
from badugi_spec.explain import explain
from badugi_spec.scenario.model import Scenario
from badugi_spec.scenario.runner import CaseResult, TraceRow

_CARD_TEXT: Final = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9JQKA])([♠♥♦♣])(?![\w♠♥♦♣])")
_MD_SPECIAL: Final = re.compile(r"([\\`*_{}\[\]()#+\-.!|~])")
_CODE_SPAN: Final = re.compile(r"(`+)(?:.|\n)*?\1")
_INLINE_LINK: Final = re.compile(r"\]\(\s*<?([^)\s>]*)")
_REFERENCE_DEF: Final = re.compile(r"^( {0,3})\[([^\]\n]+)\]:[ \t]*<?(\S*)", re.MULTILINE)
_SAFE_SCHEMES: Final = ("http:", "https:", "mailto:")
RULE_REF: Final = re.compile(r"(?<![\w.#\[/-])((?:R\d+\.\d+)|(?:F\d+))(?![\w.]*\])\b")


def text(value: object) -> str:
    """Plain text for an HTML context."""
    return html.escape(str(value), quote=True)


def card_html(card: Card) -> str:
    colour = "red" if card.suit.is_red else "black"
    return f'<span class="card {colour}">{text(card.pretty())}</span>'


def cards_html(cards: Iterable[Card]) -> str:
    return " ".join(card_html(card) for card in cards)


def cards_of(texts: Sequence[str]) -> tuple[Card, ...]:
    return parse_cards(" ".join(texts)) if texts else ()


def cardify(escaped: str) -> str:
    """Wrap `A♠`-style cards in already escaped text with their coloured spans."""

    def swap(match: re.Match[str]) -> str:
        return card_html(parse_cards(match.group(0))[0])

    return _CARD_TEXT.sub(swap, escaped)


def _outside_code(markdown: str, change: Any) -> str:
    """Apply `change` to the parts of `markdown` that are not code spans."""
    out: list[str] = []
    last = 0
    for match in _CODE_SPAN.finditer(markdown):
        out.append(change(markdown[last : match.start()]))
        out.append(match.group(0))
        last = match.end()
    out.append(change(markdown[last:]))
    return "".join(out)


def md_cardify(markdown: str) -> str:
    return _outside_code(markdown, cardify)


def inline_md(value: str) -> str:
    """Author text shown literally in a Markdown heading or table cell: nothing is live."""
    return _MD_SPECIAL.sub(r"\\\1", html.escape(value, quote=False))


def _safe_target(target: str) -> bool:
    cleaned = re.sub(r"[\s\x00-\x1f]", "", html.unescape(target)).lower()
    before_slash = cleaned.split("/", 1)[0]
    return ":" not in before_slash or cleaned.startswith(_SAFE_SCHEMES)


def narrative_md(value: str) -> str:
    """A scenario's narrative: Markdown by design, but no raw HTML and no script links."""
    escaped = html.escape(value, quote=False)

    def disarm_inline(match: re.Match[str]) -> str:
        if _safe_target(match.group(1)):
            return match.group(0)
        return "]&#40;" + match.group(0)[2:]

    def disarm_reference(match: re.Match[str]) -> str:
        if _safe_target(match.group(3)):
            return match.group(0)
        return match.group(1) + "\\" + match.group(0)[len(match.group(1)) :]

    escaped = _INLINE_LINK.sub(disarm_inline, escaped)
    escaped = _REFERENCE_DEF.sub(disarm_reference, escaped)
    return md_cardify(escaped)


# ----- executed scenarios --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Executed:
    """A scenario with its compiled case and the passing run it is rendered from."""

    scenario: Scenario
    case: dict[str, Any]
    result: CaseResult


def _explain_html(cards: Sequence[Card], owner: str = "") -> str:
    lines = explain(cards).lines()
    head = (f"{text(owner)}: " if owner else "") + cardify(text(lines[0]))
    rest = "".join(f"<li>{cardify(text(line.strip()))}</li>" for line in lines[1:])
    return f'<div class="explain"><strong>{head}</strong><ul>{rest}</ul></div>'


def _stacks(state: dict[str, Any]) -> str:
    return " · ".join(f"{text(n)} {text(v)}" for n, v in state.get("stacks", {}).items())


def _value_text(value: dict[str, Any] | None) -> str:
    if value is None:
        return "nothing shown"
    size = value["size"]
    name = f"{size}-card {'-'.join(value['ranks'])}"
    return f"{name} (badugi)" if size == 4 else name


def _row(css: str, line: int, who: str, what: str, state: dict[str, Any] | None) -> str:
    pot = text(state.get("pot", "")) if state else ""
    stacks = _stacks(state) if state else ""
    return (
        f'<tr class="{css}"><td class="line">{line}</td><td>{who}</td><td>{what}</td>'
        f"<td>{pot}</td><td>{stacks}</td></tr>"
    )


def _before_award(state: dict[str, Any]) -> dict[str, Any]:
    """The state with the pot not yet paid out: stacks less what was won and returned."""
    result = state["result"]
    stacks = {
        name: amount - result["won"].get(name, 0) - result["returned"].get(name, 0)
        for name, amount in state.get("stacks", {}).items()
    }
    return state | {"stacks": stacks}


def _explain_row(cells: str) -> str:
    return f'<tr class="explain-row"><td></td><td colspan="4">{cells}</td></tr>'


def _checks_html(executed: Executed) -> str:
    steps = executed.case["checks"]
    if not steps:
        return ""
    rows = []
    for step in steps:
        if step["op"] == "evaluate":
            hand = cards_of(step["cards"])
            what = f"{cards_html(hand)} is {text(_value_text(step['value']))}"
            detail = _explain_html(hand)
        else:
            first, second = (cards_of(h) for h in step["hands"])
            verdict = "ties" if step["winner"] == "tie" else "beats"
            what = f"{cards_html(first)} {verdict} {cards_html(second)}"
            detail = _explain_html(first) + _explain_html(second)
        rows.append(
            f'<tr><td class="line">{step["line"]}</td><td>{what} ✔</td><td>{detail}</td></tr>'
        )
    return (
        '<table class="badugi-checks"><thead><tr><th>Line</th><th>Checked</th>'
        "<th>Why (the evaluator's explanation)</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )


def _result_html(state: dict[str, Any]) -> str:
    result = state["result"]
    winners = result["winners"]
    won = result["won"]
    if len(winners) > 1:
        head = f"Split pot: {', '.join(text(w) for w in winners)} get {text(won[winners[0]])} each"
    else:
        head = f"{text(winners[0])} wins {text(won[winners[0]])}"
    head += " at showdown" if result["ended_by"] == "showdown" else " by a fold"
    returned = [f"{text(n)} gets back {text(v)}" for n, v in result["returned"].items() if v]
    parts = [f'<p class="result"><strong>Result: {head}.</strong>']
    if returned:
        parts.append(" " + "; ".join(returned) + ".")
    parts.append(f" Stacks after the hand: {_stacks(state)}.</p>")
    if result["ended_by"] == "showdown":
        for name, shown in result["shown"].items():
            if shown is None:
                continue
            hand = cards_of(state["hands"][name])
            parts.append(
                f'<p class="showdown">{text(name)} shows {cards_html(hand)}: '
                f"{text(_value_text(shown))}</p>{_explain_html(hand)}"
            )
    session = state.get("session", {})
    if session.get("over"):
        winner = session.get("winner")
        parts.append(
            f'<p class="result"><strong>The session is over: '
            f"{text(winner) + ' wins' if winner else 'drawn'}"
            f"{' (' + text(session['reason']) + ')' if session.get('reason') else ''}"
            "</strong></p>"
        )
    return "".join(parts)


def _act_what(step: dict[str, Any], before: dict[str, Any], after: dict[str, Any]) -> str:
    player = step["player"]
    if step["action"] == "draw":
        thrown = cards_of(step.get("discards", []))
        if not thrown:
            value = after.get("values", {}).get(player)
            return f"stands pat, keeping {text(_value_text(value))}"
        old = set(before.get("hands", {}).get(player, []))
        came = [c for c in after.get("hands", {}).get(player, []) if c not in old]
        return f"throws {cards_html(thrown)}, draws {cards_html(cards_of(came))}"
    said = str(step["source"]).removeprefix(player).strip()
    return cardify(text(said))


def _hand_html(executed: Executed, hand: dict[str, Any], rows: list[TraceRow]) -> str:
    # The button as the session moved it: past empty seats after a bust (R8.23).
    button = ((rows[0].state or {}).get("session") or {}).get("dealer") if rows else None
    number, dealer = hand["number"], text(button or hand["dealer"])
    out = [f'<p class="hand-head"><strong>Hand {number}</strong>, dealer {dealer}.']
    deal, steps = rows[0], rows[1:]
    if not deal.ok:
        out.append(
            f" The deal is refused: <code>{text(hand['reject_deal'])}</code>"
            f" ({text(deal.detail)}).</p>"
        )
        return "".join(out)
    out.append("</p>")
    state = deal.state or {}
    table = [
        '<table class="badugi-steps"><thead><tr><th>Line</th><th>Who</th><th>What</th>'
        "<th>Pot</th><th>Stacks</th></tr></thead><tbody>"
    ]
    # A player without chips sits out and holds no cards (R8.2).
    held_at_deal = [(name, cards) for name, cards in state["hands"].items() if cards]
    dealt = " / ".join(
        f"{text(name)} {cards_html(cards_of(cards))}" for name, cards in held_at_deal
    )
    table.append(_row("deal", deal.line, "deal", f"blinds in; {dealt}", state))
    table.append(_explain_row("".join(_explain_html(cards_of(c), n) for n, c in held_at_deal)))
    ended: dict[str, Any] | None = None
    for step, row in zip(hand["steps"], steps, strict=True):
        op = step["op"]
        if op == "act":
            after = row.state or {}
            what = _act_what(step, state, after)
            shown = after
            if after.get("result") is not None and state.get("result") is None:
                # The action that ends the hand: its row shows the table before the pot is
                # awarded; the Result line below gives the stacks after it.
                shown = _before_award(after)
            table.append(_row("act", row.line, text(step["player"]), what, shown))
            if step["action"] == "draw" and step.get("discards"):
                held = cards_of(after["hands"][step["player"]])
                table.append(_explain_row(_explain_html(held, step["player"])))
            state = after
        elif op == "expect":
            what = f"✔ checked: {cardify(text(step['source']))}"
            table.append(_row("check", row.line, "", what, None))
        elif op == "reject":
            tried = str(step["source"]).removeprefix("reject ").rsplit(" with ", 1)[0]
            tried = tried.removeprefix(f"{step['player']} ")
            rule, _, reason = row.detail.partition(f" {step['code']}: ")
            why = f"{text(rule)}: {cardify(text(reason))}" if reason else cardify(text(row.detail))
            what = (
                f"tries <em>{cardify(text(tried))}</em>, refused:"
                f" <code>{text(step['code'])}</code> ({why})"
            )
            table.append(_row("reject", row.line, text(step["player"]), what, None))
        else:
            table.append(_row("note", row.line, "", f"<em>{cardify(text(row.source))}</em>", None))
        if ended is None and state.get("result") is not None:
            ended = state
    table.append("</tbody></table>")
    out.extend(table)
    if ended is not None:
        out.append(_result_html(ended))
    return "".join(out)


def scenario_md(executed: Executed, *, rule_link: Any, level: int = 3) -> str:
    """The whole worked example as Markdown (with raw HTML blocks for the tables)."""
    scenario, case, result = executed.scenario, executed.case, executed.result
    rules = " ".join(rule_link(rule_id) for rule_id in scenario.rules)
    tags = " ".join(f"`{tag}`" for tag in scenario.tags)
    parts = [
        f"{'#' * level} {inline_md(scenario.title)} {{#{scenario.id}}}",
        "",
        f"Scenario `{scenario.id}` · rules {rules}" + (f" · tags {tags}" if tags else ""),
        "",
    ]
    if scenario.text:
        parts += [link_rules(narrative_md(scenario.text), rule_link), ""]
    checks = _checks_html(executed)
    if checks:
        parts += [checks, ""]
    if case["hands"]:
        seats = ", ".join(
            f"{text(p['name'])} {p['stack']}"
            + (" (first dealer)" if p["name"] == case["first_dealer"] else "")
            for p in case["players"]
        )
        parts += [f'<p class="players">Players: {seats}.</p>', ""]
        hand_rows = result.trace[len(case["checks"]) :]
        position = 0
        for hand in case["hands"]:
            count = 1 if hand.get("reject_deal") else 1 + len(hand["steps"])
            parts += [_hand_html(executed, hand, hand_rows[position : position + count]), ""]
            position += count
    fence = "`" * max(3, 1 + max((len(m) for m in re.findall(r"`+", scenario.source)), default=0))
    source = "\n".join(f"    {line}" if line else "" for line in scenario.source.splitlines())
    parts += [
        '??? example "Scenario source"',
        "",
        f"    {fence}badugi",
        source,
        f"    {fence}",
        "",
    ]
    return "\n".join(parts)


def link_rules(markdown: str, rule_link: Any) -> str:
    """Turn rule IDs in rulebook prose into links, leaving code spans alone."""

    def change(part: str) -> str:
        return RULE_REF.sub(lambda m: str(rule_link(m.group(1))), part)

    return _outside_code(markdown, change)
