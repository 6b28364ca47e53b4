"""Times GET /api/players/NAME on a real server over a large journal: 200000 finished rooms,
10000 of them alice's (a seat-1 player every 20th room), the rest among 5000 other players.
The rooms are written into the journal with SQLite before the server starts (finished long
ago, so --finished-retention-days 0 keeps them). Usage: player_page.py SERVER_BINARY
(loopback only; the data directory is /tmp/ppbench/data)."""
import os, sqlite3, subprocess, sys, time, statistics, urllib.request, shutil, re
server = sys.argv[1]
d = "/tmp/ppbench/data"
os.makedirs("/tmp/ppbench", exist_ok=True)
shutil.rmtree(d, ignore_errors=True)
def start():
    p = subprocess.Popen([server, "--host", "127.0.0.1", "--port", "0", "--data", d, "--log-level", "warn",
                          "--http-rate-limit", "0", "--finished-retention-days", "0"], stdout=subprocess.PIPE, text=True)
    line = p.stdout.readline()
    return p, int(re.search(r":(\d+)$", line.strip()).group(1))
p, port = start(); p.terminate(); p.wait()
db = sqlite3.connect(os.path.join(d, "ringside.db"))
rows = []
for i in range(200000):
    a = "p-alice" if i % 20 == 0 else f"p{i % 5000}"
    b = f"p{(i * 7) % 5000}"
    rows.append((f"r{i:07d}", "zertz" if i % 3 else "dvonn", "blitz", 37, 0, a, "alice" if a == "p-alice" else a,
                 b, b, 1700000000000 + i, "finished", i % 3, "resignation", 1700000000000 + i * 10))
db.executemany("INSERT INTO rooms(id, game, variant, board, private, seat1_player, seat1_name, seat2_player, "
               "seat2_name, created_ms, status, result_winner, result_reason, finished_ms) "
               "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
db.commit(); db.close()
p, port = start()
def t(path, n=50):
    xs = []
    for _ in range(n):
        s = time.perf_counter()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}") as r:
            body = r.read()
        xs.append((time.perf_counter() - s) * 1000)
    return statistics.median(xs), len(body)
import json
first = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/players/alice?limit=200").read())
print("alice games on page", len(first["games"]), "counts", first["counts"])
for path in ["/api/players/alice?limit=20", "/api/players/alice?limit=200", "/api/players/alice/games?limit=200",
             "/api/players/alice/games?game=dvonn&limit=200",
             "/api/players/alice/games?limit=200&before=" + first["next"], "/api/players/nobody"]:
    try:
        m, size = t(path)
        print(f"{path}: median {m:.2f} ms, {size} bytes")
    except urllib.error.HTTPError as e:
        print(path, e.code)
p.terminate(); p.wait()
