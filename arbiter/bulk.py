"""Checking many logs: gathering the paths, and running them in order, in one process or many.

Reports come back in the order the paths were given, one at a time, so a caller can
stream them (`--format jsonl`) with memory flat in the number of logs. One log's
failure is its own `invalid` report; it never stops the others: a file that cannot be
read, that vanished since it was gathered, that is too large, or even an internal error
while checking it, is that log's `invalid` report, and the run goes on.
"""

from __future__ import annotations

import os
import stat
import sys
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, NamedTuple

from arbiter.checker import check_bytes, invalid_report
from arbiter.errors import LogError, LogReadError
from arbiter.logfile import read_source, read_stream
from arbiter.notation.reading import LOG_SUFFIXES
from arbiter.rulebook.house import apply_house, read_house
from arbiter.rulebook.loader import load_rulebook
from arbiter.rulebook.model import Rulebook

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

STDIN = "-"


class Unreadable(str):
    """A path found in a folder that is known not to be a log that can be read (a folder
    that cannot be listed, a named pipe): it gets its `invalid` report without being
    opened. A str, so it goes wherever a path goes (and pickles to a worker)."""

    problem: str  # why it cannot be read, in the words of its `invalid` report

    def __new__(cls, path: str, problem: str) -> "Unreadable":
        self = super().__new__(cls, path)
        self.problem = problem
        return self

    def __reduce__(self) -> tuple[type[Unreadable], tuple[str, str]]:
        return Unreadable, (str(self), self.problem)


_KINDS = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"))


def gather(paths: Iterable[str]) -> Iterator[str]:
    """Each path named, as given (`-` too, and names that do not exist: those get their
    `invalid` report); for a folder, every `*.json` and `*.hand` (the text notation) below
    it, sorted, each file once.

    Links to folders are followed, each folder walked once, so a link back up the tree (or
    a loop of links) ends the walk there instead of going round. A folder that cannot be
    listed, or a log that is not a regular file (a named pipe would block the run),
    is yielded as an `Unreadable` with the reason. A link that leads nowhere is yielded as
    found: reading it says why it cannot be read.
    """
    for path in paths:
        if path != STDIN and os.path.isdir(path):
            yield from _below(path)
        else:
            yield path


def _below(top: str) -> Iterator[str]:
    folders_seen: set[tuple[int, int]] = set()
    files_seen: set[tuple[int, int]] = set()
    stack = [top]
    while stack:
        folder = stack.pop()
        try:
            status = os.stat(folder)
            key = (status.st_dev, status.st_ino)
            if key in folders_seen:  # a link back to a folder already walked
                continue
            folders_seen.add(key)
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError as exc:
            yield Unreadable(folder, f"cannot read the folder: {exc.strerror or exc}")
            continue
        folders = []
        for entry in entries:
            try:
                is_folder = entry.is_dir()  # through a link too
            except OSError:  # a loop of links: not a folder, and not read as one
                is_folder = False
            if is_folder:
                folders.append(entry.path)
                continue
            if not entry.name.endswith(LOG_SUFFIXES):
                continue
            try:
                status = os.stat(entry.path)
            except OSError:  # a link that leads nowhere: reading it will say why
                yield entry.path
                continue
            if not stat.S_ISREG(status.st_mode):
                kind = next((name for test, name in _KINDS if test(status.st_mode)), "not a regular file")
                yield Unreadable(entry.path, f"not a regular file ({kind}): not read")
                continue
            key = (status.st_dev, status.st_ino)
            if key not in files_seen:  # the same file reached by two names is checked once
                files_seen.add(key)
                yield entry.path
        stack.extend(reversed(folders))  # depth first, in name order, as os.walk goes


_WORKER: dict[str, Any] = {}


def _init_worker(house: str | None, options: dict[str, Any], render: Render | None) -> None:
    """A worker leaves Ctrl-C to the parent (the terminal sends it to the whole process
    group; the parent ends the workers itself) and dies at once of SIGTERM."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _WORKER["rulebook"] = build_rulebook(house)
    _WORKER["options"] = options
    _WORKER["render"] = render


def _check_in_worker(path: str) -> Any:
    """The report, or (with a `render`) its rendered form and tally: a line of text and a
    few counts travel back to the parent far faster than a report's nest of dicts."""
    report = check_one(path, _WORKER["rulebook"], _WORKER["options"])
    render = _WORKER["render"]
    return report if render is None else rendered(report, _WORKER["rulebook"], render)


Render = Callable[[dict[str, Any], Rulebook], str]


class Tally(NamedTuple):
    """What the run's count (`arbiter.report.Report`) needs of one report."""

    status: str
    games: int
    rules: tuple[str, ...]  # the rule ID of each finding


def rendered(report: dict[str, Any], rulebook: Rulebook, render: Render) -> tuple[str, Tally]:
    rules = tuple(finding["id"] for finding in report["findings"])
    return render(report, rulebook), Tally(report["status"], len(report["games"]), rules)


def build_rulebook(house: str | None) -> Rulebook:
    rulebook = load_rulebook()
    return apply_house(rulebook, read_house(house)) if house else rulebook


def check_one(path: str, rulebook: Rulebook, options: dict[str, Any]) -> dict[str, Any]:
    """The report on one path; never raises for anything about the log (SPEC §5: one
    log's error never stops the others). The report's `file` is the path as given, `-`
    for standard input."""
    name = str(path)
    try:
        return check_bytes(read_path(path), name, rulebook, **options)
    except LogError as error:
        return invalid_report(name, error)
    except Exception as exc:  # noqa: BLE001 - a defect of arbiter must not stop the other logs
        return internal_error(name, exc)


