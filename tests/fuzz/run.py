"""The map-loader fuzz (issue #14): mutated files through ``rules.mapfile.loads``, each
case in a worker process with a wall limit and an address-space cap; prints the outcome
counts (not collected by pytest).

    .venv/bin/python -m tests.fuzz.run --cases 10000 --seed 1 [--jobs 2]
    .venv/bin/python -m tests.fuzz.run --case 1234 [--seed 1]       # one case, verbosely
    .venv/bin/python -m tests.fuzz.run --write 1234 /tmp/x.hexmap   # save the mutated file

from the repository root. Other options: ``--small`` (the cut-down cases of the seeded
tests), ``--first N`` (start at case N), ``--json out.json`` (every case's result),
``--examples K`` (examples per bad class, 5), ``--limit S`` (the wall limit, 5 s).

Case ``N`` of seed ``S`` is always the same file (:func:`tests.fuzz.mutate.make_case`).
Each worker (``--jobs``, default the CPU count) is a long-lived subprocess reading case
numbers on stdin; it makes the case, reports ``start``, loads it and checks what loaded,
reporting each step, and is killed and replaced when a step runs past the limit or when
it dies. A worker caps its address space at 2 GiB (``RLIMIT_AS``). Memory: the worker
resets its peak RSS (``/proc/self/clear_refs``, ``VmHWM``) before each step and reports
the peak above its RSS before the case (load) or before the step (each save) — exact
resident peaks, not a sampled or traced estimate.

Outcomes, worst first:

- **crashed**: any exception but ``MapFileError`` escaped ``loads`` (its type, message
  and the innermost ``rules/`` line), or the worker died (its signal);
- **hung**: loading took more than the limit (wall time: a machine busy with other work
  makes the slowest cases slower; the report shows the load average);
- **over 1 GiB**: loading peaked more than 1 GiB above the worker's RSS before the case,
  or a save of what loaded needed more than 1 GiB more (or a ``MemoryError`` at the cap);
- **accepted-but-broken**: it loaded, but a board invariant fails (a Hold naming a token
  not on the board; an Area with no origin, no source and no caster it can be drawn from;
  a turn order, effect or note naming a missing token or Area), ``dumps`` raises, the
  saved bytes do not load back to an equal board, a second save differs from the first,
  the player view (``rules.battlefield.visibility.player_board``) raises, the player view cannot be
  saved, or one of these steps takes more than the limit (each step has its own);
- **refused**: ``MapFileError`` (counted apart as *generic* when its message is the
  loader's catch-all: ``damaged (SomeError: …`` or ``(SomeError: …``);
- **loaded-ok**: loaded, and passed every check.

The report lists, for each bad class and for the generic refusals, up to ``--examples``
cases, one per kind of reason (alike reasons counted with it), then the outcomes per
family and the largest peak. A case over the limit names the CPU seconds it used, since
a busy machine stretches wall time. The exit status is 1 if any case is in a bad class.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import faulthandler
import functools
import gc
import hashlib
import json
import os
import queue
import re
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter, defaultdict, deque
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any

from rules import mapfile
from rules.areas import AreaKind
from rules.battlefield.visibility import player_board
from rules.board.grid import Board
from rules.errors import MapFileError
from tests.fuzz.mutate import make_case

ROOT = Path(__file__).resolve().parents[2]
GIB = 2**30
ADDRESS_SPACE = 2 * GIB
MEMORY_LIMIT = GIB
WALL_LIMIT = 5.0
GENERATION_LIMIT = 120.0  # making one case (hundreds of MiB deflated) may take a while
GENERIC = re.compile(r"damaged \(\w+: |\(\w+Error: ")
"""The loader's catch-all refusals, which name no member or field."""

REFUSED, OK, CRASHED, HUNG, MEMORY, BROKEN = (
    "refused",
    "loaded-ok",
    "crashed",
    "hung",
    "over 1 GiB",
    "accepted-but-broken",
)
HARNESS = "harness error"
CLASSES = (REFUSED, OK, CRASHED, HUNG, MEMORY, BROKEN, HARNESS)
BAD = (CRASHED, HUNG, MEMORY, BROKEN, HARNESS)
SAVES = ("save", "save again", "save the player view")


