"""`fuzz-merge`: the JSON reports of `fuzz --shard K/N` joined into one campaign's.

Each report is read and its shape checked (`fuzz.report_shape`: one located line for a
report that is not one), the paths written are checked before anything is (never an
input, never an existing file without `--force`), and a merge that lacks some of the
shards says which, with the command that plays them; its report is marked with the
shards it holds (`1/2`), never as the whole campaign (docs/implementers.md, "Scale").
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from badugi_spec.commands import arguments
from badugi_spec.fuzz import reports
from badugi_spec.fuzz.finding import write
from badugi_spec.outputs import OutputError, check_outputs
from badugi_spec.scenario.report import safe, write_json


def register(sub: Any) -> None:
    merge = sub.add_parser("fuzz-merge", help="merge the JSON reports of fuzz shards")
    merge.add_argument("reports", nargs="+", metavar="REPORT", help="fuzz --json files")
    merge.add_argument("--json", metavar="FILE", help="write the merged report")
    merge.add_argument("--out", metavar="DIR", help="write the kept scenarios here")
    arguments.force_option(merge, "the --json report or a scenario in --out")
    merge.set_defaults(run=run_merge)


def _rerun(command: str, shard: str) -> str:
    """The command that plays shard `shard` of the campaign (the shards' own options)."""
    base = command or "badugi-spec fuzz --impl CMD --seed SEED ..."
    k, _, n = shard.partition("/")
    return f"{base} --shard {shard} --json fuzz-{k}-of-{n}.json"


def run_merge(args: argparse.Namespace) -> int:
    paths = [Path(path) for path in args.reports]
    check_outputs(
        {"--json": args.json, "--out": args.out},
        inputs=paths, force=args.force, folders={"--out"},
    )  # fmt: skip
    loaded = [reports.read(path) for path in args.reports]
    merged = reports.merge(loaded, names=args.reports)
    impl = merged["implementation"]
    if args.out:
        for finding in merged["findings"]:
            finding["file"] = ""
            try:
                finding["file"] = str(
                    write(
                        Path(args.out), finding["seed"], finding["trial"], finding["scenario"],
                        force=args.force,
                    )
                )  # fmt: skip
            except OutputError as error:
                finding["unwritten"] = str(error)
    if args.json:
        write_json(args.json, merged)
    for finding in merged["findings"]:
        where = finding["file"] or f"not written: {finding.get('unwritten') or 'no --out'}"
        print(safe(f"{finding['status']} {finding['kind']} at {finding['rule']},"
                   f" trial {merged['seed']}:{finding['trial']} ({where})"))  # fmt: skip
    tally = merged["tally"]
    print(
        safe(f"implementation: {impl}\n{tally['trials']} trials ({tally['hands']} hands)"
             f" from {len(loaded)} reports; {len(merged['findings'])} findings")
    )  # fmt: skip
    absent = reports.missing(merged)
    for shard in absent:
        print(
            safe(f"badugi-spec: fuzz-merge: shard {shard} is missing; it is played by:"
                 f" {_rerun(merged.get('command', ''), shard)}"),
            file=sys.stderr,
        )  # fmt: skip
    if absent:
        print(f"the merged report holds shards {merged['shard']} only", file=sys.stderr)
    return 1 if merged["findings"] or absent else 0


__all__ = ["register", "run_merge"]
