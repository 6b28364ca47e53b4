"""A client whose TCP connection is cut (by a relay between it and the server) reconnects on
its own with its saved token, gets the same player and its seat back, and plays on; a
restarted client does the same from the token file, which is private (mode 0600), and comes
back to its live game, leaving finished ones alone."""

import glob
import json
import os
import stat

from harness import Client, Proxy, Server, check, main


def live_game_after_restart(server, client_bin, workdir):
    """Two finished games and a live one: a restart lands in the live one."""
    alice = Client(client_bin, server.url, "ann", workdir)
    bob = Client(client_bin, server.url, "ben", workdir)
    clients = [alice, bob]
    try:
        finished = []
        for i in range(2):
            room_file = os.path.join(workdir, f"done-{i}")
            alice.send("new blitz first", f"room-file {room_file}")
            finished.append(alice.expect(r"^joined room=(\S+) seat=1 ").group(1))
            bob.send(f"join @{room_file}", "resign")
            bob.expect(rf"^result room={finished[-1]} winner=1 reason=resignation ")
            alice.send("wait-result")
            alice.expect(rf"^result room={finished[-1]} ")
        live_file = os.path.join(workdir, "live")
        alice.send("new blitz first", f"room-file {live_file}")
        live = alice.expect(r"^joined room=(\S+) seat=1 ").group(1)
        bob.send(f"join @{live_file}")
        bob.expect(rf"^joined room={live} seat=2 ")
        alice.send("wait-status playing", "wait-turn", "Wd4-a1")
        alice.expect(rf"^ack room={live} ")
        check(alice.close() == 0, "ann's script ends cleanly")
        again = Client(client_bin, server.url, "ann", workdir, config=alice.config)
        clients.append(again)
        again.expect(rf"^joined room={live} seat=1 ")
        version, state = again.state()
        check(state["room"] == live, f"back in the live game, not {state['room']}")
        # The server lists every seat after the hello, finished games too; they are not news.
        check(not any(f"result room={r}" in l for r in finished for l in again.lines),
              f"old results are not announced again: {again.lines}")
    finally:
        statuses = [c.close() for c in clients]
    check(all(s == 0 for s in statuses), f"every script exits 0: {statuses}")


def test(server_bin, client_bin, workdir):
    server = Server(server_bin, workdir)
    proxy = Proxy(server.port)
    clients = []
    try:
        room_file = os.path.join(workdir, "room")
        alice = Client(client_bin, proxy.url, "alice", workdir)
        bob = Client(client_bin, server.url, "bob", workdir)
        clients += [alice, bob]
        alice.send("new blitz first", f"room-file {room_file}")
        room = alice.expect(r"^joined room=(\S+) seat=1 ").group(1)
        player = alice.seen_or_expect(r"^welcome player=(\S+) ").group(1)
        bob.send(f"join @{room_file}")
        bob.expect(rf"^joined room={room} seat=2 ")
        alice.send("wait-status playing", "wait-turn", "Wd4-a1")
        alice.expect(rf"^ack room={room} ")

        files = glob.glob(os.path.join(alice.config, "ringside", "*.json"))
        check(len(files) == 1, f"one token file for the one server address: {files}")
        mode = stat.S_IMODE(os.stat(files[0]).st_mode)
        check(mode == 0o600, f"token file mode is {oct(mode)}")
        saved = json.load(open(files[0]))
        check(saved["player"] == player and len(saved["token"]) >= 16, f"token file holds the identity: {saved}")
        check(saved["rooms"].get(room) == "player", f"and the seat's room: {saved['rooms']}")

        # Cut Alice's link while her script waits for her turn.
        alice.send("wait-turn")
        check(proxy.cut() == 1, "the relay carried exactly Alice's connection")
        alice.expect(r'^link status=reconnecting detail="connection lost .*reconnecting in 0\.5s"$')
        alice.expect(rf"^welcome player={player} ")
        alice.expect(rf"^joined room={room} seat=1 ")
        check(proxy.accepted == 2, f"one reconnection through the relay, not {proxy.accepted - 1}")

        bob.send("wait-turn", "Gb2-g1")
        bob.expect(rf"^ack room={room} ")
        alice.expect(rf"^turn room={room} seat=1 ")  # the wait begun before the cut completes
        alice.send("Bf2-a4")
        alice.expect(rf"^ack room={room} ")
        bob.expect(rf"^patch room={room} version=\d+ status=playing to_move=2 last=Bf2-a4$")

        # A restart: same config directory, same server address, a new process.
        check(alice.close() == 0, "alice's script ends cleanly")
        alice2 = Client(client_bin, proxy.url, "alice", workdir, config=alice.config)
        clients.append(alice2)
        alice2.expect(rf"^welcome player={player} ")
        alice2.expect(rf"^joined room={room} seat=1 ")
        bob.send("wait-turn", "Wb4-g4")
        bob.expect(rf"^ack room={room} ")
        alice2.send("wait-turn", "Gf4-d1")
        alice2.expect(rf"^ack room={room} ")
        _, state = alice2.state()
        check(state["history"] == ["Wd4-a1", "Gb2-g1", "Bf2-a4", "Wb4-g4", "Gf4-d1"],
              f"every move across the cut and the restart counted: {state['history']}")
        check(state["players"][0]["name"] == "alice" and state["players"][0]["online"], "alice is seat 1, online")

        # A token the server does not know (say, from another server) is dropped: the client
        # says hello again without it and carries on as a new player, and saves the new token.
        path = glob.glob(os.path.join(alice.config, "ringside", "*.json"))[0]
        check(alice2.close() == 0, "the restarted alice ends cleanly")
        forged = dict(saved, token="f" * 64, rooms={})
        with open(path, "w") as f:
            json.dump(forged, f)
        alice3 = Client(client_bin, proxy.url, "alice", workdir, config=alice.config)
        clients.append(alice3)
        alice3.expect(r"^error code=bad_token re=\d+ ")
        fresh = alice3.expect(r"^welcome player=(\S+) ").group(1)
        check(fresh != player, "a new identity, not the old one")
        alice3.send("rooms")
        alice3.expect(r"^rooms count=")
        check(json.load(open(path))["player"] == fresh, "the new identity is saved")
        live_game_after_restart(server, client_bin, workdir)
    finally:
        statuses = [c.close() for c in clients]
        proxy.close()
        server.stop()
    check(all(s == 0 for s in statuses), f"every script exits 0: {statuses}")


if __name__ == "__main__":
    main(test)
