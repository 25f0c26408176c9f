"""A line under the title of every page that shows a `badugi-spec` command, linking to
the install page.

A learner who meets `badugi-spec play` on a page needs to know where the command comes
from. Rather than a sentence written into each page (and forgotten on the next one), the
hook's `on_page_content` looks for a command in the page's text and puts the line in:
hand-written and generated pages alike, and a page that gains a command gains the line.
"""

from __future__ import annotations

import html as html_lib
import re
from typing import Final

from .templating import render

# The subcommands of `badugi_spec.cli` (a test keeps the two lists equal): a page that
# names one after `badugi-spec` shows a command (the package's name alone does not).
COMMANDS: Final = (
    "hand",
    "compare",
    "rules",
    "odds",
    "play",
    "bot-sessions",
    "profiles",
    "check",
    "coverage",
    "simulate",
    "serve",
    "verify",
    "suite-lock",
    "board",
    "cases",
    "mutants",
    "fuzz",
    "fuzz-merge",
    "fuzz-mutants",
    "fuzz-self",
    "replay",
    "import",
    "export",
    "fmt",
    "new",
    "lsp",
)
_TAGS: Final = re.compile(r"<[^>]*>")
_COMMAND: Final = re.compile(rf"\bbadugi-spec\s+(?:{'|'.join(map(re.escape, COMMANDS))})\b")
_TITLE_END: Final = re.compile(r"</h1>", re.IGNORECASE)
NOTE_CLASS: Final = "install-note"


def shows_a_command(page_html: str) -> bool:
    """Whether the page's text (tags removed: code is highlighted token by token) shows a
    `badugi-spec` command."""
    return _COMMAND.search(html_lib.unescape(_TAGS.sub("", page_html))) is not None


def add_install_note(page_html: str, *, href: str) -> str:
    """`page_html` with the install line after its title, if it shows a command and has
    no such line yet; `href` is the install page, relative to this page."""
    if NOTE_CLASS in page_html or not shows_a_command(page_html):
        return page_html
    note = render("site/install-note.html", css=NOTE_CLASS, href=href)
    title = _TITLE_END.search(page_html)
    if title is None:
        return note + page_html
    return page_html[: title.end()] + note + page_html[title.end() :]
