"""The implementation protocol, versions 1 and 2: JSON Lines over stdin/stdout.

Another implementation of the rules plugs in as a process that reads one request per line
and writes exactly one response per line (see docs/implementers.md and `schemas/`).
`server` serves any in-process `Implementation`; `client` drives a process from the runner.

It may use the scenario layer and those below it (engine, profiles, rankings, cards);
interop, the mutants and the commands build on it.
"""

from __future__ import annotations

import functools
import json
import os
from importlib import resources
from typing import Any, Final

PROTOCOL_VERSION: Final = 2
"""2 adds rule profiles: `hello` says which profiles the implementation plays, and `start`
carries the case's profile as a full parameter object. A protocol 1 implementation still
plays every house case unchanged."""
PROTOCOLS: Final = (1, 2)
ANY_PROFILE: Final = "any"
"""In a protocol 2 `hello`: the implementation plays any profile given as parameters."""
MAX_LINE_BYTES: Final = 1 << 20
"""A reply longer than this (1 MiB) is an error: no honest state snapshot comes near it."""


def _spin_seconds() -> float:
    chosen = os.environ.get("BADUGI_SPIN_SECONDS")
    if chosen is not None:
        try:
            return max(0.0, float(chosen))
        except ValueError:
            pass  # not a number: the default below
    affinity = getattr(os, "sched_getaffinity", None)
    cpus = len(affinity(0)) if affinity is not None else (os.cpu_count() or 1)
    return 0.0003 if cpus > 1 else 0.0


SPIN_SECONDS: Final = _spin_seconds()
"""How long each end of the pipe, `verify`'s client and `serve`, looks for the other's
next line in a busy loop before it sleeps.

Waking a process that sleeps on a pipe costs 100-300 us on these virtual machines, more
than our server takes to answer a value request (about 100 us), and the suite makes some
17,000 requests: the busy loop took a round trip from about 350 us to about 150 us. It
costs at most this much CPU a request when the other end is slow, and it is off (0) on
one CPU, where it would only keep the other end from running. `BADUGI_SPIN_SECONDS` sets
it (`make test` sets 0: its tens of thousands of requests are CPU the budget counts, and
the wall time of a test does not matter as much as a user's run)."""

SPIN_LINES: Final = 2
"""The most requests written at once after which either end still looks for the other's
next line in the busy loop. A client that sends more at once (a fuzzed trial's dozens,
pipelined) waits milliseconds for their replies, and then takes milliseconds to make its
next batch: a loop on either side only burnt CPU, once or more a batch."""

REQUEST_TYPES: Final = ("hello", "start", "deal", "act", "evaluate", "compare", "bye")
CAPABILITIES: Final = ("evaluate", "compare", "play")

NOT_SUPPORTED: Final = "not-supported"
"""The implementation cannot do this: the case is skipped with the message as the reason."""
INTERNAL: Final = "internal"
"""The implementation failed: the case is errored."""
BAD_REQUEST: Final = "bad-request"
"""The request does not follow the protocol (a bug in the client, or a version mismatch)."""


def schema(name: str) -> dict[str, Any]:
    """One of the shipped JSON Schemas: `request`, `response`, `state` or `case`.

    A fresh copy each call, so a caller may change it."""
    loaded: dict[str, Any] = json.loads(_schema_text(name))
    return loaded


@functools.cache
def _schema_text(name: str) -> str:
    return resources.files(__package__).joinpath("schemas", f"{name}.json").read_text("utf-8")


@functools.cache
def _shared_schema(name: str) -> dict[str, Any]:
    """The schema `validate` reads, parsed once: reading the file for every request and
    every `$ref` made validating the suite's 16,700 requests take a minute."""
    return schema(name)


_TYPES: Final[dict[str, tuple[type, ...]]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}


def _is(instance: object, kind: str) -> bool:
    if isinstance(instance, bool) and kind in ("integer", "number"):
        return False
    return isinstance(instance, _TYPES[kind])


