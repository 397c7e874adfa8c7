"""Checking many logs: gathering the paths, and running them in order, in one process or many.

Reports come back in the order the paths were given, one at a time, so a caller can
stream them (`--format jsonl`) with memory flat in the number of logs. One log's
failure is its own `invalid` report; it never stops the others: a file that cannot be
read, that vanished since it was gathered, that is too large, or even an internal error
while checking it, is that log's `invalid` report, and the run goes on.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections import deque
from itertools import chain
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, NamedTuple

from arbiter.checker import checked_bytes, invalid_report
from arbiter.errors import LogError, LogReadError
from arbiter.notation.reading import JSON_SUFFIX, LOG_SUFFIXES
from arbiter.reading import not_regular, read_source, read_stream
from arbiter.resources import TRUTH_FORMAT, TRUTH_SUFFIX
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


class LeftOut:
    """The truth files of `arbiter simulate` a walk met and left out, not being logs: how
    many, and the first, for the one line that says so (nothing held per file)."""

    def __init__(self) -> None:
        self.count = 0
        self.first: str | None = None

    def add(self, path: str) -> None:
        self.count += 1
        self.first = self.first or path

    def words(self) -> str:
        """The warning, in one line."""
        if self.count == 1:
            return f"{self.first} is a truth file of arbiter simulate, not a hand log: left out"
        return (f"{self.count} truth files of arbiter simulate, not hand logs, left out "
                f"({self.first} and {self.count - 1} more)")


def gather(paths: Iterable[str], left_out: LeftOut | None = None) -> Iterator[str]:
    """Each path named, as given (`-` too, and names that do not exist: those get their
    `invalid` report); for a folder, every `*.json` and `*.hand` (the text notation) below
    it, sorted, each file once. A truth file of `arbiter simulate` met on the way (named,
    or a `*.truth.json` in a folder) is no log: it is counted in `left_out`, not yielded.

    Links to folders are followed, each folder walked once, so a link back up the tree (or
    a loop of links) ends the walk there instead of going round. A folder that cannot be
    listed, or a log that is not a regular file (a named pipe would block the run),
    is yielded as an `Unreadable` with the reason. A link that leads nowhere is yielded as
    found: reading it says why it cannot be read.
    """
    left_out = LeftOut() if left_out is None else left_out
    stdin_read = False
    for path in paths:
        if path == STDIN:  # read once: a second `-` finds it spent, and is told so
            yield Unreadable(path, "standard input, read already for the `-` named before it") if stdin_read else path
            stdin_read = True
        elif os.path.isdir(path):
            yield from _below(path, left_out)
        elif is_truth_file(path):
            left_out.add(path)
        else:
            yield path


# Compiled by `re` when a file named as a truth file is first met.
_TRUTH_START = rb'\A\s*\{\s*"format"\s*:\s*"' + TRUTH_FORMAT.encode() + rb'"'


def is_truth_file(path: str) -> bool:
    """Whether the path is a truth file of `arbiter simulate`: a regular file named as one
    (`*.truth`, or `*.truth.json` as simulate once wrote them) whose first key says so. Only
    such names are opened, and never a pipe (its bytes would be lost to the check)."""
    if not path.endswith((TRUTH_SUFFIX, TRUTH_SUFFIX + JSON_SUFFIX)):
        return False
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with open(path, "rb") as file:
            return re.match(_TRUTH_START, file.read(256)) is not None
    except OSError:
        return False


class Walk:
    """The logs the paths name (`gather`), walked as they are taken: a run holds the
    place of the walk, never the list, so that its memory does not grow with the number
    of logs. It can look ahead (is there a log at all? more than one?), and say how many
    there were in all after a run stopped midway."""

    def __init__(self, paths: Iterable[str]) -> None:
        self.left_out = LeftOut()
        self._walk = gather(tuple(paths), self.left_out)
        self._ahead: deque[str] = deque()
        self.taken = 0

    def __iter__(self) -> Iterator[str]:
        while self.ahead(1):
            self.taken += 1
            yield self._ahead.popleft()

    def ahead(self, count: int) -> int:
        """How many of the next `count` logs there are (they are walked to, and kept)."""
        while len(self._ahead) < count:
            path = next(self._walk, None)
            if path is None:
                break
            self._ahead.append(path)
        return len(self._ahead)

    def total(self) -> int:
        """The logs taken, and the rest of the walk (walked to the end now, not kept)."""
        return self.taken + len(self._ahead) + sum(1 for _ in self._walk)


def count_logs(paths: Iterable[str]) -> int:
    """How many logs the paths name: a walk of its own, that keeps none of them."""
    return sum(1 for _ in gather(paths))


_Key = tuple[int, int]  # a file's identity: (device, inode)


def _below(top: str, left_out: LeftOut) -> Iterator[str]:
    """The walk of one folder. What it holds grows with the folders, not with the logs:
    the identity of each folder listed, and of each file that has (or may have) another
    name: a hard link, the target of a link. A file with one name, met under it, is
    remembered by nothing: it can be met again only through a link, and the link looks
    whether that name came first (its folder listed before, or before it in this one)."""
    folders_seen: set[_Key] = set()
    unlisted: set[_Key] = set()  # folders that could not be listed: nothing in them was yielded
    named: set[_Key] = set()  # files yielded that have another name, or may have
    stack = [top]
    while stack:
        folder = stack.pop()
        try:
            status = os.stat(folder)
        except OSError as exc:
            yield _unlisted(folder, exc)
            continue
        key = (status.st_dev, status.st_ino)
        if key in folders_seen:  # a link back to a folder already walked
            continue
        folders_seen.add(key)
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError as exc:
            unlisted.add(key)
            yield _unlisted(folder, exc)
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
            if is_truth_file(entry.path):
                left_out.add(entry.path)
                continue
            try:
                status = os.stat(entry.path)
            except OSError:  # a link that leads nowhere: reading it will say why
                yield entry.path
                continue
            if (kind := not_regular(status.st_mode)) is not None:
                yield Unreadable(entry.path, f"not a regular file ({kind}): not read")
                continue
            file_key = (status.st_dev, status.st_ino)
            if file_key in named:  # the same file reached by two names is checked once
                continue
            if entry.is_symlink():
                if _met_under_own_name(entry, key, folders_seen, unlisted):
                    continue
                named.add(file_key)
            elif status.st_nlink > 1:
                named.add(file_key)
            yield entry.path
        stack.extend(reversed(folders))  # depth first, in name order, as os.walk goes


def _unlisted(folder: str, exc: OSError) -> Unreadable:
    return Unreadable(folder, f"cannot read the folder: {exc.strerror or exc}")


def _met_under_own_name(link: os.DirEntry[str], folder: _Key, folders_seen: set[_Key], unlisted: set[_Key]) -> bool:
    """Whether the walk yielded the file a link leads to under its own name already: its
    folder was listed before this one, or it is this one and the name comes first."""
    try:
        real = os.path.realpath(link.path)
        status = os.stat(os.path.dirname(real))
    except (OSError, ValueError):
        return False
    home = (status.st_dev, status.st_ino)
    name = os.path.basename(real)
    if home not in folders_seen or home in unlisted or not name.endswith(LOG_SUFFIXES):
        return False
    return home != folder or name < link.name


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
    render = _WORKER["render"]
    if render is None:
        return check_one(path, _WORKER["rulebook"], _WORKER["options"])
    return check_and_render(path, _WORKER["rulebook"], _WORKER["options"], render)


Render = Callable[[dict[str, Any], Rulebook], str]


class Tally(NamedTuple):
    """What the run's count (`arbiter.report.Report`) needs of one report."""

    status: str
    games: int
    rules: tuple[str, ...]  # the rule ID of each finding


