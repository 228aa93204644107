#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""The benchmark report's page and charts from the data scripts/report.sh
collected: OUT/data/<class>.txt (scripts/icount/classes.sh output: guest
instructions per byte of armaccel and OpenSSL 3.0 / 3.5 per operation and
size), OUT/data/kernel_bench.json (Google Benchmark JSON) and
OUT/data/meta.txt ("key value" lines), OUT/data/cycles-<model>.txt
(estimated cycles per byte per core model) and OUT/data/anchors.txt
(scripts/icount/anchors.sh: estimated cycles per operation of ML-KEM-768,
X25519 and X25519MLKEM768 against OpenSSL 3.5, mlkem-native and
s2n-bignum).  Writes OUT/index.md, one OUT/<class>.png per CPU class and
OUT/cycles-<model>.png per core model, OUT/headline.png (the README's
chart: armaccel / OpenSSL 3.5 in estimated cycles per operation and size on
each core model, log axis) and OUT/kernel-bench.png.

    render.py OUT

Numbers go into the page exactly as the measurements printed them; the
test (test/report/report_check.py) holds the page to the data."""

import json
import pathlib
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

CLASS_TITLES = {
    "reference": "Reference CPU: qemu -cpu max,sve-default-vector-length=16 (every crypto extension)",
    "cortex-a53": "Cortex-A53: AES, PMULL and SHA-256 instructions (no SHA-512, SHA-3, SM3, SM4)",
    "no-crypto": "NEON only: Cortex-A72 without the crypto extensions (Raspberry Pi 4 class)",
}
CLASS_ORDER = ["reference", "cortex-a53", "no-crypto"]
# (column in the data, legend, colour)
SERIES = [
    ("openssl-3.0", "OpenSSL 3.0", "#bdbdbd"),
    ("armaccel", "armaccel in 3.0", "#9ecae1"),
    ("openssl-3.5", "OpenSSL 3.5", "#636363"),
    ("armaccel-3.5", "armaccel in 3.5", "#08519c"),
]


def size_label(n):
    if n == 0:
        return "per operation"
    return f"{n // 1024} KiB" if n >= 1024 and n % 1024 == 0 else f"{n} B"


def number(text):
    return None if text == "n/a" else float(text)


def parse_class(path):
    """-> (header line, rows): rows are dicts with op, bytes, the SERIES
    columns as printed, unforced-3.0 and unforced-3.5."""
    header, rows = None, []
    for line in path.read_text().splitlines():
        if line.startswith("== "):
            header = line.strip("= ").strip()
            continue
        fields = line.split()
        if not fields or fields[0] == "operation":
            continue
        if len(fields) != 9:
            sys.exit(f"render.py: {path}: unexpected line {line!r}")
        kind, alg, size, o30, o35, a30, a35, u30, u35 = fields
        rows.append({"op": f"{kind} {alg}", "bytes": int(size), "openssl-3.0": o30,
                     "openssl-3.5": o35, "armaccel": a30, "armaccel-3.5": a35,
                     "unforced-3.0": u30, "unforced-3.5": u35})
    if header is None:
        sys.exit(f"render.py: {path}: no class header")
    return header, rows


def steps_aside(row):
    where = [v for v, key in (("3.0", "unforced-3.0"), ("3.5", "unforced-3.5"))
             if row[key] == "default"]
    return where


def op_label(op, rows):
    where = sorted({v for r in rows if r["op"] == op for v in steps_aside(r)})
    return f"{op}  [default in {', '.join(where)}]" if where else op


def class_chart(name, rows, path):
    """One panel per message size, four bars per operation (SERIES), a
    linear axis from 0 with each bar's value written at its end."""
    ops = list(dict.fromkeys(r["op"] for r in rows))
    sizes = sorted({r["bytes"] for r in rows})
    by_key = {(r["op"], r["bytes"]): r for r in rows}
    fig, axes = plt.subplots(1, len(sizes), figsize=(4.6 * len(sizes) + 2.8, 0.5 * len(ops) + 1.9),
                             sharey=True, squeeze=False)
    bar = 0.84 / len(SERIES)
    for ax, size in zip(axes[0], sizes):
        top = 0.0
        for s, (column, legend, colour) in enumerate(SERIES):
            ys, xs = [], []
            for i, op in enumerate(ops):
                row = by_key.get((op, size))
                value = number(row[column]) if row else None
                y = i + (s - (len(SERIES) - 1) / 2) * bar
                if value is not None:
                    ys.append(y)
                    xs.append(value)
                elif row:
                    ax.text(0, y, " n/a", va="center", fontsize=7, color=colour)
            bars = ax.barh(ys, xs, height=bar, color=colour, label=legend)
            ax.bar_label(bars, labels=[f"{x:.3g}" for x in xs], fontsize=7, padding=2)
            top = max([top] + xs)
        ax.set_xlim(0, top * 1.18 if top > 0 else 1)
        ax.set_title(size_label(size))
        ax.set_xlabel("guest instructions per byte (lower is better)")
        ax.grid(axis="x", alpha=0.3)
    axes[0][0].set_yticks(range(len(ops)))
    axes[0][0].set_yticklabels([op_label(op, rows) for op in ops], fontsize=8)
    axes[0][0].invert_yaxis()
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=len(SERIES), fontsize=8)
    fig.suptitle(CLASS_TITLES.get(name, name), fontsize=11)
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    fig.savefig(path, dpi=90)
    plt.close(fig)


