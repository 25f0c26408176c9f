"""The scenario grammar's parser saved between processes (issue 40): loaded when it is the
same grammar, options, Lark and Python; rebuilt when anything differs, when the file is
damaged or could have been written by someone else; never a reason to fail.

Most tests use a small grammar of their own, which builds in milliseconds."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import lark
import pytest

from badugi_spec.scenario import grammar_cache
from badugi_spec.scenario.parser import _parser

ROOT = Path(__file__).resolve().parent.parent
SMALL = 'start: WORD+\n%import common.WORD\n%ignore " "\n'
OPTIONS: dict[str, Any] = {"parser": "lalr", "lexer": "contextual"}


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv(grammar_cache.ENV, str(where))
    return where


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """One entry each time a parser is loaded from a file rather than built."""
    seen: list[object] = []
    real = lark.Lark.load.__func__  # type: ignore[attr-defined]

    def load(cls: type[lark.Lark], f: Any) -> lark.Lark:
        seen.append(f)
        loaded: lark.Lark = real(cls, f)
        return loaded

    monkeypatch.setattr(lark.Lark, "load", classmethod(load))
    return seen


def _words(parser: lark.Lark) -> list[str]:
    return [str(token) for token in parser.parse("to be or not").children]


def test_saved_once_then_loaded(folder: Path, loads: list[object]) -> None:
    built = grammar_cache.parser("small", SMALL, **OPTIONS)
    (saved,) = folder.glob("small-*.lark")
    assert loads == []
    loaded = grammar_cache.parser("small", SMALL, **OPTIONS)
    assert len(loads) == 1
    assert _words(loaded) == _words(built) == ["to", "be", "or", "not"]
    assert list(folder.glob("small-*.lark")) == [saved]
    if os.name != "nt":
        assert saved.stat().st_mode & 0o077 == 0 and folder.stat().st_mode & 0o077 == 0


def test_another_grammar_or_option_is_never_served_the_old_file(
    folder: Path, loads: list[object]
) -> None:
    grammar_cache.parser("small", SMALL, **OPTIONS)
    changed = SMALL.replace("WORD+", "WORD*")
    parser = grammar_cache.parser("small", changed, **OPTIONS)
    assert loads == []
    assert parser.parse("").children == []  # the new grammar's: no words is a sentence
    assert len(list(folder.glob("small-*.lark"))) == 2
    grammar_cache.parser("small", changed, keep_all_tokens=True, **OPTIONS)
    assert loads == []
    assert grammar_cache.key(SMALL, OPTIONS) != grammar_cache.key(SMALL, {**OPTIONS, "x": 1})


def test_a_grammar_importing_its_own_files_is_never_saved(folder: Path) -> None:
    # Its digest would not change with the imported file's text.
    grammar = 'start: WORD+\n%import .words.WORD\n%ignore " "\n'
    (folder.parent / "words.lark").write_text("WORD: /[a-z]+/\n", "utf-8")
    options = {**OPTIONS, "import_paths": [str(folder.parent)]}
    assert _words(grammar_cache.parser("small", grammar, **options)) == ["to", "be", "or", "not"]
    assert not folder.exists()


def test_each_name_keeps_its_latest_files(folder: Path, loads: list[object]) -> None:
    grammar_cache.parser("small-tokens", SMALL, keep_all_tokens=True, **OPTIONS)
    grammars = [f"{SMALL}// version {number}\n" for number in range(6)]
    for number, grammar in enumerate(grammars, start=1):
        grammar_cache.parser("small", grammar, **OPTIONS)
        newest = folder / f"small-{grammar_cache.key(grammar, OPTIONS)}.lark"
        os.utime(newest, ns=(number, number))  # a clear order, whatever the clock's grain
    assert len(list(folder.glob("small-tokens-*.lark"))) == 1  # another name: untouched
    assert len(list(folder.glob("*.lark"))) == 1 + grammar_cache.KEEP
    grammar_cache.parser("small", grammars[-1], **OPTIONS)
    grammar_cache.parser("small", grammars[-grammar_cache.KEEP], **OPTIONS)
    assert len(loads) == 2  # the latest KEEP are there
    grammar_cache.parser("small", grammars[0], **OPTIONS)
    assert len(loads) == 2  # the oldest was dropped


def test_a_damaged_file_is_rebuilt_and_replaced(folder: Path, loads: list[object]) -> None:
    grammar_cache.parser("small", SMALL, **OPTIONS)
    (saved,) = folder.glob("small-*.lark")
    whole = saved.read_bytes()
    saved.write_bytes(whole[: len(whole) // 2])
    assert _words(grammar_cache.parser("small", SMALL, **OPTIONS)) == ["to", "be", "or", "not"]
    assert len(loads) == 1  # tried, failed, built
    assert len(saved.read_bytes()) > len(whole) // 2
    assert _words(grammar_cache.parser("small", SMALL, **OPTIONS)) == ["to", "be", "or", "not"]
    assert len(loads) == 2  # the replaced file loads


@pytest.mark.skipif(os.name == "nt", reason="no owner bits")
def test_a_file_others_could_write_is_not_loaded(folder: Path, loads: list[object]) -> None:
    grammar_cache.parser("small", SMALL, **OPTIONS)
    (saved,) = folder.glob("small-*.lark")
    saved.chmod(0o666)
    grammar_cache.parser("small", SMALL, **OPTIONS)
    assert loads == []
    folder.chmod(0o777)  # nor anything in a folder others can write to
    grammar_cache.parser("small", SMALL, **OPTIONS)
    grammar_cache.parser("small", SMALL, **OPTIONS)
    assert loads == []


def test_no_folder_to_write_is_no_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", "utf-8")
    monkeypatch.setenv(grammar_cache.ENV, str(blocked / "cache"))
    assert _words(grammar_cache.parser("small", SMALL, **OPTIONS)) == ["to", "be", "or", "not"]
    monkeypatch.setenv(grammar_cache.ENV, "off")
    assert grammar_cache.folder() is None
    assert _words(grammar_cache.parser("small", SMALL, **OPTIONS)) == ["to", "be", "or", "not"]
    assert capsys.readouterr() == ("", "")


def test_the_user_cache_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(grammar_cache.ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    if os.name != "nt":
        assert grammar_cache.folder() == tmp_path / "badugi-spec"


def test_the_scenario_grammar_loaded_parses_as_built(folder: Path, loads: list[object]) -> None:
    source = (ROOT / "scenarios" / "03-betting" / "big-blind-option-check.badugi").read_text()
    text = source if source.endswith("\n") else source + "\n"
    grammar = (ROOT / "badugi_spec" / "scenario" / "grammar.lark").read_text("utf-8")
    options: dict[str, Any] = {
        "parser": "lalr",
        "lexer": "contextual",
        "propagate_positions": True,
    }
    built = grammar_cache.parser("parser", grammar, **options)
    loaded = grammar_cache.parser("parser", grammar, **options)
    assert len(loads) == 1
    assert loaded.parse(text) == built.parse(text) == _parser().parse(text)
    assert [t.name for t in loaded.terminals] == [t.name for t in built.terminals]