# -- judging one file ------------------------------------------------------------------------


@dataclass
class Verdict:
    """How one file fared: its outcome class, why, and (in a worker) the peaks in bytes."""

    outcome: str
    reason: str = ""
    generic: bool = False
    trace: str = ""
    peak_load: int = 0
    peak_save: int = 0
    seconds: float = 0.0


class Steps:
    """What :func:`examine` tells its caller at each step (a worker reports it and
    measures memory; the seeded tests ignore it)."""

    def step(self, name: str) -> None:
        """``name`` begins (``load``, ``checks``, ``save``, …)."""

    def end(self, verdict: Verdict) -> Verdict:
        return verdict


def where_raised(exc: BaseException) -> str:
    """The innermost ``rules/`` line of ``exc``'s traceback (else its last line)."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if f"{os.sep}rules{os.sep}" in f.filename] or frames
    if not ours:
        return ""
    frame = ours[-1]
    return f" at {Path(frame.filename).parent.name}/{Path(frame.filename).name}:{frame.lineno}"


def describe(exc: BaseException) -> str:
    text = str(exc).replace("\n", " ")
    return f"{type(exc).__name__}: {text[:300]}{where_raised(exc)}"


def examine(data: bytes, steps: Steps | None = None) -> Verdict:
    """Load ``data`` and judge what comes out (see the module docs)."""
    steps = steps or Steps()
    steps.step("load")
    try:
        loaded = [mapfile.loads(data)]  # in a list: the checks drop it when done with it
    except MapFileError as exc:
        message = str(exc)
        return steps.end(Verdict(REFUSED, message, generic=bool(GENERIC.search(message))))
    except MemoryError as exc:
        return steps.end(Verdict(MEMORY, f"loading: {describe(exc)}", trace=_trace(exc)))
    except Exception as exc:
        return steps.end(Verdict(CRASHED, describe(exc), trace=_trace(exc)))
    try:
        problem = accepted_problem(loaded, steps)
    except MemoryError as exc:
        return steps.end(Verdict(MEMORY, f"after loading: {describe(exc)}", trace=_trace(exc)))
    if problem is not None:
        return steps.end(Verdict(BROKEN, problem[0], trace=problem[1]))
    return steps.end(Verdict(OK))


def _trace(exc: BaseException) -> str:
    return "".join(traceback.format_exception(exc))


KEEP_BYTES = 64 * 2**20
"""A first save up to this size is kept to name the first byte a second save changes;
a larger one only by its digest (a 500 MiB map must not be held three times over)."""


def accepted_problem(loaded: list[Board], steps: Steps) -> tuple[str, str] | None:
    """Why the loaded board (taken from ``loaded``) is broken, and the traceback if
    something raised; ``None`` if it is not: its invariants, the player view and its
    save, save → load → save. Each copy is dropped as soon as it has been used."""
    board = loaded.pop()
    steps.step("checks")
    problems = invariant_problems(board)
    if problems:
        return f"invariant: {problems[0]}", ""
    view, failed = _attempt(steps, "player view", functools.partial(player_board, board))
    if failed:
        return f"the player view fails: {failed[0]}", failed[1]
    _, failed = _attempt(steps, "save the player view", functools.partial(mapfile.dumps, view))
    del view
    if failed:
        return f"saving the player view fails: {failed[0]}", failed[1]
    first, failed = _attempt(steps, "save", functools.partial(mapfile.dumps, board))
    if failed:
        return f"saving what loaded fails: {failed[0]}", failed[1]
    digest = hashlib.sha256(first).digest()
    again, failed = _attempt(steps, "load again", functools.partial(mapfile.loads, first))
    if failed:
        return f"the saved file does not load: {failed[0]}", failed[1]
    first = first if len(first) <= KEEP_BYTES else b""
    if again != board:
        return f"the saved file loads differently: {', '.join(board_differences(board, again))}", ""
    del board
    second, failed = _attempt(steps, "save again", functools.partial(mapfile.dumps, again))
    if failed:
        return f"saving the reloaded board fails: {failed[0]}", failed[1]
    if hashlib.sha256(second).digest() != digest:
        at = next((i for i, (a, b) in enumerate(zip(first, second, strict=False)) if a != b), None)
        return f"a second save differs from the first (at byte {at})", ""
    return None


def _attempt(steps: Steps, name: str, run: Callable[[], Any]) -> tuple[Any, tuple[str, str] | None]:
    steps.step(name)
    try:
        return run(), None
    except MemoryError:
        raise
    except Exception as exc:
        return None, (describe(exc), _trace(exc))


def invariant_problems(board: Board) -> list[str]:
    """The board's own invariants that do not hold: Holds, Areas, the turn order,
    effects and notes name what is on the board; an Area has an origin, a source or a
    caster it is drawn from."""
    tokens, areas = board.tokens, board.areas
    problems = []
    for hold in board.holds:
        for role in ("holder", "held"):
            if getattr(hold, role) not in tokens:
                problems.append(f"a Hold's {role} {getattr(hold, role)!r} is not on the board")
    for area in areas.values():
        from_caster = area.caster is not None and area.kind in (AreaKind.BURST, AreaKind.SELF)
        if not area.origin and area.source is None and not from_caster:
            problems.append(f"area {area.id!r} has no origin, no source and no caster")
        for role in ("source", "caster"):
            ref = getattr(area, role)
            if ref is not None and ref not in tokens:
                problems.append(f"area {area.id!r}: its {role} {ref!r} is not on the board")
        problem = area.problem()
        if problem:
            problems.append(problem)
    problems += [
        f"the turn order names {i!r}, not on the board" for i in board.turn.ids() if i not in tokens
    ]
    for effect in board.effects.values():
        for ref in (effect.creator, effect.target):
            if ref is not None and ref not in tokens:
                problems.append(f"effect {effect.id!r} names {ref!r}, not on the board")
        if effect.area_id is not None and effect.area_id not in areas:
            problems.append(f"effect {effect.id!r} keeps Area {effect.area_id!r}, not on the board")
    for note in board.notes.values():
        if note.token_id is not None and note.token_id not in tokens:
            problems.append(f"note {note.id!r} hangs on {note.token_id!r}, not on the board")
    return problems


def board_differences(a: Board, b: Board) -> list[str]:
    """The fields in which two boards differ."""
    names = (
        "width",
        "height",
        "orientation",
        "name",
        "background",
        "turn",
        "holds",
        "rolls",
        "dice_seed",
        "dice_draws",
    )
    found = [n for n in names if getattr(a, n) != getattr(b, n)]
    for n in ("tokens", "images", "options", "labels", "notes", "areas", "effects"):
        if list(getattr(a, n).items()) != list(getattr(b, n).items()):
            found.append(n)
    if any((a.layers[k] != b.layers[k]).any() for k in a.layers if k in b.layers):
        found.append("layers")
    return found or ["(equality)"]


# -- memory ------------------------------------------------------------------------------------


def _status(field: str, pid: int | str = "self") -> int:
    """A ``/proc/<pid>/status`` field in bytes (``VmRSS``, ``VmHWM``); 0 if unreadable."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _reset_peak() -> None:
    with contextlib.suppress(OSError), open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # VmHWM := VmRSS


