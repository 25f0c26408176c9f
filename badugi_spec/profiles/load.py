"""Profiles as TOML files in `rules/profiles/`, read with the standard library (R8.1).

A file names its parameters by section (`[betting] cap = 4`); `extends = "house"` starts
from another profile and overrides a few values. Every error names the file, the line
and the key, and cites the rule that explains the parameter.

Nothing is read until a profile is asked for: the command line is built without them, so
a broken file costs only the commands that use that profile.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any, Final

from badugi_spec.digits import whole
from badugi_spec.profiles.model import (
    HEADER,
    PARAMETERS,
    Param,
    Profile,
    ProfileError,
    shown,
    value_problems,
)

DEFAULT: Final = "house"
_SECTIONS: Final = frozenset(p.section for p in PARAMETERS.values())
_UNORDERED: Final = 10**6
"""The sort place of a file whose chapter cannot be read: after every chapter."""
_TOML_PLACE: Final = re.compile(r"\(at line (?P<line>[0-9]+), column (?P<column>[0-9]+)\)")


def profile_dir() -> Path:
    """The shipped profile files (the rulebook travels in the wheel as `rulebook/`)."""
    return Path(str(resources.files("badugi_spec").joinpath("rulebook", "profiles")))


@functools.cache
def _files() -> dict[str, Path]:
    return {path.stem: path for path in sorted(profile_dir().glob("*.toml"))}


@functools.cache
def names() -> tuple[str, ...]:
    """The shipped profiles in rulebook order (by chapter), the default first.

    Only each file's `chapter` is read, never the profile: a broken file must not hide the
    others, and the message for an unknown name lists these, so listing them must not load
    the file that failed (it did, and looped until RecursionError).
    """
    return tuple(sorted(_files(), key=lambda name: (name != DEFAULT, _chapter_number(name), name)))


def _chapter_number(name: str) -> int:
    try:
        chapter = tomllib.loads(_files()[name].read_text("utf-8")).get("chapter")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):
        return _UNORDERED  # reported, with its place, when the profile itself is asked for
    number = whole(chapter.removeprefix("R")) if isinstance(chapter, str) else None
    return _UNORDERED if number is None else number


def reset() -> None:
    """Forget what was read, for a test that points `profile_dir` elsewhere."""
    for cached in (_files, names, get):
        cached.cache_clear()


@functools.cache
def get(name: str = DEFAULT) -> Profile:
    """A shipped profile by name, with its `extends` chain resolved."""
    return _load(name, ())


def _known() -> str:
    return f"the profiles are {', '.join(names())}"


def _load(name: str, chain: tuple[str, ...]) -> Profile:
    files = _files()
    if name not in files:
        raise ProfileError(f"unknown profile {name!r:.60}; {_known()}")
    path = files[name]
    where = _display(path)
    try:
        text = path.read_text("utf-8")
    except UnicodeDecodeError:
        raise ProfileError(f"{where}: not UTF-8 text (R8.1)") from None
    except OSError as error:
        raise ProfileError(f"{where}: cannot be read: {error.strerror or error}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        place = _TOML_PLACE.search(str(error))
        at = f"{where}:{place['line']}:{place['column']}" if place else where
        reason = _TOML_PLACE.sub("", str(error)).strip()
        raise ProfileError(f"{at}: not valid TOML: {reason} (R8.1)") from None
    except (ValueError, RecursionError) as error:  # an integer of 4,300 digits, deep nesting
        raise ProfileError(f"{where}: not TOML this reader takes: {error} (R8.1)") from None
    if isinstance(data.get("name"), str) and data["name"] != name:
        raise ProfileError(
            f"{_place(where, text, 'name')}: the profile in {path.name} is named"
            f" {data['name']!r:.60}; a profile's name is its file's, {name!r} (R8.1)"
        )

    def base(parent: str) -> Profile:
        at = _place(where, text, "extends")
        if parent not in files:
            raise ProfileError(f"{at}: extends {parent!r:.60}, which is no profile; {_known()}")
        if parent in (*chain, name):
            loop = " -> ".join((*chain, name, parent))
            raise ProfileError(f"{at}: profiles extend each other in a loop: {loop} (R8.1)")
        return _load(parent, (*chain, name))

    return from_mapping(data, where=where, resolve=base, text=text)


def _display(path: Path) -> str:
    """The file as a user can find it: relative to the working folder when inside it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _place(where: str, text: str | None, key: str, section: str | None = None) -> str:
    """`where:LINE`, the line that sets `key` (in `[section]`), or `where` if not found."""
    if text is None:
        return where
    pattern = re.compile(rf"^\s*['\"]?{re.escape(key)}['\"]?\s*=")
    current: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        header = re.match(r"^\s*\[\s*([^\]]*?)\s*\]", line)
        if header:
            current = header.group(1).strip("'\"")
        elif current == section and pattern.match(line):
            return f"{where}:{number}"
    return where


