"""gnubg's own ID reader, in a process of its own, for the tests that check
nardy's IDs against it (``gnubg`` from PyPI, a test-only peer).

gnubg keeps one current match in its C state, and a long test run now and then
crashes it inside ``setgnubgid`` on a state its earlier calls left behind (a
segmentation fault of the whole process, not an exception). Here each question
goes to a helper process: a question whose process dies is asked once more in
a fresh one, and a second death fails the test with the ID that gnubg could
not read. (tests/test_matfile.py runs gnubg's match import and export in a
process of its own as well.)

``GnubgPeer().read("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "gnubgid", "dice")``
gives ``{"gnubgid": "4HPwATDgc/ABMA:cIkKAAAAAAAE", "dice": [5, 2]}``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

#: the helper: one question a line (JSON: the ID, then what to answer), one
#: answer a line, after a marker (gnubg may write to stdout itself)
_SCRIPT = r"""
import json, sys
import gnubg
for line in sys.stdin:
    question = json.loads(line)
    answer = {}
    try:
        gnubg.setgnubgid(question["id"])
        for what in question["ask"]:
            if what == "gnubgid":
                answer[what] = gnubg.gnubgid()
            elif what == "dice":
                answer[what] = list(gnubg.posinfo()["dice"])
            elif what.startswith("show "):
                answer[what] = gnubg.show(what[len("show "):])
            else:
                raise ValueError(f"no question {what!r}")
    except Exception as exc:
        answer = {"error": f"{type(exc).__name__}: {exc}"}
    sys.stdout.write("@@ANSWER@@" + json.dumps(answer) + "\n")
    sys.stdout.flush()
"""
_MARK = "@@ANSWER@@"


class GnubgPeer:
    """gnubg's answers about the game IDs it is given (:meth:`read`)."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen[str] | None = None

    def read(self, text: str, *ask: str) -> dict[str, Any]:
        """What gnubg says after ``gnubg.setgnubgid(text)``: for each of ``ask``,
        ``"gnubgid"`` (its own ID of the state), ``"dice"`` (the dice of its
        ``posinfo()``) or ``"show WHAT"`` (``gnubg.show(WHAT)``)."""
        question = json.dumps({"id": text, "ask": ask}) + "\n"
        code = None
        for _ in range(2):
            proc = self._process()
            assert proc.stdin is not None and proc.stdout is not None
            try:
                proc.stdin.write(question)
                proc.stdin.flush()
                line = proc.stdout.readline()
                while line and not line.startswith(_MARK):
                    line = proc.stdout.readline()
            except BrokenPipeError:
                line = ""
            if line:
                answer: dict[str, Any] = json.loads(line[len(_MARK) :])
                if "error" in answer:
                    raise AssertionError(f"gnubg refused {text!r}: {answer['error']}")
                return answer
            code = proc.wait()  # it died on this question: once more, in a fresh process
            self._proc = None
        raise AssertionError(f"gnubg's process died twice reading {text!r} (exit status {code})")

    def _process(self) -> subprocess.Popen[str]:
        if self._proc is None or self._proc.poll() is not None:
            self._proc = subprocess.Popen(
                [sys.executable, "-c", _SCRIPT],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
            )
        return self._proc

    def close(self) -> None:
        """End the helper process."""
        proc, self._proc = self._proc, None
        if proc is not None:
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.close()
            proc.wait()
            proc.stdout.close()
