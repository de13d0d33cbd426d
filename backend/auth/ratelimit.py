"""Per-key rate limiting: a token bucket for each API key, refilled continuously.

Buckets live in this process's memory: with N API processes a key gets up to N times the rate. That keeps
the request path free of shared writes; put a gateway in front when the limit must be global.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from threading import Lock

from backend.errors import RateLimited


class RateLimiter:
    """``allow(key)`` spends one token of that key's bucket or raises :class:`RateLimited`."""

    def __init__(self, per_minute: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock  # seconds; a test passes its own
        self._rate = per_minute / 60.0
        self._burst = float(max(1, burst))
        self._buckets: dict[str, tuple[float, float]] = {}  # key → (tokens, last refill time)
        self._lock = Lock()

    def allow(self, key: str) -> None:
        """Spend one of ``key``'s tokens; 429 with the seconds until the next one when the bucket is empty."""
        if self._rate <= 0:
            return  # limiting disabled
        now = self._clock()
        with self._lock:
            tokens, last = self._buckets.get(key, (self._burst, now))
            tokens = min(self._burst, tokens + (now - last) * self._rate)
            if tokens < 1.0:
                self._buckets[key] = (tokens, now)
                retry_after = math.ceil((1.0 - tokens) / self._rate)
                raise RateLimited(f"Too many requests for this key; retry in {retry_after} s.", retry_after)
            self._buckets[key] = (tokens - 1.0, now)
