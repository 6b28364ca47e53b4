"""run-all's pictures: latency distributions (CDF) and the peers' bars, drawn by gnuplot as SVG.

Each picture is a gnuplot script fed with data files in a temporary directory; gnuplot is
Debian's gnuplot-nox (scripts/packages-bench.txt). Missing gnuplot only skips the pictures.
"""
import os
import shutil
import subprocess
import tempfile

COLOURS = ["#1b6ca8", "#d1495b", "#edae49", "#00798c", "#66a182", "#8d5a97", "#444444"]
TERMINAL = ("set terminal svg size {w},{h} dynamic noenhanced font 'Helvetica,13' "
            "background rgb 'white'\n")


def available():
    return shutil.which("gnuplot") is not None


def read_samples(path, kind):
    """Milliseconds of one kind from a `kind microseconds` file (loadgen or the peers' driver)."""
    out = []
    with open(path) as f:
        for line in f:
            k, _, us = line.partition(" ")
            if k == kind:
                out.append(int(us) / 1000.0)
    return out


def quote(text):
    return text.replace("\\", "\\\\").replace('"', '\\"')


def cdf_svg(out, title, series):
    """One line per (label, samples in ms): the share of samples at or under x (log scale)."""
    series = [(label, sorted(xs)) for label, xs in series if xs]
    if not series:
        return False
    tmp = tempfile.mkdtemp(prefix="ringside-plot-")
    try:
        plots = []
        for i, (label, xs) in enumerate(series):
            data = os.path.join(tmp, f"{i}.dat")
            n = len(xs)
            step = max(1, n // 2000)  # enough points for a smooth line, a small SVG
            with open(data, "w") as f:
                for j in list(range(0, n, step)) + [n - 1]:
                    f.write(f"{max(xs[j], 0.001):.4f} {(j + 1) / n:.5f}\n")
            p99 = xs[min(n - 1, int(0.99 * n))]
            plots.append(f"'{data}' using 1:2 with steps lw 2 lc rgb '{COLOURS[i % len(COLOURS)]}'"
                         f" title \"{quote(label)} (p50 {xs[n // 2]:.2f}, p99 {p99:.2f} ms, "
                         f"n={n:,})\"")
        script = (TERMINAL.format(w=900, h=520 + 22 * len(series)) +
                  f"set output '{out}'\n"
                  f"set title \"{quote(title)}\"\n"
                  "set logscale x 10\nset format x '%g ms'\n"
                  "set ylabel 'share of moves at or under'\n"
                  "set yrange [0:1.02]\nset ytics 0.1\nset grid xtics ytics mxtics lc rgb '#dddddd'\n"
                  "set key outside below left Left reverse box height 1.5\n"
                  "set arrow from graph 0, first 0.99 to graph 1, first 0.99 nohead dt 2 "
                  "lc rgb '#888888'\n"
                  "plot " + ", \\\n     ".join(plots) + "\n")
        subprocess.run(["gnuplot"], input=script, text=True, check=True, timeout=60)
        return True
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def bars_svg(out, title, servers, panels):
    """Small multiples: one bar chart per figure (panels: (title, key, format)), a bar per server
    (servers: [(short label, {key: value})], a label of two lines at most, "\\n" between);
    each panel has its own scale, so units never mix."""
    if not servers:
        return False
    cols = 3
    rows = (len(panels) + cols - 1) // cols
    tmp = tempfile.mkdtemp(prefix="ringside-plot-")
    try:
        data = os.path.join(tmp, "bars.dat")
        with open(data, "w") as f:
            for i, (label, values) in enumerate(servers):
                cells = [f"{values.get(k, float('nan')):.6g}" for _, k, _ in panels]
                f.write(f"{i} \"{label}\" " + " ".join(cells) + "\n")
        script = (TERMINAL.format(w=1100, h=300 * rows) +
                  f"set output '{out}'\n"
                  f"set multiplot layout {rows},{cols} title \"{quote(title)}\" font ',15'\n"
                  "set style fill solid 0.85 noborder\nset boxwidth 0.7\n"
                  "set grid ytics lc rgb '#dddddd'\nunset key\nset yrange [0:*]\n"
                  f"set xrange [-0.6:{len(servers) - 0.4}]\n"
                  "set xtics font ',10' nomirror scale 0\nset offsets 0,0,graph 0.15,0\n"
                  "set lmargin 9\nset rmargin 2\nset bmargin 4\n")
        palette = " ".join(f"{i} '{c}'," for i, c in enumerate(COLOURS))[:-1]
        script += f"set palette defined ({palette})\nset cbrange [0:{len(COLOURS) - 1}]\n" \
                  "unset colorbox\n"
        for j, (ptitle, _, fmt) in enumerate(panels):
            col = j + 3
            script += (f"set title \"{quote(ptitle)}\" font ',12'\n"
                       f"plot '{data}' using 1:{col}:($1):xtic(2) with boxes lc palette, \\\n"
                       f"     '' using 1:{col}:(sprintf('{fmt}', ${col})) with labels offset 0,0.8 "
                       f"font ',10'\n")
        script += "unset multiplot\n"
        subprocess.run(["gnuplot"], input=script, text=True, check=True, timeout=60)
        return True
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
