"""The test run's own memory settings (tests/conftest.py): a test file's memos are dropped
after its last test, and only its own; full garbage collections are ten times rarer."""

from __future__ import annotations

import functools
import gc
import types
from typing import Any

from tests import conftest


def _module(name: str) -> tuple[types.ModuleType, Any, Any]:
    """A module holding a memo of its own and one imported from elsewhere."""
    module = types.ModuleType(name)

    @functools.cache
    def own(n: int) -> list[int]:
        return [n]

    own.__module__ = name
    borrowed = functools.cache(lambda n: [n])
    borrowed.__module__ = "elsewhere"
    vars(module).update(own=own, borrowed=borrowed)
    own(1)
    borrowed(1)
    return module, own, borrowed


def test_a_files_memos_go_after_its_last_test_and_not_before() -> None:
    module, own, borrowed = _module("tests.fake_file")
    item = types.SimpleNamespace(module=module)
    same = types.SimpleNamespace(module=module)
    conftest.pytest_runtest_teardown(item, same)
    assert own.cache_info().currsize == 1  # the file has tests to come
    conftest.pytest_runtest_teardown(item, types.SimpleNamespace(module=types.ModuleType("x")))
    assert own.cache_info().currsize == 0
    assert borrowed.cache_info().currsize == 1  # another file's memo is that file's own
    own(2)
    conftest.pytest_runtest_teardown(item, None)  # the worker's last test
    assert own.cache_info().currsize == 0
    # An item with no module (a scenario file's) is let be.
    conftest.pytest_runtest_teardown(types.SimpleNamespace(), None)


def test_full_collections_wait_for_a_hundred_middle_ones() -> None:
    # The first figure may be raised for a while by badugi_spec.collector (a server
    # answering in a thread of this process); the other two are the test run's.
    assert gc.get_threshold()[1:] == (10, 100)
