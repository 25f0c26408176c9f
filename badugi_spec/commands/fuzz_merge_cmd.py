"""`fuzz-merge`: the JSON reports of `fuzz --shard K/N` joined into one campaign's.

Each report is read and its shape checked (`fuzz.report_shape`: one located line for a
report that is not one), the paths written are checked before anything is (never an
input, never an existing file without `--force`). Reports of different campaigns (their
manifests differ: `fuzz.manifest`) are refused, naming the field; a merge that lacks a
shard, or trials of one (an interrupted shard), says which, with the command that plays
them, and its report is marked with the shards it holds (`1/2`), never as the whole
campaign (docs/implementers.md, "Scale"). `--summary-md` appends the merge in Markdown.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from badugi_spec.commands import arguments
from badugi_spec.fuzz import manifest, reports, summary_md
from badugi_spec.fuzz.finding import write
from badugi_spec.fuzz.manifest import Gap
from badugi_spec.outputs import OutputError, check_outputs
from badugi_spec.scenario.report import safe, write_json


def register(sub: Any) -> None:
    merge = sub.add_parser("fuzz-merge", help="merge the JSON reports of fuzz shards")
    merge.add_argument("reports", nargs="+", metavar="REPORT", help="fuzz --json files")
    merge.add_argument("--json", metavar="FILE", help="write the merged report")
    merge.add_argument("--out", metavar="DIR", help="write the kept scenarios here")
    merge.add_argument(
        "--summary-md", metavar="FILE",
        help="append a Markdown summary to FILE (as $GITHUB_STEP_SUMMARY)",
    )  # fmt: skip
    arguments.force_option(merge, "the --json report or a scenario in --out")
    merge.set_defaults(run=run_merge)


def _rerun(command: str, gap: Gap) -> str:
    """The command that plays what `gap` lacks (a shard, or trials of one) with the
    campaign's own options."""
    base = command or "badugi-spec fuzz --impl CMD --seed SEED ..."
    k, _, n = gap.shard.partition("/")
    if not gap.ranges:
        return f"{base} --shard {gap.shard} --json fuzz-{k}-of-{n}.json"
    runs = manifest.spelled(gap.ranges)
    first = gap.ranges[0][0]
    return f"{base} --shard {gap.shard} --range {runs} --json fuzz-{k}-of-{n}-from-{first}.json"


def _gaps(loaded: list[dict[str, Any]]) -> list[Gap]:
    """What the campaign's reports lack. Trials within a shard count only for a campaign
    that plays all of `--hands` (not one ended by `--seconds` or `--first`)."""
    total = reports.shards(loaded[0]["shard"])[1]
    made = loaded[0].get("manifest") or {}
    bounded = made.get("hands") if not made.get("seconds") and not made.get("first") else None
    return manifest.gaps(loaded, total, bounded)


def _summary_path(path: str | None, inputs: list[Path]) -> None:
    """`--summary-md` is appended to (CI gives a file that exists): refuse only a folder
    and an input, before anything is written."""
    if path is None:
        return
    if Path(path).is_dir():
        raise OutputError(f"--summary-md {path}: is a folder, not a file")
    if any(Path(path).resolve() == given.resolve() for given in inputs):
        raise OutputError(f"--summary-md {path}: is an input file; choose another path")


def run_merge(args: argparse.Namespace) -> int:
    paths = [Path(path) for path in args.reports]
    check_outputs(
        {"--json": args.json, "--out": args.out},
        inputs=paths, force=args.force, folders={"--out"},
    )  # fmt: skip
    _summary_path(args.summary_md, paths)
    loaded = [reports.read(path) for path in args.reports]
    merged = reports.merge(loaded, names=args.reports)
    absent = _gaps(loaded)
    if absent:
        merged["missing"] = [{"shard": g.shard, "ranges": g.ranges} for g in absent]
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
    said = []
    for gap in absent:
        what = f"shard {gap.shard}"
        if gap.ranges:
            what += f" lacks trials {manifest.spelled(gap.ranges)}"
        else:
            what += " is missing"
        said.append((what, _rerun(merged.get("command", ""), gap)))
        print(safe(f"badugi-spec: fuzz-merge: {what}; it is played by: {said[-1][1]}"),
              file=sys.stderr)  # fmt: skip
    if absent:
        print(f"the merged report holds shards {merged['shard']} only"
              if any(not g.ranges for g in absent)
              else "the merged report lacks the trials above", file=sys.stderr)  # fmt: skip
    if args.summary_md:
        try:
            with open(args.summary_md, "a", encoding="utf-8") as stream:
                stream.write(summary_md.markdown(merged, said))
        except OSError as error:
            why = error.strerror or error
            raise OutputError(f"--summary-md {args.summary_md}: {why}") from None
    return 1 if merged["findings"] or absent else 0


__all__ = ["register", "run_merge"]
