"""Shared by the package's tests: the real `baraza` binary they compare the package with, and
the spec's worked examples (tests/data/, verbatim copies of the rules' *-examples.tsv)."""
import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


def baraza_exe():
    exe = os.environ.get("BARAZA", str(ROOT / "target" / "release" / "baraza"))
    if not os.access(exe, os.X_OK):
        # Not a skip: the comparison is the point of these tests (cargo build --release first).
        raise RuntimeError("no baraza binary at %s: run cargo build --release, or set BARAZA" % exe)
    return exe


def rules(*args):
    """`baraza rules ARGS...`'s standard output; fails the test on a non-zero exit."""
    out = subprocess.run([baraza_exe(), "rules", *args], capture_output=True, text=True)
    assert out.returncode == 0, "baraza rules %s: %s" % (" ".join(args), out.stderr)
    return out.stdout


def rules_json(*args):
    return json.loads(rules(*args, "--json"))


def status_text(status):
    """`rules ... --json`'s status object in the words of `baraza rules status`."""
    if status["status"] == "ongoing":
        return "ongoing"
    text = "%s %s" % (status["result"], status["reason"])
    if "scores" in status:
        text += " %d-%d" % tuple(status["scores"])
    return text


def example_rows(game):
    rows = []
    for line in (DATA / ("%s-examples.tsv" % game)).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            rows.append(line.split("\t"))
    return rows


@pytest.fixture(scope="session")
def exe():
    return baraza_exe()


def optional_module(name):
    """An optional extra's library (pettingzoo, pyspiel, pandas): its tests skip where it is not
    installed, except under CI=true, where .ci/run installs it and a missing one must fail."""
    if os.environ.get("CI") == "true":
        import importlib

        return importlib.import_module(name)
    return pytest.importorskip(name)
