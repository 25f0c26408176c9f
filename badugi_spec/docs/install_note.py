"""A line under the title of every page that gives a `badugi-spec` command to run, linking
to the install page.

A learner who is told to run `badugi-spec play` needs to know where the command comes
from. Rather than a sentence written into each page (and forgotten on the next one), the
hook's `on_page_content` looks for a command in the page's code blocks and puts the line in:
hand-written and generated pages alike, and a page that gains one gains the line.

Only a code block counts: that is where a page gives a command to type. A command named in
passing in running text ("the same session as `badugi-spec play` at a terminal") does not:
the pages that run in the browser (play, playground, try) name the command that way, and a
line telling their reader to install a tool they do not need was wrong (issue 38, item 4).
"""

from __future__ import annotations

import html as html_lib
import re
from typing import Final

from .templating import data, render

COMMANDS: Final[list[str]] = data("site")["commands"]
"""The subcommands of `badugi_spec.cli` (`data/site.toml`): a page that names one after
`badugi-spec` shows a command (the package's name alone does not)."""
_TAGS: Final = re.compile(r"<[^>]*>")
_COMMAND: Final = re.compile(rf"\bbadugi-spec\s+(?:{'|'.join(map(re.escape, COMMANDS))})\b")
_TITLE_END: Final = re.compile(r"</h1>", re.IGNORECASE)
_CODE_BLOCK: Final = re.compile(r"<pre\b.*?</pre>", re.IGNORECASE | re.DOTALL)
NOTE_CLASS: Final = "install-note"


def shows_a_command(page_html: str) -> bool:
    """Whether one of the page's code blocks (tags removed: code is highlighted token by
    token) holds a `badugi-spec` command."""
    return any(
        _COMMAND.search(html_lib.unescape(_TAGS.sub("", block)))
        for block in _CODE_BLOCK.findall(page_html)
    )


def add_install_note(page_html: str, *, href: str) -> str:
    """`page_html` with the install line after its title, if a code block of it holds a
    command and it has no such line yet; `href` is the install page, relative to this page."""
    if NOTE_CLASS in page_html or not shows_a_command(page_html):
        return page_html
    note = render("site/install-note.html", css=NOTE_CLASS, href=href)
    title = _TITLE_END.search(page_html)
    if title is None:
        return note + page_html
    return page_html[: title.end()] + note + page_html[title.end() :]