SIZE_COLOURS = ["#9ecae1", "#4292c6", "#08519c", "#fd8d3c"]


def ratio_value(row):
    """armaccel in 3.5 / OpenSSL 3.5 where armaccel serves unforced; 1.0
    where it steps aside (OpenSSL's own code runs); None where OpenSSL 3.5
    has no such algorithm."""
    a, o = number(row["armaccel-3.5"]), number(row["openssl-3.5"])
    if a is None or not o:
        return None
    return 1.0 if row["unforced-3.5"] == "default" else a / o


def ratio_chart(panels, path, title, unit):
    """One panel per (title, rows): per operation a bar per message size,
    the ratio armaccel / OpenSSL 3.5 (ratio_value) on a log axis, 1.0
    marked, and "OpenSSL's code" beside an operation armaccel leaves to the
    default provider there.  False when there is nothing to draw."""
    panels = [(t, rows) for t, rows in panels if rows]
    if not panels:
        return False
    ops = list(dict.fromkeys(r["op"] for _, rows in panels for r in rows))
    # Per-operation rows (bytes 0) last, one full-height bar each.
    sizes = sorted({r["bytes"] for _, rows in panels for r in rows}, key=lambda n: (n == 0, n))
    fig, axes = plt.subplots(1, len(panels), figsize=(5.2 * len(panels) + 2.6, 0.36 * len(ops) + 1.9),
                             sharey=True, squeeze=False)
    per_byte = len([n for n in sizes if n])
    bar = 0.84 / max(1, per_byte)
    for ax, (panel_title, rows) in zip(axes[0], panels):
        by_key = {(r["op"], r["bytes"]): r for r in rows}
        for s, size in enumerate(sizes):
            ys, xs = [], []
            for i, op in enumerate(ops):
                row = by_key.get((op, size))
                value = ratio_value(row) if row else None
                if value is not None:
                    ys.append(i + (0 if size == 0 else (s - (per_byte - 1) / 2) * bar))
                    xs.append(value)
            ax.barh(ys, [x - 1 for x in xs], left=1, height=0.5 if size == 0 else bar,
                    color=SIZE_COLOURS[s % len(SIZE_COLOURS)], label=size_label(size))
        for i, op in enumerate(ops):
            if any(r["op"] == op and r["unforced-3.5"] == "default" for r in rows):
                ax.text(1.06, i, "OpenSSL's code", va="center", fontsize=7, color="#636363")
        ax.set_xscale("log")
        ax.set_xlim(0.1, 4)
        ax.axvline(1.0, color="black", linewidth=1)
        ax.set_xticks([0.1, 0.2, 0.5, 1, 2, 4])
        ax.set_xticklabels(["0.1", "0.2", "0.5", "1", "2", "4"])
        ax.set_title(panel_title, fontsize=10)
        ax.set_xlabel(f"armaccel / OpenSSL 3.5, {unit}\n(left of 1: fewer)")
        ax.grid(axis="x", alpha=0.3, which="both")
    axes[0][0].set_yticks(range(len(ops)))
    axes[0][0].set_yticklabels(ops, fontsize=8)
    axes[0][0].invert_yaxis()
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=len(sizes), fontsize=8)
    fig.suptitle(title, fontsize=11)
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    fig.savefig(path, dpi=80)
    plt.close(fig)
    return True


