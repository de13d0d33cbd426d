"""``Server-Timing``: every API response says where the server spent its time, by step."""

from __future__ import annotations


def _steps(response) -> dict[str, float]:
    steps = {}
    for part in response.headers["server-timing"].split(","):
        name, _, duration = part.strip().partition(";dur=")
        steps[name] = float(duration)
    return steps


def test_a_search_reports_its_steps(client):
    ctx = client.post("/v1/contexts", json={"name": "Fleet"}).json()["id"]
    added = client.post(
        f"/v1/contexts/{ctx}/documents", json={"name": "Boats", "text": "The harbour rents sailing boats in summer."}
    )
    assert added.status_code == 201
    assert {"auth", "existing", "chunk", "embed", "write", "app"} <= _steps(added).keys()

    found = client.post("/v1/search", json={"query": "Where can I rent a sailing boat?", "context_id": ctx})
    assert found.status_code == 200 and found.json()[0]["metadata"]["name"] == "Boats"
    steps = _steps(found)
    # The full-text query runs on another thread: it is still counted in this request.
    assert {"auth", "embed", "vector", "fulltext", "relevance", "revisions", "app"} <= steps.keys()
    assert all(ms >= 0 for ms in steps.values())
    assert steps["app"] >= steps["vector"] + steps["relevance"]  # the whole request holds its sequential steps


def test_a_refused_request_still_reports_the_time_it_took(client):
    response = client.post("/v1/search", json={"query": "boats"}, headers={"Authorization": "Bearer ab_wrong"})
    assert response.status_code == 401 and response.json()["error"]["code"] == "unauthorized"
    assert "app" in _steps(response)
