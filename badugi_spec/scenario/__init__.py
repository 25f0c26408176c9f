"""Scenarios: the language (grammar.lark), parsing, compiling to cases, and the runner."""

from badugi_spec.scenario.model import Scenario
from badugi_spec.scenario.suite import LoadError, Suite, load_suite, parse_scenario

__all__ = ["LoadError", "Scenario", "Suite", "load_suite", "parse_scenario"]