def _release() -> None:
    """Give freed memory back to the system, so the next case's peak starts low."""
    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        _libc().malloc_trim(0)


@functools.cache
def _libc() -> Any:
    return ctypes.CDLL("libc.so.6")


RELEASE_AFTER = 16 * 2**20
"""A case that held more than this (its file or its peak) is cleaned up after: most cases
hold little, and a collection and trim each time would double the run's time."""


class MeasuredSteps(Steps):
    """Reports each step on ``send`` and measures the load's and the saves' peaks."""

    def __init__(self, send: Callable[[dict[str, Any]], None]) -> None:
        self.send = send
        self.started = time.perf_counter()
        self.before_case = _status("VmRSS")
        self.current = ""
        self.before_step = self.before_case
        self.peak_load = self.peak_save = 0

    def _close(self) -> None:
        peak = _status("VmHWM")
        if self.current == "load":
            self.peak_load = max(0, peak - self.before_case)
        elif self.current in SAVES:
            self.peak_save = max(self.peak_save, peak - self.before_step)

    def step(self, name: str) -> None:
        self._close()
        self.current = name
        self.before_step = _status("VmRSS")
        _reset_peak()
        self.send({"event": "step", "step": name, "cpu": time.process_time()})

    def end(self, verdict: Verdict) -> Verdict:
        self._close()
        verdict.peak_load, verdict.peak_save = self.peak_load, self.peak_save
        verdict.seconds = time.perf_counter() - self.started
        if verdict.outcome in (OK, REFUSED, BROKEN):
            if self.peak_load > MEMORY_LIMIT:
                verdict.reason = f"loading peaks at {gib(self.peak_load)} ({verdict.outcome})"
                verdict.outcome = MEMORY
            elif self.peak_save > MEMORY_LIMIT:
                verdict.reason = f"saving needs {gib(self.peak_save)} more ({verdict.outcome})"
                verdict.outcome = MEMORY
        return verdict


