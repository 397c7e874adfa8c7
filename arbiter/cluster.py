"""Checking an archive on a Dask cluster (`arbiter check PATH... --scheduler ADDRESS`).

The paths are a `dask.bag`, cut into partitions; each partition is checked on a worker
(`check_and_render`, the very function a local run uses), which sends back each report rendered
with its tally, as a local worker does (`arbiter.bulk.check_rendered`). The results are
yielded in the order of the paths, partition by partition as they are done, so the
output, the summary and the exit code are those of a local run.

The workers read the files: the paths must name the same files there (a shared or
copied file system), and arbiter must be installed there. Dask is an optional extra:
``pip install 'arbiter[dask]'``.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any, Iterator, Protocol, Sequence

from arbiter.bulk import STDIN, Render, Tally, build_rulebook, check_and_render, internal_error, rendered
from arbiter.errors import ArbiterError
from arbiter.rulebook.model import Rulebook

if TYPE_CHECKING:
    from distributed import Future

INSTALL = "pip install 'arbiter[dask]'"
# Logs per partition: enough that a task's overhead (some milliseconds) is small beside it.
PARTITION = 256
_RULEBOOKS: dict[str | None, Rulebook] = {}  # on a worker: the rule book of each house file, built once


class _Client(Protocol):
    """What a run asks of distributed's `Client`, whose methods carry no annotations."""

    def compute(self, collections: Sequence[object]) -> list[Future[list[tuple[str, Tally]]]]: ...

    def close(self, timeout: int) -> object: ...


class ClusterError(ArbiterError):
    """Dask is not installed, or the scheduler cannot be reached."""


def check_on_cluster(paths: list[str], house: str | None, options: dict[str, Any], address: str,
                     render: Render) -> Iterator[tuple[str, Tally]]:
    """Each log's rendered report and tally, in the order of `paths`, checked by the
    workers of the Dask scheduler at `address` (standard input is read and checked here).
    Raises `ClusterError` at once (not when the first result is asked for) when Dask is
    missing or the scheduler cannot be reached."""
    try:
        import dask.bag
        from distributed import Client
    except ImportError:
        raise ClusterError(f"--scheduler needs Dask, an optional extra: {INSTALL}") from None
    rulebook = build_rulebook(house)  # bad house rules fail here, before the cluster is asked
    try:
        # distributed's Client.__init__ carries no annotations: the call cannot be typed.
        client = Client(address, timeout="10s", set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    return _checked(client, dask.bag, paths, house, options, rulebook, render)


def _checked(client: _Client, bags: ModuleType, paths: list[str], house: str | None, options: dict[str, Any],
             rulebook: Rulebook, render: Render) -> Iterator[tuple[str, Tally]]:
    try:
        remote = [path for path in paths if path != STDIN]
        groups = [remote[i:i + PARTITION] for i in range(0, len(remote), PARTITION)]
        futures = []
        if remote:
            bag = bags.from_sequence(remote, partition_size=PARTITION)
            futures = client.compute(bag.map_partitions(_check_partition, house, options, render).to_delayed())
        checked = (result for future, group in zip(futures, groups)
                   for result in _results(future, group, rulebook, options, render))
        for path in paths:
            yield check_and_render(path, rulebook, options, render) if path == STDIN else next(checked)
    finally:
        try:
            client.close(timeout=10)
        except (OSError, TimeoutError):  # the scheduler gone by now: nothing is left to close
            pass


def _results(future: Future[list[tuple[str, Tally]]], paths: list[str], rulebook: Rulebook,
             options: dict[str, Any], render: Render) -> list[tuple[str, Tally]]:
    """A partition's results; if the cluster lost it (a worker killed again and again),
    each of its logs gets an `invalid` report that says so, and the run goes on."""
    try:
        return future.result()
    except Exception as exc:  # noqa: BLE001 - one partition's loss never stops the others
        return [rendered(internal_error(str(path), exc, rulebook, options), rulebook, render) for path in paths]


def _check_partition(paths: list[str], house: str | None, options: dict[str, Any],
                     render: Render) -> list[tuple[str, Tally]]:
    """On a worker: a partition of paths checked as a local run checks them."""
    if house not in _RULEBOOKS:
        _RULEBOOKS[house] = build_rulebook(house)
    rulebook = _RULEBOOKS[house]
    return [check_and_render(path, rulebook, options, render) for path in paths]
