"""Cards and escaping. What a scenario author wrote reaches the page through one of three
doors: `text` (HTML-escaped), `inline_md` (also Markdown-escaped: headings, table cells) or
`narrative_md` (Markdown kept, raw HTML escaped, unsafe link targets disarmed).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from typing import Any, Final

from badugi_spec.cards import Card, parse_cards

_CARD_TEXT: Final = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9JQKA])([♠♥♦♣])(?![\w♠♥♦♣])")
_MD_SPECIAL: Final = re.compile(r"([\\`*_{}\[\]()#+\-.!|~])")
_CODE_SPAN: Final = re.compile(r"(`+)(?:.|\n)*?\1")
_INLINE_LINK: Final = re.compile(r"\]\(\s*<?([^)\s>]*)")
_REFERENCE_DEF: Final = re.compile(r"^( {0,3})\[([^\]\n]+)\]:[ \t]*<?(\S*)", re.MULTILINE)
_SAFE_SCHEMES: Final = ("http:", "https:", "mailto:")
RULE_REF: Final = re.compile(r"(?<![\w.#\[/-])((?:R\d+\.\d+)|(?:F\d+))(?![\w.]*\])\b")


RuleLink = Callable[[str], str]
"""A rule ID to its Markdown link on the site (`chapters.rule_link`), as a page is given it."""


def text(value: object) -> str:
    """Plain text for an HTML context."""
    return html.escape(str(value), quote=True)


SUIT_CLASS: Final = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
"""A four-colour deck: each suit its own colour, so a suit clash shows at a glance."""


def card_html(card: Card, *, css: str = "") -> str:
    classes = f"card {SUIT_CLASS[card.suit.value]}" + (f" {css}" if css else "")
    title = ' title="does not play"' if css == "off" else ""
    return f'<span class="{classes}"{title}>{text(card.pretty())}</span>'


def cards_html(cards: Iterable[Card], *, css: str = "") -> str:
    return " ".join(card_html(card, css=css) for card in cards)


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
    # The site turns on attr_list: `{: onmouseover=...}` would set any attribute. A brace
    # outside code is shown as an entity, so no attribute list is ever read from a story.
    escaped = _outside_code(escaped, lambda part: part.replace("{", "&#123;"))
    return md_cardify(escaped)


def link_rules(markdown: str, rule_link: RuleLink) -> str:
    """Turn rule IDs in rulebook prose into links, leaving code spans alone."""

    def change(part: str) -> str:
        return RULE_REF.sub(lambda m: rule_link(m.group(1)), part)

    return _outside_code(markdown, change)
