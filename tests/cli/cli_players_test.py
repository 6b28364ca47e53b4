"""Players' pages from the terminal client: alice and bob play two games with `ringside
--script` on a real server (bob resigns the first, alice the second); then `games NAME` lists
both games, newest first, with each result from that player's side, `me` gives the counts, and
a name nobody played under fails with no_such_player."""

import os

from harness import Client, Server, check, main


def play_and_resign(alice, bob, room_file, loser, game):
    if os.path.exists(room_file):
        os.remove(room_file)
    alice.send(f"new {game} first", f"room-file {room_file}")
    room = alice.expect(r"^joined room=(\S+) seat=1 version=\d+ status=waiting").group(1)
    bob.send(f"join @{room_file}")
    bob.expect(rf"^joined room={room} seat=2 ")
    # The loser waits for the game to start before resigning: a wait in the winner's script
    # could be read only after the resignation, and wait for "playing" in vain.
    loser.send("wait-status playing", "resign")
    for c in (alice, bob):
        c.send("wait-result")
        c.seen_or_expect(rf"^result room={room} ")
    return room


def test(server_bin, client_bin, workdir):
    server = Server(server_bin, workdir)
    room_file = os.path.join(workdir, "room")
    alice = Client(client_bin, server.url, "alice", workdir)
    bob = Client(client_bin, server.url, "bob", workdir)
    try:
        first = play_and_resign(alice, bob, room_file, bob, "zertz")
        second = play_and_resign(alice, bob, room_file, alice, "dvonn")

        bob.send("games alice")
        bob.expect(r"^player name=alice wins=1 losses=1 draws=0 ratings=0$")
        newest = bob.expect(r"^game room=(\S+) game=(\S+) variant=\S+ result=(\w+) opponent=(\S+) "
                            r"reason=(\S+) color=(\d)$")
        older = bob.expect(r"^game room=(\S+) game=(\S+) variant=\S+ result=(\w+) opponent=(\S+) "
                           r"reason=(\S+) color=(\d)$")
        check(newest.groups() == (second, "dvonn", "loss", "bob", "resignation", "1"),
              f"alice's newest game is the DVONN she resigned: {newest.group(0)}")
        check(older.groups() == (first, "zertz", "win", "bob", "resignation", "1"),
              f"then the ZERTZ game bob resigned: {older.group(0)}")

        alice.send("games BOB")  # any case
        alice.expect(r"^player name=bob wins=1 losses=1 draws=0 ratings=0$")
        m = alice.expect(r"^game room=(\S+) game=dvonn variant=\S+ result=(\w+) opponent=alice ")
        check(m.groups() == (second, "win"), f"bob won the DVONN game: {m.group(0)}")

        bob.send("me")
        bob.expect(r"^player name=bob wins=1 losses=1 draws=0 ratings=0$")

        alice.send("expect-error no_such_player", "games nobody-here")
        alice.expect(r"^expected-error code=no_such_player$")
    finally:
        statuses = {c.name: c.close() for c in (alice, bob)}
        server.stop()
    check(set(statuses.values()) == {0}, f"every script exits 0: {statuses}")


if __name__ == "__main__":
    main(test)
