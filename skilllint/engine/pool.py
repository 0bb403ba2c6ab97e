"""A process pool that survives its workers: one file that kills a worker costs that file.

`multiprocessing.Pool` waits forever for a task whose worker died (a segfault in a C
extension, an out-of-memory kill), and `concurrent.futures` fails every pending task with
it. Here each forked worker has its own pipe and works on one batch at a time, so the
parent always knows which batch a dead or stuck worker held. It replaces the worker, runs
that batch again one item per worker, and an item that still kills its worker (or exceeds
the hard time limit) is handed to `on_lost` instead of being waited on. Results arrive in
completion order; callers sort.
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
from typing import TypeVar

Item = TypeVar("Item")
Out = TypeVar("Out")


def _serve(connection: Connection, items: Sequence[Item], work: Callable[[Item], Out]) -> None:
    """A worker: receive (start, stop) ranges of `items`, send back the list of results."""
    while True:
        try:
            task = connection.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
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


def run_pool(
    items: Sequence[Item],
    work: Callable[[Item], Out],
    on_lost: Callable[[Item, str], Out],
    *,
    jobs: int,
    batch_size: int,
    item_seconds: float,
) -> Iterator[tuple[int, list[Out]]]:
    """Yield (items done, results) as batches complete, over `jobs` forked workers.

    `item_seconds` is a hard limit per item: a batch may take `item_seconds * len(batch)`
    before its worker is killed. The work function should keep its own softer budget.
    """
    context = multiprocessing.get_context("fork")
    state = _Queues()
    state.pending.extend(_batches(len(items), jobs, batch_size))
    workers: list[_Worker] = []

    def spawn() -> _Worker:
        parent, child = context.Pipe()
        process = context.Process(target=_serve, args=(child, items, work), daemon=True)
        process.start()
        child.close()
        return _Worker(process, parent)

    def assign(worker: _Worker) -> None:
        queue = state.retry if state.retry else state.pending
        if queue:
            worker.task = queue.popleft()
            worker.started = time.monotonic()
            worker.connection.send(worker.task)

    def lose(worker: _Worker, reason: str) -> list[Out]:
        """The worker died or overran: split its batch, or give its one item up."""
        assert worker.task is not None
        start, stop = worker.task
        worker.task = None
        _stop(worker)
        if stop - start > 1:
            state.retry.extend((index, index + 1) for index in range(start, stop))
            return []
        return [on_lost(items[start], reason)]

    try:
        for _ in range(min(jobs, len(state.pending))):
            worker = spawn()
            workers.append(worker)
            assign(worker)
        while any(worker.task is not None for worker in workers):
            busy = [w for w in workers if w.task is not None]
            timeout = min(_deadline(w, item_seconds) for w in busy) - time.monotonic()
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
                        results = lose(worker, _death(worker))
                elif worker.process.sentinel in ready:
                    results = lose(worker, _death(worker))
                elif time.monotonic() > _deadline(worker, item_seconds):
                    results = lose(worker, f"took longer than {item_seconds:g} s")
                else:
                    continue
                if worker.task is None and not worker.process.is_alive():
                    workers[index] = worker = spawn()
                assign(worker)
                if results:
                    yield len(results), results
    finally:
        for worker in workers:
            _stop(worker, graceful=True)


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


def _stop(worker: _Worker, graceful: bool = False) -> None:
    if graceful and worker.process.is_alive() and worker.task is None:
        with contextlib.suppress(OSError):
            worker.connection.send(None)
        worker.process.join(timeout=1.0)
    if worker.process.is_alive():
        worker.process.kill()
        worker.process.join(timeout=1.0)
    worker.connection.close()
