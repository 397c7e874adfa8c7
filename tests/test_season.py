"""`arbiter season`: every player's nights, games, net and irregularities over a club's logs
(issue 24, item 2), held against the sum of the reports `arbiter check` makes of them."""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter, defaultdict

import pytest
from click.testing import CliRunner

from arbiter.checker import check_file
from arbiter.cli import cli
from arbiter.json_lines import to_json
from arbiter.simulator import simulate_log
from tests.conftest import in_process
from tests.evening_support import json_of, write_night


def season_of(*args: str) -> tuple[int, dict, str]:
    return json_of("season", *args)


@pytest.fixture
def club(tmp_path):
    """A folder of simulated nights, undated, with irregularities planted in half the games."""
    folder = tmp_path / "club"
    folder.mkdir()
    paths = [write_night(folder, f"sim-{n:05d}.json", 500 + n, 3 + n % 4, 3, 0.5) for n in range(1, 9)]
    return folder, paths


def test_the_season_agrees_with_the_sum_of_the_reports(club):
    folder, paths = club
    reports = [check_file(path) for path in paths]
    code, document, err = season_of(str(folder))
    assert code == 0 and err == ""
    nights, games, net, wrongs = Counter(), Counter(), Counter(), Counter()
    for report in reports:
        for name, value in report["net"].items():
            nights[name] += 1
            games[name] += len(report["games"])
            net[name] += value
        wrongs.update(f["player"] for f in report["findings"] if f["severity"] == "irregularity" and f["player"])
    assert sum(wrongs.values()) > 0, "the planted irregularities are counted"
    players = {p["name"]: p for p in document["players"]}
    assert set(players) == set(nights)
    for name, player in players.items():
        assert (player["nights"], player["games"], player["net"], player["irregularities"]) == \
            (nights[name], games[name], net[name], wrongs[name])
        assert player["running"][-1] == player["net"]
    assert [p["net"] for p in document["players"]] == sorted((p["net"] for p in document["players"]), reverse=True)
    assert [night["file"] for night in document["nights"]] == paths  # undated: in the order of their names
    assert [night["night"] for night in document["nights"]] == list(range(1, 9))


def test_arbiter_simulate_writes_a_season_that_season_and_settle_read(tmp_path):
    """The nights `arbiter simulate --plant` writes, its truth beside them, are a season as
    they stand; a truth file met among the logs is left out with a warning, as by `check`."""
    folder = tmp_path / "sim"
    assert in_process("simulate", "--out", str(folder), "--logs", "4", "--games", "3", "--seed", "8",
                      "--plant", "0.5")[0] == 0
    logs = sorted(str(path) for path in folder.glob("*.json"))
    reports = [check_file(path) for path in logs]
    code, document, err = season_of(str(folder))
    assert code == 0 and err == "" and [night["file"] for night in document["nights"]] == logs
    net: Counter = Counter()
    for report in reports:
        net.update(report["net"])
    assert {p["name"]: p["net"] for p in document["players"]} == dict(net)
    code, settlement, err = json_of("settle", str(folder))
    assert code == 0 and settlement["nets"] == dict(net)
    truth = next((folder / "truth").iterdir())
    (folder / f"{truth.stem}.truth.json").write_bytes(truth.read_bytes())  # where simulate once wrote it
    code, again, err = season_of(str(folder))
    assert code == 0 and again == document and "truth file of arbiter simulate" in err


def test_nights_go_by_meta_date_then_the_file_name_undated_last(tmp_path):
    paths = [write_night(tmp_path, "b.json", 1, games=3, date="2026-03-01T20:00"), write_night(tmp_path, "a.json", 2, games=3),
             write_night(tmp_path, "club 2026-01-15.json", 3, games=3), write_night(tmp_path, "c.json", 4, games=3, date="2026-02-01")]
    _, document, _ = season_of(*paths)
    order = [(night["file"], night["date"], night["dated_by"]) for night in document["nights"]]
    assert order == [(paths[2], "2026-01-15", "file name"), (paths[3], "2026-02-01", "meta.date"),
                     (paths[0], "2026-03-01", "meta.date"), (paths[1], None, None)]
    code, table, _ = in_process("season", *paths)
    assert "4 nights, 2026-01-15 to 2026-03-01 and 1 undated" in table.splitlines()[0]


