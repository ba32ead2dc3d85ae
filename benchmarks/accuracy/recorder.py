"""Records the torch API calls that one package's own source files make at run time.

Used by collect_truth.py inside the evaluation venv; needs torch, never imported by ms-scan.
"""
from __future__ import annotations

import ast
import builtins
import dis
import inspect
import linecache
import os
import sys
import types

import torch
from torch.overrides import TorchFunctionMode

TORCH_DIR = os.path.dirname(torch.__file__) + os.sep
HERE = os.path.abspath(__file__)

# Namespaces whose spelling wins when one object has several public names.
PREFERRED = [
    "torch", "torch.Tensor", "torch.nn", "torch.nn.functional", "torch.nn.init", "torch.optim",
    "torch.optim.lr_scheduler", "torch.linalg", "torch.fft", "torch.special", "torch.autograd",
    "torch.nn.utils", "torch.utils.checkpoint", "torch.jit", "torch.amp", "torch.cuda",
]

_CALL_OPS = {dis.opmap[n] for n in ("CALL", "PRECALL", "CALL_FUNCTION_EX") if n in dis.opmap}
_ATTR_OPS = {dis.opmap[n] for n in ("LOAD_ATTR", "LOAD_METHOD", "STORE_ATTR", "DELETE_ATTR") if n in dis.opmap}
_CACHE = dis.opmap.get("CACHE", 0)
_BUILTIN_NAMES = set(dir(builtins))


def _public(name: str) -> bool:
    return not any(p.startswith("_") for p in name.split("."))


class NameIndex:
    """Maps runtime objects (functions, C builtins, descriptors, classes) to their public torch names."""

    def __init__(self) -> None:
        self.names: dict[int, list[str]] = {}
        self.keep: list[object] = []  # holds every indexed object so ids stay unique
        self.code_names: dict[int, list[str]] = {}
        self.build()

    def _add(self, obj: object, name: str) -> None:
        lst = self.names.setdefault(id(obj), [])
        if not lst:
            self.keep.append(obj)
        if name not in lst:
            lst.append(name)
        fn = inspect.unwrap(obj) if callable(obj) and not isinstance(obj, type) else None
        code = getattr(fn, "__code__", None)
        if isinstance(code, types.CodeType):
            cl = self.code_names.setdefault(id(code), [])
            if not cl:
                self.keep.append(code)
            if name not in cl:
                cl.append(name)

    def build(self) -> None:
        for mname in sorted(m for m in list(sys.modules) if m == "torch" or m.startswith("torch.")):
            mod = sys.modules.get(mname)
            if mod is None:
                continue
            for attr in dir(mod):
                if attr.startswith("__"):
                    continue
                try:
                    obj = getattr(mod, attr)
                except Exception:
                    continue
                if isinstance(obj, (int, float, str, bool, type(None))):
                    continue
                self._add(obj, f"{mname}.{attr}")
        for cls, prefix in ((torch.Tensor, "torch.Tensor"),):
            for attr in set(dir(cls)):
                if attr.startswith("_") and not (attr.startswith("__") and attr.endswith("__")):
                    continue
                raw = None
                for base in cls.__mro__:
                    if attr in base.__dict__:
                        raw = base.__dict__[attr]
                        break
                if raw is None:
                    continue
                if isinstance(raw, (staticmethod, classmethod)):
                    raw = raw.__func__
                self._add(raw, f"{prefix}.{attr}")
                try:
                    self._add(getattr(cls, attr), f"{prefix}.{attr}")
                except Exception:
                    pass

    @staticmethod
    def _rank(name: str) -> tuple:
        mod = name.rsplit(".", 1)[0]
        pri = PREFERRED.index(mod) if mod in PREFERRED else len(PREFERRED)
        return (not _public(name), name.rsplit(".", 1)[-1].startswith("_"), pri, name.count("."), name)

    def lookup(self, obj: object) -> list[str]:
        return sorted(self.names.get(id(obj), []), key=self._rank)

    def lookup_code(self, code: types.CodeType) -> list[str]:
        return sorted(self.code_names.get(id(code), []), key=self._rank)