def gib(size: float) -> str:
    return f"{size / GIB:.2f} GiB" if size >= GIB / 10 else f"{size / 2**20:.0f} MiB"


def cap_address_space() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


# -- the worker -------------------------------------------------------------------------------


def worker(seed: int, small: bool) -> int:
    """Read case numbers from stdin; report each case's steps and verdict as JSON lines on
    the original stdout (anything else printed goes to stderr)."""
    cap_address_space()
    faulthandler.enable()
    out = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr

    def send(message: dict[str, Any]) -> None:
        out.write(json.dumps(message) + "\n")

    held = RELEASE_AFTER + 1
    for line in sys.stdin:
        number = int(line)
        case = make_case(seed, number, small)
        data, labels = case.data, {"family": case.family, "base": case.base, "what": case.what}
        del case
        if held > RELEASE_AFTER or len(data) > RELEASE_AFTER // 16:
            _release()
        send(
            {"event": "start", "case": number, "size": len(data), "rss": _status("VmRSS"), **labels}
        )
        verdict = examine(data, MeasuredSteps(send))
        held = max(len(data), verdict.peak_load, verdict.peak_save)
        del data
        send({"event": "done", **asdict(verdict)})
    return 0


# -- the parent -------------------------------------------------------------------------------


@dataclass
class Result:
    """One case's outcome, as printed and written to ``--json``."""

    case: int
    family: str
    base: str
    what: str
    size: int
    outcome: str
    reason: str
    generic: bool = False
    peak_load: int = 0
    peak_save: int = 0
    seconds: float = 0.0


