"""The per-key token bucket (``backend/auth/ratelimit.py``) on a clock the test moves."""

from __future__ import annotations

import pytest

from backend.auth.ratelimit import RateLimiter
from backend.errors import RateLimited


def test_a_burst_then_one_request_per_refill_and_keys_apart():
    now = [100.0]
    limiter = RateLimiter(per_minute=6, burst=3, clock=lambda: now[0])  # a token every 10 s
    for _ in range(3):
        limiter.allow("a")
    with pytest.raises(RateLimited) as refused:
        limiter.allow("a")
    assert refused.value.status == 429 and refused.value.headers == {"Retry-After": "10"}
    limiter.allow("b")  # another key has its own bucket
    now[0] += 4
    with pytest.raises(RateLimited) as refused:
        limiter.allow("a")
    assert refused.value.headers == {"Retry-After": "6"}  # 0.4 of a token refilled: 6 s to go
    now[0] += 6
    limiter.allow("a")  # one token back
    now[0] += 3600
    for _ in range(3):  # an idle hour refills to the burst, not beyond
        limiter.allow("a")
    with pytest.raises(RateLimited):
        limiter.allow("a")


def test_zero_per_minute_turns_limiting_off():
    limiter = RateLimiter(per_minute=0, burst=1, clock=lambda: 0.0)
    for _ in range(100):
        limiter.allow("a")