def rendered(report: dict[str, Any], rulebook: Rulebook, render: Render) -> tuple[str, Tally]:
    """`rulebook`: the one the report was made under, whose words its rulings quote."""
    rules = tuple(finding["id"] for finding in report["findings"])
    return render(report, rulebook), Tally(report["status"], len(report["games"]), rules)


def check_and_render(path: str, rulebook: Rulebook, options: dict[str, Any], render: Render) -> tuple[str, Tally]:
    """One path checked and rendered under the rule book its report was made under: with
    the house rules its table names, whose values its rulings' laws are quoted with."""
    report, data, housed = check_read(path, rulebook, options)
    del data  # a long log's bytes (tens of MB) go before its report is rendered
    return rendered(report, housed, render)


def build_rulebook(house: str | None) -> Rulebook:
    rulebook = load_rulebook()
    if not house:
        return rulebook
    from arbiter.rulebook.house import apply_house, read_house  # only when house rules are given

    return apply_house(rulebook, read_house(house))


def check_one(path: str, rulebook: Rulebook, options: dict[str, Any]) -> dict[str, Any]:
    """The report on one path; never raises for anything about the log (SPEC §5: one
    log's error never stops the others). The report's `file` is the path as given, `-`
    for standard input."""
    return check_read(path, rulebook, options)[0]


