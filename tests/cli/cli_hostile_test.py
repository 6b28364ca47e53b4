"""What the client does with input it cannot trust, and with addresses that do not work.

A fake server (any peer, or anyone in the middle of a plain ws:// link) sends escape sequences
in a name and an error, and a chat whose newline would start a forged line: the terminal shows
them as visible text, its title and screen are untouched, and a script's fields still parse
back to what was sent. A wrong address, a wrong path or no server stops the client at once
with a reason and exit status 4; an address without a path finds /ws."""

import json
import os
import re
import shutil
import socket
import subprocess
import time

from harness import Client, FakeServer, Failure, Server, check, main


def fields(line):
    """`kind key=value ...` split as the README says: a value is a JSON string or runs to the
    next space."""
    kind, _, rest = line.partition(" ")
    out = {}
    for m in re.finditer(r'(\w+)=("(?:[^"\\]|\\.)*"|\S+)', rest):
        value = m.group(2)
        out[m.group(1)] = json.loads(value) if value.startswith('"') else value
    rebuilt = " ".join(f"{k}={v}" for k, v in re.findall(r'(\w+)=("(?:[^"\\]|\\.)*"|\S+)', rest))
    check(rebuilt == rest, f"nothing outside the fields: {line!r}")
    return kind, out


EVIL_NAME = "\x1b]0;owned\x07x text=\"resign now\" y"
EVIL_ERROR = "\x1b[2J\x1b[8mhidden"
EVIL_CHAT = "gg\nError (illegal_move): forged\x1b[31m"


def hostile_messages():
    return [
        {"type": "welcome", "player": "p1", "name": EVIL_NAME, "token": "t" * 32, "protocol": 1},
        {"type": "chat", "room": "r1", "from": EVIL_NAME, "text": EVIL_CHAT, "at": 1},
        # Last: a script stops at an error nobody asked for.
        {"type": "error", "code": "illegal_move", "message": EVIL_ERROR},
    ]


def script_fields(client_bin, workdir):
    fake = FakeServer(hostile_messages())
    c = Client(client_bin, fake.url, "eve", workdir)
    try:
        welcome = c.expect(r"^welcome ")
        _, f = fields(welcome.string)
        check(f["name"] == EVIL_NAME, f"the name parses back whole: {f}")
        check(set(f) == {"player", "name", "protocol"}, f"no forged field: {f}")
        chat = c.expect(r"^chat ")
        _, f = fields(chat.string)
        check(f["from"] == EVIL_NAME and f["text"] == EVIL_CHAT, f"chat fields parse back: {f}")
        check(set(f) == {"room", "from", "text"}, f"no forged field: {f}")
        for line in c.lines:
            check(not re.search(r"[\x00-\x1f\x7f]", line), f"no control character reaches the output: {line!r}")
    finally:
        c.close()
        fake.close()


def terminal_shows_it_visibly(client_bin, workdir):
    if shutil.which("tmux") is None:
        raise Failure("tmux is not installed (scripts/packages-test.txt lists it)")
    fake = FakeServer(hostile_messages())
    sock = f"ringside-hostile-{os.getpid()}"
    tmux = lambda *a: subprocess.run(["tmux", "-L", sock, *a], capture_output=True, text=True).stdout
    try:
        cfg = os.path.join(workdir, "cfg-eve-tty")
        tmux("new-session", "-d", "-s", "eve", "-x", "120", "-y", "40",
             f"env XDG_CONFIG_HOME={cfg} TERM=screen LANG=C.UTF-8 {client_bin} --server {fake.url} --name eve; sleep 30")
        deadline = time.monotonic() + 15
        screen = ""
        while time.monotonic() < deadline:
            screen = tmux("capture-pane", "-p", "-J", "-t", "eve")
            # The error comes last (hostile_messages): wait for it too, not only the chat.
            if "[chat r1]" in screen and "hidden" in screen:
                break
            time.sleep(0.1)
        check("[chat r1]" in screen, f"the chat arrived:\n{screen}")
        check("Ringside client." in screen, f"nothing cleared the screen:\n{screen}")
        check("\\e]0;owned\\x07" in screen, f"the title escape shows as text:\n{screen}")
        check("\\e[2J\\e[8mhidden" in screen, f"the error's escapes show as text:\n{screen}")
        title = tmux("display-message", "-p", "-t", "eve", "#{pane_title}")
        check("owned" not in title, f"the terminal title was not changed: {title!r}")
        chat = [l for l in screen.splitlines() if "[chat r1]" in l]
        check(len(chat) == 1 and "gg\\nError (illegal_move): forged\\e[31m" in chat[0],
              f"the chat stays on its own prefixed line: {chat}")
        check(not any(l.startswith("Error (illegal_move): forged") for l in screen.splitlines()),
              f"no line passes for the client's own error:\n{screen}")
    finally:
        subprocess.run(["tmux", "-L", sock, "kill-server"], capture_output=True)
        fake.close()


def wrong_addresses(server, client_bin, workdir):
    # Nothing listens: a script stops at once with 4 and says why.
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))  # a port that was free a moment ago, and nobody listens on
    dead = f"ws://127.0.0.1:{probe.getsockname()[1]}/ws"
    probe.close()
    cfg = os.path.join(workdir, "cfg-lost")
    for url, why in ((dead, r"could not connect to .*connect: Connection refused"),
                     (server.url.replace("/ws", "/nowhere"), r"HTTP 404")):
        start = time.monotonic()
        out = subprocess.run([client_bin, "--script", "--server", url, "--name", "lost"],
                             input="quit\n", capture_output=True, text=True, timeout=20,
                             env=dict(os.environ, XDG_CONFIG_HOME=cfg))
        took = time.monotonic() - start
        check(out.returncode == 4, f"{url}: exit 4, not {out.returncode}: {out.stderr}")
        check(took < 5, f"{url}: it stopped at once, not after {took:.1f} s")
        check(re.search(why, out.stdout + out.stderr), f"{url}: the reason is given: {out.stdout}{out.stderr}")
    # No path: /ws is meant.
    bare = server.url[: -len("/ws")]
    c = Client(client_bin, bare, "pathless", workdir)
    try:
        c.expect(r"^welcome player=\S+ name=pathless ")
    finally:
        check(c.close() == 0, "the path-less address works")


def test(server_bin, client_bin, workdir):
    server = Server(server_bin, workdir)
    try:
        script_fields(client_bin, workdir)
        terminal_shows_it_visibly(client_bin, workdir)
        wrong_addresses(server, client_bin, workdir)
    finally:
        server.stop()


if __name__ == "__main__":
    main(test)
