"""Contexts and documents through the real app: create, list, get, content, re-ingest, delete."""

from __future__ import annotations

import uuid

from tests.helpers import assert_error, bearer, make_docx


def _context(client, name="Handbook"):
    response = client.post("/v1/contexts", json={"name": name, "description": "Company handbook"})
    assert response.status_code == 201, response.text
    return response.json()


def test_create_list_get_delete_context(client):
    created = _context(client)
    uuid.UUID(created["id"])
    assert created["name"] == "Handbook" and created["description"] == "Company handbook" and created["created_at"]
    assert [c["id"] for c in client.get("/v1/contexts").json()] == [created["id"]]
    assert client.get(f"/v1/contexts/{created['id']}").json() == created
    assert client.delete(f"/v1/contexts/{created['id']}").status_code == 204
    assert_error(client.get(f"/v1/contexts/{created['id']}"), 404, "not_found")
    assert client.get("/v1/contexts").json() == []


def test_add_text_document_and_read_it_back(client):
    ctx = _context(client)
    response = client.post(
        f"/v1/contexts/{ctx['id']}/documents", json={"text": "The Lisbon office has 31 employees.", "name": "Lisbon"}
    )
    assert response.status_code == 201, response.text
    doc = response.json()
    assert doc["context_id"] == ctx["id"] and doc["type"] == "text-snippet" and doc["chunks"] == 1
    assert doc["source"] == f"http://testserver/v1/documents/{doc['id']}/content"
    assert client.get(f"/v1/documents/{doc['id']}").json()["name"] == "Lisbon"
    content = client.get(f"/v1/documents/{doc['id']}/content")
    assert content.status_code == 200 and content.text == "The Lisbon office has 31 employees."
    assert [d["id"] for d in client.get(f"/v1/contexts/{ctx['id']}/documents").json()] == [doc["id"]]


def test_text_document_with_source_reports_that_url(client):
    doc = client.post(
        "/v1/documents",
        json={"text": "Refunds take 14 days.", "name": "Refunds", "source": "https://intranet.example/refunds"},
    ).json()
    assert doc["source"] == "https://intranet.example/refunds" and doc["context_id"] is None
    hit = client.post("/v1/search", json={"query": "refunds"}).json()[0]
    assert hit["metadata"]["source"] == "https://intranet.example/refunds"


def test_upload_file_then_reupload_replaces_without_duplicates(client):
    ctx = _context(client)
    url = f"/v1/contexts/{ctx['id']}/documents"
    first = client.post(url, files={"file": ("policy.md", b"# Travel\nTrains are booked in second class.")})
    assert first.status_code == 201, first.text
    second = client.post(url, files={"file": ("policy.md", b"# Travel\nTrains are booked in first class.")})
    assert second.status_code == 201 and second.json()["id"] == first.json()["id"]
    docs = client.get(url).json()
    assert len(docs) == 1 and docs[0]["type"] == "document"
    results = client.post("/v1/search", json={"query": "trains class", "context_id": ctx["id"]}).json()
    assert len(results) == 1 and "first class" in results[0]["page_content"]


def test_upload_docx(client):
    data = make_docx("Parking", ["Staff park on level minus two.", "Visitors use the street."])
    response = client.post("/v1/documents", files={"file": ("parking.docx", data)})
    assert response.status_code == 201, response.text
    assert "level minus two" in client.get(f"/v1/documents/{response.json()['id']}/content").text


def test_delete_document_removes_it_from_search(client):
    doc = client.post("/v1/documents", json={"text": "The cafeteria serves ramen on Tuesdays.", "name": "Menu"}).json()
    assert client.post("/v1/search", json={"query": "ramen"}).json()
    assert client.delete(f"/v1/documents/{doc['id']}").status_code == 204
    assert client.post("/v1/search", json={"query": "ramen"}).json() == []
    assert_error(client.get(f"/v1/documents/{doc['id']}"), 404, "not_found")


def test_delete_context_removes_its_documents(client, services):
    ctx = _context(client)
    doc = client.post(f"/v1/contexts/{ctx['id']}/documents", json={"text": "Badges are blue.", "name": "Badges"})
    assert client.delete(f"/v1/contexts/{ctx['id']}").status_code == 204
    assert_error(client.get(f"/v1/documents/{doc.json()['id']}"), 404, "not_found")
    assert services.store.counts("acme")["chunks"] == 0


def test_unsupported_upload_and_empty_text(client):
    assert_error(
        client.post("/v1/documents", files={"file": ("tool.exe", b"MZ\x00\x01")}), 415, "unsupported_media_type"
    )
    assert_error(client.post("/v1/documents", files={"file": ("blank.txt", b"   \n ")}), 422, "invalid_request")
    assert_error(
        client.post("/v1/documents", content=b"x", headers={"content-type": "text/plain"}),
        415,
        "unsupported_media_type",
    )


def test_status_reports_engine_embedder_and_counts(client):
    client.post("/v1/documents", json={"text": "One fact.", "name": "Fact"})
    status = client.get("/v1/status").json()
    assert status["engine"] == "offline" and status["embedder"] == "local:all-MiniLM-L6-v2"
    assert status["tenant"] == "acme" and status["counts"]["documents"] == 1 and status["counts"]["chunks"] == 1


def test_an_uploaded_file_can_be_downloaded_as_it_came(client, app_client, other_key):
    ctx = client.post("/v1/contexts", json={"name": "Originals"}).json()["id"]
    docx = make_docx("Travel policy", ["Hotels up to 150 euros a night."])
    uploaded = client.post(f"/v1/contexts/{ctx}/documents", files={"file": ("Reisebüro policy.docx", docx)}).json()
    original = client.get(f"/v1/documents/{uploaded['id']}/original")
    assert original.status_code == 200 and original.content == docx
    assert "attachment" in original.headers["content-disposition"]
    assert "filename*=UTF-8''Reiseb%C3%BCro%20policy.docx" in original.headers["content-disposition"]
    assert_error(
        app_client.get(f"/v1/documents/{uploaded['id']}/original", headers=bearer(other_key)), 404, "not_found"
    )
    pasted = client.post(f"/v1/contexts/{ctx}/documents", json={"text": "Pasted note.", "name": "note"}).json()
    assert (
        "not uploaded as a file"
        in assert_error(client.get(f"/v1/documents/{pasted['id']}/original"), 404, "not_found")["message"]
    )
    client.delete(f"/v1/documents/{uploaded['id']}")
    assert_error(client.get(f"/v1/documents/{uploaded['id']}/original"), 404, "not_found")
    again = client.post(f"/v1/contexts/{ctx}/documents", files={"file": ("again.txt", b"Kept until the context goes.")})
    client.delete(f"/v1/contexts/{ctx}")
    assert_error(client.get(f"/v1/documents/{again.json()['id']}/original"), 404, "not_found")