def check_read(path: str, rulebook: Rulebook,
               options: dict[str, Any]) -> tuple[dict[str, Any], bytes | None, Rulebook]:
    """`check_one`'s report, with the bytes it read (None where none could be): what more
    a caller asks of the log is asked of them, for standard input or a pipe cannot be read
    twice; and the rule book the report was made under (`rulebook`, with the house rules
    the log's table names)."""
    name = str(path)
    data = None
    try:
        data = read_path(path)
        report, housed = checked_bytes(data, name, rulebook, log_folder(path), **options)
        return report, data, housed
    except LogError as error:
        return invalid_report(name, error, rulebook=rulebook, filters=options), data, rulebook
    except Exception as exc:  # noqa: BLE001 - a defect of arbiter must not stop the other logs
        return internal_error(name, exc, rulebook, options), data, rulebook


def log_folder(path: str) -> str | None:
    """Where a gathered log lies, where a house file its table names is looked for; None
    for standard input, which lies nowhere."""
    return None if path == STDIN else os.path.dirname(os.path.abspath(path))


def read_path(path: str) -> bytes:
    """The bytes of a gathered path, read once: standard input for `-`; an `Unreadable`
    raises its reason unopened. Raises ``LogError`` when it cannot be read."""
    if isinstance(path, Unreadable):
        raise LogReadError(path.problem)
    return read_stream(sys.stdin.buffer) if path == STDIN else read_source(path)


def internal_error(name: str, exc: BaseException, rulebook: Rulebook, options: dict[str, Any]) -> dict[str, Any]:
    """The report on a log whose check failed by a defect of arbiter, under the rule book
    (and house) and the filters the run checks by, as every report of the run says."""
    detail = str(exc)
    detail = detail if len(detail) <= 200 else detail[:199] + "…"
    message = f"internal error while checking this log: {type(exc).__name__}: {detail} (please report it)"
    return invalid_report(name, LogError(message), rulebook=rulebook, filters=options)


def check_many(paths: Iterable[str], house: str | None, options: dict[str, Any],
               jobs: int = 1) -> Iterator[dict[str, Any]]:
    """Reports in the order of `paths` (taken as they are needed: `gather`'s walk is not
    held); `jobs` > 1 spreads the work over processes."""
    rulebook = build_rulebook(house)  # fail fast on bad house rules, before any worker starts
    return _in_order(paths, house, rulebook, options, jobs, None, lambda report: report,
                     lambda path: check_one(path, rulebook, options))


def check_rendered(paths: Iterable[str], house: str | None, options: dict[str, Any], jobs: int,
                   render: Render) -> Iterator[tuple[str, Tally]]:
    """Each report rendered (`render(report, rulebook)`, a module-level function, so that
    it can go to the workers) with its tally, in the order of `paths`: the bulk path of
    `arbiter check`, where the workers do the rendering too."""
    rulebook = build_rulebook(house)

    def finish(report: dict[str, Any]) -> tuple[str, Tally]:
        return rendered(report, rulebook, render)

    return _in_order(paths, house, rulebook, options, jobs, render, finish,
                     lambda path: check_and_render(path, rulebook, options, render))


def _in_order(paths: Iterable[str], house: str | None, rulebook: Rulebook, options: dict[str, Any], jobs: int,
              render: Render | None,
              finish: Callable[[dict[str, Any]], Any], here: Callable[[str], Any]) -> Iterator[Any]:
    """What `here` makes of each path (checked in this process), or with `jobs` > 1 the
    same from the workers, when there are two paths or more."""
    source = iter(paths)
    first = [path for path in (next(source, None), next(source, None)) if path is not None]
    if jobs <= 1 or len(first) < 2:
        for path in first:
            yield here(path)
        for path in source:
            yield here(path)
        return
    yield from _check_in_processes(chain(first, source), house, rulebook, options, jobs, render, finish, here)


def _check_chunk(paths: list[str]) -> list[Any]:
    return [_check_in_worker(path) for path in paths]


