"""DVONN from the terminal client: two `ringside --script` players play a whole game on a real
server while a third watches, every move picked from the state's `legal` list; a move the
rules forbid is refused with the server's reason; the board is drawn with its long rows
across, and the game ends with a score everyone agrees on and a record that says how."""

import json
import os
import urllib.request

from harness import Client, Server, check, main


def record(server, room):
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(f"http://127.0.0.1:{server.port}/api/rooms/{room}/record", timeout=10) as r:
        return r.read().decode()


def test(server_bin, client_bin, workdir):
    server = Server(server_bin, workdir)
    room_file = os.path.join(workdir, "room")
    alice = Client(client_bin, server.url, "alice", workdir)
    bob = Client(client_bin, server.url, "bob", workdir)
    carol = Client(client_bin, server.url, "carol", workdir)
    players = {1: alice, 2: bob}
    try:
        alice.send("new dvonn 10+5 first", f"room-file {room_file}")
        room = alice.expect(r"^joined room=(\S+) seat=1 version=\d+ status=waiting").group(1)
        carol.send(f"watch @{room_file}")
        carol.expect(rf"^joined room={room} seat=- ")
        bob.send(f"join @{room_file}")
        bob.expect(rf"^joined room={room} seat=2 ")
        alice.send("wait-status playing", "wait-turn")
        alice.expect(rf"^turn room={room} seat=1 ")
        _, state = alice.state()
        check(state["game"] == "dvonn" and state["phase"] == "placement", f"a DVONN room: {state}")
        check(len(state["legal"]) == 49, f"every cell is a legal first placement: {state['legal']}")

        # The board: five long rows across, row 5 on top, every cell empty at the start.
        alice.send("board")
        alice.expect(r"^ +5 +\. +\. ")
        alice.expect(r"Placing: 0 of 49 placed")

        probed = False
        plies = 0
        seat = 1
        while plies < 200:
            me = players[seat]
            me.send("wait-turn")
            m = me.expect(r"^(turn room=|result room=)")
            if m.group(1).startswith("result"):
                break
            _, state = me.state()
            if state["status"] != "playing":
                break
            legal = sorted(state["legal"])
            if not probed and state["phase"] == "movement":
                # A stack of the other player's colour is not ours to move.
                theirs = "B" if seat == 1 else "W"
                cell = sorted(c for c, s in state["stacks"].items() if s[-1] == theirs)[0]
                target = sorted(c for c in state["stacks"] if c != cell)[0]
                me.send("expect-error illegal_move", f"{cell}{target}")
                me.expect(r"^error code=illegal_move re=\d+ message=")
                me.expect(r"^expected-error code=illegal_move$")
                probed = True
            token = legal[state["ply"] % len(legal)]
            me.send(f"move {token.upper() if plies % 7 == 3 else token}")  # any case is fine
            m = me.expect(r"^(ack|error) ")
            check(m.group(1) == "ack", f"ply {state['ply']} {token} refused: {me.lines[-1]}")
            plies += 1
            # Our copy has caught up with our move: it says who moves next (player 1 twice
            # across the phase change; forced passes are played by the server).
            _, after = me.state()
            if after["status"] != "playing":
                break
            seat = after["to_move"]
        check(probed, "an illegal stack move was tried")
        finals = {}
        for c in (alice, bob, carol):
            c.send("wait-result")
            c.seen_or_expect(rf"^result room={room} ")
            finals[c.name] = c.state()
        docs = [doc for _, doc in finals.values()]
        check(len({v for v, _ in finals.values()}) == 1, "everyone ends at the same version")
        check(docs[0] == docs[1] == docs[2], "players and watcher hold the same final state")
        result = docs[0]["result"]
        check(result["reason"] == "no_moves" and len(result["score"]) == 2,
              f"the game ended by the rules, with a score: {result}")
        line = next(l for l in carol.lines if l.startswith(f"result room={room} "))
        check(f"score=" in line, f"the result line carries the score: {line}")
        carol.send("board")
        carol.expect(r"Game over: (\w+ wins \d+-\d+|a tie, \d+-\d+)\.")
        check('[Termination "no_moves"]' in record(server, room), "the record says how it ended")
        print(f"dvonn game: {len(docs[0]['history'])} plies, result {result}")
    finally:
        statuses = {c.name: c.close() for c in (alice, bob, carol)}
        server.stop()
    check(set(statuses.values()) == {0}, f"every script exits 0: {statuses}")


if __name__ == "__main__":
    main(test)