MODEL_TITLES = {
    "cortex-a72": "Cortex-A72 (AES, PMULL, SHA-256 instructions)",
    "neoverse-n1": "Neoverse N1 (AES, PMULL, SHA-256 instructions)",
    "neoverse-v1": "Neoverse V1 (every crypto extension, 256-bit SVE)",
    "neoverse-v2": "Neoverse V2 (every crypto extension, SVE2)",
    "cortex-a72-nocrypto": "Cortex-A72 without the crypto extensions (Raspberry Pi 4 class)",
}
MODEL_ORDER = list(MODEL_TITLES)
HEADLINE_MODELS = ["cortex-a72", "neoverse-n1", "neoverse-v1", "neoverse-v2"]


def headline_chart(by_model, path):
    """The README's chart: per core model, armaccel / OpenSSL 3.5 in
    estimated cycles, the per-byte rows (cycles-MODEL.txt) and the
    per-operation rows (anchors.txt)."""
    return ratio_chart([(MODEL_TITLES[m].split(" (")[0], by_model[m])
                        for m in HEADLINE_MODELS if m in by_model], path,
                       "Estimated cycles: armaccel loaded into OpenSSL 3.5 against OpenSSL 3.5's "
                       "own code", "estimated cycles")


def parse_anchors(path):
    """-> (header, anchor lines, rows) of scripts/icount/anchors.sh's
    output: rows are dicts with algorithm, operation, model, the figure
    columns as printed, unforced-3.5 and build; "op" and "bytes" (0: per
    operation) and the ratio_value keys as the per-byte rows have them."""
    header, anchors, rows = None, [], []
    for line in path.read_text().splitlines():
        fields = line.split()
        if line.startswith("== "):
            header = line.strip("= ").strip()
        elif fields and fields[0] == "anchor":
            anchors.append(fields[1:])
        elif fields and fields[0] != "algorithm":
            if len(fields) != 10:
                sys.exit(f"render.py: {path}: unexpected line {line!r}")
            keys = ["algorithm", "operation", "model", "armaccel", "armaccel-3.5", "openssl-3.5",
                    "mlkem-native", "s2n-bignum", "unforced-3.5", "build"]
            row = dict(zip(keys, fields))
            row.update(op=f"{row['algorithm']} {row['operation']}", bytes=0)
            rows.append(row)
    if header is None:
        sys.exit(f"render.py: {path}: no header")
    return header, anchors, rows


def anchor_ratio(row):
    """armaccel's own figure / the anchor's (mlkem-native or s2n-bignum);
    None where there is no anchor or it was not measured."""
    a = number(row["armaccel"]) if row["armaccel"] != "absent" else None
    for name in ("mlkem-native", "s2n-bignum"):
        if row[name] not in ("n/a", "absent") and a is not None and number(row[name]):
            return a / number(row[name])
    return None


