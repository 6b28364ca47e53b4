"""Quick pairing from the terminal client: `seek` waits, `cancel` withdraws it, two matching
`seek`s pair at once into one room where both sit (one seat each, the game on), and
`cancel room` ends one's own waiting room."""

from harness import Client, Server, check, main


def test(server_bin, client_bin, workdir):
    server = Server(server_bin, workdir)
    alice = Client(client_bin, server.url, "alice", workdir)
    bob = Client(client_bin, server.url, "bob", workdir)
    try:
        alice.send("seek dvonn 15+10")
        alice.expect(r"^seeking seek=\S+")
        alice.send("cancel")
        alice.expect(r"^seek_cancelled count=1")

        alice.send("seek blitz 5+3")
        alice.expect(r"^seeking seek=\S+")
        bob.send("seek zertz blitz 5+3")
        room = bob.expect(r"^paired seek=\S+ room=(\S+) opponent=alice").group(1)
        check(alice.expect(rf"^paired seek=\S+ room={room} opponent=bob"), "alice is told")
        seat_b = int(bob.expect(rf"^joined room={room} seat=(\d)").group(1))
        seat_a = int(alice.expect(rf"^joined room={room} seat=(\d)").group(1))
        check({seat_a, seat_b} == {1, 2}, f"one seat each: {seat_a}, {seat_b}")
        bob.seen_or_expect(rf"^patch room={room} .*status=playing")

        alice.send("new dvonn")
        waiting = alice.expect(r"^joined room=(\S+) seat=\d version=\d+ status=waiting").group(1)
        # Bob's current room is the paired game, which has started: not his to cancel.
        bob.send("expect-error not_waiting", "cancel room")
        bob.expect(r"^error code=not_waiting")
        alice.send("cancel room", "wait-result")
        alice.expect(rf"^result room={waiting} winner=none reason=cancelled")
        # The paired game ends, so neither script has a game left to wait for.
        bob.send("resign")
        bob.expect(rf"^result room={room} winner=\d reason=resignation")
        status = alice.close()
        check(status == 0, f"alice's script ends cleanly: {status} {alice.lines[-6:]}")
        check(bob.close() == 0, "bob's script ends cleanly")
    finally:
        alice.close()
        bob.close()
        server.stop()


if __name__ == "__main__":
    main(test)