def _home_name(target: object) -> str | None:
    """`module.qualname` where the object is defined (torch.distributions.utils.broadcast_all), if known."""
    if isinstance(target, types.CodeType):
        mod = os.path.relpath(target.co_filename, os.path.dirname(TORCH_DIR.rstrip(os.sep)))
        mod = mod[:-3].replace(os.sep, ".").removesuffix(".__init__")
        return f"{mod}.{target.co_qualname}"
    mod, qual = getattr(target, "__module__", None), getattr(target, "__qualname__", None)
    return f"{mod}.{qual}" if isinstance(mod, str) and isinstance(qual, str) else None


def _fallback_name(obj: object) -> str:
    objclass = getattr(obj, "__objclass__", None)
    if objclass is not None and issubclass(objclass, torch._C.TensorBase):
        return "torch.Tensor." + obj.__name__
    mod = getattr(obj, "__module__", None) or getattr(getattr(obj, "__self__", None), "__name__", None) or "torch"
    return f"{mod}.{getattr(obj, '__qualname__', getattr(obj, '__name__', repr(obj)))}"


class Recorder(TorchFunctionMode):
    """A torch function mode plus profile/trace hooks, active between start() and stop()."""

    def __init__(self, pkg_dir: str, site_dir: str) -> None:
        super().__init__()
        self.pkg_dir = os.path.abspath(pkg_dir) + os.sep
        self.site_dir = os.path.abspath(site_dir) + os.sep
        self.depth = 0  # > 0 while torch runs a call we intercepted (backward, etc.)
        self.events: dict[tuple, tuple] = {}  # (relpath, line, lo, hi, kind) + target key -> target
        self.executed: dict[str, set[int]] = {}
        # id(code) -> (code, value): the code object is kept so its id cannot be reused by another one
        # (a freed non-package code object's id handed to a package function hid it from the trace)
        self._is_pkg: dict[int, tuple] = {}
        self._positions: dict[int, tuple] = {}
        self.offsets: dict[types.CodeType, set[int]] = {}  # executed instruction offsets
        self._pending: dict[int, tuple] = {}  # id(wrapper frame) -> call site, for torch decorators

    # ---- helpers -------------------------------------------------------------------
    def _pkg_code(self, code: types.CodeType) -> bool:
        hit = self._is_pkg.get(id(code))
        if hit is not None and hit[0] is code:
            return hit[1]
        r = code.co_filename.startswith(self.pkg_dir)
        self._is_pkg[id(code)] = (code, r)
        return r

    @staticmethod
    def _torch_file(fname: str) -> bool:
        return fname.startswith(TORCH_DIR)

    def _site(self, frame: types.FrameType) -> tuple:
        code = frame.f_code
        hit = self._positions.get(id(code))
        if hit is not None and hit[0] is code:
            pos = hit[1]
        else:
            pos = list(code.co_positions())
            self._positions[id(code)] = (code, pos)
        i = frame.f_lasti
        co = code.co_code
        while i > 0 and co[i] == _CACHE:  # during a Python-level call f_lasti rests on CALL's inline cache
            i -= 2
        lineno, end, col, endcol = pos[i // 2] if 0 <= i // 2 < len(pos) else (frame.f_lineno, frame.f_lineno, None, None)
        lineno = lineno or frame.f_lineno
        end = end or lineno
        op = code.co_code[i] if 0 <= i < len(code.co_code) else -1
        rel = os.path.relpath(code.co_filename, self.site_dir).replace(os.sep, "/")
        return rel, lineno, end, col, endcol, op

    def _add(self, site: tuple, kind: str, target: object, label: str = "") -> None:
        rel, lineno, end, col, endcol, op = site
        key = (rel, lineno, end, col, endcol, kind, id(target), label)
        if key not in self.events:
            self.events[key] = target

    # ---- torch function mode ---------------------------------------------------------
    def __torch_function__(self, func, types_, args=(), kwargs=None):
        kwargs = kwargs or {}
        if self.depth == 0:
            try:
                self._on_torch_function(func)
            except Exception as exc:  # the recorder must never change what the model does
                print(f"recorder: {exc!r}", file=sys.stderr)
        self.depth += 1
        try:
            return func(*args, **kwargs)
        finally:
            self.depth -= 1

    def _on_torch_function(self, func) -> None:
        frame = sys._getframe(2)
        torch_frames = []
        while frame is not None and (self._torch_file(frame.f_code.co_filename) or frame.f_code.co_filename == HERE):
            fn = frame.f_code.co_filename
            if not fn.endswith(("torch" + os.sep + "overrides.py",)) and fn != HERE:
                torch_frames.append(frame)
            frame = frame.f_back
        if frame is None or not self._pkg_code(frame.f_code):
            return
        # Accept only calls made directly by the package: every torch frame between the
        # package and the mode must belong to func itself (or a thin wrapper around it).
        target_code = getattr(inspect.unwrap(func), "__code__", None) if isinstance(func, types.FunctionType) else None
        if torch_frames:
            if target_code is None:
                return
            codes = [f.f_code for f in torch_frames]
            if target_code not in codes:
                return
            outer = codes[codes.index(target_code) + 1:]
            if any(c.co_name not in ("fn", "wrapped", "decorate_context", "_fn", "wrapper") for c in outer):
                return
        site = self._site(frame)
        target, kind = func, "call"
        owner = getattr(func, "__self__", None)
        if type(func).__name__ == "method-wrapper" and isinstance(owner, (types.GetSetDescriptorType, types.MemberDescriptorType, property)):
            target, kind = owner, "property"
        elif site[5] in _ATTR_OPS:
            kind = "property"
        elif site[5] not in _CALL_OPS:
            kind = "operator"
        self._add(site, kind, target)

    # ---- profile hook: constructors, torch Python functions, C builtins -----------------
    def _profile(self, frame, event, arg):
        if event == "return" and self._pending:
            self._pending.pop(id(frame), None)  # a finished frame's id may be reused by another
        if self.depth:
            return
        try:
            if event == "call":
                self._on_call(frame)
            elif event == "c_call":
                if self._pkg_code(frame.f_code):
                    mod = getattr(arg, "__module__", None) or ""
                    owner = getattr(arg, "__self__", None)
                    if mod.startswith("torch") or (isinstance(owner, (type, types.ModuleType)) and getattr(owner, "__name__", "").startswith("torch")):
                        if not isinstance(owner, torch.Tensor):
                            self._add(self._site(frame), "call", arg)
        except Exception as exc:
            print(f"recorder: {exc!r}", file=sys.stderr)

    def _on_call(self, frame) -> None:
        code = frame.f_code
        if not self._torch_file(code.co_filename):
            return
        back = frame.f_back
        if back is None:
            return
        if self._pkg_code(back.f_code):
            site = self._site(back)
        elif id(back) in self._pending:
            site = self._pending[id(back)]
        else:
            return
        name = code.co_name
        if name in ("__init__", "__new__"):
            loc = frame.f_locals
            first = loc.get("self", loc.get("cls"))
            cls = first if name == "__new__" else type(first)
            if isinstance(cls, type):
                if cls.__module__.startswith("torch"):
                    self._add(site, "call", cls)
                else:
                    owner = next((c for c in cls.__mro__ if c.__dict__.get(name) is not None
                                  and getattr(c.__dict__[name], "__code__", None) is code), None)
                    if owner is not None:
                        self._add(site, "super-init", owner)
            return
        if "self" in code.co_varnames[:1] and not name.startswith("_"):
            self_obj = frame.f_locals.get("self")
            for c in type(self_obj).__mro__:
                if c.__module__.startswith("torch") and getattr(c.__dict__.get(name), "__code__", None) is code:
                    if isinstance(self_obj, types.ModuleType):  # torch.backends.* modules are class instances
                        self._add(site, "modfunc", code, f"{self_obj.__name__}.{name}")
                    else:
                        self._add(site, "method", code, f"{c.__module__}.{c.__qualname__}.{name}")
                    return
        if name in ("decorate_context", "wrapper", "_fn", "fn", "wrapped", "inner"):
            self._pending[id(frame)] = site
        elif not name.startswith("<"):
            self._add(site, "pycall", code)  # named at the end, once lazily imported torch modules exist

    def _trace(self, frame, event, arg):
        if event == "call" and self._pkg_code(frame.f_code):
            frame.f_trace_opcodes = True
            return self._line
        return None

    def _line(self, frame, event, arg):
        if self.depth:
            return self._line
        if event == "opcode":
            code = frame.f_code
            offs = self.offsets.get(code)
            if offs is None:
                offs = self.offsets[code] = set()
            offs.add(frame.f_lasti)
        elif event == "line":
            self.executed.setdefault(frame.f_code.co_filename, set()).add(frame.f_lineno)
        return self._line

    index: NameIndex | None = None

    def start(self) -> None:
        self.index = NameIndex()
        sys.settrace(self._trace)
        sys.setprofile(self._profile)
        self.__enter__()

    def stop(self) -> None:
        self.__exit__(None, None, None)
        sys.setprofile(None)
        sys.settrace(None)
        self.index = NameIndex()  # rebuilt: lazily imported torch modules add names

    # ---- results --------------------------------------------------------------------
    def results(self) -> dict:
        """Per file: executed line ranges, primary uses and auxiliary records; plus API aliases."""
        files: dict[str, dict] = {}
        aliases: dict[str, list[str]] = {}
        spans = _CallSpans()
        for (rel, lineno, end, col, endcol, kind, _tid, label), target in sorted(self.events.items(), key=lambda kv: kv[0][:6]):
            if rel.startswith(".."):
                continue  # generated code (exec with a fake file name) is not package source
            if isinstance(target, types.CodeType):
                names = self.index.lookup_code(target)
                if names:
                    kind = "call"
                elif kind in ("method", "modfunc"):
                    names = [label]
                    if kind == "modfunc":  # a function of a module object, e.g. torch.backends.mkldnn.is_available
                        kind = "call" if _public(label) else "private"
                else:
                    mod = os.path.relpath(target.co_filename, os.path.dirname(TORCH_DIR.rstrip(os.sep)))
                    mod = mod[:-3].replace(os.sep, ".").removesuffix(".__init__")
                    names, kind = [f"{mod}.{target.co_qualname}"], "private"
            else:
                names = self.index.lookup(target)
            if not names:
                names = [_fallback_name(target)]
                if kind == "call":
                    kind = "private"
            api = names[0]
            if kind == "call" and not _public(api):
                kind = "private"  # e.g. torch._dynamo.allow_in_graph: no public spelling exists
            last = api.rsplit(".", 1)[-1]
            if kind == "call" and last.startswith("__") and last.endswith("__"):
                kind = "operator"
            if kind == "call" and kind != "private":
                text = _source_span(os.path.join(self.site_dir, rel), lineno, end, col, endcol)
                if text is not None and (last not in text or _builtin_call(text)):
                    kind = "indirect"
            home = _home_name(target)  # the defining module's spelling survives the cap of 12
            others = ([n for n in names[1:] if n == home] + [n for n in names[1:] if _public(n) and n != home]
                      + [n for n in names[1:] if not _public(n) and n != home][:3])[:12]
            if others:
                aliases[api] = others
            lo, hi = lineno, end
            if kind == "call":
                lo, hi = spans.widen(os.path.join(self.site_dir, rel), lineno, end, col, endcol)
            rec = [lineno, api] if (lo, hi) == (lineno, lineno) else [lineno, api, lo, hi]
            f = files.setdefault(rel, {"executed": [], "uses": [], "aux": []})
            if kind == "call":
                if rec not in f["uses"]:
                    f["uses"].append(rec)
            else:
                arec = rec + [kind] if len(rec) == 4 else rec + [lineno, lineno, kind]
                if arec not in f["aux"]:
                    f["aux"].append(arec)
        ran_calls: dict[str, set[tuple]] = {}
        for code, offs in self.offsets.items():
            ends = ran_calls.setdefault(code.co_filename, set())
            for ins in dis.get_instructions(code):
                if ins.opcode in _CALL_OPS and ins.offset in offs and ins.positions is not None:
                    ends.add((ins.positions.end_lineno, ins.positions.end_col_offset))
        for path, lines in self.executed.items():
            rel = os.path.relpath(path, self.site_dir).replace(os.sep, "/")
            if rel.startswith(".."):
                continue
            f = files.setdefault(rel, {"executed": [], "uses": [], "aux": []})
            f["executed"] = _ranges(sorted(lines))
            f["partial"] = sorted(spans.unrun_lines(path, ran_calls.get(path, set())) & lines)
        return {"files": dict(sorted(files.items())), "aliases": dict(sorted(aliases.items()))}


def _ranges(lines: list[int]) -> list[list[int]]:
    out: list[list[int]] = []
    for n in lines:
        if out and out[-1][1] == n - 1:
            out[-1][1] = n
        else:
            out.append([n, n])
    return out


def _builtin_call(text: str) -> bool:
    """True for `sum(xs)`, `abs(x)`: Python calls the tensor method for us, the source never names it."""
    head = text.split("(", 1)[0].strip()
    return head in _BUILTIN_NAMES


def _source_span(path: str, lineno: int, end: int, col, endcol) -> str | None:
    if col is None or endcol is None:
        return None
    lines = [linecache.getline(path, n) for n in range(lineno, end + 1)]
    if not any(lines):
        return None
    if len(lines) == 1:
        return lines[0].encode()[col:endcol].decode(errors="replace")
    lines[0] = lines[0].encode()[col:].decode(errors="replace")
    lines[-1] = lines[-1].encode()[:endcol].decode(errors="replace")
    return "".join(lines)


class _CallSpans:
    """Widens a call instruction's position to the whole ast.Call (a method call starts at its receiver)."""

    def __init__(self) -> None:
        self._by_file: dict[str, dict[tuple, int]] = {}
        self._calls: dict[str, list[ast.Call]] = {}

    def widen(self, path: str, lineno: int, end: int, col, endcol) -> tuple[int, int]:
        table = self._by_file.get(path)
        if table is None:
            self._load(path)
            table = self._by_file[path]
        start = table.get((end, endcol), lineno)
        return min(start, lineno), end

    def _load(self, path: str) -> None:
        table, calls = {}, []
        try:
            tree = ast.parse(open(path, encoding="utf-8").read())
            for node in ast.walk(tree):
                if isinstance(node, ast.Call):
                    table[(node.end_lineno, node.end_col_offset)] = node.lineno
                    calls.append(node)
        except (OSError, SyntaxError, ValueError):
            pass
        self._by_file[path], self._calls[path] = table, calls

    def unrun_lines(self, path: str, ran_ends: set) -> set[int]:
        """Lines touched by a call expression that never ran (other branch of `a if c else b`, lambda bodies)."""
        if path not in self._calls:
            self._load(path)
        out: set[int] = set()
        for node in self._calls[path]:
            if (node.end_lineno, node.end_col_offset) not in ran_ends:
                out.update(range(node.lineno, node.end_lineno + 1))
        return out
