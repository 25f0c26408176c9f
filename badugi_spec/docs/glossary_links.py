"""Each glossary term linked where a page first uses it, in the page's HTML once Markdown
has made it (the hook's `on_page_content`), before the hands' tables are put in and the
search reads it.

Only running text is linked: nothing inside a link, code, a heading (its permalink and the
table of contents would carry the link), a table cell, a card face or `.label` caption, a
button, a form control, a `<summary>`, a script, an SVG, or an element marked
`data-no-glossary` (a lesson's question, where a link would give the answer away). A term
is linked once a page, under any of its forms, matched as whole words in any case, longest
first (`half-pot limit` before `pot limit`); not one marked `link = false` in
data/glossary.toml (`bet`, `call`: nearly every sentence has one).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from .learn import Term, glossary
from .templating import data, html, render

# Where a link must not go (`data/site.toml`). Void elements never enter the stack of open
# elements.
_SKIPPED: Final = frozenset(data("site")["unlinked_tags"])
_VOID: Final = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)
_TOKEN: Final = re.compile(r"(<!--.*?-->|<[^>]*>)", re.DOTALL)
_TAG: Final = re.compile(r"<\s*(/?)\s*([a-zA-Z][a-zA-Z0-9-]*)([^>]*?)(/?)\s*>", re.DOTALL)
_CLASS: Final = re.compile(r"""class\s*=\s*["']([^"']*)["']""")
_SKIPPED_CLASSES: Final = frozenset({"card", "label"})
"""A card face, and a short caption over a picture (the home page's "draw one card")."""


@dataclass(frozen=True, slots=True)
class _Linker:
    pattern: re.Pattern[str]
    by_form: dict[str, Term]


@lru_cache(maxsize=1)
def _linker() -> _Linker:
    terms = [t for t in glossary() if t.link]
    by_form = {form.lower(): term for term in terms for form in term.forms}
    forms = sorted(by_form, key=len, reverse=True)
    # Whole words: no letter, digit or hyphen on either side, so `pot limit` is not found
    # inside `pot-limited` and `2-7` not inside `R2-7`.
    alternatives = "|".join(re.escape(f) for f in forms)
    pattern = re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)
    return _Linker(pattern, by_form)


def _title(term: Term) -> str:
    """The tooltip: the meaning's first sentence."""
    first = term.meaning.split(". ")[0].rstrip(".")
    return f"{term.word}: {first}."


def _skips(name: str, attributes: str) -> bool:
    if name in _SKIPPED or "data-no-glossary" in attributes:
        return True
    found = _CLASS.search(attributes)
    return found is not None and not _SKIPPED_CLASSES.isdisjoint(found.group(1).split())


def link_terms(page_html: str, *, href: str, only: Sequence[str] = ()) -> str:
    """`page_html` with each term linked at its first use to `href#anchor` (`href`: the
    glossary page, relative to this one); `only` limits the terms to those anchors."""
    linker = _linker()
    used: set[str] = set()
    wanted = set(only)
    open_elements: list[tuple[str, bool]] = []  # (name, skipped)
    skipping = 0

    def link(match: re.Match[str]) -> str:
        term = linker.by_form[match.group(0).lower()]
        if term.anchor in used or (wanted and term.anchor not in wanted):
            return match.group(0)
        used.add(term.anchor)
        return render(
            "site/glossary-link.html",
            href=href,
            anchor=term.anchor,
            title=_title(term),
            text=html(match.group(0)),  # the page's own text, escaped already
        )

    out: list[str] = []
    for piece in _TOKEN.split(page_html):
        if not piece:
            continue
        if piece.startswith("<"):
            out.append(piece)
            tag = _TAG.fullmatch(piece)
            if tag is None:
                continue  # a comment, a doctype
            closing, name, attributes, self_closing = tag.groups()
            name = name.lower()
            if closing:
                # Close up to the matching element; stray closers change nothing.
                for depth in range(len(open_elements) - 1, -1, -1):
                    if open_elements[depth][0] == name:
                        skipping -= sum(1 for _, s in open_elements[depth:] if s)
                        del open_elements[depth:]
                        break
            elif name not in _VOID and not self_closing:
                skipped = _skips(name, attributes)
                open_elements.append((name, skipped))
                skipping += skipped
            continue
        out.append(piece if skipping else linker.pattern.sub(link, piece))
    return "".join(out)
