#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks `armaccel-info -json` against the text output of the same run.

    info_json_check.py INFO_JSON INFO_TEXT [EXPECT_LANES]

INFO_JSON must parse as one JSON object whose facts rebuild every line of
INFO_TEXT (name, features, lanes with their deferral reasons, families,
algorithm lists); EXPECT_LANES ("aes=aes-ce,sha256=sha256-ce") names the
kernel each lane must report.  Prints each mismatch and exits 1 on any.
"""
import json
import re
import sys

LABELS = {  # text label -> JSON key (armaccel_info.cpp's kFields)
    "name": "name", "version": "version", "buildinfo": "buildinfo",
    "cpu features": "cpu-features", "disabled": "disabled-features",
    "override from": "override-source",
    "effective features": "effective-features",
    "lanes built": "lanes-built", "forced lanes from": "force-lanes",
    "ciphers": "ciphers", "digests": "digests", "macs": "macs",
}
DEFERRED = "deferred to the default provider ("


def text_of_list(value, empty):
    return " ".join(value) if value else empty


def text_of_lane(lane):
    text = lane["kernel"] if lane["kernel"] is not None else "none"
    if lane["core-choice"] is not None:
        text += f" ({lane['core-choice']})"
    if lane["self-test-failed"]:
        text += f" (self-test failed: {' '.join(lane['self-test-failed'])})"
    if lane["deferred"]:
        text += f", {DEFERRED}{lane['detail']})"
    return text


def text_of_core(core):
    midr = f"MIDR_EL1 {core['midr']}" if core["midr"] is not None else "no MIDR_EL1 from the OS"
    if core["from"] == "midr":
        return f"{core['class']} ({midr})"
    return f"{core['class']} (from {core['from']}; {midr})"


def text_of_self_test(st):
    if not st["passed"] and not st["failed"]:
        return "none run (portable lanes only; they are not self-tested)"
    return f"passed: {text_of_list(st['passed'], 'none')}; failed: {text_of_list(st['failed'], 'none')}"


def text_of_family(fam):
    if fam["deferred"]:
        return f"{DEFERRED}{fam['detail']})"
    if "detail" in fam:
        return f"{fam['served-by']} ({fam['detail']})"
    return fam["served-by"]


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        doc = json.load(f)
    with open(sys.argv[2], encoding="utf-8") as f:
        lines = f.read().splitlines()
    expect = sys.argv[3] if len(sys.argv) > 3 else ""
    errors = []

    def same(what, want, got):
        if want != got:
            errors.append(f"{what}: text says {want!r}, JSON gives {got!r}")

    families_text = []
    seen = 0
    in_families = False
    for line in lines:
        if line == "families:":
            in_families = True
            continue
        if in_families and line.startswith("  "):
            families_text.append(line[2:])
            continue
        in_families = False
        m = re.match(r"^(.+?) *: ?(.*)$", line)
        if not m:
            errors.append(f"unparsed text line {line!r}")
            continue
        label, value = m.group(1), m.group(2)
        seen += 1
        if label.startswith("lane "):
            lane = doc["lanes"].get(label[5:])
            if lane is None:
                errors.append(f"JSON has no lane {label[5:]}")
            else:
                same(label, value, text_of_lane(lane))
            continue
        if label == "self-test":
            same(label, value, text_of_self_test(doc["self-test"]))
            continue
        if label == "core class":
            same(label, value, text_of_core(doc["core"]))
            continue
        key = LABELS.get(label)
        if key is None:
            errors.append(f"unknown text label {label!r}")
            continue
        got = doc[key]
        if isinstance(got, list):
            empty = "" if key in ("ciphers", "digests", "macs") else "none"
            got = text_of_list(got, empty)
        same(label, value, got)
    same("families", families_text,
         [f"{name}: {text_of_family(fam)}" for name, fam in doc["families"].items()])
    if seen < len(LABELS) + 12:
        errors.append(f"only {seen} text fields compared")
    for pair in filter(None, expect.split(",")):
        prim, kernel = pair.split("=", 1)
        got = doc["lanes"][prim]["kernel"]
        same(f"expected lane {prim}", kernel, got if got is not None else "none")
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
