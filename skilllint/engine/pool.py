"""A process pool that survives its workers: one file that kills a worker costs that file.

`multiprocessing.Pool` waits forever for a task whose worker died (a segfault in a C
extension, an out-of-memory kill), and `concurrent.futures` fails every pending task with
it. Here each forked worker has its own pipe and works on one batch at a time, so the
parent always knows which batch a dead or stuck worker held. It replaces the worker, runs
that batch again one item per worker, and an item that still kills its worker (or exceeds
the hard time limit) is handed to `on_lost` instead of being waited on. Results arrive in
completion order; callers sort.

A caller may also give the workers something to do once every item is done (`finisher`), and take
what it returns later (`Pool.finish`, then `Pool.collect`): the workers then work while the caller
does its own serial part. A check run uses it for the result cache's entries and the run record's
rows, whose encoding cost a cold run 6% of its time on two cores while the linting waited for it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Generic, TypeVar

Item = TypeVar("Item")
Out = TypeVar("Out")


FINISH = "finish"
"""The message that asks a worker for its `finisher`'s result."""


def _serve(connection: Connection, items: Sequence[Item], work: Callable[[Item], Out],
           finisher: Callable[[], object] | None = None) -> None:
    """A worker: receive (start, stop) ranges of `items`, send back the list of results; on FINISH,
    send back what `finisher` returns (None without one)."""
    while True:
        try:
            task = connection.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        if task == FINISH:
            connection.send(finisher() if finisher is not None else None)
            continue
        start, stop = task
        connection.send([work(items[index]) for index in range(start, stop)])


@dataclass
class _Worker:
    process: BaseProcess
    connection: Connection
    task: tuple[int, int] | None = None
    started: float = 0.0


@dataclass
class _Queues:
    pending: deque[tuple[int, int]] = field(default_factory=deque)
    retry: deque[tuple[int, int]] = field(default_factory=deque)  # single items of a lost batch


class Pool(Generic[Item, Out]):
    """`jobs` forked workers over `items`: iterate it for (items done, results) as batches complete;
    then, with a `finisher`, `finish` asks every worker for its result and `collect` takes the answers.
    Use it as a context manager: leaving it stops every worker still running."""

    def __init__(self, items: Sequence[Item], work: Callable[[Item], Out], on_lost: Callable[[Item, str], Out], *,
                 jobs: int, batch_size: int, item_seconds: float, finisher: Callable[[], object] | None = None
                 ) -> None:
        self.items, self.work, self.on_lost, self.finisher = items, work, on_lost, finisher
        self.jobs, self.item_seconds = jobs, item_seconds
        self.context = multiprocessing.get_context("fork")
        self.state = _Queues()
        self.state.pending.extend(_batches(len(items), jobs, batch_size))
        self.workers: list[_Worker] = []
        self.lost: list[int] = []
        """The process ids of the workers that died or were killed: what their `finisher` would have
        given is gone (and what they had written may be half-written)."""

    def __enter__(self) -> Pool[Item, Out]:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _spawn(self) -> _Worker:
        parent, child = self.context.Pipe()
        process = self.context.Process(target=_serve, args=(child, self.items, self.work, self.finisher),
                                       daemon=True)
        process.start()
        child.close()
        return _Worker(process, parent)

    def _assign(self, worker: _Worker) -> None:
        state = self.state
        queue = state.retry if state.retry else state.pending
        if queue:
            worker.task = queue.popleft()
            worker.started = time.monotonic()
            worker.connection.send(worker.task)

    def _lose(self, worker: _Worker, reason: str) -> list[Out]:
        """The worker died or overran: split its batch, or give its one item up."""
        assert worker.task is not None
        start, stop = worker.task
        worker.task = None
        self.lost.append(worker.process.pid or 0)
        _stop(worker)
        if stop - start > 1:
            self.state.retry.extend((index, index + 1) for index in range(start, stop))
            return []
        return [self.on_lost(self.items[start], reason)]

    def __iter__(self) -> Iterator[tuple[int, list[Out]]]:
        """(items done, results) as batches complete, in completion order. `item_seconds` is a hard
        limit per item: a batch may take `item_seconds * len(batch)` before its worker is killed (the
        work function should keep its own softer budget)."""
        workers = self.workers
        for _ in range(min(self.jobs, len(self.state.pending))):
            worker = self._spawn()
            workers.append(worker)
            self._assign(worker)
        while any(worker.task is not None for worker in workers):
            busy = [w for w in workers if w.task is not None]
            timeout = min(_deadline(w, self.item_seconds) for w in busy) - time.monotonic()
            ready = wait([w.connection for w in busy] + [w.process.sentinel for w in busy], max(0.0, timeout))
            for index, worker in enumerate(workers):
                if worker.task is None:
                    continue
                results: list[Out] | None = None
                if worker.connection in ready:
                    try:
                        results = worker.connection.recv()
                        worker.task = None
                    except (EOFError, OSError):
                        results = self._lose(worker, _death(worker))
                elif worker.process.sentinel in ready:
                    results = self._lose(worker, _death(worker))
                elif time.monotonic() > _deadline(worker, self.item_seconds):
                    results = self._lose(worker, f"took longer than {self.item_seconds:g} s")
                else:
                    continue
                if worker.task is None and not worker.process.is_alive():
                    workers[index] = worker = self._spawn()
                self._assign(worker)
                if results:
                    yield len(results), results

    def finish(self) -> None:
        """Ask every worker for its `finisher`'s result (after the last batch), without waiting for it."""
        for worker in self.workers:
            try:
                worker.connection.send(FINISH)
                worker.task = (0, 0)  # busy: its answer is awaited
                worker.started = time.monotonic()
            except OSError:
                self.lost.append(worker.process.pid or 0)
                worker.task = None

    def collect(self, seconds: float) -> list[object] | None:
        """Each worker's answer to `finish`, waiting at most `seconds` in all; None when any worker
        was lost on the way (died, killed, or too slow: then it is stopped). Stops every worker."""
        answers: list[object] = []
        deadline = time.monotonic() + seconds
        try:
            for worker in self.workers:
                if worker.task is None:
                    continue
                try:
                    if worker.connection.poll(max(0.0, deadline - time.monotonic())):
                        answers.append(worker.connection.recv())
                        worker.task = None
                        continue
                except (EOFError, OSError):
                    pass
                self.lost.append(worker.process.pid or 0)
        finally:
            self.close()
        return None if self.lost else answers

    def close(self) -> None:
        """Stop every worker: those with nothing to do asked to (all at once, so that they exit
        together: one after the other took 10 ms of a run's end), the others killed."""
        for worker in self.workers:
            if worker.task is None:
                with contextlib.suppress(OSError):
                    worker.connection.send(None)
        for worker in self.workers:
            _stop(worker, graceful=True, asked=True)
        self.workers = []


