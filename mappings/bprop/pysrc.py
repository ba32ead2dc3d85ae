"""Parse MindSpore Python bprop modules (``@bprop_getters.register`` / ``@bprops.register``) with ast.

For each registered getter it reports the primitives instantiated or called anywhere inside it:
``G.X()``, ``P.X()``, ``inner.X()``, bare ``X()`` for classes imported from an operations module,
module-level instances (``mul = P.Mul()``), ``F.name`` via the tag's ``functional.py`` and
module-level helper functions (followed transitively).
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

PRIM_MODULE_HINTS = ('operations', 'auto_generate', 'gen_ops_prim', '_grad_ops', '_inner_ops')
REGISTRIES = ('bprop_getters', 'bprops')


@dataclass
class PyRegistration:
    name: str
    file: str
    line: int
    emits: set[str]


@dataclass
class ModuleInfo:
    prim_modules: set[str] = field(default_factory=set)       # aliases of operations modules
    func_modules: set[str] = field(default_factory=set)       # aliases of ops.functional
    prim_classes: dict[str, str] = field(default_factory=dict)
    instances: dict[str, set[str]] = field(default_factory=dict)
    funcs: dict[str, ast.AST] = field(default_factory=dict)


def _is_prim_module(path: str) -> bool:
    return any(h in path for h in PRIM_MODULE_HINTS)


def module_info(tree: ast.Module) -> ModuleInfo:
    info = ModuleInfo()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            mod = (node.module or '')
            for a in node.names:
                bound = a.asname or a.name
                full = f'{mod}.{a.name}'
                if a.name == 'functional':
                    info.func_modules.add(bound)
                elif a.name == 'operations' or (_is_prim_module(full) and not a.name[:1].isupper()):
                    info.prim_modules.add(bound)
                elif _is_prim_module(mod) and a.name[:1].isupper():
                    info.prim_classes[bound] = a.name
                elif mod in ('mindspore', 'mindspore.ops') and a.name == 'ops':
                    info.prim_modules.add(bound)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.asname and _is_prim_module(a.name):
                    info.prim_modules.add(a.asname)
                elif a.asname and a.name.endswith('.functional'):
                    info.func_modules.add(a.asname)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            info.funcs[node.name] = node
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            prim = _call_prim(node.value, info)
            if prim:
                for t in node.targets:
                    if isinstance(t, ast.Name):
                        info.instances[t.id] = {prim}
    return info


PY_CONSTANTS: dict[str, str] = {}   # ops/_constants.py of the ref being parsed (kScalarPow -> ScalarPow)


def _const_arg(arg: ast.AST) -> str | None:
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    if isinstance(arg, ast.Attribute):
        return PY_CONSTANTS.get(arg.attr, arg.attr)
    if isinstance(arg, ast.Name):
        return PY_CONSTANTS.get(arg.id, arg.id)
    return None


def _call_prim(call: ast.Call, info: ModuleInfo) -> str | None:
    f = call.func
    if isinstance(f, ast.Name) and f.id == 'Primitive' and call.args:
        return _const_arg(call.args[0])
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in info.prim_modules \
            and f.attr[:1].isupper():
        return f.attr
    if isinstance(f, ast.Name) and f.id in info.prim_classes:
        return info.prim_classes[f.id]
    return None


_DYN_TEST_RE = re.compile(r'unknown|dynamic|is_dim_unknown', re.I)


def _is_dynamic_test(test: ast.AST) -> bool:
    """``if F.is_sequence_value_unknown(shape):`` / ``if is_shape_unknown(x_shape):`` and the like."""
    for sub in ast.walk(test):
        name = sub.attr if isinstance(sub, ast.Attribute) else sub.id if isinstance(sub, ast.Name) else ''
        if isinstance(sub, (ast.Attribute, ast.Name)) and _DYN_TEST_RE.search(name):
            return True
    return False


def _walk_static(node: ast.AST):
    """ast.walk that takes only the static-shape side of dynamic-shape branches.

    Python bprops of 1.x–2.x choose between a static-shape path and a dynamic-shape path
    (DynamicBroadcastTo, DynamicStitch, TensorShape...). Code ported from PyTorch runs with static
    shapes, so the dynamic side would only add false "missing" primitives.
    """
    todo = [node]
    while todo:
        cur = todo.pop()
        yield cur
        if isinstance(cur, (ast.If, ast.IfExp)) and _is_dynamic_test(cur.test):
            todo.append(cur.test)
            orelse = cur.orelse if isinstance(cur, ast.If) else [cur.orelse]
            todo.extend(orelse)
            continue
        todo.extend(ast.iter_child_nodes(cur))


def registration_key(dec: ast.AST) -> str | None:
    """``@bprop_getters.register(P.ReLU)`` -> 'ReLU'; ``register("Mul")`` -> 'Mul'."""
    if not (isinstance(dec, ast.Call) and isinstance(dec.func, ast.Attribute) and dec.func.attr == 'register'):
        return None
    owner = dec.func.value
    if not (isinstance(owner, ast.Name) and owner.id in REGISTRIES) or not dec.args:
        return None
    return _const_arg(dec.args[0])


class PyAnalyzer:
    def __init__(self, functional_map: dict[str, set[str]] | None = None,
                 shared_funcs: dict[str, tuple[ast.AST, ModuleInfo]] | None = None):
        self.functional_map = functional_map or {}
        self.shared_funcs = shared_funcs or {}

    def node_emits(self, node: ast.AST, info: ModuleInfo, _stack: tuple = ()) -> set[str]:
        out: set[str] = set()
        for sub in _walk_static(node):
            if not isinstance(sub, ast.Call):
                continue
            prim = _call_prim(sub, info)
            if prim:
                out.add(prim)
                continue
            f = sub.func
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in info.func_modules:
                out |= self.functional_map.get(f.attr, set())
            elif isinstance(f, ast.Name):
                if f.id in info.instances:
                    out |= info.instances[f.id]
                elif f.id in info.funcs and f.id not in _stack:
                    out |= self.node_emits(info.funcs[f.id], info, _stack + (f.id,))
                elif f.id in self.shared_funcs and f.id not in _stack:
                    fn, finfo = self.shared_funcs[f.id]
                    out |= self.node_emits(fn, finfo, _stack + (f.id,))
        return out

    def parse_file(self, text: str, path: str) -> list[PyRegistration]:
        tree = ast.parse(text)
        info = module_info(tree)
        regs = []
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef):
                continue
            for dec in node.decorator_list:
                key = registration_key(dec)
                if key:
                    regs.append(PyRegistration(key, path, dec.lineno, self.node_emits(node, info, (node.name,))))
        return regs


def set_constants(text: str) -> None:
    """Load ``kX = "Y"`` pairs from ops/_constants.py (keys like ``@bprops.register(_constants.kScalarPow)``)."""
    PY_CONSTANTS.clear()
    PY_CONSTANTS.update(re.findall(r'^(k\w+)\s*=\s*["\'](\w+)["\']', text, re.M))


def functional_map(text: str) -> dict[str, set[str]]:
    """Module-level ``name = P.X()`` assignments of ops/functional.py -> {name: {X}}."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return {}
    return module_info(tree).instances


def shared_helpers(texts: list[str]) -> dict[str, tuple[ast.AST, ModuleInfo]]:
    """Module-level functions of helper modules (grad_base.py, _utils) usable from any grad file."""
    out = {}
    for text in texts:
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        info = module_info(tree)
        for name, fn in info.funcs.items():
            out.setdefault(name, (fn, info))
    return out