def anchors_section(header, anchors, rows):
    lines = ["## armaccel against the best public AArch64 code", "",
             f"Measured as `{header}` by `scripts/icount/anchors.sh`, per operation on each core "
             "model: armaccel's lanes called directly (the lanes the provider picks on that core) "
             "against [mlkem-native](https://github.com/pq-code-package/mlkem-native) and "
             "[s2n-bignum](https://github.com/awslabs/s2n-bignum) called directly, built from "
             "the pinned commits with small drivers of ours (`scripts/icount/anchors/`); "
             "mlkem-native's encaps and decaps without its per-call input checks, which armaccel "
             "runs once at key import; encaps and decaps on one key pair, the same on both sides "
             "(a key's matrix decides how much SHAKE128 output its sampling takes, so figures on "
             "another key differ by a few per cent).  The EVP columns are armaccel loaded into "
             "OpenSSL 3.5 (on its lane even where it steps aside; the ratio is then 1.00) and "
             "OpenSSL 3.5's default provider through EVP, on the harness's own keys "
             "(X25519MLKEM768 is EVP only).  "
             "\"absent\": the anchor's sources were not there when the report was measured.", ""]
    lines += [f"- {name} at `{commit}`: {' '.join(state)}" for name, commit, *state in anchors]
    lines += ["", "| operation | core model | armaccel | mlkem-native | s2n-bignum "
              "| armaccel / anchor | armaccel in 3.5 | OpenSSL 3.5 | armaccel in 3.5 / OpenSSL 3.5 "
              "| unforced in 3.5 | anchor's build |",
              "|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|"]
    for r in rows:
        a, v = anchor_ratio(r), ratio_value(r)
        lines.append(f"| {r['op']} | {r['model']} | {r['armaccel']} | {r['mlkem-native']} "
                     f"| {r['s2n-bignum']} | {'n/a' if a is None else f'{a:.2f}'} "
                     f"| {r['armaccel-3.5']} | {r['openssl-3.5']} "
                     f"| {'n/a' if v is None else f'{v:.2f}'} | {r['unforced-3.5']} "
                     f"| {r['build']} |")
    return lines + ["", "armaccel / anchor below 1: armaccel takes fewer estimated cycles than "
                    "the best public code on that core model.", ""]


def cycles_section(name, header, rows, chart):
    served = [r for r in rows if ratio_value(r) is not None]
    at_or_below = [r for r in served if ratio_value(r) <= 1.0]
    lines = [f"## Estimated cycles: {MODEL_TITLES.get(name, name)}", "",
             f"Measured as `{header}`.", "",
             f"![estimated cycles, {name}]({chart})", "",
             f"armaccel in OpenSSL 3.5 against OpenSSL 3.5's own code: at or below 1.00 in "
             f"{len(at_or_below)} of {len(served)} cells (a family armaccel leaves to the default "
             "provider on this core counts as 1.00).", "",
             "| operation | bytes | OpenSSL 3.0 | armaccel in 3.0 | OpenSSL 3.5 | armaccel in 3.5 "
             "| armaccel / OpenSSL 3.5 | unforced in 3.0 | unforced in 3.5 |",
             "|---|---:|---:|---:|---:|---:|---:|---|---|"]
    for r in rows:
        v = ratio_value(r)
        lines.append(f"| {r['op']} | {r['bytes']} | {r['openssl-3.0']} | {r['armaccel']} "
                     f"| {r['openssl-3.5']} | {r['armaccel-3.5']} "
                     f"| {'n/a' if v is None else f'{v:.2f}'} "
                     f"| {r['unforced-3.0']} | {r['unforced-3.5']} |")
    return lines + [""]


def ratio(row):
    a, o = number(row["armaccel-3.5"]), number(row["openssl-3.5"])
    return f"{a / o:.2f}" if a is not None and o else "n/a"


