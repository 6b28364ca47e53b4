"""The interactive client in a real terminal: tmux runs `ringside` prompts, send-keys types
into them and capture-pane reads the screen. The board stays in place at the top and changes
there (a move, the clocks counting down every second) while messages scroll under it and the
half-typed line stays as it was; Tab offers only legal moves and interactive commands; the
prompt comes back clean after local commands; draw offers, joins, absences and resignations
are announced in words; a clock running low is warned about and a flag fall is told in names."""

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
        self.tmux("new-session", "-d", "-s", name, "-x", "100", "-y", "50",
                  f"env {exports} {command}; sleep 30")

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True, capture_output=True,
                              text=True).stdout

    def type(self, text, enter=True):
        self.tmux("send-keys", "-t", self.name, "-l", text)
        if enter:
            self.tmux("send-keys", "-t", self.name, "Enter")

    def key(self, *keys):
        self.tmux("send-keys", "-t", self.name, *keys)

    def screen(self):
        """What the terminal shows now (the board is fixed at the top; messages scroll below)."""
        return self.tmux("capture-pane", "-p", "-J", "-t", self.name)

    def wait_for(self, pattern, timeout=15, where=None):
        """The first match of `pattern` in the screen (or in `where(screen)`)."""
        rx = re.compile(pattern, re.M)
        deadline = time.monotonic() + timeout
        text = ""
        while time.monotonic() < deadline:
            text = self.screen()
            m = rx.search(where(text) if where else text)
            if m:
                return m
            time.sleep(0.1)
        raise Failure(f"{self.name}: {pattern!r} did not appear within {timeout} s; screen:\n{text}")

    def wait_gone(self, pattern, timeout=10):
        rx = re.compile(pattern, re.M)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not rx.search(self.screen()):
                return
            time.sleep(0.1)
        raise Failure(f"{self.name}: {pattern!r} still on screen:\n{self.screen()}")

    def prompt_line(self):
        """The last non-empty line: where readline keeps the prompt and the typed text."""
        lines = [l for l in self.screen().splitlines() if l.strip()]
        return lines[-1].rstrip() if lines else ""

    def alive(self):
        out = subprocess.run(["tmux", "-L", self.socket, "list-panes", "-t", self.name, "-F",
                              "#{pane_current_command}"], capture_output=True, text=True)
        return out.returncode == 0 and "ringside" in out.stdout


def top(screen):
    """The fixed part: every line above the dashed rule under the board."""
    lines = screen.splitlines()
    for i, line in enumerate(lines):
        if re.match(r"^-{20,}$", line):
            return "\n".join(lines[:i])
    raise Failure(f"no fixed board on the screen:\n{screen}")


def below(screen):
    lines = screen.splitlines()
    for i, line in enumerate(lines):
        if re.match(r"^-{20,}$", line):
            return "\n".join(lines[i + 1:])
    return screen


def clock(screen, name):
    m = re.search(rf"{name}(?: \(you\))?\s+(\d+):(\d\d)", top(screen))
    check(m is not None, f"no clock for {name} on the board:\n{screen}")
    return int(m.group(1)) * 60 + int(m.group(2))


