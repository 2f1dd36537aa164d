"""Request bodies are bounded before they are read, and nothing of a refused body stays in
memory: measured on a real server process (its resident memory, from /proc)."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

MB = 1 << 20


def rss_mb(pid: int) -> float:
    """A process's resident memory (VmRSS), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def chunks(total: int, size: int = MB) -> Iterator[bytes]:
    """``total`` bytes that are not JSON, made as they are sent (the client keeps none)."""
    block = b"x" * size
    for _ in range(total // size):
        yield block


def raw_request(url: str, head: str) -> bytes:
    """Send a request's head alone (its body never follows) and read the whole answer."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(head.encode())
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


@pytest.fixture(scope="module")
def room(module_server: Any) -> tuple[str, str]:
    made = httpx.post(f"{module_server.url}/api/rooms", json={"game": "my-story"}).json()
    return made["code"], made["token"]


def test_six_100_mb_bodies_are_refused_unread_and_leave_no_memory(module_server: Any) -> None:
    """Before: six 100 MB bodies to POST /api/rooms took the server from 93 MB to 1,237 MB."""
    url = f"{module_server.url}/api/rooms"
    before = rss_mb(module_server.proc.pid)
    for n in range(6):
        declared = n % 2 == 0  # with a Content-Length, then in chunks without one
        headers = {"content-type": "application/json"}
        if declared:
            headers["content-length"] = str(100 * MB)
        try:
            reply = httpx.post(url, content=chunks(100 * MB), headers=headers, timeout=60)
        except httpx.TransportError:
            continue  # the server closed the connection on the rest of a refused body
        assert reply.status_code == 413
        assert reply.json() == {"detail": "the request body is too large (at most 64 kB)"}
        assert reply.headers["connection"] == "close"
    grown = rss_mb(module_server.proc.pid) - before
    print(f"resident memory after six 100 MB bodies: {before:.0f} MB -> +{grown:.1f} MB")
    assert grown < 50
    assert httpx.get(f"{module_server.url}/api/games").status_code == 200


def test_a_declared_body_over_the_limit_is_refused_before_it_is_sent(module_server: Any) -> None:
    answer = raw_request(module_server.url, "POST /api/rooms HTTP/1.1\r\nHost: x\r\n"
                         "Content-Type: application/json\r\nContent-Length: 100000000\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 413 ")
    assert b"at most 64 kB" in answer


def test_refused_json_bodies_under_the_limit_leave_no_memory(module_server: Any) -> None:
    """Before: each body that was not JSON stayed in memory until a rare collection (400
    bodies of 60 kB: about +48 MB)."""
    url = f"{module_server.url}/api/rooms"
    before = rss_mb(module_server.proc.pid)
    with httpx.Client() as client:
        for _ in range(400):
            reply = client.post(url, content=b"x" * 60_000,
                                headers={"content-type": "application/json"})
            assert reply.status_code == 422
    grown = rss_mb(module_server.proc.pid) - before
    print(f"resident memory after 400 bodies of 60 kB that are not JSON: +{grown:.1f} MB")
    assert grown < 10


def test_an_upload_is_checked_for_its_room_and_token_before_its_body_is_read(
        module_server: Any, room: tuple[str, str]) -> None:
    """Before: four 500 MB uploads without a token peaked at 2.6 GB, then answered 400."""
    code, token = room
    head = ("PUT /api/rooms/{code}/content/cards HTTP/1.1\r\nHost: x\r\n{auth}"
            "Content-Length: 500000000\r\n\r\n")
    stranger = raw_request(module_server.url, head.format(code=code, auth=""))
    assert stranger.startswith(b"HTTP/1.1 403 ")
    assert b"only the room's host gives it content" in stranger
    guest = raw_request(module_server.url, head.format(
        code=code, auth="Authorization: Bearer not-the-hosts\r\n"))
    assert guest.startswith(b"HTTP/1.1 403 ")
    nowhere = raw_request(module_server.url, head.format(code="WXYZ", auth=""))
    assert nowhere.startswith(b"HTTP/1.1 404 ")
    host = raw_request(module_server.url, head.format(
        code=code, auth=f"Authorization: Bearer {token}\r\n"))
    assert host.startswith(b"HTTP/1.1 413 ") and b"at most 512 kB" in host


def test_an_upload_over_the_limit_sent_in_chunks_is_refused(
        module_server: Any, room: tuple[str, str]) -> None:
    code, token = room
    before = rss_mb(module_server.proc.pid)
    try:
        reply = httpx.put(f"{module_server.url}/api/rooms/{code}/content/cards",
                          content=chunks(200 * MB), timeout=60,
                          headers={"Authorization": f"Bearer {token}"})
        assert reply.status_code == 413, reply.text
    except httpx.TransportError:
        pass  # refused, and the connection closed on the rest of the body
    assert rss_mb(module_server.proc.pid) - before < 50


def test_malformed_bodies_and_numbers_are_each_a_clear_4xx(
        module_server: Any, room: tuple[str, str]) -> None:
    """Before: each of these was a 500 (RecursionError, ValueError, OverflowError)."""
    code, token = room
    url, auth = module_server.url, {"Authorization": f"Bearer {token}"}
    deep, digits = "[" * 5000 + "]" * 5000, "1" * 5000
    json_type = {"content-type": "application/json"}
    cases = [
        (httpx.post(f"{url}/api/rooms", content='{"options": {"x": ' + deep + "}}",
                    headers=json_type), 400, "the body nests lists or objects too deep"),
        (httpx.post(f"{url}/api/rooms", content='{"options": {"matches": ' + digits + "}}",
                    headers=json_type), 400,
         "the body is not acceptable JSON: a number has more than 4300 digits"),
        (httpx.post(f"{url}/api/rooms", content='{"options": {"x": ' + "[" * 40 + "]" * 40
                    + "}}", headers=json_type), 400,
         "options nest at most 32 lists or objects deep"),
        (httpx.put(f"{url}/api/rooms/{code}/content/cards", content=deep, headers=auth), 400,
         "the file nests lists or objects too deep"),
        (httpx.put(f"{url}/api/rooms/{code}/content/cards", content=digits, headers=auth), 400,
         "the file is not acceptable JSON: a number has more than 4300 digits"),
        (httpx.put(f"{url}/api/rooms/{code}/content/cards", content="[" * 40 + "]" * 40,
                   headers=auth), 400, "the file nests at most 32 lists or objects deep"),
        (httpx.get(f"{url}/api/rooms/{code}/past/{2**63}", headers=auth), 422, None),
        (httpx.get(f"{url}/api/rooms/{code}/past/{-2**63 - 1}", headers=auth), 422, None),
    ]
    for reply, status, detail in cases:
        assert reply.status_code == status, reply.text
        if detail is not None:
            assert reply.json()["detail"] == detail
