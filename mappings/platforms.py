"""Extract "Supported Platforms" (Ascend/GPU/CPU) from docstring text; shared by the source and runtime paths."""
from __future__ import annotations

import re

PLATFORMS = ("Ascend", "GPU", "CPU")
_TOKEN = re.compile(r"``(Ascend|GPU|CPU)``")


def platforms_in_doc(doc: str) -> tuple[str, ...] | None:
    """Platforms listed after the first "Supported Platforms:" heading, in canonical order; None if absent."""
    if not doc:
        return None
    i = doc.find("Supported Platforms:")
    if i < 0:
        return None
    found: set[str] = set()
    lines = doc[i + len("Supported Platforms:"):].splitlines()
    seen_content = False
    for ln in lines:
        s = ln.strip()
        if not s:
            if seen_content:
                break
            continue
        toks = _TOKEN.findall(s)
        if not toks:
            if seen_content or s.endswith(":"):
                break
            continue
        seen_content = True
        found.update(toks)
    return tuple(p for p in PLATFORMS if p in found)


_REFER = re.compile(r"please refer to :(?:func|class|meth):`~?(mindspore\.[\w.]+)`")


def referred_api(doc: str) -> str:
    """The API a short docstring delegates to ("For details, please refer to :func:`mindspore.ops.abs`")."""
    m = _REFER.search(doc or "")
    return m.group(1) if m else ""
