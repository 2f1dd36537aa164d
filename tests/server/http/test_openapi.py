"""Hostile HTTP, drawn by Schemathesis from the server's own /openapi.json: whatever a
request holds (right types or wrong, valid Unicode or not), the answer is a clear 4xx
with a ``detail`` (or a success), never a server error; and the server keeps serving."""

from __future__ import annotations

from itertools import product
from typing import Any

import httpx
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode

EXAMPLES = 12
"""Cases per operation and mode (fitting the schema, and not): some 150 requests in all."""


def test_every_answer_is_a_success_or_a_clear_refusal(module_server: Any) -> None:
    schema = schemathesis.openapi.from_url(f"{module_server.url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 9
    answered: dict[int, int] = {}
    for operation, mode in product(operations, GenerationMode):

        @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(operation.as_strategy(mode))
        def hostile(case: Any) -> None:
            reply = case.call(base_url=module_server.url, timeout=30)
            answered[reply.status_code] = answered.get(reply.status_code, 0) + 1
            assert reply.status_code < 500, (case.path, reply.status_code, reply.text[:300])
            if reply.status_code >= 400:
                assert reply.json()["detail"], reply.text

        try:
            hostile()
        except Unsatisfiable:
            assert mode == GenerationMode.NEGATIVE  # nothing to get wrong (no parameters)
    assert httpx.get(f"{module_server.url}/api/games", timeout=30).status_code == 200
    assert sum(answered.values()) > 100 and {201, 404, 422} <= set(answered), answered
