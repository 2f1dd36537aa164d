"""The proxy's configuration as shipped (``deploy/haproxy.cfg``), and what the tools that
start it refuse."""

from __future__ import annotations

import os
import re
import signal
import socket
import ssl
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from parlour.cli.main import app
from parlour.perf.procfs import children
from parlour.perf.proxy import (
    CONFIG,
    haproxy_bin,
    has_haproxy,
    maxconn,
    self_signed,
    servers_in,
)
from parlour.perf.services import FleetError, free_port, has_postgres, stop, wait_until

runner = CliRunner()


# In CI a missing haproxy is a failure, not a skip: make test installs it.
@pytest.mark.skipif(not has_haproxy() and not os.environ.get("CI"),
                    reason="haproxy is not installed (make test installs it as root)")
@pytest.mark.parametrize("servers", [None, ["10.0.0.11:8000", "10.0.0.12:8000",
                                            "10.0.0.13:8000"]])
def test_the_shipped_configuration_is_one_haproxy_takes(tmp_path: Path,
                                                        servers: list[str] | None) -> None:
    """As an operator uses it (the defaults, a certificate where it says), and with the
    server lines a cluster of three writes in."""
    config = tmp_path / "haproxy.cfg"
    text = CONFIG.read_text()
    config.write_text(servers_in(text, servers) if servers else text)
    env = {**os.environ, "PARLOUR_CERT": str(self_signed(tmp_path)),
           "PARLOUR_ADMIN_SOCKET": str(tmp_path / "admin.sock")}
    out = subprocess.run([haproxy_bin(), "-c", "-f", str(config)], env=env,
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Configuration file is valid" in out.stdout


def test_a_configuration_without_server_lines_is_refused() -> None:
    with pytest.raises(FleetError, match="no 'server parlourN' line"):
        servers_in("backend parlour\n    balance roundrobin\n", ["127.0.0.1:8001"])


def test_the_throwaway_certificate_names_loopback_and_keeps_no_key_apart(
        tmp_path: Path) -> None:
    pem = self_signed(tmp_path)
    text = pem.read_text()
    assert "BEGIN CERTIFICATE" in text and "PRIVATE KEY" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["proxy.crt", "proxy.pem"]
    assert pem.stat().st_mode & 0o077 == 0
    shown = subprocess.run(["openssl", "x509", "-noout", "-ext", "subjectAltName"],
                           input=text, capture_output=True, text=True, check=True).stdout
    assert "IP Address:127.0.0.1" in shown


def test_cluster_and_serve_refuse_what_they_cannot_do() -> None:
    out = runner.invoke(app, ["cluster", "--processes", "1"])
    assert out.exit_code == 2 and "--processes is 2 to 8 (got 1)" in out.output
    out = runner.invoke(app, ["serve", "--forwarded-allow-ips", "10.0.0.5,10.0.0.300"])
    assert out.exit_code == 2
    assert "--forwarded-allow-ips takes addresses and networks" in out.output
    assert "not '10.0.0.300'" in out.output


@pytest.mark.skipif(not has_haproxy() and not os.environ.get("CI"),
                    reason="haproxy is not installed (make test installs it as root)")
def test_as_shipped_plain_http_is_sent_to_https_and_a_large_body_is_refused(
        tmp_path: Path) -> None:
    """Before any Parlour process is asked (none is running here)."""
    config = tmp_path / "haproxy.cfg"
    config.write_text(servers_in(CONFIG.read_text(), ["127.0.0.1:9"]))
    http, https = free_port(), free_port()
    env = {**os.environ, "PARLOUR_CERT": str(self_signed(tmp_path)),
           "PARLOUR_ADMIN_SOCKET": str(tmp_path / "admin.sock"),
           "PARLOUR_HTTP": f"127.0.0.1:{http}", "PARLOUR_HTTPS": f"127.0.0.1:{https}",
           "PARLOUR_MAXCONN": str(maxconn())}
    env.pop("PARLOUR_PLAIN_HTTP", None)
    proc = subprocess.Popen([haproxy_bin(), "-db", "-f", str(config)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until(lambda: answers_on(http), proc, "haproxy", tmp_path / "none.log")
        plain = httpx.get(f"http://127.0.0.1:{http}/r/KXMP?table=1", timeout=10)
        assert plain.status_code == 301
        assert plain.headers["location"] == f"https://127.0.0.1:{http}/r/KXMP?table=1"
        with socket.create_connection(("127.0.0.1", http), timeout=10) as conn:
            conn.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: parlour\r\n"
                         b"Content-Length: 2000000\r\n\r\n")
            assert conn.recv(100).startswith(b"HTTP/1.1 413")
    finally:
        stop(proc)


def answers_on(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


@pytest.mark.skipif(not (has_haproxy() and has_postgres()) and not os.environ.get("CI"),
                    reason="haproxy or PostgreSQL is not installed (make test installs them)")
def test_parlour_cluster_serves_over_tls_until_stopped_and_leaves_nothing_behind(
        tmp_path: Path) -> None:
    """``make cluster``: the whole set-up on loopback, all of it gone after SIGTERM."""
    proc = subprocess.Popen([sys.executable, "-m", "parlour", "cluster", "--workdir",
                             str(tmp_path / "cluster")], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"Open (https://127\.0\.0\.1:\d+)/", line)
        assert found, line
        started = descendants(proc.pid)
        assert len(started) >= 4  # PostgreSQL, Redis, two Parlour processes, HAProxy
        cert = ssl.create_default_context(cafile=tmp_path / "cluster" / "proxy.pem")
        room = httpx.post(f"{found.group(1)}/api/rooms", json={}, verify=cert, timeout=10)
        assert room.status_code == 201 and room.json()["url"].startswith("https://")
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(60) == 0
    assert not [pid for pid in started if Path(f"/proc/{pid}").exists()]


def descendants(pid: int) -> list[int]:
    """Every process started by ``pid``, and by those, and so on."""
    found = children(pid)
    return found + [d for child in found for d in descendants(child)]