def test_a_meta_date_that_only_begins_with_a_date_is_no_date(tmp_path):
    """docs/evening.md: `meta.date` is an ISO date, perhaps followed by a time; words after
    a date are not one, and the night is dated by its file's name instead."""
    paths = [write_night(tmp_path, "2026-02-06.json", 1, games=2, date="2026-02-05 is wrong, it was the 6th"),
             write_night(tmp_path, "x.json", 2, games=2, date="2026-02-07 21:30:00+01:00"),
             write_night(tmp_path, "2026-02-10.json", 3, games=2, date="2026-02-08/09"),
             write_night(tmp_path, "2026-02-11.json", 4, games=2, date="2026-W06"),
             write_night(tmp_path, "y.json", 5, games=2, date="2026-02-12T20:00Z"),
             # a time to the hour, and ISO's 24:00 (the day's end), were "no date": the night went undated
             write_night(tmp_path, "z.json", 6, games=2, date="2026-02-13T20"),
             write_night(tmp_path, "w.json", 7, games=2, date="2026-02-14T24:00")]
    _, document, _ = season_of(*paths)
    assert [(night["date"], night["dated_by"]) for night in document["nights"]] == [
        ("2026-02-06", "file name"), ("2026-02-07", "meta.date"), ("2026-02-10", "file name"),
        ("2026-02-11", "file name"), ("2026-02-12", "meta.date"), ("2026-02-13", "meta.date"),
        ("2026-02-14", "meta.date")]


def test_a_date_written_that_is_no_date_is_passed_over_with_a_line_on_standard_error(tmp_path):
    """docs/evening.md: a date that is no date (the 30th of February, a 13th month) is passed
    over for the next source, or the night is undated, and standard error says so: a
    secretary's slip is not silently moved to the end of the season."""
    paths = [write_night(tmp_path, "2026-02-19-b.json", 1, games=2, date="2026-13-45"),
             write_night(tmp_path, "2026-02-30-a.json", 2, games=2),
             write_night(tmp_path, "2026-02-20-c.json", 3, games=2),
             write_night(tmp_path, "2026-02-21-d.json", 4, games=2, date=20260101)]  # a number: passed over unsaid
    code, table, said = in_process("season", *paths)
    assert code == 0 and table.splitlines()[0].startswith("4 nights, 2026-02-19 to 2026-02-21 and 1 undated")
    assert said.splitlines() == [f"arbiter: {paths[0]}: meta.date '2026-13-45' is no date: dated by its file name",
                                 f"arbiter: {paths[1]}: the file name's 2026-02-30 is no date: undated",
                                 f"arbiter: {paths[3]}: meta.date 20260101 is no date: dated by its file name"]


def test_a_night_read_from_standard_input_is_dated_by_its_meta(tmp_path):
    """docs/evening.md: `season` reads logs as `check` does, `-` included, and a night's date
    is the log's own `meta.date`: read from the bytes `check` read, for standard input
    cannot be read twice."""
    path = write_night(tmp_path, "night.json", 5, games=3, date="2026-03-10T20:00")
    result = CliRunner().invoke(cli, ["season", "-", "--format", "json"], input=open(path, "rb").read())
    night = json.loads(result.stdout)["nights"][0]
    assert (result.exit_code, night["file"], night["date"], night["dated_by"]) == (0, "-", "2026-03-10", "meta.date")


def test_running_totals_follow_the_season_night_by_night(tmp_path):
    paths = [write_night(tmp_path, f"2026-01-{day:02d}.json", day, players=3, games=3) for day in (20, 5, 12)]
    _, document, _ = season_of(*paths)
    ordered = [check_file(path) for path in sorted(paths)]
    for player in document["players"]:
        total, expected = 0, []
        for report in ordered:
            total += report["net"].get(player["name"], 0)
            expected.append(total)
        assert player["running"] == expected


