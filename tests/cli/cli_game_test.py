"""Two `ringside --script` clients play whole games on a real server while a third watches:
one game from fixed scripts ending in resignation (with an illegal move refused on the way),
and one played to the end of the rules, each move chosen from the server's own state."""

import json
import os
import urllib.request

from harness import Client, Failure, Server, check, main

BLITZ_WIN = ({"W": 3}, {"G": 4}, {"B": 5}, {"W": 2, "G": 2, "B": 2})


def record(server, room):
    """The room's game record, as the HTTP endpoint serves it."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(f"http://127.0.0.1:{server.port}/api/rooms/{room}/record", timeout=10) as r:
        return r.read().decode()


def fixed_script_game(server, client_bin, workdir):
    room_file = os.path.join(workdir, "room-fixed")
    alice = Client(client_bin, server.url, "alice", workdir)
    bob = Client(client_bin, server.url, "bob", workdir)
    carol = Client(client_bin, server.url, "carol", workdir)
    try:
        alice.send("new blitz first", f"room-file {room_file}")
        room = alice.expect(r"^joined room=(\S+) seat=1 version=\d+ status=waiting").group(1)
        # The watcher is in before the game starts, so all three end at the same version.
        carol.send(f"watch @{room_file}")
        carol.expect(rf"^joined room={room} seat=- ")
        alice.send("wait-status playing", "wait-turn", "Wd4-a1", "wait-turn",
                   "expect-error illegal_move", "Gd4-a2",  # d4 holds the white marble now
                   "Bf2-a4", "wait-turn", "Gf4-d1", "wait-result", "state")
        bob.send(f"join @{room_file}", "wait-turn", "Gb2-g1", "wait-turn", "Wb4-g4", "wait-turn",
                 "say good game", "resign", "state")
        carol.send("wait-result", "state")

        err = alice.expect(r'^error code=illegal_move re=\d+ message="(.+)"$')
        check("d4" in err.group(1), f"the server's reason names the cell: {err.group(1)!r}")
        alice.expect(r"^expected-error code=illegal_move$")
        finals = {}
        for c in (alice, bob, carol):
            c.expect(rf"^result room={room} winner=1 reason=resignation ")
            finals[c.name] = c.state()
        carol.seen_or_expect(r'^chat room=\S+ from=\S+ text="good game"$')
        versions = {name: v for name, (v, _) in finals.items()}
        check(len(set(versions.values())) == 1, f"everyone ends at the same version: {versions}")
        docs = [doc for _, doc in finals.values()]
        check(docs[0] == docs[1] == docs[2], "players and watcher hold the same final state")
        check(docs[0]["history"] == ["Wd4-a1", "Gb2-g1", "Bf2-a4", "Wb4-g4", "Gf4-d1"],
              f"history: {docs[0]['history']}")
        check(docs[0]["rings"]["d4"] == "W" and "a1" not in docs[0]["rings"], "the moves are on the board")
        check(docs[0]["status"] == "finished", "the game is over")
        check('[Termination "resignation"]' in record(server, room), "the record says how it ended")
    finally:
        statuses = {c.name: c.close() for c in (alice, bob, carol)}
    check(statuses == {"alice": 0, "bob": 0, "carol": 0}, f"every script exits 0: {statuses}")


def raw_json_listing(server, client_bin, workdir):
    """--json prints the server's messages as they came: one JSON object per line."""
    dave = Client(client_bin, server.url, "dave", workdir, extra=["--json"])
    try:
        dave.send("rooms")
        m = dave.expect(r'^\{.*"type":"rooms".*\}$')
        listing = json.loads(m.group(0))
        check(isinstance(listing["rooms"], list) and isinstance(listing["re"], int), f"a raw rooms reply: {listing}")
        welcome = json.loads(next(l for l in dave.lines if '"type":"welcome"' in l))
        check(welcome["name"] == "dave" and welcome["protocol"] == 1, f"a raw welcome: {welcome}")
    finally:
        check(dave.close() == 0, "the --json script exits 0")


def choose(state, seat):
    """A legal move read off the server's state: a listed capture chain when one is compulsory,
    else a placement on a vacant ring and the removal of a ring the state lists as free. The
    choice is deterministic, so the game is the same on every run."""
    rings = state["rings"]
    if state["must_capture"]:
        chain = sorted(state["captures"], key=lambda c: (-len(c), c))[0]
        return rings[chain[0]] + "x".join(chain)
    pool = state["pool"]
    source = pool if any(pool.values()) else state["captured"][seat - 1]
    colour = max("WGB", key=lambda c: (source.get(c, 0), c))
    vacant = sorted(c for c, v in rings.items() if v == "")
    cell = vacant[state["ply"] % len(vacant)]
    removable = sorted(c for c in state["removable"] if c != cell)
    return colour + cell + ("-" + removable[0] if removable else "")


