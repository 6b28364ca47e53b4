"""Test harness for the `ringside` client: a real ringside-server on a free loopback port,
real client processes in --script mode talking to it, and a tiny TCP proxy that can cut
connections. Used by the cli_*.py tests; nothing here fakes the server or the client."""

import base64
import hashlib
import json
import os
import queue
import re
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time


class Failure(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Failure(what)


class Server:
    """ringside-server --port 0 on 127.0.0.1, with its journal in a temporary directory;
    `extra` flags are added (with --tls-cert, its url is wss://)."""

    def __init__(self, binary, workdir, extra=()):
        if not os.access(binary, os.X_OK):
            raise Failure(f"server binary {binary} is missing (build the ringside-server target)")
        self.log = open(os.path.join(workdir, "server.log"), "w")
        self.proc = subprocess.Popen(
            [binary, "--host", "127.0.0.1", "--port", "0", "--threads", "1", *extra],
            stdout=subprocess.PIPE, stderr=self.log, text=True, cwd=workdir)  # its data dir lands here
        deadline = time.monotonic() + 20
        self.port = None
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.proc.stdout], [], [], 0.5)
            if ready:
                line = self.proc.stdout.readline()
                if not line:
                    break
                m = re.match(r"listening on ([0-9.]+):(\d+)", line)
                if m:
                    self.port = int(m.group(2))
                    break
        if self.port is None:
            self.stop()
            raise Failure("the server did not print `listening on HOST:PORT` within 20 s")
        scheme = "wss" if "--tls-cert" in extra else "ws"
        self.url = f"{scheme}://127.0.0.1:{self.port}/ws"

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


class Client:
    """One `ringside --script` process; we write its stdin and read its event lines."""

    def __init__(self, binary, url, name, workdir, config=None, extra=()):
        self.name = name
        self.config = config or os.path.join(workdir, "config-" + name)
        os.makedirs(self.config, exist_ok=True)
        env = dict(os.environ, XDG_CONFIG_HOME=self.config)
        env.pop("NO_COLOR", None)
        self.stderr_path = os.path.join(workdir, f"{name}-{time.monotonic_ns()}.stderr")
        self.stderr = open(self.stderr_path, "w")
        self.proc = subprocess.Popen(
            [binary, "--script", "--server", url, "--name", name, "--timeout", "15", *extra],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr, text=True, env=env)
        self.lines = []
        self.queue = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.proc.stdout:
            self.queue.put(line.rstrip("\n"))
        self.queue.put(None)

    def send(self, *lines):
        for line in lines:
            self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, pattern, timeout=15):
        """The next line matching `pattern` (lines before it are kept in self.lines)."""
        rx = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Failure(f"{self.name}: no line matching {pattern!r} within {timeout} s; "
                              f"last lines: {self.lines[-8:]}; stderr: {self.stderr_text()}")
            try:
                line = self.queue.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise Failure(f"{self.name}: exited (status {self.proc.wait()}) before {pattern!r}; "
                              f"last lines: {self.lines[-8:]}; stderr: {self.stderr_text()}")
            self.lines.append(line)
            m = rx.search(line)
            if m:
                return m

    def seen_or_expect(self, pattern, timeout=15):
        """A line matching `pattern`, whether it was already read or is still to come."""
        rx = re.compile(pattern)
        for line in self.lines:
            m = rx.search(line)
            if m:
                return m
        return self.expect(pattern, timeout)

    def state(self):
        """Asks for the current room's state and returns (version, document)."""
        self.send("state")
        m = self.expect(r"^state room=\S+ version=(\d+) (.*)$")
        return int(m.group(1)), json.loads(m.group(2))

    def close(self, timeout=10):
        """Ends the script (end of input) and returns the exit status."""
        if self.proc.stdin and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            status = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            status = self.proc.wait()
        self.reader.join(2)
        while True:
            try:
                line = self.queue.get_nowait()
            except queue.Empty:
                break
            if line is not None:
                self.lines.append(line)
        self.stderr.close()
        return status

    def stderr_text(self):
        self.stderr.flush()
        with open(self.stderr_path) as f:
            return f.read()[-600:]


