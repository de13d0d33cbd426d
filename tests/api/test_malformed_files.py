"""Damaged and deceptive uploads are refused with 422 naming the file and what is wrong, never a 500."""

from __future__ import annotations

import io

import pytest

from tests.helpers import assert_error, make_docx, make_pdf, make_zip


def _encrypted_pdf() -> bytes:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for page in PdfReader(io.BytesIO(make_pdf("Secret quarter results."))).pages:
        writer.add_page(page)
    writer.encrypt("a password", algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


GOOD_DOCX = make_docx("Report", ["The quarter closed well."])
GOOD_PDF = make_pdf("The quarter closed well.")
MALFORMED = [
    ("not-a-zip.docx", b"plain words, not a Word file", "not a valid Word document"),
    ("no-document-part.docx", make_zip({"[Content_Types].xml": "<Types/>"}), "document part is missing"),
    ("truncated.docx", GOOD_DOCX[: len(GOOD_DOCX) // 2], "not a valid Word document"),
    ("bomb.docx", make_zip({"[Content_Types].xml": "<Types/>", "word/document.xml": "a" * 300_000_000}), "unpack to"),
    ("truncated.pdf", GOOD_PDF[: len(GOOD_PDF) // 2], "not a readable PDF"),
    ("lies.pdf", b"just some text pretending to be a PDF", "not a readable PDF"),
    ("encrypted.pdf", _encrypted_pdf(), "encrypted PDF"),
    ("empty.txt", b"", "no text to index"),
    ("empty.html", b"<html><body><script>var a = 1;</script></body></html>", "no text to index"),
    ("binary.txt", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, "not text in any encoding"),
    ("broken.json", b'{"a": [1, 2', "not valid JSON"),
]


@pytest.mark.parametrize(("name", "data", "why"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_file_is_a_clear_422(client, name, data, why):
    error = assert_error(client.post("/v1/documents", files={"file": (name, data)}), 422, "invalid_request")
    assert name in error["message"] and why in error["message"], error["message"]


def test_in_a_batch_each_malformed_file_is_refused_alone_and_the_good_one_goes_in(client):
    files = [("file", (name, data)) for name, data, _ in MALFORMED] + [("file", ("good.txt", b"Margins rose."))]
    job = client.post("/v1/documents/batch?wait=true", files=files).json()
    items = {item["name"]: item for item in job["items"]}
    for name, _, why in MALFORMED:
        assert items[name]["status"] == "failed" and why in items[name]["error"]["message"], items[name]
        assert name in items[name]["error"]["message"]
    assert items["good.txt"]["status"] == "done" and job["done"] == 1
    assert [d["name"] for d in client.get("/v1/documents").json()] == ["good.txt"]


def test_a_refused_file_spoils_nothing_else(client):
    assert_error(client.post("/v1/documents", files={"file": ("broken_report.docx", b"nope")}), 422, "invalid_request")
    added = client.post("/v1/documents", files={"file": ("analyst_notes.txt", b"Margins rose in March.")})
    assert added.status_code == 201, added.text
    assert [d["name"] for d in client.get("/v1/documents").json()] == ["analyst_notes.txt"]


def test_mixed_encodings_in_a_csv_still_load(client):
    data = "city,note\nZürich,fine\n".encode() + b"Malm\xf6,latin-1 here\n"
    assert client.post("/v1/documents", files={"file": ("cities.csv", data)}).status_code == 201


@pytest.mark.parametrize(
    ("path", "body", "message"),
    [
        ("/v1/search", {"query": ""}, "query: must not be empty"),
        ("/v1/search", {"query": "   "}, "query: must not be empty"),
        ("/v1/types/integer", {"query": "", "context_id": "x"}, "query: must not be empty"),
        ("/v1/types/integer", {"content": ""}, "content: must not be empty"),
        ("/v1/types/integer", {}, "content: a non-empty question is required"),
        ("/v1/contexts", {"name": ""}, "name: must not be empty"),
    ],
)
def test_validation_errors_name_the_field(client, path, body, message):
    assert assert_error(client.post(path, json=body), 422, "invalid_request")["message"] == message


@pytest.mark.parametrize(
    "body",
    [
        {"content": "How many employees work at the London office?", "query": ""},
        {"content": "How many employees work at the London office?", "query": "   "},
    ],
    ids=["empty query", "blank query"],
)
def test_an_empty_unused_question_field_does_not_fail_content_mode(client, body):
    client.post("/v1/documents", files={"file": ("offices.md", b"The London office has 212 employees.")})
    response = client.post("/v1/types/integer", json=body)
    assert response.status_code == 200, response.text
    assert response.json() == {"data": 212}


def test_an_empty_unused_content_field_does_not_fail_context_mode(client):
    context = client.post("/v1/contexts", json={"name": "Offices"}).json()["id"]
    document = ("offices.md", b"The London office has 212 staff.")
    client.post(f"/v1/contexts/{context}/documents", files={"file": document})
    body = {"query": "How many staff work at the London office?", "content": "", "context_id": context}
    response = client.post("/v1/types/integer", json=body)
    assert response.status_code == 200, response.text
    assert response.json() == {"data": 212}