class Worker:
    """One worker subprocess and the case it is on."""

    def __init__(self, seed: int, small: bool, events: queue.Queue[tuple[Worker, str | None]]):
        env = dict(
            os.environ,
            OPENBLAS_NUM_THREADS="1",
            OMP_NUM_THREADS="1",
            MKL_NUM_THREADS="1",
            PYTHONPATH=str(ROOT),
        )
        self.errors: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 (closed in stop)
        command = [sys.executable, "-m", "tests.fuzz.run", "--worker", "--seed", str(seed)]
        self.proc = subprocess.Popen(
            command + (["--small"] if small else []),
            cwd=ROOT,
            env=env,
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.errors,
            bufsize=1,
        )
        self.alive = True
        self.case: int | None = None
        self.step = ""
        self.since = time.monotonic()  # when the current step began
        self.rss = 0
        self.cpu = 0.0  # the worker's CPU seconds when the current step began
        threading.Thread(target=self._read, args=(events,), daemon=True).start()

    def _read(self, events: queue.Queue[tuple[Worker, str | None]]) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            events.put((self, line))
        events.put((self, None))

    def give(self, number: int) -> None:
        assert self.proc.stdin is not None
        self.case, self.step, self.since = number, "make", time.monotonic()
        self.proc.stdin.write(f"{number}\n")
        self.proc.stdin.flush()

    def peak(self) -> int:
        return max(0, _status("VmHWM", self.proc.pid) - self.rss)

    def cpu_in_step(self) -> float:
        """CPU seconds the worker has used in its current step (a busy machine makes
        wall time longer, not this)."""
        try:
            with open(f"/proc/{self.proc.pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        ticks = int(fields[11]) + int(fields[12])  # utime, stime
        return max(0.0, ticks / os.sysconf("SC_CLK_TCK") - self.cpu)

    def stop(self) -> None:
        self.alive = False
        with contextlib.suppress(OSError):
            self.proc.kill()  # this worker's own pid, started above
        self.proc.wait()
        self.errors.close()

    def death(self) -> str:
        """Why the worker ended: its signal or exit code, and the last line it wrote."""
        code = self.proc.wait()
        self.alive = False
        self.errors.seek(0)
        lines = [x for x in self.errors.read().decode(errors="replace").splitlines() if x.strip()]
        files = [x.strip() for x in lines if x.strip().startswith("File ")]
        newest_first = any("most recent call first" in x for x in lines)  # faulthandler's
        tail = (files[0] if newest_first else files[-1]) if files else (lines or [""])[-1]
        self.errors.close()
        how = f"signal {signal.Signals(-code).name}" if code < 0 else f"exit code {code}"
        return f"the worker died ({how})" + (f": {tail[:200]}" if tail else "")


class Run:
    """Cases handed to workers, results collected, workers replaced when they die or
    run past the limit."""

    def __init__(self, seed: int, small: bool, jobs: int, limit: float) -> None:
        self.seed, self.small, self.limit = seed, small, limit
        self.events: queue.Queue[tuple[Worker, str | None]] = queue.Queue()
        self.workers = [self._new() for _ in range(jobs)]
        self.results: dict[int, Result] = {}
        self.info: dict[int, dict[str, Any]] = {}

    def _new(self) -> Worker:
        return Worker(self.seed, self.small, self.events)

    def cases(self, numbers: Iterable[int], progress: Callable[[int], None]) -> dict[int, Result]:
        """Run every case of ``numbers``; ``progress(done)`` after each."""
        todo = deque(numbers)
        total = len(todo)
        idle = list(self.workers)
        try:
            while len(self.results) < total:
                while idle and todo:
                    idle.pop().give(todo.popleft())
                try:
                    worker, line = self.events.get(timeout=0.05)
                except queue.Empty:
                    worker, line = None, None
                if worker is not None and worker.alive:
                    done = self._event(worker, line)
                    if done is not None:
                        idle.append(done)
                        progress(len(self.results))
                for late in [w for w in self.workers if self._late(w)]:
                    idle.append(self._replace(late, *self._overdue(late)))
                    progress(len(self.results))
        finally:  # also on Ctrl-C: no worker is left running
            for worker in self.workers:
                worker.stop()
        return self.results

    def _event(self, worker: Worker, line: str | None) -> Worker | None:
        """Handle one line from ``worker``; the worker to reuse when its case is done."""
        if line is None:
            if worker.case is None:
                self.workers.remove(worker)
                return self._added()
            reason = worker.death()
            outcome = HARNESS if worker.step == "make" else CRASHED
            return self._replace(worker, outcome, f"{reason} (during {worker.step})")
        message = json.loads(line)
        if message["event"] == "start":
            worker.rss, worker.step, worker.since = message["rss"], "load", time.monotonic()
            self.info[message["case"]] = message
        elif message["event"] == "step":
            worker.step, worker.since = message["step"], time.monotonic()
            worker.cpu = message["cpu"]
        else:
            assert worker.case is not None
            fields = {
                k: message[k]
                for k in ("outcome", "reason", "generic", "peak_load", "peak_save", "seconds")
            }
            self._record(worker.case, **fields)
            worker.case = None
            return worker
        return None

    def _late(self, worker: Worker) -> bool:
        if worker.case is None or not worker.alive:
            return False
        allowed = GENERATION_LIMIT if worker.step == "make" else self.limit
        return time.monotonic() - worker.since > allowed

    def _overdue(self, worker: Worker) -> tuple[str, str]:
        if worker.step == "make":
            return HARNESS, f"making the case takes more than {GENERATION_LIMIT:g} s"
        seconds = f"more than {self.limit:g} s ({worker.cpu_in_step():.1f} s of CPU"
        seconds += f", peak so far {gib(worker.peak())})"
        if worker.step == "load":
            return HUNG, f"loading takes {seconds}"
        return BROKEN, f"{worker.step} takes {seconds} after loading"

    def _replace(self, worker: Worker, outcome: str, reason: str) -> Worker:
        assert worker.case is not None
        self._record(worker.case, outcome, reason)
        if worker.alive:
            worker.stop()
        self.workers.remove(worker)
        return self._added()

    def _added(self) -> Worker:
        fresh = self._new()
        self.workers.append(fresh)
        return fresh

    def _record(self, number: int, outcome: str, reason: str, **fields: Any) -> None:
        info = self.info.pop(number, None)
        if info is None:  # the worker died making it: make it here to name it
            case = make_case(self.seed, number, self.small)
            info = {
                "family": case.family,
                "base": case.base,
                "what": case.what,
                "size": len(case.data),
            }
        labels = [info[k] for k in ("family", "base", "what", "size")]
        self.results[number] = Result(number, *labels, outcome, reason, **fields)


# -- the report -------------------------------------------------------------------------------


def safe(text: str) -> str:
    """``text`` printable on any terminal (lone surrogates escaped)."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def signature(reason: str) -> str:
    """``reason`` with its numbers and quoted names blurred, to group alike reasons."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", reason)
    return re.sub(r"\d+", "N", text)[:120]


