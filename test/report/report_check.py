#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Holds the benchmark report (scripts/report.sh) to the measurements it was
made from: every line of OUT/data/<class>.txt is a row of that class's
table on OUT/index.md with the same numbers in the same columns, the ratio
and the summary count are recomputed from them, each class names the qemu
CPU and restrictions of its class, each chart is a real PNG of a plausible
size that the page links, and every Google Benchmark result in
OUT/data/kernel_bench.json is in the kernel table (MB/s, CPU time), and
every row of OUT/data/anchors.txt (armaccel against OpenSSL 3.5 and the
public anchors) is in the anchors table with its ratios recomputed.

    report_check.py OUT CLASS...

Prints each failed check and exits 1 if there was one."""

import json
import pathlib
import struct
import sys

# What each class's header must say (scripts/icount/classes.sh).
CLASS_MARKS = {
    "reference": ["-cpu max,sve-default-vector-length=16"],
    "cortex-a53": ["-cpu cortex-a53"],
    "no-crypto": ["-cpu cortex-a72", "ARMACCEL_DISABLE=aes,pmull,sha2,sha512,sha3,sm3,sm4",
                  "OPENSSL_armcap=1"],
}

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
    return ok


def png_size(path):
    raw = path.read_bytes()
    if raw[:8] != b"\x89PNG\r\n\x1a\n" or raw[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", raw[16:24])


def sections(page):
    """The page's '## ' sections, each a list of lines, heading first."""
    out, current = [], None
    for line in page.splitlines():
        if line.startswith("## "):
            current = [line]
            out.append(current)
        elif current is not None:
            current.append(line)
    return out


def table_rows(lines):
    rows = []
    for line in lines:
        if line.startswith("| ") and not line.startswith("| operation") \
                and not line.startswith("| lane"):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def data_rows(path):
    header, rows = None, []
    for line in path.read_text().splitlines():
        if line.startswith("== "):
            header = line.strip("= ").strip()
        elif line.split() and line.split()[0] != "operation":
            rows.append(line.split())
    return header, rows


def value(text):
    return None if text == "n/a" else float(text)


def check_class(out, name, page_sections):
    header, rows = data_rows(out / "data" / f"{name}.txt")
    if not check(header is not None, f"{name}: no header in the data"):
        return
    for mark in CLASS_MARKS.get(name, []):
        check(mark in header, f"{name}: header {header!r} lacks {mark!r}")
    check(len(rows) > 0, f"{name}: no measurements")
    found = [s for s in page_sections if f"Measured as `{header}`." in s]
    if not check(len(found) == 1, f"{name}: {len(found)} sections for header {header!r}"):
        return
    section = found[0]
    check(f"![{name}]({name}.png)" in section, f"{name}: chart not linked")
    size = png_size(out / f"{name}.png") if (out / f"{name}.png").exists() else None
    check(size is not None and size[0] >= 600 and size[1] >= 200,
          f"{name}: {name}.png is not a PNG of at least 600x200 ({size})")
    table = table_rows(section)
    check(len(table) == len(rows), f"{name}: {len(table)} table rows for {len(rows)} measurements")
    served = below = 0
    for fields, cells in zip(rows, table):
        kind, alg, size_b, o30, o35, a30, a35, u30, u35 = fields
        want = [f"{kind} {alg}", size_b, o30, a30, o35, a35]
        check(cells[:6] == want, f"{name}: row {cells[:6]} is not the measurement {want}")
        check(cells[7:9] == [u30, u35], f"{name}: {kind} {alg} {size_b}: unforced {cells[7:9]}")
        a, o = value(a35), value(o35)
        ratio = f"{a / o:.2f}" if a is not None and o else "n/a"
        check(cells[6] == ratio, f"{name}: {kind} {alg} {size_b}: ratio {cells[6]}, want {ratio}")
        if u35 == "armaccel":
            served += 1
            below += a is not None and o is not None and a <= o
    summary = (f"Where armaccel serves unforced in OpenSSL 3.5 ({served} of {len(rows)} cells), "
               f"its count is at or below OpenSSL 3.5's own in {below}.")
    check(any(summary in line for line in section), f"{name}: summary is not {summary!r}")


