#!/usr/bin/env python3
"""plot_rolls.py CSV PNG: rolls per draw against N for a d6 (from rolls_table --csv)."""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
    n = [int(r["N"]) for r in rows]
    series = [
        ("digits", "digits (rand7-from-rand5 method)", "tab:gray", "-", 0.8),
        ("smooth", "smooth (the Hungarian method)", "tab:orange", "-", 0.8),
        ("cheapest", "cheapest (best of fold/reject/mixed radix)", "tab:blue", "-", 1.0),
        ("optimal", "optimal = Knuth-Yao optimum (recycle)", "tab:green", "-", 1.6),
        ("pool", "entropy pool, measured (10^5 draws)", "tab:red", "--", 1.2),
        ("bound", "information bound log_6 N", "black", ":", 1.6),
    ]
    fig, ax = plt.subplots(figsize=(10, 5.5), dpi=110)
    for key, label, color, style, width in series:
        ax.plot(n, [float(r[key]) for r in rows], style, color=color, linewidth=width, label=label)
    ax.set_xlabel("N (outcomes)")
    ax.set_ylabel("d6 rolls per draw")
    ax.set_title("Rolls of a d6 per uniform draw from [1, N]")
    ax.set_xlim(2, n[-1])
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=9)
    fig.tight_layout()
    fig.savefig(sys.argv[2])


if __name__ == "__main__":
    main()
