"""The client over wss://: a server started with --tls-cert/--tls-key (a certificate made
here with `openssl req`, valid for 127.0.0.1), two scripted players, one trusting the
certificate with --ca and one with --insecure, playing to a resignation; a client that
trusts neither is refused with a reason that says what to do."""

import os
import subprocess

from harness import Client, Server, check, main


def make_certificate(workdir):
    cert = os.path.join(workdir, "cert.pem")
    key = os.path.join(workdir, "key.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "2", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
         "-keyout", key, "-out", cert],
        check=True, capture_output=True)
    return cert, key


def test(server_bin, client_bin, workdir):
    cert, key = make_certificate(workdir)
    server = Server(server_bin, workdir, extra=["--tls-cert", cert, "--tls-key", key])
    try:
        check(server.url.startswith("wss://"), f"the server's address is wss://: {server.url}")
        room_file = os.path.join(workdir, "room")
        alice = Client(client_bin, server.url, "alice", workdir, extra=["--ca", cert])
        bob = Client(client_bin, server.url, "bob", workdir, extra=["--insecure"])
        try:
            alice.send("new blitz first", f"room-file {room_file}")
            room = alice.expect(r"^joined room=(\S+) seat=1 version=\d+ status=waiting").group(1)
            alice.send("wait-status playing", "wait-turn", "Wd4-a1", "wait-turn", "Bf2-a4",
                       "wait-result")
            bob.send(f"join @{room_file}", "wait-turn", "Gb2-g1", "wait-turn", "resign")
            for c in (alice, bob):
                c.expect(rf"^result room={room} winner=1 reason=resignation ")
            version, doc = alice.state()
            check(doc["history"] == ["Wd4-a1", "Gb2-g1", "Bf2-a4"], f"history: {doc['history']}")
        finally:
            statuses = {c.name: c.close() for c in (alice, bob)}
        check(statuses == {"alice": 0, "bob": 0}, f"both scripts exit 0: {statuses}")

        # Neither --ca nor --insecure: the system's store does not know this certificate.
        carol = Client(client_bin, server.url, "carol", workdir)
        carol.send("rooms")
        try:
            status = carol.proc.wait(20)
        finally:
            carol.close()
        check(status == 4, f"an untrusted server is unreachable (exit 4), got {status}")
        with open(carol.stderr_path) as f:
            why = f.read()
        check("certificate" in why and "--ca" in why and "--insecure" in why,
              f"the reason names the certificate and the way out: {why!r}")
    finally:
        server.stop()


if __name__ == "__main__":
    main(test)
