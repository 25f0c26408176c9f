"""The engine in the page: what the site's Pyodide pages call (`docs/play/`, `docs/playground/`).

`play` drives the trainer's own session for the *Play in the page* page, and `table` gives
that page the replayer's frames of the hands in play, other seats' cards face down, for
its table; `playground`
parses and runs a scenario text as `badugi-spec check` does and draws the result as the
generated pages do. Both answer in plain JSON-ready dicts, so the page's JavaScript needs
no knowledge of Python objects. `pyodide_build` puts the runtime and the wheels under the
built site, from `site_hook`, the MkDocs hook that runs after the docs' own; `pyodide_start`
prepares the engine's start there (bytecode, and a memory snapshot the page restores);
the hook starts both beside the docs' drawing of the pages, and gives each page's Markdown
conversion `render_cache`, which `mkdocs serve` reuses while a page's input is unchanged.

It may use the docs (it draws with their hand tables), `replays` (the replayer's frames),
the trainer and every layer below them; nothing in the package imports it, only the page and
MkDocs do.
"""

from badugi_spec import __version__

__all__ = ["__version__"]
