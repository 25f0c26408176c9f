"""`export`: scenarios' hands as PHH, the format PokerKit and other tools read."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from badugi_spec.commands import arguments
from badugi_spec.interop import export
from badugi_spec.scenario.report import check_report_paths, load_error_lines
from badugi_spec.scenario.suite import load_suite, scenario_files


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "export",
        help="write the hands of scenarios as PHH (.phhs)",
        description=(
            "Play the scenarios on the engine and write every hand played to its end as"
            " PHH, variant FB. A hand played under a profile other than pokerkit (PHH's FB"
            " as PokerKit plays it) carries the project-local field _profile. A hand PHH"
            " cannot express (pot limit, no limit, the five-card games) is a 'not exported'"
            " line. The file is written whole at the end, never over an input."
        ),
    )
    parser.add_argument("paths", nargs="+", help="scenario files or folders")
    parser.add_argument("--phh", metavar="FILE", required=True, help="the .phhs file to write")
    arguments.force_option(parser, "the .phhs file")
    parser.set_defaults(run=run_export)


def run_export(args: argparse.Namespace) -> int:
    # Refused before anything is played or written, as check and replay refuse a report
    # path that is one of their inputs.
    check_report_paths(
        {"--phh": args.phh},
        inputs=[Path(p) for p in args.paths],
        files=scenario_files(args.paths),
        force=args.force,
    )
    suite = load_suite(args.paths)
    for error in suite.errors:
        print("\n".join(load_error_lines(error)), file=sys.stderr)
    left = 0
    with export.PhhFile(args.phh) as out:
        for scenario in suite.scenarios:
            if not scenario.hands:
                continue
            source = export.suite_path(scenario.where.path, args.paths)
            hands, notes = export.scenario_fields(scenario, source=source)
            for fields in hands:
                out.add(fields)
            for note in notes:
                print(f"not exported: {note}")
            left += len(notes)
    print(f"wrote {out.count} hands as PHH to {args.phh}; {left} not exported")
    return 1 if suite.errors else 0