def read_path(path: str) -> bytes:
    """The bytes of a gathered path, read once: standard input for `-`; an `Unreadable`
    raises its reason unopened. Raises ``LogError`` when it cannot be read."""
    if isinstance(path, Unreadable):
        raise LogReadError(path.problem)
    return read_stream(sys.stdin.buffer) if path == STDIN else read_source(path)


def internal_error(name: str, exc: BaseException) -> dict[str, Any]:
    detail = str(exc)
    detail = detail if len(detail) <= 200 else detail[:199] + "…"
    message = f"internal error while checking this log: {type(exc).__name__}: {detail} (please report it)"
    return invalid_report(name, LogError(message))


def check_many(paths: list[str], house: str | None, options: dict[str, Any], jobs: int = 1) -> Iterator[dict[str, Any]]:
    """Reports in the order of `paths`; `jobs` > 1 spreads the work over processes."""
    rulebook = build_rulebook(house)  # fail fast on bad house rules, before any worker starts
    if jobs <= 1 or len(paths) < 2 or STDIN in paths:
        for path in paths:
            yield check_one(path, rulebook, options)
        return
    yield from _check_in_processes(paths, house, options, jobs, None, lambda report: report)


def check_rendered(paths: list[str], house: str | None, options: dict[str, Any], jobs: int,
                   render: Render) -> Iterator[tuple[str, Tally]]:
    """Each report rendered (`render(report, rulebook)`, a module-level function, so that
    it can go to the workers) with its tally, in the order of `paths`: the bulk path of
    `arbiter check`, where the workers do the rendering too."""
    rulebook = build_rulebook(house)
    if jobs <= 1 or len(paths) < 2 or STDIN in paths:
        for path in paths:
            yield rendered(check_one(path, rulebook, options), rulebook, render)
        return
    yield from _check_in_processes(paths, house, options, jobs, render,
                                   lambda report: rendered(report, rulebook, render))


def _check_chunk(paths: list[str]) -> list[Any]:
    return [_check_in_worker(path) for path in paths]


def _check_in_processes(paths: list[str], house: str | None, options: dict[str, Any], jobs: int,
                        render: Render | None, finish: Callable[[dict[str, Any]], Any]) -> Iterator[Any]:
    """Chunks of paths over `jobs` processes, results yielded in order as they come:
    reports, or what `render` makes of them (`finish` makes the same here of a report
    the parent writes itself, for a log whose process died).

    A worker can die without a word (the kernel's out-of-memory killer, a crash in a
    native library); a `multiprocessing.Pool` then waits for its task for ever. Here the
    pool is found broken, the chunks it held are checked again one log at a time in a
    process of their own, the log that kills that process gets an `invalid` report, and
    the rest of the run goes on in a fresh pool.
    """
    import multiprocessing
    from collections import deque
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    chunks = _chunks(paths, jobs)
    queue = deque(range(len(chunks)))
    done: dict[int, list[Any]] = {}
    following = 0  # the next chunk to yield

    def pool(workers: int) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker,
                                   initargs=(house, options, render))

    while queue or following < len(chunks):
        lost: list[int] = []
        executor = pool(jobs)
        running: dict[Any, int] = {}
        try:
            while (queue or running) and not lost:
                while queue and len(running) < jobs * 4:
                    c = queue.popleft()
                    try:
                        running[executor.submit(_check_chunk, chunks[c])] = c
                    except BrokenProcessPool:
                        lost.append(c)
                        break
                if lost:
                    break
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    c = running.pop(future)
                    try:
                        done[c] = future.result()
                    except Exception:  # noqa: BLE001 - a broken pool, or a report that did not come back
                        lost.append(c)
                while following in done:
                    yield from done.pop(following)
                    following += 1
            lost.extend(running.values())  # a broken pool loses every chunk it held
        except BaseException:  # ^C, SIGTERM made an exception, the caller gone: no worker outlives the run
            _end_workers(executor)
            raise
        finally:  # also when the caller stops reading (a closed pipe): do not finish the queue
            executor.shutdown(wait=True, cancel_futures=True)
        for c in sorted(lost):
            done[c] = [_check_alone(path, pool, finish) for path in chunks[c]]
        while following in done:
            yield from done.pop(following)
            following += 1


def _chunks(paths: list[str], jobs: int) -> list[list[str]]:
    """The paths cut into chunks that shrink as the end nears (at most 64 paths, then
    down to one): a chunk spares the round trip per log, and small last ones keep one
    worker from finishing a long chunk alone while the others wait."""
    chunks, start = [], 0
    while start < len(paths):
        size = max(1, min(64, (len(paths) - start) // (jobs * 4)))
        chunks.append(paths[start:start + size])
        start += size
    return chunks


def _end_workers(executor: ProcessPoolExecutor) -> None:
    """Kill the pool's workers: waiting for them to finish their chunks could take
    minutes (a huge log), and a worker left behind blocks for ever on its queue."""
    if hasattr(executor, "kill_workers"):  # Python 3.14
        executor.kill_workers()
        return
    for process in list((getattr(executor, "_processes", None) or {}).values()):
        try:
            process.kill()
        except (OSError, ValueError):  # already gone, or already closed
            pass


def _check_alone(path: str, pool: Callable[[int], ProcessPoolExecutor],
                 finish: Callable[[dict[str, Any]], Any]) -> Any:
    """One log in a process of its own: if that process dies, this log killed it."""
    from concurrent.futures.process import BrokenProcessPool

    with pool(1) as executor:
        try:
            return executor.submit(_check_in_worker, path).result()
        except BrokenProcessPool:
            return finish(invalid_report(str(path), LogError(
                "internal error: the process checking this log died (out of memory, or killed); "
                "the other logs were checked (please report it)")))
        except Exception as exc:  # noqa: BLE001
            return finish(internal_error(str(path), exc))
