"""A line to the install page under the title of every page that gives a `badugi-spec`
command to run: put in by the hook (`on_page_content`), not written into each page.

Only a code block counts, where a page gives a command to type. A command named in running
text does not: the pages that run in the browser (play, playground, try) name it so, and a
line telling their reader to install a tool they do not need was wrong (issue 38, item 4).
"""

from __future__ import annotations

import html as html_lib
import re
from typing import Final

from .templating import data, render

COMMANDS: Final[list[str]] = data("site")["commands"]
"""The subcommands of `badugi_spec.cli` (`data/site.toml`): the package's name alone is none."""
_TAGS: Final = re.compile(r"<[^>]*>")
_COMMAND: Final = re.compile(rf"\bbadugi-spec\s+(?:{'|'.join(map(re.escape, COMMANDS))})\b")
_TITLE_END: Final = re.compile(r"</h1>", re.IGNORECASE)
_CODE_BLOCK: Final = re.compile(r"<pre\b.*?</pre>", re.IGNORECASE | re.DOTALL)
NOTE_CLASS: Final = "install-note"


def shows_a_command(page_html: str) -> bool:
    """Whether a code block of the page (tags removed: it is highlighted) holds a command."""
    return any(
        _COMMAND.search(html_lib.unescape(_TAGS.sub("", block)))
        for block in _CODE_BLOCK.findall(page_html)
    )


def add_install_note(page_html: str, *, href: str) -> str:
    """`page_html` with the install line (to `href`) after its title, if it shows a command
    and has no such line yet."""
    if NOTE_CLASS in page_html or not shows_a_command(page_html):
        return page_html
    note = render("site/install-note.html", css=NOTE_CLASS, href=href)
    title = _TITLE_END.search(page_html)
    if title is None:
        return note + page_html
    return page_html[: title.end()] + note + page_html[title.end() :]
