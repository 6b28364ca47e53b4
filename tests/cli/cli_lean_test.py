"""The `ringside` client asks for compact room traffic: its states carry no position text, its
moves are answered by their patch (with `re`) and no ack, each patch op is a short array, and a
script still reads an `ack` line before that patch, as it did on full traffic."""

import json
import os

from harness import Client, Server, check, main


def test(server_bin, client_bin, workdir):
    server = Server(server_bin, workdir)
    room_file = os.path.join(workdir, "room-lean")
    alice = Client(client_bin, server.url, "alice", workdir, extra=["--json"])
    bob = Client(client_bin, server.url, "bob", workdir)
    try:
        alice.send("new blitz first", f"room-file {room_file}")
        joined = json.loads(alice.expect(r'^\{.*"type":"joined".*\}$').group(0))
        check("zip" not in joined["state"], f"a lean state has no position text: {joined['state']}")
        bob.send(f"join @{room_file}")
        bob.expect(r"^joined room=\S+ seat=2 ")
        alice.send("wait-status playing", "wait-turn", "Wd4-a1")
        # The move's answer is its patch, carrying the move's request id.
        patch = json.loads(alice.expect(r'^(?=.*"type":"patch")(?=.*"re":)\{.*\}$').group(0))
        check(isinstance(patch["re"], int), f"the patch answers the move: {patch}")
        check(all(isinstance(op, list) and op[0] in "+-=" for op in patch["ops"]),
              f"every op of a compact patch is [code, path, value]: {patch['ops']}")
        check(all(not op[1].startswith("/zip") for op in patch["ops"]),
              f"no position text in a lean patch: {patch['ops']}")
        check(not any('"type":"ack"' in l for l in alice.lines), "no ack on a lean connection")
        # A script on lean traffic reads an ack line, then the patch line, for its move.
        bob.send("wait-turn", "Gb2-g1")
        ack = bob.expect(r"^ack room=\S+ version=(\d+)")
        after = bob.expect(r"^patch room=\S+ version=(\d+)")
        check(ack.group(1) == after.group(1), f"the ack names the patch's version: {ack.group(0)}")
        bob.send("state")
        bob.expect(r"^state room=\S+ version=\d+ ")
    finally:
        statuses = {c.name: c.close() for c in (alice, bob)}
        server.stop()
    check(set(statuses.values()) == {0}, f"every script exits 0: {statuses}")


if __name__ == "__main__":
    main(test)