def test(server_bin, client_bin, workdir):
    if shutil.which("tmux") is None:
        raise Failure("tmux is not installed (scripts/packages-test.txt lists it)")
    server = Server(server_bin, workdir)
    socket_name = f"ringside-cli-test-{os.getpid()}"
    try:
        def env(name):
            return {"XDG_CONFIG_HOME": os.path.join(workdir, "cfg-" + name), "TERM": "screen",
                    "LANG": "C.UTF-8"}

        command = lambda name: f"{client_bin} --server {server.url} --name {name}"
        alice = Pane(socket_name, "alice", command("alice"), env("alice"))
        bob = Pane(socket_name, "bob", command("bob"), env("bob"))
        alice.wait_for(r"Welcome, alice")
        bob.wait_for(r"Welcome, bob")

        # The prompt comes back on a line of its own after a local command.
        bob.type("help")
        bob.wait_for(r"e\.g\. Wd4-a1")
        bob.type("foo")
        bob.wait_for(r'Unknown command "foo"')
        check(not re.search(r"> (help|foo)\S", bob.screen()), f"input glued to a prompt:\n{bob.screen()}")
        check(bob.prompt_line() == "ringside>", f"a clean prompt after `foo`: {bob.prompt_line()!r}")
        bob.type("help moves")
        bob.wait_for(r"Wd4-a1 +place a white marble on d4")
        # An empty line's Tab lists the interactive commands, not the script-only ones.
        bob.key("Tab", "Tab")
        # Readline lays the names out in columns, so which two share a row depends on how many
        # commands there are: wait for the listing, then look for the names in it.
        bob.wait_for(r"\bdecline +[a-z]")
        listing = [l for l in bob.screen().splitlines() if re.match(r"^[a-z-]+ {2,}[a-z]", l)]
        offered = " ".join(listing).split()
        check(all(c in offered for c in ("decline", "help", "games", "me")),
              f"every interactive command is offered: {listing}")
        check(listing and not any("wait-" in l or "expect-error" in l or "state" in l.split()
                                  for l in listing),
              f"script-only commands are not offered: {listing}")

        # A 15-second game: the countdown, the warning and the flag fall fit in the test.
        alice.type("new blitz 0.25+0 first")
        room = alice.wait_for(r"Joined room (\S+) in seat 1\.").group(1)
        board = alice.wait_for(r"Room \S+  ZERTZ blitz 37", where=top)
        check(top(alice.screen()).count("( )") == 37, f"all 37 rings in the fixed board:\n{alice.screen()}")
        check(alice.screen().count("ZERTZ blitz 37") == 1, "the board is drawn once, in place")
        check(re.search(r"^ +d7 \( \)", top(alice.screen()), re.M), "d7 labelled beside its ring")

        # Said before bob came: he reads it as he joins.
        alice.type("say hello bob")
        alice.wait_for(r"alice: hello bob")

        # Tab completion: a command name, then a room id from the listing.
        bob.type("rooms")
        bob.wait_for(rf"^  {room}  zertz blitz 37  alice vs \(open\)$")
        bob.type("jo", enter=False)
        bob.key("Tab")
        bob.type(room[:3], enter=False)
        bob.key("Tab")
        bob.wait_for(rf"> join {room} *$")
        bob.key("Enter")
        bob.wait_for(rf"Joined room {room} in seat 2\. alice to move\.")
        bob.wait_for(rf"\[chat {room}\] alice: hello bob")
        alice.wait_for(r"bob took seat 2\.")
        alice.wait_for(r"The game starts: alice vs bob, alice moves first\. That is you\.")

        # A player's first move is free: alice's clock waits for it, on both boards, while a
        # half-typed line waits untouched.
        alice.wait_for(r"\(your move 0:1\d\)> *$")
        alice.type("Wd", enter=False)
        alice.wait_for(r"starts at first move", where=top)
        first = clock(alice.screen(), "alice")
        time.sleep(1.5)
        check(clock(alice.screen(), "alice") == first, "a clock not yet started does not run")
        check(clock(bob.screen(), "alice") == first, "nor on bob's board")
        check(alice.prompt_line().endswith("> Wd"), f"the typed text stays: {alice.prompt_line()!r}")

        # Legal moves only: after `Wd4-` only free rings other than d4; no bare cells.
        alice.type("4-", enter=False)
        alice.key("Tab", "Tab")
        alice.wait_for(r"Wd4-a1 +Wd4-a\d")
        offered = set(re.findall(r"Wd4-\w\d", below(alice.screen())))
        check("Wd4-d4" not in offered and "Wd4-c4" not in offered and "Wd4-e5" not in offered,
              f"only removable rings after the dash: {sorted(offered)}")
        check(len(offered) == 18, f"the 18 rings of the edge are free: {sorted(offered)}")
        alice.key("C-u")

        # A lower-case move; bob's board changes in place.
        alice.type("wd4-a1")
        bob.wait_for(r"Last: alice placed white on d4 and removed a1", where=top)
        check(re.search(r"\[W\]", top(bob.screen())), "the new marble is highlighted on bob's board")
        check(" x " in top(bob.screen()), "the removed ring is marked")

        # An illegal move: the server's reason shows under the board, which stays in place.
        bob.type("Gd4-a2")
        reason = bob.wait_for(r"Error \(illegal_move\): (.+)$", where=below).group(1)
        check("d4" in reason, f"the reason names the cell: {reason!r}")
        check("ZERTZ blitz 37" in top(bob.screen()), "the board is still at the top")

        # Both first moves made, bob's clock runs on screen, on both boards, while a half-typed
        # line waits untouched; the warning at 10 s is printed above it.
        bob.type("Bg1-g2")
        alice.wait_for(r"Last: bob placed black on g1 and removed g2", where=top)
        alice.type("Wa2-a3")
        bob.wait_for(r"Last: alice placed white on a2 and removed a3", where=top)
        bob.type("Bd", enter=False)
        first = clock(bob.screen(), "bob")
        time.sleep(2.2)
        later = clock(bob.screen(), "bob")
        check(later <= first - 2, f"bob's clock counts down on his board: {first} then {later}")
        check(clock(alice.screen(), "bob") <= first - 1, "and on alice's board")
        bob.wait_for(r"0:\d\d left on your clock!", timeout=8)
        check(bob.prompt_line().endswith("> Bd"), f"the typed text stays: {bob.prompt_line()!r}")
        bob.key("C-u")

        # A draw offer says how to answer; declining tells the other side.
        bob.type("draw")
        alice.wait_for(r"bob offers a draw: type `draw` to accept, or `decline`")
        alice.type("decline")
        bob.wait_for(r"alice declined the draw\.")

        # Resigning asks first.
        alice.type("resign")
        alice.wait_for(r"Resign the game in room \S+ against bob\? Type y")
        alice.wait_for(r"Resign\? \[y/N\] *$")
        alice.type("n")
        alice.wait_for(r"Not resigned; play on\.")

        # Bob leaves (the process ends) and comes back: alice hears both.
        bob.type("quit")
        alice.wait_for(r"bob is away \(connection lost\)")
        bob2 = Pane(socket_name, "bob2", command("bob"), env("bob"))
        alice.wait_for(r"bob is back\.")
        bob2.wait_for(rf"{room} \((your move|game over)[^)]*\)> *$")

        # board coords names every ring, then the flag falls: told in names.
        bob2.type("board coords")
        bob2.wait_for(r"c4 +", where=top)
        bob2.wait_for(r"Game over: \w+ ran out of time: \w+ wins\.", timeout=20)
        alice.type("quit")
        bob2.type("quit")
        deadline = time.monotonic() + 10
        while (alice.alive() or bob2.alive()) and time.monotonic() < deadline:
            time.sleep(0.1)
        check(not alice.alive() and not bob2.alive(), "quit ends both clients")
    finally:
        subprocess.run(["tmux", "-L", socket_name, "kill-server"], capture_output=True)
        server.stop()


if __name__ == "__main__":
    main(test)