def report(results: dict[int, Result], seconds: float, args: argparse.Namespace) -> str:
    counts = Counter(r.outcome for r in results.values())
    generic = [r for r in results.values() if r.outcome == REFUSED and r.generic]
    total = len(results)
    lines = [
        f"map-loader fuzz: {total} cases (from {args.first}), seed {args.seed}, "
        f"{args.jobs} workers, {'small' if args.small else 'full'} sizes, {seconds:.0f} s "
        f"(load average {args.load_before:.1f} before, {os.getloadavg()[0]:.1f} after)",
        "",
        f"{'outcome':<22}{'cases':>7}",
    ]
    for outcome in CLASSES:
        if outcome == HARNESS and not counts[outcome]:
            continue
        extra = f"   (generic: {len(generic)})" if outcome == REFUSED else ""
        label = f"{outcome} (> {args.limit:g} s)" if outcome == HUNG else outcome
        lines.append(f"{label:<22}{counts[outcome]:>7}{extra}")
    sections = [(c, [r for r in results.values() if r.outcome == c]) for c in BAD]
    sections.append(("generic refusals", generic))
    for name, rows in sections:
        if rows:
            lines += ["", f"{name}: {len(rows)}", *_examples(rows, args.examples)]
    lines += ["", *_by_family(results)]
    heavy = max(results.values(), key=lambda r: max(r.peak_load, r.peak_save), default=None)
    if heavy is not None:
        lines += [
            "",
            f"largest peak: case {heavy.case} [{heavy.family}] {safe(heavy.what)}: "
            f"load {gib(heavy.peak_load)}, save +{gib(heavy.peak_save)} ({heavy.outcome})",
        ]
    slow = max(results.values(), key=lambda r: r.seconds, default=None)
    if slow is not None:
        lines.append(
            f"slowest judged case: case {slow.case} [{slow.family}] {safe(slow.what)}: "
            f"{slow.seconds:.2f} s ({slow.outcome})"
        )
    return "\n".join(lines)


def _examples(rows: list[Result], limit: int) -> list[str]:
    """Up to ``limit`` examples, one per kind of reason (the most common kinds first)."""
    groups: dict[str, list[Result]] = defaultdict(list)
    for row in sorted(rows, key=lambda r: r.case):
        groups[signature(row.reason)].append(row)
    ordered = sorted(groups.values(), key=len, reverse=True)
    lines = []
    for group in ordered[:limit]:
        row = group[0]
        more = f" (+{len(group) - 1} alike)" if len(group) > 1 else ""
        lines.append(f"  case {row.case} [{row.family}] {row.base}: {row.what}{more}")
        lines.append(f"      → {row.reason}")
    if len(ordered) > limit:
        lines.append(f"  … and {len(ordered) - limit} other kinds of reason")
    return [safe(x) for x in lines]