def _check_in_processes(paths: Iterable[str], house: str | None, rulebook: Rulebook, options: dict[str, Any],
                        jobs: int, render: Render | None, finish: Callable[[dict[str, Any]], Any],
                        here: Callable[[str], Any]) -> Iterator[Any]:
    """Chunks of paths over `jobs` processes, results yielded in order as they come:
    reports, or what `render` makes of them (`finish` makes the same here of a report
    the parent writes itself, for a log whose process died; `here` checks standard input,
    which only this process can read). The chunks are cut as the pool takes them, and at
    most `_AHEAD` chunks a job are held (running, or done and waiting for an earlier one):
    memory does not grow with the number of paths.

    A worker can die without a word (the kernel's out-of-memory killer, a crash in a
    native library); a `multiprocessing.Pool` then waits for its task for ever. Here the
    pool is found broken, the chunks it held are checked again one log at a time in a
    process of their own, the log that kills that process gets an `invalid` report, and
    the rest of the run goes on in a fresh pool.
    """
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    source = _chunks(paths, jobs)
    held: dict[int, list[str]] = {}  # chunk number -> its paths, from taken until yielded
    done: dict[int, list[Any]] = {}
    taken = following = 0  # chunks taken from `source`; the next chunk to yield

    def pool(workers: int) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker,
                                   initargs=(house, options, render))

    more = True
    while more or following < taken:
        lost: list[int] = []
        executor = pool(jobs)
        running: dict[Any, int] = {}
        try:
            while not lost:
                while more and len(running) < jobs * 4 and taken - following < jobs * _AHEAD:
                    chunk = next(source, None)
                    if chunk is None:
                        more = False
                        break
                    c, taken = taken, taken + 1
                    held[c] = chunk
                    if chunk == [STDIN]:
                        done[c] = [here(chunk[0])]
                        continue
                    try:
                        running[executor.submit(_check_chunk, chunk)] = c
                    except BrokenProcessPool:
                        lost.append(c)
                        break
                if lost or not running:
                    break
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    c = running.pop(future)
                    try:
                        done[c] = future.result()
                    except Exception:  # noqa: BLE001 - a broken pool, or a report that did not come back
                        lost.append(c)
                while following in done:
                    del held[following]
                    yield from done.pop(following)
                    following += 1
            lost.extend(running.values())  # a broken pool loses every chunk it held
        except BaseException:  # ^C, SIGTERM made an exception, the caller gone: no worker outlives the run
            _end_workers(executor)
            raise
        finally:  # also when the caller stops reading (a closed pipe): do not finish the queue
            executor.shutdown(wait=True, cancel_futures=True)
        for c in sorted(lost):
            done[c] = [_check_alone(path, pool, finish, rulebook, options) for path in held[c]]
        while following in done:
            del held[following]
            yield from done.pop(following)
            following += 1


# How many chunks a job may have taken beyond the next one to yield: the bound on what a
# run holds when one slow log keeps the ones after it waiting.
_AHEAD = 16


def _chunks(paths: Iterable[str], jobs: int) -> Iterator[list[str]]:
    """The paths cut into chunks that shrink as the end nears (at most 64 paths, then
    down to one): a chunk spares the round trip per log, and small last ones keep one
    worker from finishing a long chunk alone while the others wait. The end is seen from
    a look-ahead of 256 paths a job, not from the whole list. Standard input is a chunk
    of its own (the parent reads it)."""
    source = iter(paths)
    window = 64 * jobs * 4
    ahead: deque[str] = deque()
    while True:
        while len(ahead) < window:
            path = next(source, None)
            if path is None:
                break
            ahead.append(path)
        if not ahead:
            return
        if ahead[0] == STDIN:
            yield [ahead.popleft()]
            continue
        size = max(1, min(64, len(ahead) // (jobs * 4)))
        chunk: list[str] = []
        while ahead and len(chunk) < size and ahead[0] != STDIN:
            chunk.append(ahead.popleft())
        yield chunk


def _end_workers(executor: ProcessPoolExecutor) -> None:
    """Kill the pool's workers: waiting for them to finish their chunks could take
    minutes (a huge log), and a worker left behind blocks for ever on its queue.

    A worker killed while it wrote a chunk's results (larger than a pipe holds) leaves
    half a message, and the pool's thread that reads them would wait for the rest for
    ever (and `shutdown` with it). This process's own end of that pipe is closed too:
    once the workers are dead no end is left open, and the read ends there."""
    if hasattr(executor, "kill_workers"):  # Python 3.14
        executor.kill_workers()
    else:
        for process in list((getattr(executor, "_processes", None) or {}).values()):
            try:
                process.kill()
            except (OSError, ValueError):  # already gone, or already closed
                pass
    writer = getattr(getattr(executor, "_result_queue", None), "_writer", None)
    if writer is not None:
        writer.close()


def _check_alone(path: str, pool: Callable[[int], ProcessPoolExecutor],
                 finish: Callable[[dict[str, Any]], Any], rulebook: Rulebook, options: dict[str, Any]) -> Any:
    """One log in a process of its own: if that process dies, this log killed it."""
    from concurrent.futures.process import BrokenProcessPool

    with pool(1) as executor:
        try:
            return executor.submit(_check_in_worker, path).result()
        except BrokenProcessPool:
            return finish(invalid_report(str(path), LogError(
                "internal error: the process checking this log died (out of memory, or killed); "
                "the other logs were checked (please report it)"), rulebook=rulebook, filters=options))
        except Exception as exc:  # noqa: BLE001
            return finish(internal_error(str(path), exc, rulebook, options))