def test_aliases_merge_one_person_written_two_ways(club):
    folder, paths = club
    _, plain, _ = season_of(str(folder))
    name = json.loads(open(paths[0], encoding="utf-8").read())["table"]["players"][0]
    renamed = write_night(folder, "sim-00001.json", 501, 4, 3, 0.5, rename={name: "Robert"})  # night 1, written otherwise
    _, apart, _ = season_of(str(folder))
    assert "Robert" in {p["name"] for p in apart["players"]}
    _, joined, err = season_of(str(folder), "--alias", f"{name}=Robert")
    assert err == ""
    assert {p["name"]: p["net"] for p in joined["players"]} == {p["name"]: p["net"] for p in plain["players"]}
    person = next(p for p in joined["players"] if p["name"] == name)
    assert set(person["written"]) == {name, "Robert"}
    assert joined["nights"][0]["file"] == renamed and name in joined["nights"][0]["net"]
    code, table, _ = in_process("season", str(folder), "--alias", f"{name}=Robert")
    assert f"{name} (also Robert)" in table
    code, _, err = in_process("season", str(folder), "--alias", f"{name}=Nobody")
    assert code == 0 and "no log writes Nobody" in err


def test_an_invalid_log_is_named_counts_for_no_one_and_exits_2(club):
    folder, paths = club
    (folder / "torn.hand").write_text("players Ann Bob; limit 20; ante 1\nAnn deals\nAnn flies\n", encoding="utf-8")
    _, clean, _ = season_of(*paths)
    code, document, err = season_of(str(folder))
    assert code == 2 and "torn.hand" in err and "Traceback" not in err
    assert document["players"] == clean["players"]
    [torn] = [night for night in document["nights"] if night["status"] == "invalid"]
    assert torn["night"] is None and torn["error"]["message"]
    for fmt in ("table", "markdown", "html"):
        code, out, _ = in_process("season", str(folder), "--format", fmt)
        assert code == 2 and "left out, invalid" in out


def test_csv_parses_back_to_the_standings(club):
    folder, _ = club
    _, document, _ = season_of(str(folder))
    code, out, _ = in_process("season", str(folder), "--format", "csv")
    totals: dict[str, Counter] = defaultdict(Counter)
    for row in csv.DictReader(io.StringIO(out)):
        for column in ("games", "net", "irregularities"):
            totals[row["player"]][column] += int(row[column])
        totals[row["player"]]["nights"] += 1
    assert {p["name"]: {k: p[k] for k in ("nights", "games", "net", "irregularities")}
            for p in document["players"]} == {name: dict(counts) for name, counts in totals.items()}


def test_names_from_the_logs_are_escaped_in_markdown_and_html(tmp_path):
    name = json.loads(to_json(simulate_log(9, 3, 2, 0.0)[0]))["table"]["players"][0]
    path = write_night(tmp_path, "night.json", 9, players=3, games=2, plant=0.0, rename={name: "<b>|*Eve*"})
    code, markdown, _ = in_process("season", path, "--format", "markdown")
    assert "<b>" not in markdown and "&lt;b&gt;\\|\\*Eve\\*" in markdown
    code, page, _ = in_process("season", path, "--format", "html")
    assert "<b>|" not in page and "&lt;b&gt;|*Eve*" in page


def test_the_html_page_stands_alone_and_draws_each_running_total(club):
    folder, _ = club
    _, document, _ = season_of(str(folder))
    code, page, _ = in_process("season", str(folder), "--format", "html")
    assert code == 0 and page.startswith("<!DOCTYPE html>")
    assert "<script" not in page.lower() and "<link" not in page.lower() and "@import" not in page
    assert re.findall(r'(?:src|href)="', page) == []
    assert re.findall(r"https?://[^\"' ]+", page) == ["http://www.w3.org/2000/svg"]  # the SVG namespace, not fetched
    assert page.count("<svg") == 1 + len(document["players"])  # the chart, and a swatch a player in its legend
    lines = re.findall(r'<polyline points="([^"]+)"[^>]*><title>([^<]+)</title>', page)
    assert [title for _, title in lines] == [f"{p['name']}: {p['net']:+d}" for p in document["players"]]
    for (points, _), player in zip(lines, document["players"]):
        assert len(points.split()) == 1 + len(document["nights"])  # the start, and each night
