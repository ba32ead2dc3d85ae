"""Parameter lists of PyTorch and MindSpore APIs (from inspect, else the docstring's signature lines) and their
comparison. Used by the 2.10 generator only; nothing here imports torch or mindspore itself.
"""
from __future__ import annotations

import inspect
import re
from dataclasses import dataclass

POS, KW, VAR, VARKW = "pos", "kw", "var", "varkw"
# torch parameters that say nothing about a MindSpore counterpart: the receiver and the output buffer (the
# official mapping tables never count `out` as a difference either)
IGNORED = {"self", "out"}
# the renames MindSpore makes throughout (torch name -> MindSpore names at the same position); any other name at
# that position is no rename: the torch parameter is missing
SYNONYMS = {"input": {"x", "input_x", "a", "tensor"}, "dim": {"axis", "axes"}, "keepdim": {"keep_dims", "keepdims"},
            "other": {"y", "x2"}, "from": {"from_"}, "size": {"shape"}}


@dataclass(frozen=True)
class Param:
    name: str
    kind: str          # POS (positional or keyword), KW (keyword-only), VAR (*args), VARKW (**kwargs)
    default: str | None = None   # source text of the default, None when required


def _split_top(text: str) -> list[str]:
    parts, depth, cur, quote = [], 0, [], ""
    for ch in text:
        if quote:
            cur.append(ch)
            if ch == quote:
                quote = ""
            continue
        if ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
            continue
        cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def parse_params(text: str) -> list[Param] | None:
    """`input, dim=-1, *, out=None` -> Params; None when the text is not a parameter list."""
    out, kw_only = [], False
    for part in _split_top(text):
        if part == "*":
            kw_only = True
            continue
        if part == "/":
            continue
        name, _, default = part.partition("=")
        name = name.split(":", 1)[0].strip()
        kind = KW if kw_only else POS
        if name.startswith("**"):
            name, kind = name[2:], VARKW
        elif name.startswith("*"):
            name, kind, kw_only = name[1:], VAR, True
        if not re.fullmatch(r"[A-Za-z_]\w*", name):
            return None
        out.append(Param(name, kind, default.strip() if default else None))
    return out


def _call_args(line: str, name: str) -> str | None:
    """The text between `name(` and its matching `)` when the line is a signature line, else None."""
    m = re.match(r"^(?:\.\. \w+:: )?(?:[\w.]+\.)?" + re.escape(name) + r"\(", line)
    if not m:
        return None
    depth, start = 1, m.end()
    for i in range(start, len(line)):
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(line[i], 0)
        if depth == 0:
            rest = line[i + 1:].strip()
            return line[start:i] if not rest or rest.startswith("->") or rest == ":" else None
    return None


def doc_signatures(doc: str | None, name: str) -> list[list[Param]]:
    """Every `name(...)` signature line of a docstring (overloads give several), e.g. `add(other, *, alpha=1) -> Tensor`."""
    sigs = []
    for line in (doc or "").splitlines():
        args = _call_args(line.strip(), name)
        if args is not None:
            params = parse_params(args)
            if params is not None:
                sigs.append(params)
    return sigs


def _from_inspect(obj) -> list[Param] | None:
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    kinds = {inspect.Parameter.POSITIONAL_ONLY: POS, inspect.Parameter.POSITIONAL_OR_KEYWORD: POS,
             inspect.Parameter.KEYWORD_ONLY: KW, inspect.Parameter.VAR_POSITIONAL: VAR,
             inspect.Parameter.VAR_KEYWORD: VARKW}
    return [Param(p.name, kinds[p.kind], None if p.default is inspect.Parameter.empty else repr(p.default))
            for p in sig.parameters.values()]


def signatures(obj, name: str) -> list[list[Param]]:
    """The parameter lists of a callable: inspect's, else the docstring's signature lines; [] when unknown."""
    if inspect.isclass(obj):
        init = _from_inspect(obj)
        if init is not None:
            return [init]
        return doc_signatures(inspect.getdoc(obj), name)
    sig = _from_inspect(obj)
    # C functions and methods often carry `(*args, **kwargs)` or nothing: their docstring says more
    if sig is not None and not (sig and {p.kind for p in sig} <= {VAR, VARKW}):
        return [sig]
    try:
        doc = inspect.getdoc(obj)
    except Exception:
        doc = None
    return doc_signatures(doc, name)


def _norm_default(text: str | None) -> str | None:
    if text is None:
        return None
    t = text.strip().strip("'\"")
    return {"true": "True", "false": "False", "none": "None"}.get(t.lower(), t)


@dataclass(frozen=True)
class Verdict:
    status: str        # consistent | differs
    diff_kind: str     # "" | param_name | param_count | default | unverified
    params: str        # ;-separated torch_param=kind[:detail]


def _merge(sigs: list[list[Param]], drop_first: bool) -> tuple[list[Param], dict[str, Param]]:
    """(positional params of the first overload, every named param of any overload)."""
    first = sigs[0][1:] if drop_first and sigs[0] and sigs[0][0].name in ("self", "cls") else sigs[0]
    pos = [p for p in first if p.kind == POS and p.name not in IGNORED]
    named: dict[str, Param] = {}
    for sig in sigs:
        for p in sig:
            if p.name not in IGNORED and p.name != "cls":
                named.setdefault(p.name, p)
    return pos, named


def compare(torch_sigs: list[list[Param]], ms_sigs: list[list[Param]], drop_self: bool = True) -> Verdict:
    """Same-named APIs judged by parameter names: every torch parameter found in MindSpore (by name, or by position
    under another name), no extra required MindSpore parameter, equal defaults -> consistent; else differs with the
    torch parameters that differ. Unknown signatures on either side, or a MindSpore `**kwargs`, -> unverified."""
    if not torch_sigs or not ms_sigs:
        return Verdict("differs", "unverified", "")
    t_pos, t_named = _merge(torch_sigs, drop_self)
    m_pos, m_named = _merge(ms_sigs, drop_self)
    if any(p.kind == VARKW for p in m_named.values()):
        return Verdict("differs", "unverified", "")
    diffs, kinds, used = [], set(), set()
    for name, p in t_named.items():
        if p.kind == VARKW:
            continue
        m = m_named.get(name)
        if m is None:
            i = next((k for k, q in enumerate(t_pos) if q.name == name), None)
            alt = m_pos[i] if i is not None and i < len(m_pos) else None
            if alt is not None and alt.name not in t_named and alt.name in SYNONYMS.get(name, ()):
                diffs.append(f"{name}=renamed:{alt.name}")
                kinds.add("param_name")
                used.add(alt.name)
            elif p.kind == VAR and any(q.kind == VAR for q in m_named.values()):
                used |= {q.name for q in m_named.values() if q.kind == VAR}
            else:
                diffs.append(f"{name}=missing")
                kinds.add("param_count")
            continue
        used.add(name)
        td, md = _norm_default(p.default), _norm_default(m.default)
        if td is not None and md is not None and td != md:
            diffs.append(f"{name}=default")
            kinds.add("default")
    extra_required = [q for n, q in m_named.items() if n not in used and q.default is None and q.kind in (POS, KW)]
    if extra_required:
        kinds.add("param_count")
    if not kinds:
        return Verdict("consistent", "", "")
    kind = next(k for k in ("param_count", "param_name", "default") if k in kinds)
    return Verdict("differs", kind, ";".join(diffs))