def full_game(server, client_bin, workdir):
    room_file = os.path.join(workdir, "room-full")
    alice = Client(client_bin, server.url, "alice2", workdir)
    bob = Client(client_bin, server.url, "bob2", workdir)
    carol = Client(client_bin, server.url, "carol2", workdir)
    players = {1: alice, 2: bob}
    try:
        alice.send("new blitz first", f"room-file {room_file}")
        room = alice.expect(r"^joined room=(\S+) seat=1 ").group(1)
        carol.send(f"watch @{room_file}")
        carol.expect(rf"^joined room={room} seat=- ")
        bob.send(f"join @{room_file}")
        bob.expect(rf"^joined room={room} seat=2 ")
        alice.send("wait-status playing")
        alice.expect(rf"^patch room={room} version=\d+ status=playing")
        # Out of turn: refused, and the refusal changes nothing.
        bob.send("expect-error not_your_turn", "Wd4-a1")
        bob.expect(r"^error code=not_your_turn ")
        bob.expect(r"^expected-error code=not_your_turn$")
        moves = 0
        probed_illegal = False
        probed_capture = False
        finished = False
        while not finished and moves < 80:
            seat = 1 if moves % 2 == 0 else 2
            me = players[seat]
            me.send("wait-turn")
            m = me.expect(r"^(turn room=|result room=)")
            if m.group(1).startswith("result"):
                break
            _, state = me.state()
            if state["status"] != "playing":
                break
            if not probed_illegal and any(v for v in state["rings"].values()):
                occupied = sorted(c for c, v in state["rings"].items() if v)[0]
                me.send("expect-error illegal_move", f"W{occupied}")
                me.expect(r"^error code=illegal_move ")
                me.expect(r"^expected-error code=illegal_move$")
                probed_illegal = True
            if state["must_capture"] and not probed_capture:
                # The server's reason lists the chains as the tokens a player types, the same
                # ones the board shows.
                typed = sorted(state["rings"][c[0]] + "x".join(c) for c in state["captures"])
                vacant = sorted(c for c, v in state["rings"].items() if v == "")[0]
                me.send("expect-error illegal_move", f"W{vacant}")
                err = me.expect(r'^error code=illegal_move re=\d+ message="a capture is compulsory: (.+)"$')
                check(sorted(err.group(1).split(", ")) == typed, f"{err.group(1)} lists {typed}")
                me.expect(r"^expected-error code=illegal_move$")
                probed_capture = True
            token = choose(state, seat)
            me.send(f"move {token}")
            m = me.expect(r"^(ack|error) ")
            check(m.group(1) == "ack", f"move {moves + 1} {token} refused: {me.lines[-1]}")
            moves += 1
            # Forced passes are played by the server, so the turn may come straight back.
            v, after = me.state()
            finished = after["status"] == "finished"
            if not finished and after["to_move"] == seat:
                moves += 1
        check(probed_illegal, "an illegal placement was tried")
        check(probed_capture, "a placement during a compulsory capture was tried")
        finals = {}
        for c in (alice, bob, carol):
            c.send("wait-result")
            c.seen_or_expect(rf"^result room={room} ")
            finals[c.name] = c.state()
        docs = [doc for _, doc in finals.values()]
        check(len({v for v, _ in finals.values()}) == 1, "everyone ends at the same version")
        check(docs[0] == docs[1] == docs[2], "players and watcher hold the same final state")
        result = docs[0]["result"]
        check(result is not None and docs[0]["status"] == "finished", f"the game has a result: {result}")
        check(result["reason"] in ("win_condition", "board_full", "no_moves", "repetition"),
              f"it ended by the rules, not by a person: {result}")
        if result["reason"] == "win_condition":
            won = docs[0]["captured"][result["winner"] - 1]
            check(any(all(won[c] >= n for c, n in need.items()) for need in BLITZ_WIN),
                  f"the winner's captures {won} meet a blitz condition")
        check(f'[Termination "{result["reason"]}"]' in record(server, room), "the record's Termination tag")
        print(f"full game: {len(docs[0]['history'])} plies, result {result}, captured {docs[0]['captured']}")
    finally:
        statuses = {c.name: c.close() for c in (alice, bob, carol)}
    check(set(statuses.values()) == {0}, f"every script exits 0: {statuses}")


def test(server_bin, client_bin, workdir):
    server = Server(server_bin, workdir)
    try:
        fixed_script_game(server, client_bin, workdir)
        full_game(server, client_bin, workdir)
        raw_json_listing(server, client_bin, workdir)
    finally:
        server.stop()


if __name__ == "__main__":
    main(test)
