"""The interactive client in a real terminal: tmux runs two `ringside` prompts, send-keys
types into them and capture-pane reads the screen. The board appears, a move typed by one
player shows on the other's board, an illegal move shows the server's reason, and Tab
completes commands and cells."""

import os
import re
import shutil
import subprocess
import time

from harness import Failure, Server, check, main


class Pane:
    def __init__(self, socket_name, name, command, env):
        self.socket = socket_name
        self.name = name
        exports = " ".join(f"{k}={v}" for k, v in env.items())
        self.tmux("new-session", "-d", "-s", name, "-x", "100", "-y", "50", f"env {exports} {command}")

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True, capture_output=True, text=True).stdout

    def type(self, text, enter=True):
        self.tmux("send-keys", "-t", self.name, "-l", text)
        if enter:
            self.tmux("send-keys", "-t", self.name, "Enter")

    def key(self, *keys):
        self.tmux("send-keys", "-t", self.name, *keys)

    def screen(self):
        return self.tmux("capture-pane", "-p", "-J", "-t", self.name, "-S", "-300")

    def mark(self):
        """Where new output will start: the pane's empty bottom rows fill in as text arrives."""
        return len(self.screen().rstrip())

    def wait_for(self, pattern, timeout=15, after=0):
        """The first match of `pattern` in the pane's text past character `after`."""
        rx = re.compile(pattern, re.M)
        deadline = time.monotonic() + timeout
        text = ""
        while time.monotonic() < deadline:
            text = self.screen()
            m = rx.search(text, after)
            if m:
                return m
            time.sleep(0.1)
        raise Failure(f"{self.name}: {pattern!r} did not appear within {timeout} s; screen:\n{text[-2500:]}")

    def alive(self):
        return subprocess.run(["tmux", "-L", self.socket, "has-session", "-t", self.name],
                              capture_output=True).returncode == 0


def latest_board(screen):
    """The last board drawn on `screen`: from the line naming d7 (top of column d) to the line
    naming d1 (its bottom)."""
    tops = [m.start() for m in re.finditer(r"^ +d7\b", screen, re.M)]
    check(tops, f"no board on the screen:\n{screen[-2500:]}")
    bottom = re.compile(r"^ +d1 *$", re.M).search(screen, tops[-1])
    check(bottom is not None, f"the last board is cut off:\n{screen[-2500:]}")
    return screen[tops[-1]:bottom.end()]


def test(server_bin, client_bin, workdir):
    if shutil.which("tmux") is None:
        raise Failure("tmux is not installed (scripts/packages-test.txt lists it)")
    server = Server(server_bin, workdir)
    socket_name = f"ringside-cli-test-{os.getpid()}"
    try:
        def env(name):
            return {"XDG_CONFIG_HOME": os.path.join(workdir, "cfg-" + name), "TERM": "screen", "LANG": "C.UTF-8"}

        alice = Pane(socket_name, "alice", f"{client_bin} --server {server.url} --name alice", env("alice"))
        bob = Pane(socket_name, "bob", f"{client_bin} --server {server.url} --name bob", env("bob"))
        alice.wait_for(r"Welcome, alice")
        bob.wait_for(r"Welcome, bob")

        alice.type("new blitz first")
        room = alice.wait_for(r"Joined room (\S+) in seat 1\.").group(1)
        # The hexagon: the top and bottom cells of column d named at the edges, rings between.
        alice.wait_for(r"^ +d1 *$")
        board = latest_board(alice.screen())
        check(len(board.splitlines()) == 15, f"13 rows of rings and 2 of labels:\n{board}")
        check(board.count("( )") == 37, f"all 37 rings drawn:\n{board}")

        # Tab completion: a command name, then a room id from the listing.
        bob.type("rooms")
        bob.wait_for(rf"^  {room}  blitz 37  waiting  alice vs \(open\)$")
        bob.type("jo", enter=False)
        bob.key("Tab")
        bob.type(room[:3], enter=False)
        bob.key("Tab")
        bob.wait_for(rf"> join {room} *$")
        bob.key("Enter")
        bob.wait_for(rf"Joined room {room} in seat 2\.")

        alice.wait_for(r"\(your move\)> *$")
        mark = bob.mark()
        alice.type("Wd4-a1")
        # On Bob's board the placed marble is highlighted where d4 is, and a1 is gone.
        bob.wait_for(r"Last Wd4-a1 by 1", after=mark)
        latest = latest_board(bob.screen())
        check("Last Wd4-a1 by 1" in latest, f"the board drawn last is the one after the move:\n{latest}")
        # d4 is column d (screen column 3 + 4*3) at height 6, i.e. row 1 + (12 - 6) of the board.
        check(latest.splitlines()[7][15:18] == "[W]", f"the new marble shows on d4 on Bob's board:\n{latest}")
        check(latest.count("( )") == 35, f"35 vacant rings after one placement and one removal:\n{latest}")
        check(" x " in latest, f"the removed ring is marked:\n{latest}")

        # An illegal move: Bob places on d4, which holds the marble. The server says why.
        bob.wait_for(r"\(your move\)> *$")
        mark = bob.mark()
        bob.type("Gd4-a2")
        reason = bob.wait_for(r"Error \(illegal_move\): (.+)$", after=mark).group(1)
        check("d4" in reason, f"the reason names the cell: {reason!r}")

        # Cells complete from the current board: a1 is gone, so only a2..a4 are offered.
        bob.type("Gc3-a", enter=False)
        bob.key("Tab", "Tab")
        listing = bob.wait_for(r"Gc3-a2 +Gc3-a3 +Gc3-a4").group(0)
        check("Gc3-a1" not in bob.screen(), f"a removed ring is not offered: {listing}")
        bob.key("C-u")

        bob.type("help")
        bob.wait_for(r"e\.g\. Wd4-a1")
        alice.type("quit")
        bob.type("quit")
        deadline = time.monotonic() + 10
        while (alice.alive() or bob.alive()) and time.monotonic() < deadline:
            time.sleep(0.1)
        check(not alice.alive() and not bob.alive(), "quit ends both clients")
    finally:
        subprocess.run(["tmux", "-L", socket_name, "kill-server"], capture_output=True)
        server.stop()


if __name__ == "__main__":
    main(test)