def _by_family(results: dict[int, Result]) -> list[str]:
    shown = (REFUSED, OK, CRASHED, HUNG, MEMORY, BROKEN)
    short = {
        REFUSED: "refused",
        OK: "ok",
        CRASHED: "crash",
        HUNG: "hung",
        MEMORY: ">1GiB",
        BROKEN: "broken",
    }
    table = defaultdict(Counter)
    for r in results.values():
        table[r.family][r.outcome] += 1
        table[r.family]["generic"] += r.generic
    head = f"{'family':<18}" + "".join(f"{short[c]:>9}" for c in shown) + f"{'generic':>9}"
    rows = [head]
    for family in sorted(table):
        row = table[family]
        rows.append(
            f"{family:<18}" + "".join(f"{row[c]:>9}" for c in shown) + f"{row['generic']:>9}"
        )
    return rows


# -- one case, verbosely ------------------------------------------------------------------------


class PrintedSteps(MeasuredSteps):
    """Prints each step's time and peak; shows where a step is after ``limit`` seconds."""

    def __init__(self, limit: float) -> None:
        super().__init__(lambda message: None)
        self.last = time.perf_counter()
        self.limit = limit

    def step(self, name: str) -> None:
        faulthandler.dump_traceback_later(self.limit, exit=False)  # where a hang is
        now = time.perf_counter()
        if self.current:
            peak = gib(_status("VmHWM") - self.before_case)
            print(f"  {self.current}: {now - self.last:.3f} s, peak {peak}")
        self.last = now
        super().step(name)

    def end(self, verdict: Verdict) -> Verdict:
        self.step("")
        return super().end(verdict)


def one_case(seed: int, number: int, small: bool, limit: float) -> int:
    cap_address_space()
    case = make_case(seed, number, small)
    print(safe(case.title()))
    print(f"  {len(case.data)} bytes")
    data = case.data
    del case
    _release()
    verdict = examine(data, PrintedSteps(limit))
    faulthandler.cancel_dump_traceback_later()
    print(f"outcome: {verdict.outcome}{' (generic)' if verdict.generic else ''}")
    print(safe(f"reason: {verdict.reason}") if verdict.reason else "reason: -")
    print(f"peaks: load {gib(verdict.peak_load)}, save +{gib(verdict.peak_save)}")
    if verdict.trace:
        print(safe(verdict.trace))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--small", action="store_true")
    parser.add_argument("--limit", type=float, default=WALL_LIMIT)
    parser.add_argument("--examples", type=int, default=5)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--case", type=int)
    parser.add_argument("--write", nargs=2, metavar=("N", "PATH"))
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args.seed, args.small)
    if args.case is not None:
        return one_case(args.seed, args.case, args.small, args.limit)
    if args.write:
        case = make_case(args.seed, int(args.write[0]), args.small)
        Path(args.write[1]).write_bytes(case.data)
        print(safe(f"wrote {args.write[1]}: {case.title()}"))
        return 0
    started, args.load_before = time.monotonic(), os.getloadavg()[0]
    numbers = range(args.first, args.first + args.cases)
    step = max(1, args.cases // 20)

    def progress(done: int) -> None:
        if done % step == 0:
            print(
                f"  {done}/{args.cases} cases, {time.monotonic() - started:.0f} s",
                file=sys.stderr,
                flush=True,
            )

    results = Run(args.seed, args.small, args.jobs, args.limit).cases(numbers, progress)
    print(report(results, time.monotonic() - started, args))
    if args.json:
        rows = [asdict(results[n]) for n in sorted(results)]
        args.json.write_text(json.dumps(rows, indent=1))
    bad = sum(1 for r in results.values() if r.outcome in BAD)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
