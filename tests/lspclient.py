"""A minimal Language Server Protocol client for tests: JSON-RPC over a subprocess's stdio with
Content-Length framing, messages read by a thread into a queue so every wait has a timeout."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

TIMEOUT = 20.0


class LspClient:
    def __init__(self, cwd: Path, command: list[str] | None = None, memory_limit: int | None = None) -> None:
        """`memory_limit`: the server's address space, in bytes (RLIMIT_AS), so a server that reads
        without bound fails fast instead of taking the test machine's memory."""
        self.process = subprocess.Popen(command or [sys.executable, "-m", "skilllint", "server"], cwd=cwd,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        preexec_fn=None if memory_limit is None else _limit_memory(memory_limit))
        self.messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.seen: list[dict[str, Any]] = []  # notifications read while waiting for something else
        self.next_id = 0
        assert self.process.stdout is not None
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()

    def _read(self, stream: IO[bytes]) -> None:
        while True:
            length = None
            while True:
                header = stream.readline()
                if not header:
                    self.messages.put(None)
                    return
                if header in (b"\r\n", b"\n"):
                    break
                name, _, value = header.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            assert length is not None
            self.messages.put(json.loads(stream.read(length)))

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: Any) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params: Any, timeout: float = TIMEOUT) -> Any:
        reply = self.call(method, params, timeout)
        assert "error" not in reply, reply
        return reply.get("result")

    def call(self, method: str, params: Any, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The whole reply to a request: its `result`, or its `error`."""
        self.next_id += 1
        ident = self.next_id
        self.send({"id": ident, "method": method, "params": params})
        return self._next(lambda m: m.get("id") == ident and "method" not in m, timeout)

    def wait_for(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT) -> dict[str, Any]:
        """The first notification (already seen or coming) that `predicate` accepts; it is consumed."""
        for index, message in enumerate(self.seen):
            if predicate(message):
                return self.seen.pop(index)
        return self._next(predicate, timeout)

    def diagnostics(self, uri: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next publishDiagnostics for `uri` (its params)."""
        found = self.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                              and m["params"]["uri"] == uri, timeout)
        return dict(found["params"])

    def _next(self, predicate: Callable[[dict[str, Any]], bool], timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no matching message in {timeout} s; seen: {self.seen}")
            try:
                message = self.messages.get(timeout=remaining)
            except queue.Empty:
                continue
            if message is None:
                raise EOFError(f"the server closed its output; stderr: {self._stderr()}")
            if message.get("method") and "id" in message:  # a request from the server: answer it
                self.send({"id": message["id"], "result": None})
            if predicate(message):
                return message
            self.seen.append(message)

    def _stderr(self) -> str:
        if self.process.poll() is None or self.process.stderr is None:
            return ""
        return self.process.stderr.read().decode("utf-8", "replace")

    def close(self, timeout: float = TIMEOUT) -> int:
        """shutdown, exit, and the server's exit code (killed if it does not end)."""
        try:
            self.request("shutdown", None, timeout)
            self.notify("exit", None)
            return self.process.wait(timeout)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()


def _limit_memory(limit: int) -> Callable[[], None]:
    def limit_memory() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return limit_memory
