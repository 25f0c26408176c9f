"""The parts of a page that load when the reader opens them: hands step by step and
scenario sources.

A rule's further examples and every scenario's source are folded away; drawn into the page
they were two thirds of the site (a chapter page of 2 MB), and most readers never open
them. So each is a small HTML file of its own (`examples/<id>.html`, `sources/<id>.html`)
and the page holds a fold with a link to it, which `javascripts/site.js` fills when it is
opened (without scripts the link opens the file). The search reads the page: the stories
are found, the trace rows are not. A build's fragments are collected here as the pages are
drawn (`take` hands them to the hook).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from .cache import Memo, code_key, digest
from .templating import html, render

EXAMPLES: Final = "examples"
SOURCES: Final = "sources"

SLOT: Final = "slot:"
_MADE: list[dict[str, str]] = [{}]
"""The fragments being drawn, by path under `generated/`: the build's, and on top of it
those of each `drawn` piece under way."""
HIGHLIGHTED: Final = Memo("highlighted", keep=4000)
DRAWN: Final = Memo("drawn")


def add(path: str, html: str) -> None:
    _MADE[-1][path] = html if path.startswith(SLOT) else _document(html)


def _document(body: str) -> str:
    """A fragment as a page of its own, for a reader without scripts (the script takes
    only its body): its encoding said, whatever the server sends."""
    return render("fragment/page.html", body=html(body))


def slot(name: str, html: str) -> str:
    """A place in a page's Markdown for `html`, filled after Markdown and the search have
    read the page (`hook.on_page_context`): neither needs a hand's tables, once most of a
    rebuild's time."""
    add(SLOT + name, html)
    return f"<!-- badugi-slot:{name} -->"


SLOT_MARK: Final = re.compile(r"<!-- badugi-slot:([\w.-]+) -->")


def fill_slots(html: str, slots: dict[str, str]) -> str:
    """`html` with each slot mark replaced by its content (an unknown one left as is)."""
    return SLOT_MARK.sub(lambda m: slots.get(m.group(1), m.group(0)), html)


def take() -> tuple[dict[str, str], dict[str, str]]:
    """The fragments (by path) and the slots (by name) drawn since the last call."""
    made = dict(_MADE[0])
    _MADE[:] = [{}]
    files = {path: html for path, html in made.items() if not path.startswith(SLOT)}
    slots = {path[len(SLOT) :]: html for path, html in made.items() if path.startswith(SLOT)}
    return files, slots


def drawn(key: str, draw: Callable[[], str]) -> str:
    """`draw()`, or what it gave before under `key`, with the fragments it made."""

    def make() -> tuple[str, dict[str, str]]:
        _MADE.append({})
        try:
            return draw(), _MADE[-1]
        finally:
            made = _MADE.pop()
            _MADE[-1].update(made)

    piece, made = DRAWN.get(key, make)
    _MADE[-1].update(made)
    return piece


def href(path: str) -> str:
    """A fragment's URL from a generated page (`generated/<page>/`), as raw HTML needs it:
    MkDocs rewrites no link inside raw HTML."""
    return f"../{path}"


def lazy(path: str, summary: str, *, css: str) -> str:
    """A fold whose content is the fragment at `path` (already `add`ed), loaded when it is
    opened; its URL carries a digest of the content, so a browser's old copy is not used."""
    made = next((layer[path] for layer in reversed(_MADE) if path in layer), "")
    url = f"{href(path)}?v={digest(made)[:10]}"
    return render("fragment/fold.html", css=css, url=url, summary=summary)


def source_fold(scenario_id: str, source: str, file_name: str) -> str:
    """The scenario's source, highlighted, as a fold of the page."""
    path = f"{SOURCES}/{scenario_id}.html"
    add(path, highlighted(source))
    return lazy(path, f"Scenario source: {file_name}", css="example scenario-source")


def highlighted(source: str) -> str:
    def make() -> str:
        from badugi_spec.editors.lexer import highlight_html

        return render("fragment/source.html", code=html(highlight_html(source)))

    return HIGHLIGHTED.get(digest(code_key(), source), make)