class Proxy:
    """A TCP relay on a free loopback port to `target_port`; cut() drops every connection."""

    def __init__(self, target_port):
        self.target = ("127.0.0.1", target_port)
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen()
        self.port = self.listener.getsockname()[1]
        self.url = f"ws://127.0.0.1:{self.port}/ws"
        self.lock = threading.Lock()
        self.pairs = []
        self.accepted = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            with self.lock:
                self.pairs.append((client, upstream))
                self.accepted += 1
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(src, dst):
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self):
        with self.lock:
            pairs, self.pairs = self.pairs, []
        for pair in pairs:
            for s in pair:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                s.close()
        return len(pairs)

    def close(self):
        self.cut()
        self.listener.close()


class FakeServer:
    """A WebSocket server that says whatever the test wants: after the client's hello it sends
    the given messages (Python objects or raw text) and then keeps the connection open. For
    checking what the client does with hostile input a real server would never send."""

    def __init__(self, messages):
        self.messages = messages
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen()
        self.port = self.listener.getsockname()[1]
        self.url = f"ws://127.0.0.1:{self.port}/ws"
        self.received = []
        threading.Thread(target=self._serve, daemon=True).start()

    @staticmethod
    def _frame(text):
        data = text.encode()
        head = bytes([0x81])
        if len(data) < 126:
            head += bytes([len(data)])
        elif len(data) < 65536:
            head += bytes([126]) + len(data).to_bytes(2, "big")
        else:
            head += bytes([127]) + len(data).to_bytes(8, "big")
        return head + data

    @staticmethod
    def _read_frame(conn):
        def exactly(n):
            buf = b""
            while len(buf) < n:
                chunk = conn.recv(n - len(buf))
                if not chunk:
                    raise OSError("closed")
                buf += chunk
            return buf
        b0, b1 = exactly(2)
        n = b1 & 0x7F
        if n == 126:
            n = int.from_bytes(exactly(2), "big")
        elif n == 127:
            n = int.from_bytes(exactly(8), "big")
        mask = exactly(4) if b1 & 0x80 else b"\0\0\0\0"
        payload = bytes(c ^ mask[i % 4] for i, c in enumerate(exactly(n)))
        return b0 & 0x0F, payload

    def _serve(self):
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._session, args=(conn,), daemon=True).start()

    def _session(self, conn):
        try:
            request = b""
            while b"\r\n\r\n" not in request:
                request += conn.recv(4096)
            key = re.search(rb"Sec-WebSocket-Key: *(\S+)", request, re.I).group(1)
            accept = base64.b64encode(hashlib.sha1(key + b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest())
            conn.sendall(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                         b"Connection: Upgrade\r\nSec-WebSocket-Accept: " + accept + b"\r\n\r\n")
            while True:
                opcode, payload = self._read_frame(conn)
                if opcode == 8:
                    return
                if opcode != 1:
                    continue
                msg = json.loads(payload)
                self.received.append(msg)
                if msg.get("type") == "hello":
                    for m in self.messages:
                        text = m if isinstance(m, str) else json.dumps(m)
                        conn.sendall(self._frame(text))
        except (OSError, ValueError, AttributeError):
            pass
        finally:
            conn.close()

    def close(self):
        self.listener.close()


def main(test):
    """Runs `test(server_binary, client_binary, workdir)` with a fresh temporary directory;
    exit status 0 on success, 1 on failure (with the reason)."""
    if len(sys.argv) != 3:
        print(f"usage: {sys.argv[0]} SERVER_BINARY CLIENT_BINARY", file=sys.stderr)
        sys.exit(2)
    workdir = tempfile.mkdtemp(prefix="ringside-cli-")
    try:
        test(sys.argv[1], sys.argv[2], workdir)
    except Failure as e:
        print("FAIL:", e, file=sys.stderr)
        log = os.path.join(workdir, "server.log")
        if os.path.exists(log):
            with open(log) as f:
                print("server log (tail):\n" + f.read()[-2000:], file=sys.stderr)
        sys.exit(1)
    shutil.rmtree(workdir, ignore_errors=True)
    print("ok")
