# SPDX-License-Identifier: Apache-2.0
"""Compares two runs of pyca/cryptography's test suite (pyca_cryptography_test.sh).

    pyca_compare.py WITHOUT.jsonl WITHOUT.xml WITH.jsonl WITH.xml

Each .jsonl is what pyca_trace_plugin.py's --peer-results wrote, each .xml the
same run's JUnit XML.  A test's outcome is "failed" if any of its phases or
subtests failed, "skipped" if it was skipped, else "passed"; a subtest is
named by its test and its number in that test (the suite's subtests run in
the order of their vector files and carry no names).

Checks, exit status 1 if any fails:
  - every test and every subtest that passes without armaccel passes with it
    (a failure, a skip or a test missing with armaccel all count against it);
  - each run's results agree with its JUnit XML (the tests with a <failure>
    or <error> there are the tests failed here), and both runs finished.
It prints each run's counts, the tests and subtests that pass without armaccel
and not with it (with their errors, shortened), and those that pass only with
armaccel (for information).
"""
import collections
import json
import re
import sys
import xml.etree.ElementTree as ET


def load(path):
    tests = {}  # nodeid -> outcome
    subtests = {}  # (nodeid, n) -> outcome
    messages = {}  # nodeid or (nodeid, n) -> message
    finished = None
    order = []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = json.loads(raw)
            if "session" in line:
                finished = line["exitstatus"]
                continue
            nodeid, outcome = line["nodeid"], line["outcome"]
            if line.get("xfail"):
                outcome = "xfail" if outcome == "skipped" else "xpass"
            if nodeid not in tests:
                tests[nodeid] = "passed"
                order.append(nodeid)
            if "subtest" in line:
                key = (nodeid, line["subtest"])
                subtests[key] = outcome
                if outcome == "failed":
                    tests[nodeid] = "failed"
                    messages[key] = line.get("message")
                    messages.setdefault(nodeid, line.get("message"))
                continue
            if outcome == "failed":
                tests[nodeid] = "failed"
                messages[nodeid] = line.get("message")
            elif outcome in ("skipped", "xfail") and tests[nodeid] == "passed":
                tests[nodeid] = outcome
                messages[nodeid] = line.get("message")
    return tests, subtests, messages, finished, order


def junit_failed(path):
    """The classname.name of each test JUnit failed, and the number of tests it lists."""
    failed = set()
    count = 0
    for tc in ET.parse(path).getroot().iter("testcase"):
        count += 1
        if any(k.tag in ("failure", "error") for k in tc):
            failed.add((tc.get("classname") or "") + "." + (tc.get("name") or ""))
    return failed, count


def junit_name(nodeid):
    """The JUnit classname.name pytest writes for a node id (its mangle_test_address)."""
    address, bracket, params = nodeid.partition("[")
    names = address.split("::")
    names[0] = re.sub(r"\.py$", "", names[0].replace("/", "."))
    names[-1] += bracket + params
    return ".".join(names)


def short(message):
    """A pyca InternalError's OpenSSL errors instead of its long advice text."""
    if not message:
        return "(no message)"
    first = message.strip().splitlines()[0]
    errors = re.findall(r"reason_text=b'([^']*)'", message)
    if errors:
        kind = first.split(":", 1)[0]
        return kind + ": " + "; ".join(errors)
    return first[:240]


def summary(name, tests, subtests):
    t = collections.Counter(tests.values())
    s = collections.Counter(subtests.values())
    print(
        f"pyca: {name}: {len(tests)} tests ({t['passed']} passed, {t['failed']} failed, "
        f"{t['skipped']} skipped), {len(subtests)} subtests ({s['passed']} passed, "
        f"{s['failed']} failed)"
    )


def main(argv):
    if len(argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    bad = 0
    runs = {}
    for name, jsonl, xml in (("without armaccel", argv[1], argv[2]), ("with armaccel", argv[3], argv[4])):
        tests, subtests, messages, finished, order = load(jsonl)
        runs[name] = (tests, subtests, messages, order)
        summary(name, tests, subtests)
        if finished is None:
            print(f"FAIL - {name}: the pytest session did not finish (no exit status recorded)")
            bad += 1
        failed_here = {junit_name(n) for n, o in tests.items() if o == "failed"}
        failed_xml, xml_count = junit_failed(xml)
        if failed_here != failed_xml or xml_count != len(tests):
            print(
                f"FAIL - {name}: the results disagree with the JUnit XML ({len(tests)} tests, "
                f"{len(failed_here)} failed; XML: {xml_count} tests, {len(failed_xml)} failed; "
                f"only here: {sorted(failed_here - failed_xml)[:5]}, only in the XML: "
                f"{sorted(failed_xml - failed_here)[:5]})"
            )
            bad += 1
    base_tests, base_sub, _, order = runs["without armaccel"]
    acc_tests, acc_sub, acc_msg, _ = runs["with armaccel"]

    lost = [n for n in order if base_tests[n] == "passed" and acc_tests.get(n) != "passed"]
    lost_sub = collections.defaultdict(list)
    for key, outcome in base_sub.items():
        if outcome == "passed" and acc_sub.get(key) != "passed":
            lost_sub[key[0]].append(key)
    if lost or lost_sub:
        print(
            f"FAIL - pass without armaccel, not with it: {len(lost)} tests, "
            f"{sum(len(v) for v in lost_sub.values())} subtests"
        )
        bad += 1
        for nodeid in order:
            if nodeid in lost:
                outcome = acc_tests.get(nodeid, "missing")
                print(f"  {nodeid}: {outcome}: {short(acc_msg.get(nodeid)) if outcome != 'missing' else ''}")
            if nodeid in lost_sub:
                keys = lost_sub[nodeid]
                total = sum(1 for k in base_sub if k[0] == nodeid)
                errors = collections.Counter(
                    short(acc_msg.get(k)) if acc_sub.get(k) == "failed" else acc_sub.get(k, "missing")
                    for k in keys
                )
                print(f"  {nodeid}: {len(keys)} of its {total} subtests:")
                for text, count in errors.most_common(5):
                    print(f"      {count} x {text}")
    else:
        print(
            f"ok   - every test ({sum(1 for o in base_tests.values() if o == 'passed')}) and subtest "
            f"({sum(1 for o in base_sub.values() if o == 'passed')}) that passes without armaccel "
            "passes with it"
        )
    gained = [n for n in order if base_tests[n] != "passed" and acc_tests.get(n) == "passed"]
    for nodeid in gained:
        print(f"note - passes only with armaccel: {nodeid} ({base_tests[nodeid]} without)")
    extra = sorted(set(acc_tests) - set(base_tests))
    for nodeid in extra[:20]:
        print(f"note - only in the run with armaccel: {nodeid} ({acc_tests[nodeid]})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