def class_section(name, header, rows):
    served = [r for r in rows if r["unforced-3.5"] == "armaccel"]
    at_or_below = [r for r in served
                   if number(r["openssl-3.5"]) is not None and number(r["armaccel-3.5"]) is not None
                   and number(r["armaccel-3.5"]) <= number(r["openssl-3.5"])]
    aside = any(steps_aside(r) for r in rows)
    lines = [f"## {CLASS_TITLES.get(name, name)}", "",
             f"Measured as `{header}`.", "",
             f"![{name}]({name}.png)", "",
             f"Where armaccel serves unforced in OpenSSL 3.5 ({len(served)} of {len(rows)} cells), "
             f"its count is at or below OpenSSL 3.5's own in {len(at_or_below)}."
             + ("  Where it steps aside (\"default\" in the unforced columns, \"[default in "
                "...]\" in the chart), OpenSSL's own code runs and armaccel's lane was measured "
                "with ARMACCEL_FORCE_LANES=1." if aside else
                "  It steps aside in none of them."), "",
             "armaccel / OpenSSL 3.5 below 1: armaccel counts fewer instructions.", "",
             "| operation | bytes | OpenSSL 3.0 | armaccel in 3.0 | OpenSSL 3.5 | armaccel in 3.5 "
             "| armaccel / OpenSSL 3.5 | unforced in 3.0 | unforced in 3.5 |",
             "|---|---:|---:|---:|---:|---:|---:|---|---|"]
    for r in rows:
        lines.append(f"| {r['op']} | {r['bytes']} | {r['openssl-3.0']} | {r['armaccel']} "
                     f"| {r['openssl-3.5']} | {r['armaccel-3.5']} | {ratio(r)} "
                     f"| {r['unforced-3.0']} | {r['unforced-3.5']} |")
    return lines + [""]


def parse_bench(path):
    data = json.loads(path.read_text())
    rows = []
    for b in data["benchmarks"]:
        if b.get("run_type", "iteration") != "iteration":
            continue
        # LANE/OPERATION/BYTES, or LANE/OPERATION for a per-operation
        # benchmark (X25519's): no size, no bytes/s.
        lane, op, *size = b["name"].split("/")
        mb_s = f"{b['bytes_per_second'] / 1e6:.1f}" if "bytes_per_second" in b else "-"
        rows.append({"lane": lane, "op": op, "bytes": int(size[0]) if size else None, "mb_s": mb_s,
                     "ns": f"{b['cpu_time']:.0f}", "unit": b["time_unit"]})
    return data["context"], rows


