#!/usr/bin/env python3
"""plot_loaded.py CSV PNG: the entropy pool's rolls per draw of 2d6 over the
information bound H / log2 K, after 10 ... 10^6 draws (from loaded_table --csv)."""
import csv
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    series = defaultdict(list)
    for row in csv.DictReader(open(sys.argv[1], encoding="utf-8")):
        series[row["die"]].append((int(row["draws"]), float(row["ratio"])))
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=110)
    for die, points in series.items():
        xs, ys = zip(*points)
        ax.plot(xs, ys, marker="o", markersize=3, label=f"{die}")
    ax.axhline(1.0, color="black", linestyle=":", label="H / log2 K (the bound)")
    ax.axhline(1.001, color="gray", linestyle="--", linewidth=0.8, label="1.001 × the bound")
    ax.set_xscale("log")
    ax.set_xlabel("draws")
    ax.set_ylabel("rolls per draw / (H / log2 K)")
    ax.set_title("The sum of 2d6 from a pool: rolls per draw over the bound (randomness recycling)")
    ax.grid(alpha=0.3, which="both")
    ax.legend()
    fig.tight_layout()
    fig.savefig(sys.argv[2])


if __name__ == "__main__":
    main()
