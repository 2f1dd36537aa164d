"""HAProxy in front of Parlour processes on loopback, with the configuration shipped in
``deploy/haproxy.cfg``: for ``parlour load --processes N``, ``parlour cluster`` and the
tests. The configuration is the operator's own file, its server lines replaced by the
processes started here and its ``${NAME-default}`` values set through the environment.

>>> print(servers_in("    server parlour1 \\"${PARLOUR_1-10.0.0.11:8000}\\"\\n"
...                  "    server parlour2 \\"${PARLOUR_2-10.0.0.12:8000}\\"\\n",
...                  ["127.0.0.1:8001", "127.0.0.1:8002", "127.0.0.1:8003"]), end="")
    server parlour1 127.0.0.1:8001
    server parlour2 127.0.0.1:8002
    server parlour3 127.0.0.1:8003
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import socket
import subprocess
from dataclasses import dataclass
from pathlib import Path

from .services import FleetError, free_port, stop, wait_until

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
CONFIG = DEPLOY / "haproxy.cfg"
SERVER_LINE = re.compile(r"^(\s*)server parlour\d+ .*$\n?", re.MULTILINE)
CERT_DAYS = 2
"""A throwaway certificate's life: long enough for a try, useless once the try is over."""


def haproxy_bin() -> str:
    found = shutil.which("haproxy") or shutil.which("haproxy", path="/usr/sbin:/sbin")
    if found is None:
        raise FleetError("several processes are reached through HAProxy: install it"
                         " (apt-get install haproxy)")
    return found


def has_haproxy() -> bool:
    try:
        haproxy_bin()
    except FleetError:
        return False
    return True


def maxconn() -> int:
    """The proxy's connection cap here: the configuration's 20,000, or fewer where this
    machine lets a process open fewer files (each connection takes two: the client's and
    the server's)."""
    return min(20_000, (resource.getrlimit(resource.RLIMIT_NOFILE)[1] - 200) // 2)


def servers_in(config: str, addresses: list[str]) -> str:
    """``config`` with its ``server parlourN`` lines replaced by one for each address."""
    found = SERVER_LINE.search(config)
    if found is None:
        raise FleetError("the proxy's configuration lists no 'server parlourN' line")
    indent = found.group(1)
    lines = "".join(f"{indent}server parlour{i} {address}\n"
                    for i, address in enumerate(addresses, start=1))
    kept = SERVER_LINE.sub("", config)
    return kept[:found.start()] + lines + kept[found.start():]


def self_signed(folder: Path, host: str = "127.0.0.1") -> Path:
    """A new key and a certificate for ``host`` that only this try trusts, in one PEM file
    (HAProxy's ``crt``), made by ``openssl``; never kept beyond ``folder``."""
    openssl = shutil.which("openssl")
    if openssl is None:
        raise FleetError("a throwaway TLS certificate needs openssl (apt-get install openssl)")
    key, cert, pem = folder / "proxy.key", folder / "proxy.crt", folder / "proxy.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:P-256", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", str(CERT_DAYS), "-subj", f"/CN={host}",
                    "-addext", f"subjectAltName=IP:{host}"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    pem.write_bytes(cert.read_bytes() + key.read_bytes())
    pem.chmod(0o600)
    key.unlink()
    return pem


@dataclass
class Proxy:
    """HAProxy on loopback: plain HTTP on ``http_port``, TLS on ``https_port`` (with a
    throwaway certificate, ``cert``)."""

    proc: subprocess.Popen[bytes]
    http_port: int
    https_port: int
    cert: Path
    admin: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.http_port}"

    @property
    def https_url(self) -> str:
        return f"https://127.0.0.1:{self.https_port}"

    def command(self, line: str) -> str:
        """An answer of HAProxy's admin socket (``show servers state``, say)."""
        with socket.socket(socket.AF_UNIX) as admin:
            admin.connect(str(self.admin))
            admin.sendall(line.encode() + b"\n")
            return b"".join(iter(lambda: admin.recv(65536), b"")).decode()

    def up(self) -> list[str]:
        """The names of the servers HAProxy sends requests to now."""
        rows = self.command("show servers state parlour").splitlines()[2:]
        # Columns: be_id be_name srv_id srv_name srv_addr srv_op_state (2: running) ...
        return [cols[3] for row in rows if len(cols := row.split()) > 5 and cols[5] == "2"]

    def stop(self) -> None:
        stop(self.proc)


def start_proxy(workdir: Path, addresses: list[str], *, conns_per_address: int = 200) -> Proxy:
    """HAProxy in front of ``addresses`` (``host:port`` of Parlour processes), its files
    and its log in ``workdir``; returns once it serves and every process is up."""
    config = workdir / "haproxy.cfg"
    config.write_text(servers_in(CONFIG.read_text(), addresses))
    cert = self_signed(workdir)
    http_port, https_port = free_port(), free_port()
    admin = workdir / "haproxy.sock"
    env = {**os.environ, "PARLOUR_HTTP": f"127.0.0.1:{http_port}",
           "PARLOUR_HTTPS": f"127.0.0.1:{https_port}", "PARLOUR_CERT": str(cert),
           "PARLOUR_ADMIN_SOCKET": str(admin), "PARLOUR_PLAIN_HTTP": "yes",
           "PARLOUR_CONNS_PER_ADDRESS": str(conns_per_address),
           "PARLOUR_MAXCONN": str(maxconn())}
    log = workdir / "haproxy.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([haproxy_bin(), "-db", "-f", str(config)], env=env,
                                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    proxy = Proxy(proc, http_port, https_port, cert, admin)
    try:
        wait_until(lambda: admin.exists() and len(_up(proxy)) == len(addresses), proc,
                   "haproxy", log)
    except FleetError:
        proxy.stop()
        raise
    return proxy


def _up(proxy: Proxy) -> list[str]:
    try:
        return proxy.up()
    except OSError:
        return []
