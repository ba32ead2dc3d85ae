"""MS9xx: suppression hygiene. MS901 is produced by ms_scan/suppress.py when asked
(`--report-unused-suppressions`), never by default."""
from __future__ import annotations

from ms_scan.rules import RuleInfo, register

UNUSED = register(RuleInfo(
    "MS901", "unused-suppression", "warning",
    "An `# ms-scan: ignore[...]` or `file-ignore` comment covers no finding (or some of its codes "
    "match nothing): remove it so it cannot hide a future gap. Reported with "
    "--report-unused-suppressions.",
))
