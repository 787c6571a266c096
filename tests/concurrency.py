"""Threads released together, each on its own database connection (PostgreSQL race tests)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connection


def run_together(count: int, work: Callable[[int], Any]) -> list[Any]:
    """Run `work(index)` in `count` threads released together at a barrier, each on its own
    connection; answer each thread's result or exception."""
    barrier = threading.Barrier(count, timeout=30)
    results: list[Any] = [None] * count

    def target(index: int) -> None:
        try:
            connection.ensure_connection()  # connected already: the race starts at the work
            barrier.wait()
            results[index] = work(index)
        except Exception as error:  # reported by the test, next to the others' results
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=target, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a thread is stuck"
    return results
