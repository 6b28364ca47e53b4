"""`register NAME` makes the script's guest an account (its password from RINGSIDE_PASSWORD);
another client with a config of its own (another device) says `login NAME` and gets the
account's seat; `logout` leaves it a new guest."""

import os

from harness import Client, Server, check, main


def test(server_bin, client_bin, workdir):
    os.environ["RINGSIDE_PASSWORD"] = "anns cli password"
    server = Server(server_bin, workdir,
                    extra=("--password-opslimit", "1", "--password-memlimit", "8192"))
    clients = []
    try:
        ann = Client(client_bin, server.url, "ann", workdir)
        clients.append(ann)
        ann.send("new blitz first")
        room = ann.expect(r"^joined room=(\S+) seat=1 ").group(1)
        ann.send("register ann")
        ann.expect(r"^registered .*ann")
        laptop = Client(client_bin, server.url, "visitor", workdir)
        clients.append(laptop)
        laptop.send("login ann")
        laptop.expect(rf"^joined room={room} seat=1 ")
        laptop.send("logout")
        laptop.expect(r"^logged_out")
        # The password never appears in what the client prints.
        check(not any("anns cli password" in line for c in clients for line in c.lines),
              "no line shows the password")
    finally:
        statuses = [c.close() for c in clients]
        server.stop()
    check(all(s == 0 for s in statuses), f"every script exits 0: {statuses}")


if __name__ == "__main__":
    main(test)
