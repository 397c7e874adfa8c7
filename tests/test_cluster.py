"""`arbiter check --scheduler ADDRESS`: the same reports, output and exit codes on a Dask
cluster as in a local run (against a LocalCluster in this process); without Dask, one
line says how to install it."""

from __future__ import annotations

import json
import sys

import pytest

from arbiter.cli import main
from tests.conftest import REPO

CASES = REPO / "cases"


def run(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(["check", *args])
    out, err = capsys.readouterr()
    return exited.value.code, out, err


def untimed(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in ("seconds", "games_per_second")}


@pytest.fixture(scope="module")
def scheduler():
    pytest.importorskip("dask.bag")
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def test_jsonl_on_the_cluster_is_the_local_run(scheduler, capsys, monkeypatch):
    import arbiter.cluster

    monkeypatch.setattr(arbiter.cluster, "PARTITION", 7)  # several partitions, the last one short
    local = run(capsys, str(CASES), "--format", "jsonl")
    remote = run(capsys, str(CASES), "--format", "jsonl", "--scheduler", scheduler)
    assert remote[0] == local[0] == 1
    assert remote[1] == local[1] and len(remote[1].splitlines()) > 20
    assert untimed(json.loads(remote[2])["summary"]) == untimed(json.loads(local[2])["summary"])


@pytest.mark.parametrize("fmt", ["json", "table"])
def test_other_formats_on_the_cluster_are_the_local_run(scheduler, capsys, fmt, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    paths = [str(CASES / "a2-all-stand-hands-shown.json"), str(broken), str(CASES / "a1-jackpot-say-out-of-turn.json")]
    local = run(capsys, *paths, "--format", fmt)
    remote = run(capsys, *paths, "--format", fmt, "--scheduler", scheduler)
    assert remote[0] == local[0] == 2
    if fmt == "json":
        local_doc, remote_doc = json.loads(local[1]), json.loads(remote[1])
        assert remote_doc["reports"] == local_doc["reports"]
        assert untimed(remote_doc["summary"]) == untimed(local_doc["summary"])
    else:
        assert remote[1].splitlines()[:-1] == local[1].splitlines()[:-1]


def test_without_dask_the_scheduler_option_says_how_to_install_it(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "dask.bag", None)
    code, out, err = run(capsys, str(CASES), "--scheduler", "tcp://127.0.0.1:8786")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == ["arbiter: --scheduler needs Dask, an optional extra: pip install 'arbiter[dask]'"]


def test_the_scheduler_does_not_go_with_pages_or_jobs(capsys):
    for extra in (["--format", "html", "--out", "x"], ["--jobs", "2"]):
        code, _, err = run(capsys, str(CASES), "--scheduler", "tcp://127.0.0.1:8786", *extra)
        assert code == 2 and "--scheduler" in err