def bench_chart(rows, path):
    largest = {}
    for r in (r for r in rows if r["mb_s"] != "-"):
        key = (r["lane"], r["op"])
        if key not in largest or r["bytes"] > largest[key]["bytes"]:
            largest[key] = r
    picked = list(largest.values())
    fig, ax = plt.subplots(figsize=(9, 0.32 * len(picked) + 1.5))
    bars = ax.barh(range(len(picked)), [float(r["mb_s"]) for r in picked], color="#08519c")
    ax.bar_label(bars, labels=[r["mb_s"] for r in picked], fontsize=7, padding=2)
    ax.set_yticks(range(len(picked)))
    ax.set_yticklabels([f"{r['lane']} {r['op']} ({size_label(r['bytes'])})" for r in picked],
                       fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("MB/s (10^6 bytes per second, wall-clock; higher is better)")
    ax.grid(axis="x", alpha=0.3)
    ax.margins(x=0.12)
    ax.set_title("Kernel benchmark on the machine the report ran on", fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: render.py OUT")
    out = pathlib.Path(sys.argv[1])
    data = out / "data"
    meta = dict(line.split(" ", 1) for line in (data / "meta.txt").read_text().splitlines()
                if " " in line)
    page = ["# armaccel benchmark report", "",
            f"Written by `scripts/report.sh` on {meta.get('date', '?')} at commit "
            f"`{meta.get('commit', '?')}`.", "",
            "The charts per CPU class count guest instructions per byte under qemu-aarch64 "
            f"({meta.get('qemu', '?')}) with the qemu-icount plugin (an outside tool, "
            "scripts/lib/icount_tool.sh): "
            "a proxy for work done, not speed.  Each operation runs in Debian 12's "
            f"OpenSSL {meta.get('openssl-3.0', '?')} and Debian 13's "
            f"{meta.get('openssl-3.5', '?')} (arm64 libraries), first with its default "
            "provider and then with armaccel loaded and asked for (`provider=armaccel`), "
            "in the same run; one-time costs cancel (two runs, N and N + 1 messages).  "
            "`aead-rec-enc` and `cipher-rec-enc` keep the key and change the IV per "
            "message (a TLS record); `aead-enc`, `cipher-enc`, `digest` and `mac` set up per "
            "message.  n/a: that OpenSSL has no such algorithm.  armaccel's own count "
            "differs between the two runtimes because the libcrypto around it does "
            "different work per message in its own EVP layer around the provider's calls "
            "(most visible for the MACs at 64 B).", ""]
    classes = [c for c in CLASS_ORDER if (data / f"{c}.txt").exists()]
    classes += sorted(p.stem for p in data.glob("*.txt")
                      if p.stem not in classes and p.stem not in ("meta", "anchors")
                      and not p.stem.startswith("cycles-"))
    models = [m for m in MODEL_ORDER if (data / f"cycles-{m}.txt").exists()]
    models += sorted(p.stem[7:] for p in data.glob("cycles-*.txt") if p.stem[7:] not in models)
    parsed = {name: parse_class(data / f"{name}.txt") for name in classes}
    cycles = {name: parse_class(data / f"cycles-{name}.txt") for name in models}
    anchors = parse_anchors(data / "anchors.txt") if (data / "anchors.txt").exists() else None
    by_model = {m: rows + [r for r in (anchors[2] if anchors else []) if r["model"] == m]
                for m, (_, rows) in cycles.items()}
    if headline_chart(by_model, out / "headline.png"):
        page += ["## At a glance", "",
                 "![armaccel against OpenSSL 3.5](headline.png)", "",
                 "Per operation and message size (ML-KEM-768, X25519 and X25519MLKEM768 per "
                 "operation), armaccel's estimated cycles in OpenSSL 3.5 divided by OpenSSL 3.5's "
                 "own on each core model (the \"armaccel / OpenSSL 3.5\" columns below), on a log "
                 "axis: a bar left of 1 means armaccel takes fewer estimated cycles.  Where "
                 "armaccel leaves a family to the default provider on that core the ratio is 1.00 "
                 "and the chart says \"OpenSSL's code\" (OpenSSL's own code runs).  Guest "
                 "instruction counts are in the sections per CPU class.", ""]
    if anchors:
        page += anchors_section(*anchors)
    for name in classes:
        header, rows = parsed[name]
        class_chart(name, rows, out / f"{name}.png")
        page += class_section(name, header, rows)
    for name in models:
        header, rows = cycles[name]
        chart = f"cycles-{name}.png"
        ratio_chart([(MODEL_TITLES.get(name, name), rows)], out / chart,
                    f"Estimated cycles per byte: armaccel in OpenSSL 3.5 against OpenSSL 3.5",
                    "estimated cycles per byte")
        page += cycles_section(name, header, rows, chart)
    context, bench = parse_bench(data / "kernel_bench.json")
    bench_chart(bench, out / "kernel-bench.png")
    page += ["## Kernel benchmark (MB/s on this machine)", "",
             f"`build/release/test/bench/kernel_bench` (Google Benchmark) on {meta.get('host', '?')}, "
             f"{context.get('mhz_per_cpu', '?')} MHz: every lane this CPU can run, whole "
             "blocks of the primitive, key set-up outside the timed loop.  Wall-clock, so it "
             "varies with the machine and its load; on x86-64 only the portable lanes run.", "",
             "![kernel benchmark](kernel-bench.png)", "",
             "Key schedules have no bytes/s: their bytes are the key's, their time is per "
             "schedule.  X25519's rows are per operation (one scalar multiplication).", "",
             "| lane | operation | bytes | MB/s | CPU time per iteration |", "|---|---|---:|---:|---:|"]
    page += [f"| {r['lane']} | {r['op']} | {'-' if r['bytes'] is None else r['bytes']} | "
             f"{r['mb_s']} | {r['ns']} {r['unit']} |" for r in bench]
    (out / "index.md").write_text("\n".join(page) + "\n")


if __name__ == "__main__":
    main()
