"""Every report of every shipped case, as it stands, kept in `tests/snapshots/reports.json`:
a refactor of the engine must leave each one unchanged, word for word (the summaries, the
effects, the ledger). A change of ruling or wording is made on purpose: review the diff of

    python -m tests.test_snapshot

which writes the snapshot anew.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from arbiter.resources import cases_dir
from arbiter.verify import differences
from tests.conftest import case_report

SNAPSHOT = Path(__file__).resolve().parent / "snapshots" / "reports.json"


def current() -> dict[str, object]:
    reports: dict[str, object] = {}
    for path in sorted(cases_dir().rglob("*.json")):
        report = case_report(path, json.loads(path.read_text(encoding="utf-8")).get("meta", {}).get("house"))
        if "house_rules" in report:  # the house file's path is where this checkout lies
            report["house_rules"] = {**report["house_rules"], "file": Path(report["house_rules"]["file"]).name}
        del report["provenance"]  # the rule files' hash changes with every edit of a rule: tests/test_verify.py
        reports[path.relative_to(cases_dir()).as_posix()] = {**report, "file": None}
    return reports


def test_every_shipped_report_is_as_it_was():
    kept = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    now = current()
    assert sorted(now) == sorted(kept), "cases added or removed: run python -m tests.test_snapshot"
    changed = {name: next(differences(kept[name], now[name])) for name in now if now[name] != kept[name]}
    shown = "\n".join(f"  {name} at {where}: was {was}, now {found}" for name, (where, was, found) in changed.items())
    assert not changed, f"{len(changed)} reports changed (on purpose? run python -m tests.test_snapshot):\n{shown}"


if __name__ == "__main__":
    SNAPSHOT.write_text(json.dumps(current(), indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    sys.stdout.write(f"wrote {SNAPSHOT}\n")
