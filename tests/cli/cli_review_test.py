"""The terminal client's first minutes and its review, in a real terminal (tmux) against the
real server: asked for a name when $USER is empty, the page's http:// address taken, a short
`help` and `help all`, Tab on an empty line listing moves on our turn, a mistyped move getting
the server's reason, and `review ROOM` stepping through the game. Without tmux: `wss://`
against a plain server told to try ws://, and a script with no name refused."""
import os
import re
import shutil
import subprocess
import time

from cli_tmux_test import Pane, below, top
from harness import Failure, Server, check, main


def test(server_bin, client_bin, workdir):
    if shutil.which("tmux") is None:
        raise Failure("tmux is not installed (scripts/packages-test.txt lists it)")
    server = Server(server_bin, workdir)
    socket_name = f"ringside-cli-review-{os.getpid()}"
    try:
        env = {"XDG_CONFIG_HOME": os.path.join(workdir, "cfg-carol"), "TERM": "screen",
               "LANG": "C.UTF-8", "USER": "''"}
        page = f"http://127.0.0.1:{server.port}/"
        carol = Pane(socket_name, "carol", f"{client_bin} --server {page}", env)
        # No --name and no $USER: asked, and an empty answer asks again.
        carol.wait_for(r"Your name \(others see it")
        carol.type("")
        carol.type("carol")
        carol.wait_for(r"Welcome, carol")

        # `help` fits one screen and names `help all`, which has every command's example.
        carol.type("help")
        carol.wait_for(r"`help moves`: how to write a move\.")
        screen = carol.screen()
        start = screen.rindex("Commands (")
        end = screen.index("`help moves`: how", start)
        check(screen[start:end].count("\n") + 1 <= 20, f"help is one screen:\n{screen[start:end]}")
        carol.type("help all")
        carol.wait_for(r"e\.g\. review k3x9q2")
        carol.wait_for(r"For scripts")

        # A game against the computer; on our turn an empty line's Tab lists moves (ZÈRTZ's
        # unfold from the colour letter), not commands.
        carol.type("new computer 1 first")
        room = carol.wait_for(r"Joined room (\S+) in seat 1\.").group(1)
        carol.wait_for(r"\(your move\)> *$")
        carol.key("Tab", "Tab")
        carol.wait_for(r"^B +G +W *$")
        check("decline" not in below(carol.screen()).splitlines()[-2],
              f"no commands offered:\n{carol.screen()}")
        carol.key("C-u")

        # Something shaped like a move, on no board: the server's reason, not "unknown command".
        carol.type("d9")
        carol.wait_for(r"Error \((illegal_move|bad_request)\): .*d9")
        check('Unknown command "d9"' not in carol.screen(), "d9 is not an unknown command")

        carol.type("Wd4-a1")
        carol.wait_for(r"Last: computer 1 ", timeout=30, where=top)
        carol.wait_for(r"\(your move\)> *$")

        # review: the last ply first, then back and forth; the prompt says where we are.
        carol.type(f"review {room}")
        carol.wait_for(rf"Review of {room}: move 2 of 2", where=top)
        carol.wait_for(rf"review {room} \[n/p/first/last/q\]> *$")
        carol.type("p")
        carol.wait_for(rf"Review of {room}: move 1 of 2 \(Wd4-a1\)", where=top)
        check(re.search(r"\[W\]|\bW\b", top(carol.screen())), "the marble of ply 1 is drawn")
        carol.type("first")
        carol.wait_for(rf"Review of {room}: the first position of 2", where=top)
        check(top(carol.screen()).count("( )") == 37, f"ply 0: 37 empty rings:\n{carol.screen()}")
        carol.type("")
        carol.wait_for(rf"Review of {room}: move 1 of 2", where=top)
        carol.type("last")
        carol.wait_for(rf"Review of {room}: move 2 of 2", where=top)
        carol.type("q")
        carol.wait_for(r"Review ended\.")
        carol.wait_for(rf"{room} \(your move\)> *$")
        carol.type("review nosuchroom")
        carol.wait_for(r"There is no room nosuchroom\.")
        carol.type("quit")
    finally:
        subprocess.run(["tmux", "-L", socket_name, "kill-server"], capture_output=True)

    try:
        # wss:// to a plain server: said in words, with what to try.
        cfg = {**os.environ, "XDG_CONFIG_HOME": os.path.join(workdir, "cfg-tls")}
        run = subprocess.run([client_bin, "--script", "--name", "dora", "--server",
                              f"wss://127.0.0.1:{server.port}/ws"], input="", env=cfg,
                             capture_output=True, text=True, timeout=30)
        said = run.stdout + run.stderr
        check(run.returncode == 4, f"exit 4 when unreachable: {run.returncode}\n{said}")
        check("this server does not speak TLS; try ws://" in said, f"wss:// to a plain server:\n{said}")
        # A script with no name anywhere is refused: there is nobody to ask.
        run = subprocess.run([client_bin, "--script", "--server", server.url], input="",
                             env={**cfg, "USER": ""}, capture_output=True, text=True, timeout=30)
        check(run.returncode == 2 and "--name" in run.stderr,
              f"no name in a script: {run.returncode} {run.stderr!r}")
    finally:
        server.stop()


if __name__ == "__main__":
    main(test)
