# SPDX-License-Identifier: Apache-2.0
"""pytest plugin for pyca_cryptography_test.sh (-p pyca_trace_plugin).

Two jobs, nothing else (the suite runs as its own pyproject.toml says):

1. ARMACCEL_TRACE.  armaccel reads it once, when OpenSSL loads armaccel.  The
   plugin makes pyca/cryptography's backend load (and with it OpenSSL's
   config, and armaccel) in the pytest process while ARMACCEL_TRACE is set,
   so that process logs the contexts armaccel serves to its stderr; then it
   takes ARMACCEL_TRACE out of the environment the suite's own subprocesses
   inherit.  The memory-leak tests (tests/hazmat/backends/
   test_openssl_memleak.py) read their child's stderr pipe only after the
   child exits, and a child's trace filling that pipe would hang them.

2. --peer-results FILE: one JSON line per test report, subtests included
   (pytest-subtests' reports, numbered in the order the test runs them; the
   suite's subtests carry no names), and a last line with the session's exit
   status.  JUnit XML lists a failed subtest only as one more <failure> of
   its test and a passed one not at all, so pyca_compare.py compares these
   lines (and checks them against the JUnit XML).
"""
import json
import os


def pytest_addoption(parser):
    parser.addoption("--peer-results", default=None, help="JSON lines of every test report")


def pytest_configure(config):
    from cryptography.hazmat.backends.openssl import backend  # noqa: F401

    os.environ.pop("ARMACCEL_TRACE", None)
    path = config.getoption("--peer-results")
    if path:
        config.pluginmanager.register(_Recorder(path), "peer-results")


def _message(report):
    """The failure's or skip's one-line reason, or None."""
    if not report.failed and not report.skipped:
        return None
    longrepr = report.longrepr
    crash = getattr(longrepr, "reprcrash", None)
    if crash is not None:
        return crash.message
    if isinstance(longrepr, tuple) and len(longrepr) == 3:  # a skip: (file, line, reason)
        return str(longrepr[2])
    text = str(longrepr).strip().splitlines()
    return text[-1] if text else None


class _Recorder:
    def __init__(self, path):
        self.out = open(path, "w", encoding="utf-8")
        self.subtests = {}

    def write(self, line):
        self.out.write(json.dumps(line) + "\n")
        self.out.flush()

    def pytest_runtest_logreport(self, report):
        line = {"nodeid": report.nodeid, "when": report.when, "outcome": report.outcome}
        if type(report).__name__ == "SubTestReport":
            n = self.subtests.get(report.nodeid, 0) + 1
            self.subtests[report.nodeid] = n
            line["subtest"] = n
        if hasattr(report, "wasxfail"):
            line["xfail"] = True
        message = _message(report)
        if message is not None:
            line["message"] = message
        self.write(line)

    def pytest_sessionfinish(self, session, exitstatus):
        self.write({"session": "finished", "exitstatus": int(exitstatus)})
        self.out.close()