def validate(instance: object, name: str, *, where: str = "$") -> list[str]:
    """Problems with `instance` against shipped schema `name` (empty: valid).

    Only the part of JSON Schema the shipped schemas use: type, const, enum, properties,
    required, additionalProperties, items, min/maxItems, minimum, maximum, pattern,
    oneOf, anyOf and $ref within and between the shipped files. `where` names the
    instance in the messages (`$`, or the request field it came in).
    """
    return _check(instance, _shared_schema(name), root=name, where=where)


def conforms(instance: object, shape: dict[str, Any], *, where: str = "$") -> list[str]:
    """`validate` against a schema given as data rather than a shipped file (with no `$ref`
    to one): the shape of a data file of the project's own, such as the benchmark figures
    the docs' Performance page reads."""
    return _check(instance, shape, root="", where=where)


def _resolve(ref: str, root: str) -> tuple[dict[str, Any], str]:
    file, _, pointer = ref.partition("#")
    root = file.removesuffix(".json") or root
    node: Any = _shared_schema(root)
    for part in filter(None, pointer.split("/")):
        node = node[part]
    return node, root


def _check(instance: object, node: dict[str, Any], *, root: str, where: str) -> list[str]:
    import re

    if "$ref" in node:
        target, target_root = _resolve(node["$ref"], root)
        return _check(instance, target, root=target_root, where=where)
    problems: list[str] = []
    kinds = node.get("type")
    if kinds is not None:
        allowed = [kinds] if isinstance(kinds, str) else kinds
        if not any(_is(instance, kind) for kind in allowed):
            return [f"{where}: {instance!r:.60} is not {' or '.join(allowed)}"]
    if "const" in node and instance != node["const"]:
        problems.append(f"{where}: {instance!r:.60} is not {node['const']!r}")
    if "enum" in node and instance not in node["enum"]:
        problems.append(f"{where}: {instance!r:.60} is not one of {node['enum']}")
    if isinstance(instance, str) and "pattern" in node and not re.search(node["pattern"], instance):
        problems.append(f"{where}: {instance!r} does not match {node['pattern']}")
    if _is(instance, "number"):
        number: float = instance  # type: ignore[assignment]
        if "minimum" in node and number < node["minimum"]:
            problems.append(f"{where}: {number} < {node['minimum']}")
        if "maximum" in node and number > node["maximum"]:
            problems.append(f"{where}: {number} > {node['maximum']}")
    if isinstance(instance, list):
        if len(instance) < node.get("minItems", 0):
            problems.append(f"{where}: fewer than {node['minItems']} items")
        if "maxItems" in node and len(instance) > node["maxItems"]:
            problems.append(f"{where}: more than {node['maxItems']} items")
        if "items" in node:
            for i, item in enumerate(instance):
                problems += _check(item, node["items"], root=root, where=f"{where}[{i}]")
    if isinstance(instance, dict):
        properties: dict[str, Any] = node.get("properties", {})
        problems += [
            f"{where}: {key!r} missing" for key in node.get("required", ()) if key not in instance
        ]
        extra = node.get("additionalProperties", True)
        for key, item in instance.items():
            if key in properties:
                problems += _check(item, properties[key], root=root, where=f"{where}.{key}")
            elif extra is False:
                problems.append(f"{where}: unexpected {key!r}")
            elif isinstance(extra, dict):
                problems += _check(item, extra, root=root, where=f"{where}.{key}")
    for keyword in ("oneOf", "anyOf"):
        if keyword in node:
            fits = [
                not _check(instance, option, root=root, where=where) for option in node[keyword]
            ]
            if (sum(fits) != 1) if keyword == "oneOf" else not any(fits):
                problems.append(f"{where}: matches {sum(fits)} of the {keyword} alternatives")
    return problems


__all__ = [
    "ANY_PROFILE",
    "BAD_REQUEST",
    "CAPABILITIES",
    "INTERNAL",
    "MAX_LINE_BYTES",
    "NOT_SUPPORTED",
    "PROTOCOLS",
    "PROTOCOL_VERSION",
    "REQUEST_TYPES",
    "conforms",
    "schema",
    "validate",
]