def run_pool(
    items: Sequence[Item],
    work: Callable[[Item], Out],
    on_lost: Callable[[Item, str], Out],
    *,
    jobs: int,
    batch_size: int,
    item_seconds: float,
) -> Iterator[tuple[int, list[Out]]]:
    """Yield (items done, results) as batches complete, over `jobs` forked workers (`Pool`), and stop
    them at the end."""
    with Pool(items, work, on_lost, jobs=jobs, batch_size=batch_size, item_seconds=item_seconds) as pool:
        yield from pool


def _batches(total: int, jobs: int, largest: int) -> Iterator[tuple[int, int]]:
    """(start, stop) ranges over `total` items: at most `largest` each, and smaller towards the end
    (a quarter of each worker's share of what is left, down to 8), so that the workers finish
    together: with fixed batches of 256 real skills, the last batch kept one worker busy for up to
    0.35 s while the other had nothing left to do ("guided" scheduling, as OpenMP calls it)."""
    smallest = max(1, min(8, largest))
    start = 0
    while start < total:
        size = max(smallest, min(largest, (total - start) // (4 * max(1, jobs))))
        yield start, min(total, start + size)
        start += size


def _deadline(worker: _Worker, item_seconds: float) -> float:
    assert worker.task is not None
    return worker.started + item_seconds * (worker.task[1] - worker.task[0]) + 1.0


def _death(worker: _Worker) -> str:
    worker.process.join(timeout=1.0)
    code = worker.process.exitcode
    if code is not None and code < 0:
        import signal

        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"the worker process died ({name})"
    return f"the worker process exited (code {code})"


def _stop(worker: _Worker, graceful: bool = False, asked: bool = False) -> None:
    """Stop a worker: with `graceful`, one with nothing to do is asked to (`asked`: it was already) and
    given a second; any other, or one still running then, is killed."""
    if graceful and worker.process.is_alive() and worker.task is None:
        if not asked:
            with contextlib.suppress(OSError):
                worker.connection.send(None)
        worker.process.join(timeout=1.0)
    if worker.process.is_alive():
        worker.process.kill()
        worker.process.join(timeout=1.0)
    worker.connection.close()