def from_mapping(
    data: dict[str, Any],
    *,
    where: str,
    resolve: Callable[[str], Profile] | None = None,
    base: Profile | None = None,
    text: str | None = None,
) -> Profile:
    """A profile from parsed TOML (sections of parameters), checked key by key.

    `resolve(name)` loads the profile named by `extends`; `base` is used when there is none.
    `text`, the file itself, lets each message give the line of the key at fault.
    """
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key in HEADER:
            if not isinstance(value, str):
                at = _place(where, text, key)
                raise ProfileError(f"{at}: {key} must be text, not {shown(value)} (R8.1)")
            values[key] = value
        elif key in _SECTIONS:
            if not isinstance(value, dict):
                at = _place(where, text, key)
                raise ProfileError(f"{at}: [{key}] must be a table of parameters (R8.1)")
            for name, item in value.items():
                values[name] = _parameter(key, name, item, where=_place(where, text, name, key))
        else:
            at = _place(where, text, key)
            raise ProfileError(f"{at}: unknown key {shown(key)}{_hint(key)}")
    if "name" not in values:
        raise ProfileError(f"{where}: a profile needs a name (R8.1)")
    extends = values.get("extends")
    start = resolve(extends) if extends and resolve is not None else base or Profile()
    try:
        return start.replace(**values)
    except ProfileError as error:
        raise ProfileError(f"{where}: {error}") from None


def _parameter(section: str, name: str, item: object, *, where: str) -> object:
    """One parameter of a `[section]` table, checked on its own so the message has its line."""
    param = PARAMETERS.get(name)
    if param is None or param.section != section:
        raise ProfileError(f"{where}: [{section}] has no parameter {shown(name)}{_hint(name)}")
    value = tuple(item) if isinstance(item, list) else item
    problems = value_problems(param, value)
    if problems:
        raise ProfileError(f"{where}: [{section}] {problems[0]}")
    return value


def _hint(key: str) -> str:
    for param in PARAMETERS.values():
        if param.name == key:
            return f" (it belongs in [{param.section}])"
    return ""


def parse_override(profile: Profile, key: str, text: str) -> Profile:
    """`profile` with one parameter set from its text form (`cap=5`, `reshuffle=discards,burns`)."""
    return profile.replace(**{key: override_value(key, text)})


def override_value(key: str, text: str) -> object:
    """One parameter's value from its text form, checked for its type but not against the
    other parameters: a `profile` line sets several at once, then checks the whole.

    Numbers are the digits 0 to 9 only (see `badugi_spec.digits`)."""
    param = PARAMETERS.get(key)
    if param is None:
        raise ProfileError(f"no profile parameter {shown(key)}; see `badugi-spec profiles show`")
    value: object
    if param.kind is bool:
        if text not in ("true", "false"):
            raise ProfileError(f"{key} is true or false, not {shown(text)} ({param.rule})")
        value = text == "true"
    elif param.kind is int:
        value = whole(text)
        if value is None:
            raise ProfileError(f"{key} is a whole number, not {shown(text)}{_digits(param, text)}")
    elif param.kind is tuple:
        items = text.split(",") if text != "none" else []
        if "" in items:
            raise ProfileError(f"{key}: an empty item in {shown(text)} ({param.rule})")
        value = tuple(items) if param.choices else tuple(_int_item(param, i) for i in items)
    else:
        value = text
    problems = value_problems(param, value)
    if problems:
        raise ProfileError("; ".join(problems))
    return value


def _digits(param: Param, text: str) -> str:
    """The end of a number's refusal: the rule, and why `٤` or `²` is not a digit here."""
    other = any(char.isdigit() or char.isnumeric() for char in text)
    return f" (the digits 0 to 9 only; {param.rule})" if other else f" ({param.rule})"


def _int_item(param: Param, text: str) -> int:
    value = whole(text)
    if value is None:
        raise ProfileError(
            f"{param.name}: {shown(text)} is not a whole number{_digits(param, text)}"
        )
    return value


def from_json(data: object) -> Profile:
    """A profile from its protocol form (`profile.json`): its name and every parameter (R8.1).

    Nothing is filled in. A missing parameter is refused, as the schema refuses it: taking
    the house value played `{"name": "badeucy"}` as the house game with four cards. A
    protocol 1 case, which has no profile at all, is the house game (its callers' choice).
    """
    if not isinstance(data, dict):
        raise ProfileError(f"a profile is an object of parameters, not {shown(data)} (R8.1)")
    for key in data:
        if key != "name" and key not in PARAMETERS:
            why = (
                ": a case's profile carries every parameter, not a file's header"
                if key in HEADER
                else ""
            )
            raise ProfileError(f"profile: no parameter {shown(key)}{why} (profile.json, R8.1)")
    name = data.get("name")
    if "name" in data and (not isinstance(name, str) or not name):
        raise ProfileError(f"profile.name must be text, not {shown(name)} (R8.1)")
    missing = [key for key in ("name", *PARAMETERS) if key not in data]
    if missing or not isinstance(name, str):
        more = f" and {len(missing) - 3} more" if len(missing) > 3 else ""
        raise ProfileError(
            f"profile: {', '.join(map(repr, missing[:3]))}{more} missing: a case's profile"
            " gives every parameter, none is taken from the house game (profile.json, R8.1)"
        )
    values: dict[str, Any] = {}
    for key, param in PARAMETERS.items():
        value = data[key]
        value = tuple(value) if isinstance(value, list) else value
        problems = value_problems(param, value)
        if problems:
            raise ProfileError(f"profile.{problems[0]}")
        values[key] = value
    return Profile(name=name, title=name, chapter="", **values)