def check_cycles(out, model, page_sections):
    """A core model's estimated cycles (data/cycles-MODEL.txt): its section
    has the same numbers, the ratio armaccel / OpenSSL 3.5 (1.00 where
    armaccel steps aside), the summary count and a linked chart."""
    header, rows = data_rows(out / "data" / f"cycles-{model}.txt")
    if not check(header is not None and "estimated cycles" in header,
                 f"cycles {model}: no estimated-cycles header in the data"):
        return
    found = [s for s in page_sections if f"Measured as `{header}`." in s]
    if not check(len(found) == 1, f"cycles {model}: {len(found)} sections"):
        return
    section = found[0]
    chart = f"cycles-{model}.png"
    check(f"]({chart})" in " ".join(section), f"cycles {model}: chart not linked")
    size = png_size(out / chart) if (out / chart).exists() else None
    check(size is not None and size[0] >= 600, f"cycles {model}: {chart} is not a PNG ({size})")
    table = table_rows(section)
    check(len(table) == len(rows), f"cycles {model}: {len(table)} rows for {len(rows)}")
    measured = below = 0
    for fields, cells in zip(rows, table):
        kind, alg, size_b, o30, o35, a30, a35, u30, u35 = fields
        check(cells[:6] == [f"{kind} {alg}", size_b, o30, a30, o35, a35],
              f"cycles {model}: row {cells[:6]} is not {fields}")
        a, o = value(a35), value(o35)
        r = None if a is None or not o else (1.0 if u35 == "default" else a / o)
        check(cells[6] == ("n/a" if r is None else f"{r:.2f}"),
              f"cycles {model}: {kind} {alg} {size_b}: ratio {cells[6]}")
        if r is not None:
            measured += 1
            below += r <= 1.0
    summary = f"at or below 1.00 in {below} of {measured} cells"
    check(any(summary in line for line in section), f"cycles {model}: summary lacks {summary!r}")


def check_anchors(out, page_sections):
    """data/anchors.txt (scripts/icount/anchors.sh): every row is a row of
    the page's anchors table with the same figures, armaccel / anchor and
    armaccel in 3.5 / OpenSSL 3.5 (1.00 where armaccel steps aside)
    recomputed, and each anchor's state is on the page."""
    lines = (out / "data" / "anchors.txt").read_text().splitlines()
    found = [s for s in page_sections if s[0] == "## armaccel against the best public AArch64 code"]
    if not check(len(found) == 1, "anchors: no section"):
        return
    section = found[0]
    rows = [line.split() for line in lines
            if line.split() and line.split()[0] not in ("==", "anchor", "algorithm")]
    for fields in (line.split() for line in lines if line.startswith("anchor ")):
        check(f"- {fields[1]} at `{fields[2]}`: {' '.join(fields[3:])}" in section,
              f"anchors: {fields[1]}'s state is not on the page")
    table = table_rows(section)
    check(len(table) == len(rows), f"anchors: {len(table)} rows for {len(rows)}")
    for fields, cells in zip(rows, table):
        alg, op, model, a, a35, o35, native, s2n, u35, build = fields
        mine = None if a in ("n/a", "absent") else float(a)
        theirs = [float(x) for x in (native, s2n) if x not in ("n/a", "absent")]
        r = f"{mine / theirs[0]:.2f}" if mine is not None and theirs else "n/a"
        v = value(a35), value(o35)
        r35 = "n/a" if v[0] is None or not v[1] else ("1.00" if u35 == "default"
                                                       else f"{v[0] / v[1]:.2f}")
        want = [f"{alg} {op}", model, a, native, s2n, r, a35, o35, r35, u35, build]
        check(cells == want, f"anchors: row {cells}, want {want}")


def check_bench(out, page_sections):
    data = json.loads((out / "data" / "kernel_bench.json").read_text())
    results = [b for b in data["benchmarks"] if b.get("run_type", "iteration") == "iteration"]
    check(len(results) > 0, "kernel benchmark: no results")
    found = [s for s in page_sections if s[0].startswith("## Kernel benchmark")]
    if not check(len(found) == 1, "kernel benchmark: no section"):
        return
    table = table_rows(found[0])
    check(len(table) == len(results), f"kernel benchmark: {len(table)} rows for {len(results)}")
    for b, cells in zip(results, table):
        lane, op, *size = b["name"].split("/")  # no size: per operation (X25519)
        mb_s = f"{b['bytes_per_second'] / 1e6:.1f}" if "bytes_per_second" in b else "-"
        want = [lane, op, size[0] if size else "-", mb_s, f"{b['cpu_time']:.0f} {b['time_unit']}"]
        check(cells == want, f"kernel benchmark: row {cells}, want {want}")
    check("![kernel benchmark](kernel-bench.png)" in found[0], "kernel benchmark: chart not linked")
    size = png_size(out / "kernel-bench.png") if (out / "kernel-bench.png").exists() else None
    check(size is not None and size[0] >= 600, f"kernel-bench.png is not a PNG ({size})")


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: report_check.py OUT CLASS...")
    out = pathlib.Path(sys.argv[1])
    page_sections = sections((out / "index.md").read_text())
    for name in sys.argv[2:]:
        check_class(out, name, page_sections)
    for path in sorted((out / "data").glob("cycles-*.txt")):
        check_cycles(out, path.stem[len("cycles-"):], page_sections)
    if (out / "data" / "reference.txt").exists():
        page = (out / "index.md").read_text()
        check("](headline.png)" in page and png_size(out / "headline.png") is not None,
              "headline chart missing or not linked")
    if (out / "data" / "anchors.txt").exists():
        check_anchors(out, page_sections)
    check_bench(out, page_sections)
    for f in failures:
        print(f"report_check: {f}")
    print(f"report_check: {len(failures)} failed checks")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
