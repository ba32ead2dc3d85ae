"""Values read from nested config dicts (`CONFIG["hyper"]["second_order"]`, `hc.get("second_order", False)` with
`hc = cfg["hyper"]`): the dict a subscript chain starts from (a dict display this file binds to a name, or a name
another project module defines), its key path, and what this file's displays and item assignments put under it.
What another file's dict holds is that file's "config" summary (config_entries), read by ms_scan.project. Nothing
here follows a derivative path or a call's body.
"""
from __future__ import annotations

import ast
import json
from dataclasses import dataclass

import libcst as cst

from ms_scan.extract.grad_common import (
    MAX_BINDING_HOPS, _NOLIT, _dataclass_fields, _Fn, _kw, _literal, binding, enclosing, getattr_read,
    literal_list, literal_repr, param_default, returned, sole_return, _subscript_key, _walk,
)
from ms_scan.extract.grad_unroll import Table, env_default, evaluate
from ms_scan.extract.scope import PROJECT, PROJMOD
from ms_scan.extract.visitor import dotted_name

MAX_ENTRIES = 256  # leaves of one dict: a larger table is no config (not summarised, its values not known)
MAX_PASSED = 64  # leaves of a dict of this file passed whole to another file's function that a call summary carries
ANY_KEY = "\0*"  # a key the file does not fix (`PROFILES[os.environ["PROFILE"]]`): any of the dict's
ABSENT = "\0absent"  # a key a display may not hold (set only in a branch): `.get`'s default is read there
UNKNOWN = "?"
_SPLAT = object()  # a display's `**other` element (flatten)
# a "fields" entry of a nested dataclass field (`field(default_factory=ModelCfg)`): "<factory>" + the class name
FACTORY = "<factory>"
# the "fields" entry that marks a function returning the parsed command line (argparse_entries), not a dataclass
ARGV = "(argv)"
# the "fields" entry of such a function's fields that a table entry keyed by one of its parameters sets
# (`base.update(PRESETS[preset])`): {"param", "index", "default", "fields": {field: {key: leaf}}}, read per call
PRESET = "(preset)"
_CHANGERS = ("update", "setdefault", "pop", "popitem", "clear")  # dict methods that change what keys hold
# dict wrappers whose keys read as attributes at every level (easydict, attrdict, munch, python-box, dotmap,
# ml_collections, OmegaConf): `EasyDict(CONFIG).hyper.second_order` is CONFIG["hyper"]["second_order"]
_ATTR_WRAPPERS = ("EasyDict", "edict", "AttrDict", "Munch", "munchify", "Box", "DotMap", "ConfigDict",
                  "FrozenConfigDict", "OmegaConf.create")


_DICT_COPIES = ("dict", "copy.copy", "copy.deepcopy", "deepcopy")  # calls whose result holds what their argument does


@dataclass(frozen=True, slots=True)
class DictRef:
    """`root[k1][k2].get(k3, d)`: root ("here", id(fn), name) for a display fn binds to name (the module's own _Fn
    for a module-level dict; ("here", id(display), "") for a display read in place) or ("import", module, name);
    path (k1, k2, k3; ANY_KEY for a key not known); gets: for each key, "" for a subscript, else repr of `.get`'s
    literal default ("{}" for an empty dict, "?" for anything else)."""
    root: tuple
    path: tuple
    gets: tuple
    attrs: bool = False  # read through an attribute-access wrapper (`EasyDict(CONFIG).hyper.second_order`)

    def text(self, negated: bool = False, extra: tuple = ()) -> str:
        """The JSON form ms_scan.project reads (a "config" ProjectCallee's param, a "called" summary's `&slot`)."""
        return json.dumps([self.root[1], self.root[2], list(self.path), list(self.gets), negated, list(extra),
                           self.attrs])


def _key(node) -> object:
    """A literal dict key (a string, or an int that is no bool), else _NOLIT."""
    lit = _literal(node)
    return lit if isinstance(lit, str) or isinstance(lit, int) and not isinstance(lit, bool) else _NOLIT


def _item_key(expr: cst.Subscript) -> object:
    if len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Index):
        return _NOLIT
    return _key(expr.slice[0].slice.value)


def literal_reprs(values) -> list | None:
    """The Python values of literals' reprs (dict_values' answers); None when one is not a literal's."""
    out = []
    for v in values:
        try:
            out.append(ast.literal_eval(v))
        except (ValueError, SyntaxError):
            return None
    return out


def _attr_wrapper(name: str) -> bool:
    return any(name == w or name.endswith("." + w) for w in _ATTR_WRAPPERS)


def _nodes(node):
    """Every node under `node` (a body), nested functions and classes included."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.children)


@dataclass(frozen=True, slots=True)
class _Picked:
    """A field a table entry keyed by a parameter sets (copied_dict): the value each key gives it."""

    param: str
    index: int | None  # the parameter's position (None: keyword-only)
    default: str | None  # the key given no argument
    values: dict  # key -> value expression (None: not known)


def _display_items(node) -> dict | None:
    """key -> value of a dict display with string keys or a `dict(k=v, ...)` of keywords; None otherwise."""
    if isinstance(node, cst.Dict):
        out = {}
        for e in node.elements:
            key = _literal(e.key) if isinstance(e, cst.DictElement) else None
            if not isinstance(key, str):
                return None
            out[key] = e.value
        return out
    if isinstance(node, cst.Call) and dotted_name(node.func) == "dict" and all(a.keyword is not None and not a.star
                                                                               for a in node.args):
        return {a.keyword.value: a.value for a in node.args}
    return None


def _returned_display(node) -> cst.BaseExpression | None:
    """The dict display a function taking no argument returns as its one statement (a docstring aside)."""
    if not isinstance(node, cst.FunctionDef) or any(p.default is None for p in (
            *node.params.posonly_params, *node.params.params, *node.params.kwonly_params)):
        return None
    value = sole_return(node)
    return value if isinstance(value, cst.Dict) or _dict_call(value) else None


def _dict_call(node) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "dict"


def lookup(entries, path: tuple, gets: tuple) -> set[str]:
    """The values (reprs of literals, "?" when not known) that `path` read with `gets` has among a dict's entries
    ((path, value) pairs; a path (None, k): a key k set on a dict not known, which may be this one): a missing key
    read by `.get` gives its default, by a subscript "?" (unless an ANY_KEY step finds other keys there); a value
    where a dict is read, "?"."""
    tree: dict = {}
    out: set[str] = set()
    for p, v in entries:
        if p and p[0] is None:
            if path and p[-1] == path[-1]:
                out.add(UNKNOWN)
            continue
        node = tree
        for k in p:
            node = node.setdefault((k,), {})
        node.setdefault("v", set()).add(v)

    def walk(node: dict, i: int, picked: bool) -> None:
        """(picked: a key above was ANY_KEY; a dict there without the next key never reaches a subscript read)"""
        values = node.get("v", ())
        if ABSENT in values:
            out.update(_missing(path, gets, i - 1))
        held = [v for v in values if v != ABSENT]
        if i == len(path):
            out.update(held)
            if any(k != "v" for k in node):
                out.add(UNKNOWN)  # a dict read as a value
            return
        if held:
            out.add(UNKNOWN)  # a value where a dict is read, or a dict the file changes wholesale
        k = path[i]
        children = [c for key, c in node.items() if key != "v" and (k == ANY_KEY or key[0] == k)]
        for c in children:
            walk(c, i + 1, picked or k == ANY_KEY)
        if k != ANY_KEY and not children and (gets[i] or not picked) or k == ANY_KEY and (gets[i] or not children):
            out.update(_missing(path, gets, i))
    walk(tree, 0, False)
    return out


def _missing(path: tuple, gets: tuple, at: int) -> set[str]:
    """The value read when key `at` of path is missing: `.get`'s default when each step from there is a `.get`
    whose default, but the last, is an empty dict; "?" otherwise (a KeyError, or a default that is no dict)."""
    steps = gets[at:]
    if not steps or any(not g for g in steps) or any(g != "{}" for g in steps[:-1]):
        return {UNKNOWN}
    return {steps[-1]}


class _Dicts:
    """_Resolver's config dict reader (DictRef, lookup), for create_graph flags and table keys."""

    def dict_ref(self, expr, fn: _Fn, depth: int = 0, imported_attrs: bool = False) -> DictRef | None:
        """What `expr` reads: a key path into a dict this file binds to a name (a display or `dict(...)`), or into
        a name imported from another project module; the names, parameters (every call of this file, or the
        default when none passes one) and aliases (`hc = cfg["hyper"]`) between are followed. None otherwise.
        With imported_attrs, an attribute of an imported name (`cfg.critic`, `from config import cfg`) reads it
        as an attribute tree (grad_project.dict_key_tokens; ms_scan.project's config_key finds nothing there
        unless that file's "config" summary has cfg, `cfg = SimpleNamespace(...)`)."""
        if depth > MAX_BINDING_HOPS or expr is None:
            return None
        if isinstance(expr, cst.Subscript):
            key = _item_key(expr)
            base = self.dict_ref(expr.value, fn, depth + 1)
            if base is None or len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Index):
                return None
            return DictRef(base.root, base.path + (ANY_KEY if key is _NOLIT else key,), base.gets + ("",), base.attrs)
        if isinstance(expr, cst.Call) and len(expr.args) == 1 and not expr.args[0].keyword and \
                not expr.args[0].star and dotted_name(expr.func) in _DICT_COPIES and not self.own_def(expr.func, fn) \
                and not isinstance(expr.args[0].value, (cst.Dict, cst.List, cst.Tuple, cst.ListComp, cst.GeneratorExp)):
            return self.dict_ref(expr.args[0].value, fn, depth + 1)  # `dict(hparams)`, `copy.deepcopy(CFG)`: a copy
        if isinstance(expr, cst.Call) and not expr.args and isinstance(expr.func, cst.Attribute) and \
                expr.func.attr.value == "copy":  # `hparams.copy()`
            base = self.dict_ref(expr.func.value, fn, depth + 1)
            return base if base is not None and not base.attrs else None
        if isinstance(expr, cst.Call) and len(expr.args) == 1 and not expr.args[0].keyword and \
                not expr.args[0].star and _attr_wrapper(dotted_name(expr.func) or "") and \
                not self.own_def(expr.func, fn):  # (a wrapper of this file is judged by its code: attr_tree_arg)
            base = self.dict_ref(expr.args[0].value, fn, depth + 1)
            return DictRef(base.root, base.path, base.gets, True) if base is not None else None
        wrapped = self.attr_tree_arg(expr, fn) if isinstance(expr, cst.Call) else None
        if wrapped is not None:  # `Cfg(RAW)`, `SimpleNamespace(**RAW)`: RAW's keys read as attributes
            base = self.dict_ref(wrapped, fn, depth + 1)
            return DictRef(base.root, base.path, base.gets, True) if base is not None else None
        read = getattr_read(expr)
        if read is not None and self.lookup_def(fn, "getattr") is None:
            # `getattr(cfg.model, "activation", "tanh")` on an attribute tree: `.get("activation", "tanh")`
            obj, key, default = read
            base = self.dict_ref(obj, fn, depth + 1)
            if base is None or not base.attrs:
                return None
            default = self.default_text(default, fn) if default is not None else ""
            return DictRef(base.root, base.path + (key,), base.gets + (default,), True)
        merged = self.merged_arg(expr, fn) if isinstance(expr, cst.Call) else None
        if merged is not None:  # `deep_update(json.loads(EXPERIMENT), json.loads(args.override))`, no override
            return self.dict_ref(merged[0], merged[1], depth + 1)
        if isinstance(expr, cst.Call) and not expr.args:  # `resolve()` of another file returning a display
            target = self.project_target(expr.func, fn)
            if target is not None:
                return DictRef(("import", target[0], target[1] + "()"), (), ())
        if isinstance(expr, cst.Call):
            func = expr.func
            if not (isinstance(func, cst.Attribute) and func.attr.value == "get" and 1 <= len(expr.args) <= 2 and
                    not any(a.star or a.keyword for a in expr.args)):
                return None
            key = _key(expr.args[0].value)
            base = self.dict_ref(func.value, fn, depth + 1)
            if base is None:
                return None
            default = self.default_text(expr.args[1].value, fn) if len(expr.args) == 2 else "None"
            return DictRef(base.root, base.path + (ANY_KEY if key is _NOLIT else key,), base.gets + (default,),
                           base.attrs)
        if isinstance(expr, cst.Dict) or _dict_call(expr):  # a display read in place (`main({"hyper": ...})`)
            root = ("here", id(expr), "")
            self._dict_roots[root] = (expr, fn)
            return DictRef(root, (), ())
        if isinstance(expr, cst.Attribute):
            target = self.project_target(expr, fn)
            if target is not None:
                return DictRef(("import", target[0], target[1]), (), ())
            held = self.held_by_self(expr, fn)
            if held is not None and len(held) == 1:  # `self.cfg` with `self.cfg = cfg` in __init__
                return self.dict_ref(held[0][0], held[0][1], depth + 1)
            module = self.module_value(expr.value, fn, depth + 1)
            if module is not None:  # `self.cfg.PENALTY` with `self.cfg = cfg` and `Trainer(config)`, config a module
                return DictRef(("import", module, expr.attr.value), (), ())
            base = self.dict_ref(expr.value, fn, depth + 1, imported_attrs) \
                if isinstance(expr.value, (cst.Name, cst.Attribute, cst.Call)) else None
            imported = imported_attrs and base is not None and base.root[0] == "import" and not base.path
            return DictRef(base.root, base.path + (expr.attr.value,), base.gets + ("",), True) \
                if base is not None and (base.attrs or imported) else None
        if not isinstance(expr, cst.Name) or expr.value in ("True", "False", "None"):
            return None
        found = self.lookup_assigns(fn, expr.value)
        if found is not None:
            values, ctx = found
            direct = [v for v in values if id(v) not in self.ex._item_values]
            if len(direct) != 1:
                return None
            v = direct[0]
            if isinstance(v, cst.Dict) or _dict_call(v):
                root = ("here", id(ctx), expr.value)
                self._dict_roots[root] = (v, ctx)
                return DictRef(root, (), ())
            return self.dict_ref(v, ctx, depth + 1)
        if self.param_of(fn, expr.value):
            return self.param_dict_ref(fn, expr.value, depth)
        b = self.project_binding(expr.value)
        return DictRef(("import", b[1][0], b[1][1]), (), ()) if b is not None and b[0] == PROJECT else None

    def merged_arg(self, call: cst.Call, fn: _Fn) -> tuple | None:
        """(argument, fn) of a call of a function of this file that returns one of its parameters (`def
        deep_update(base, extra): ... return base`) when every other argument is an empty dict (`{}`, `dict()`,
        `json.loads(args.override)` with the option's default "{}"): what it returns is that argument. None
        otherwise."""
        callee = self.callee_fn(call, fn)
        node = callee.node if callee is not None and callee.cls is None else None
        if not isinstance(node, cst.FunctionDef) or any(a.star for a in call.args):
            return None
        returns = returned(node.body)
        names = {r.value for r in returns if isinstance(r, cst.Name)}
        if len(names) != 1 or len(returns) != sum(isinstance(r, cst.Name) for r in returns):
            return None
        name = names.pop()
        if name not in callee.params or any(id(v) not in self.ex._item_values  # (`base[k] = v`: changed only)
                                                 for v in callee.assigns.get(name, ())):
            return None
        kept = self.param_arg(callee, call, name)
        if kept is None:
            return None
        for a in call.args:
            if a.value is not kept and not self.empty_dict(a.value, fn):
                return None
        return kept, fn

    def empty_dict(self, expr, fn: _Fn) -> bool:
        """`{}`, `dict()`, a JSON text that is `{}` (`json.loads(args.override)`, the option's default "{}")."""
        if isinstance(expr, cst.Dict) and not expr.elements or _dict_call(expr) and not expr.args:
            return True
        if isinstance(expr, cst.Call) and self.ex._ext_path(expr.func) == "json.loads" and len(expr.args) == 1:
            text = evaluate(expr.args[0].value, {}, lambda n: self.const_value(fn, n))
            return isinstance(text, str) and text.strip() == "{}"
        return False

    def held_by_self(self, expr, fn: _Fn) -> list | None:
        """`self.<attr>` read in a method (or a function nested in one): the (value, method) pairs its class and
        in-file bases assign that attribute ([] when none does); None when `expr` is no such read."""
        if not (isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name)):
            return None
        owner = next((f for f in enclosing(fn) if f.cls is not None and f.self_name == expr.value.value), None)
        return self.chain_attrs(owner.cls).get(expr.attr.value, []) if owner is not None else None

    def module_value(self, expr, fn: _Fn, depth: int = 0) -> str | None:
        """The project module an expression holds: a name imported as one (`import config`), a name bound once
        to one, a parameter every call of this file gives one (the default where it is left out), `self.cfg`
        bound once to one; None otherwise."""
        if depth > MAX_BINDING_HOPS:
            return None
        held = self.held_by_self(expr, fn)
        if held is not None:
            return self.module_value(held[0][0], held[0][1], depth + 1) if len(held) == 1 else None
        if not isinstance(expr, cst.Name):
            return None
        found = self.lookup_assigns(fn, expr.value)
        if found is not None:
            values, ctx = found
            return self.module_value(values[0], ctx, depth + 1) if len(values) == 1 else None
        if self.param_of(fn, expr.value):
            modules = {self.module_value(a, ctx, depth + 1) for a, ctx in self.args_or_default(fn, expr.value)}
            return modules.pop() if len(modules) == 1 and None not in modules else None
        b = self.project_binding(expr.value)
        return b[1] if b is not None and b[0] == PROJMOD else None

    def param_dict_ref(self, fn: _Fn, name: str, depth: int) -> DictRef | None:
        """A parameter: the one DictRef every call of its function in this file passes (the default where a call,
        or no call at all, leaves it out)."""
        owner = self.param_owner(fn, name)
        if not isinstance(owner.node, cst.FunctionDef):
            return None
        key = (id(owner), name, self._bound_sig)
        if key in self._param_refs:  # (memoised: a chain of helpers each called many times stays linear)
            return self._param_refs[key]
        self._param_refs[key] = None  # (a recursive call: not known)
        default = param_default(owner.node, name)
        home = owner.parent or self.ex._module_fn
        found = set()
        calls = self.calls_of(owner)
        for call, caller in calls:
            arg = self.param_arg(owner, call, name)
            found.add(None if any(a.star for a in call.args) else self.dict_ref(arg, caller, depth + 1)
                      if arg is not None else self.dict_ref(default, home, depth + 1) if default is not None else None)
            if None in found or len(found) > 1:
                break
        if not calls and default is not None:
            found.add(self.dict_ref(default, home, depth + 1))
        out = found.pop() if len(found) == 1 and None not in found else None
        self._param_refs[key] = out
        return out

    def default_text(self, node, fn: _Fn) -> str:
        """`.get`'s default as a lookup step: repr of its literal, "{}" for an empty dict, "?" otherwise."""
        if isinstance(node, cst.Dict) and not node.elements or _dict_call(node) and not node.args:
            return "{}"
        return self.leaf_text(node, fn)

    def leaf_text(self, node, fn: _Fn) -> str:
        """repr of the literal a value is (through the file's constants), "?" when it is none; a list or tuple
        display of strings as the repr of their tuple (`"encoder": ["conv_relu6", "pool"]`, the table keys a loop
        over it runs through: ms_scan.project's constant_list), one of rows as the repr of their tuple
        (literal_list)."""
        held = literal_list(node)  # (`"field_spec": [("concatsquash", 32, "hswish"), ...]`: each row's element k)
        if held is not None:
            return literal_repr(held)
        v = evaluate(node, {}, lambda n: self.const_value(fn, n))
        if v is None or isinstance(v, (bool, int, float, str)) and not isinstance(v, Table):
            return repr(v)
        return UNKNOWN

    def dict_values(self, ref: DictRef) -> set[str] | None:
        """What a DictRef of a dict of this file reads (lookup); None for another file's dict or one not known."""
        if ref.root[0] != "here":
            return None
        entries = self.dict_entries(ref.root)
        return lookup(entries, ref.path, ref.gets) if entries is not None else None

    def literal_read(self, expr, fn) -> bool:
        """`hp["inner_lr"]`: a read of a dict of this file whose every value there is a literal (a number, a string,
        a bool), so never a tensor."""
        ref = self.dict_ref(expr, fn) if isinstance(expr, (cst.Subscript, cst.Call, cst.Attribute)) else None
        values = self.dict_values(ref) if ref is not None and ref.path else None
        return bool(values) and literal_reprs(values) is not None

    def flag_truths(self, ref: DictRef) -> set[bool] | None:
        """The truth values a create_graph flag read from a dict of this file takes; None when one is not known."""
        values = self.dict_values(ref)
        if values is None or not values <= {"True", "False", "None"}:
            return None
        return {v == "True" for v in values}

    # ---------------------------------------------------------------- what the file puts in its dicts
    def item_changes(self) -> tuple[list, set]:
        """([(root, path, value or None, fn, order, kind)], wild keys) for the file's item assignments
        (`CONFIG["hyper"]["second_order"] = True`, kind "set"), `del d[k]`, `d[k] += x` and the calls that change a
        dict (`d.update(...)`, kind "any": what the path holds is not known); order: the module-level statement's
        position for one written at the top of the module, else None (it may or may not run). Wild keys: the
        literal keys set on dicts not known here (any such dict may be a config's)."""
        if self._item_changes is None:
            changes, wild = [], set()
            top = self.top_positions()
            for target, value, fn, stmt in self.ex._item_sets:
                key = _item_key(target)
                base = self.dict_ref(target.value, fn)
                if base is None:
                    if key is not _NOLIT:
                        wild.add(key)
                    continue
                order = top.get(id(stmt)) if fn is self.ex._module_fn else None
                if key is _NOLIT or value is None:
                    changes.append((base.root, base.path + ((key,) if key is not _NOLIT else ()), None, fn, order,
                                    "any"))
                else:
                    changes.append((base.root, base.path + (key,), value, fn, order, "set"))
            for name in _CHANGERS:
                for call, fn in self.calls_named(name):
                    if not isinstance(call.func, cst.Attribute):
                        continue
                    base = self.dict_ref(call.func.value, fn)
                    if base is not None:
                        changes.append((base.root, base.path, None, fn, None, "any"))
                        continue
                    for a in call.args:
                        if a.keyword is not None:
                            wild.add(a.keyword.value)
                        elif isinstance(a.value, cst.Dict):
                            wild.update(k for el in a.value.elements if isinstance(el, cst.DictElement)
                                        for k in [_key(el.key)] if k is not _NOLIT)
                        elif name in ("setdefault", "pop") and a is call.args[0] and _key(a.value) is not _NOLIT:
                            wild.add(_key(a.value))
            self._item_changes = (changes, wild)
        return self._item_changes

    def top_positions(self) -> dict[int, int]:
        """id(statement) -> position, for the simple statements written at the top of the module (run in order)."""
        out = {}
        body = self.ex._module_node.body if self.ex._module_node is not None else ()
        for i, stmt in enumerate(body):
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    out[id(small)] = i
                    if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
                        out[id(small.value)] = i
        return out

    def dict_entries(self, root: tuple, depth: int = 0) -> list | None:
        """(path, value) pairs of a display of this file with what the file's item assignments put there: a
        top-level assignment after the display replaces what its path held, one in a function or a branch adds
        its value (it may or may not run); None when the dict is too large or nests too deep."""
        if root in self._dict_memo:
            return self._dict_memo[root]
        self._dict_memo[root] = None  # (a dict holding itself)
        node, ctx = self._dict_roots[root]
        leaves: dict[tuple, set] = {}
        ok = self.flatten(node, ctx, (), leaves, depth)
        changes, wild = self.item_changes()
        mine = [c for c in changes if c[0] == root]
        start = self.top_positions().get(id(node)) if ctx is self.ex._module_fn else None
        ordered = sorted((c for c in mine if start is not None and c[4] is not None and c[4] > start),
                         key=lambda c: c[4])
        for _, path, value, fn, _, kind in ordered:
            if kind == "set":
                for p in [p for p in leaves if p[:len(path)] == path]:
                    del leaves[p]
                ok = self.flatten(value, fn, path, leaves, depth) and ok
            else:
                leaves.setdefault(path, set()).add(UNKNOWN)
        for _, path, value, fn, order, kind in mine:
            if start is not None and order is not None:
                continue  # (before the display: replaced by it; after: taken in order above)
            if kind != "set":
                leaves.setdefault(path, set()).add(UNKNOWN)
                continue
            held = any(p[:len(path)] == path for p in leaves)
            more: dict[tuple, set] = {}
            ok = self.flatten(value, fn, path, more, depth) and ok
            for p, vs in more.items():
                leaves.setdefault(p, set()).update(vs)
            if not held:
                leaves.setdefault(path, set()).add(ABSENT)
        out = None
        if ok and len(leaves) <= MAX_ENTRIES:
            out = [(p, v) for p, vs in leaves.items() for v in sorted(vs)] + [((None, k), UNKNOWN) for k in wild]
        self._dict_memo[root] = out
        return out

    def flatten(self, node, fn: _Fn, prefix: tuple, leaves: dict, depth: int) -> bool:
        """The leaves of a value put at `prefix` (a display's, a nested dict's bound to a name of this file, or the
        value itself as a leaf); False when there are too many or they nest too deep."""
        if len(leaves) > MAX_ENTRIES or depth > MAX_BINDING_HOPS:
            return False
        pairs = None
        if isinstance(node, cst.Dict):
            pairs = [(_key(el.key), el.value) if isinstance(el, cst.DictElement) else (_SPLAT, el.value)
                     for el in node.elements]
        elif _dict_call(node):
            pairs = [(a.keyword.value, a.value) if a.keyword is not None and not a.star else (_NOLIT, None)
                     for a in node.args]
        if pairs is not None:
            ok = True
            for key, value in pairs:
                merged = self.merged_entries(value, fn, depth) if key is _SPLAT else None
                if merged is not None:  # `{**DEFAULTS, **EXPERIMENT}`: each key the later dict holds replaced
                    for top in {p[0] for p, _ in merged}:
                        for p in [p for p in leaves if p[len(prefix):len(prefix) + 1] == (top,)]:
                            del leaves[p]
                    for p, v in merged:
                        leaves.setdefault(prefix + p, set()).add(v)
                elif key is _NOLIT or key is _SPLAT:
                    leaves.setdefault(prefix, set()).add(UNKNOWN)  # `**other`, a computed key
                else:
                    ok = self.flatten(value, fn, prefix + (key,), leaves, depth + 1) and ok
            return ok
        ref = self.dict_ref(node, fn) if isinstance(node, (cst.Name, cst.Subscript, cst.Call, cst.Attribute)) \
            else None
        if ref is not None:  # `"hyper": HYPER`, a dict bound to a name of this file (or another file's: not known)
            entries = self.dict_entries(ref.root, depth + 1) if ref.root[0] == "here" and not any(ref.gets) and \
                ANY_KEY not in ref.path else None
            if entries is None:
                leaves.setdefault(prefix, set()).add(UNKNOWN)
                return True
            for p, v in entries:
                if p and p[0] is not None and p[:len(ref.path)] == ref.path:
                    leaves.setdefault(prefix + p[len(ref.path):], set()).add(v)
            return True
        leaves.setdefault(prefix, set()).add(self.leaf_text(node, fn))
        return True

    def merged_entries(self, value, fn: _Fn, depth: int) -> list | None:
        """(path, leaf) under a dict of this file a display unpacks (`**DEFAULTS`), each path with a key at its
        top; None when that dict is not known so."""
        ref = self.dict_ref(value, fn, depth + 1) if isinstance(value, (cst.Name, cst.Subscript, cst.Attribute)) \
            else None
        entries = self.dict_entries(ref.root, depth + 1) if ref is not None and ref.root[0] == "here" and \
            not any(ref.gets) and not ref.attrs and ANY_KEY not in ref.path else None
        if entries is None:
            return None
        out = [(p[len(ref.path):], v) for p, v in entries if p[:len(ref.path)] == ref.path]
        return out if out and all(p and p[0] is not None for p, _ in out) else None

    def config_entries(self) -> list[tuple[str, list[str]]]:
        """(name, JSON entries) of the module-level dicts of this file (its "config" summaries, which
        ms_scan.project reads for another file's `CONFIG[...]`); none for a dict too large (dict_entries)."""
        out = []
        top = self.ex._module_fn
        for name, values in top.assigns.items():
            if "." in name or name in top.defs or name in self.ex._classes:
                continue
            direct = [v for v in values if id(v) not in self.ex._item_values]
            if len(direct) != 1:
                continue
            if not (isinstance(direct[0], cst.Dict) or _dict_call(direct[0])):
                held = self.namespace_entries(direct[0], top) or self.construction_entries(direct[0]) if not any(
                    k.startswith(f"{name}.") for f in self.all_fns() for k in f.assigns) else None
                if held is not None:  # `CFG = SimpleNamespace(exact_hypergrad=False, ...)`
                    out.append((name, [json.dumps([p, v]) for p, v in held]))
                    continue
                tree = self.tree_entries(direct[0], top)
                if tree is not None:
                    out.append((name, tree))
                continue
            ref = self.dict_ref(cst.Name(name), top)
            entries = self.dict_entries(ref.root) if ref is not None and ref.root[0] == "here" else None
            if entries is not None:
                out.append((name, [json.dumps([list(p), v]) for p, v in entries]))
        for f in self.all_fns() if self.ex.module else ():  # `def resolve(): return {**DEFAULTS, **EXPERIMENT}`
            display = _returned_display(f.node) if f.parent is top and f.cls is None else None
            if display is not None:
                root = ("here", id(f), "()")
                self._dict_roots[root] = (display, f)
                entries = self.dict_entries(root)
                if entries is not None:
                    out.append((f.name + "()", [json.dumps([list(p), v]) for p, v in entries]))
        return out

    def namespace_entries(self, value, fn: _Fn, depth: int = 0) -> list | None:
        """([path], leaf) for each keyword of a `SimpleNamespace(...)` / `argparse.Namespace(...)` of keywords, a
        nested one's keywords under its key; None for any other value."""
        if depth > MAX_BINDING_HOPS or not isinstance(value, cst.Call) or \
                (dotted_name(value.func) or "").rpartition(".")[2] not in ("SimpleNamespace", "Namespace") or \
                not all(a.keyword is not None and not a.star for a in value.args):
            return None
        out = []
        for a in value.args:
            inner = self.namespace_entries(a.value, fn, depth + 1)
            out += [[[a.keyword.value, *p], v] for p, v in inner] if inner is not None else \
                [[[a.keyword.value], self.leaf_text(a.value, fn)]]
        return out

    def construction_entries(self, value) -> list | None:
        """([field], leaf) for each field of a module-level construction of this file's dataclass (`CONFIG =
        EBMConfig()`, `CONFIG = EBMConfig(gp_weight=0.0)`): the argument, else the field's default; None for any other
        value, or when a field is not a literal so given (a nested dataclass, a value not known)."""
        if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Name) or any(a.star for a in value.args):
            return None
        top = self.ex._module_fn
        cls = self.names_class(value.func.value, top)
        if cls is None or cls.fields is None:
            return None
        given = self.field_args(cls, value)
        out = []
        for name, default in cls.fields:
            leaf = self.leaf_text(given[name], top) if name in given else \
                self.field_default_text(default) if default is not None else UNKNOWN
            if leaf == UNKNOWN or leaf.startswith(FACTORY):
                return None  # (a nested config, `field(default_factory=MetaConfig)`: read by its class's fields)
            out.append([[name], leaf])
        return out

    def constant_entries(self) -> list[tuple[str, list[str]]]:
        """(name, JSON entries) of the module-level names this file binds once to a literal (`FIRST_ORDER = True`,
        `INNER_LR = 0.1`): a "config" summary whose one entry has the empty path, which ms_scan.project reads for
        another file's `config.FIRST_ORDER` / `from config import FIRST_ORDER`. None for a name a function of the
        file declares global, or one bound to anything but a literal."""
        out = []
        for name, value in self.module_constants():
            if _literal(value) is _NOLIT and not (isinstance(value, cst.Call) and any(
                    isinstance(n, cst.Call) and env_default(n) is not None for n in _walk(value))):
                continue  # (`ACT = os.environ.get("FIELD_ACT", "SELU").strip()`: its default, what runs unset)
            leaf = self.leaf_text(value, self.ex._module_fn)
            if leaf != UNKNOWN:
                out.append((name, [json.dumps([[], leaf])]))
        return out

    def module_constants(self):
        """(name, value) of each module-level name this file binds once (no function of it declaring it global, no
        def or class of that name)."""
        top = self.ex._module_fn
        rebound = {n for f in self.all_fns() if f is not top for n in _globals(f.node)}
        for name, values in top.assigns.items():
            if "." not in name and name not in top.defs and name not in self.ex._classes and name not in rebound and \
                    len(values) == 1:
                yield name, values[0]

    def constant_lists(self) -> list[tuple[str, list[str]]]:
        """(name, JSON entries) of the module-level names this file binds once to a tuple or list of literal
        strings (`TRUNK_BLOCKS = ("elu", "prelu")`) or of rows (literal_rows: `SPEC = [("conv", "elu"), ...]`): a
        "config" summary whose one entry has the empty path and the repr of that tuple, which ms_scan.project reads
        for another file's loop over it (grad_values.looped_constants). Left out as constant_entries leaves a name
        out."""
        out = []
        for name, value in self.module_constants():
            held = literal_list(value)
            if held is not None:
                out.append((name, [json.dumps([[], literal_repr(held)])]))
        return out

    def module_attr_writes(self) -> list[str]:
        """"<module>.<name>" for each attribute of another project module this file assigns (`config.FIRST_ORDER =
        args.first_order`): a "sets" summary, by which ms_scan.project counts that constant or dict not known;
        ".<name>" for an attribute set on anything but `self` / `cls` (`cfg.activation = args.act`), by which it
        leaves a dataclass field of that name not known (_listed_keys)."""
        out = set()
        for f in self.all_fns():
            for key in f.assigns:
                root, _, attr = key.rpartition(".")
                if not root or "." in attr or not all(p.isidentifier() for p in key.split(".")):
                    continue  # (`setattr(self, f"block{i}", ...)`: "self.block*")
                if root.partition(".")[0] not in ("self", "cls"):
                    out.add(f".{attr}")
                target = self.project_target(_dotted_expr(key), f)
                if target is not None:
                    out.add(f"{target[0]}.{target[1]}")
                head = key.partition(".")[0]
                b = self.project_binding(head) if self.lookup_assigns(f, head) is None and \
                    not self.param_of(f, head) else None
                if b is not None and b[0] == PROJECT:  # `CFG.exact = True`, CFG another module's namespace
                    out.add(f"{b[1][0]}.{b[1][1]}.{key.partition('.')[2]}")
        for c, _ in self.calls_named("replace") + self.calls_named("setattr"):
            if (dotted_name(c.func) or "") in ("replace", "dataclasses.replace"):  # `replace(cfg, exact=True)`
                out.update(f".{a.keyword.value}" for a in c.args if a.keyword is not None)
            elif len(c.args) >= 2 and isinstance(_literal(c.args[1].value), str) and \
                    not (isinstance(c.args[0].value, cst.Name) and c.args[0].value.value in ("self", "cls")):
                out.add(f".{_literal(c.args[1].value)}")  # `setattr(cfg, "exact", True)`
        return sorted(out)

    def dataclass_entries(self) -> list[tuple[str, list[str]]]:
        """(class, JSON entries) of the module-level `@dataclass` classes of this file (their "fields" summaries,
        which ms_scan.project reads for another file's `for name in cfg.blocks: BLOCKS[name]`): each field's
        default as dict_entries gives a leaf, a `field(default_factory=lambda: [...])` of literal strings as the
        repr of that list; a field whose default is not known is left out."""
        out = []
        body = self.ex._module_node.body if self.ex._module_node is not None else ()
        for node in body:
            fields = _dataclass_fields(node) if isinstance(node, cst.ClassDef) else None
            if isinstance(node, cst.ClassDef) and fields is None and _namespace_class(node):
                fields = True  # `class TrainCfg: act = "selu"`: its class attributes, what every instance reads
            entries = []
            for stmt in node.body.body if fields else ():
                for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
                    if isinstance(small, cst.Assign) and len(small.targets) == 1 and fields is True:
                        small = cst.AnnAssign(target=small.targets[0].target, annotation=cst.Annotation(
                            cst.Name("object")), value=small.value)
                    if not isinstance(small, cst.AnnAssign) or not isinstance(small.target, cst.Name) or \
                            small.value is None:
                        continue
                    leaf = self.field_default_text(small.value)
                    if leaf != UNKNOWN:
                        entries.append(json.dumps([[small.target.value], leaf]))
            if entries:
                out.append((node.name.value, entries))
        return out

    def argparse_entries(self) -> list[tuple[str, list[str]]]:
        """(function, JSON entries) of the module-level functions of this file that return the parsed command line
        (`return parser.parse_args(argv)`, `return args` with args so bound, `return SimpleNamespace(**vars(args),
        seed=11)`): each option's `add_argument` default (argparse_default: what runs given no option) and each
        keyword of the namespace, as dataclass_entries gives a dataclass's fields; the entry ARGV marks them (its
        callers' positional arguments are a command line, not fields). Another file's `cfg = get_config([])` ...
        `FIELDS[cfg.field]` reads them (ms_scan.project's _listed_keys)."""
        out = []
        for f in self.all_fns() if self.ex.module else ():
            if f.cls is not None or f.parent is not self.ex._module_fn or not isinstance(f.node, cst.FunctionDef):
                continue
            returns = [n.value for n in _nodes(f.node.body) if isinstance(n, cst.Return) and n.value is not None]
            extra = self.parsed_value(returns[0], f) if len(returns) == 1 else None
            if extra is None:
                continue
            dests = {}
            for c, _ in self.calls_named("add_argument"):
                dest = _kw(c, "dest")
                names = [_literal(a.value) for a in c.args if a.keyword is None]
                flags = [n for n in names if isinstance(n, str) and n.startswith("--")]
                name = _literal(dest) if dest is not None else flags[0][2:].replace("-", "_") if flags else None
                if isinstance(name, str) and name.isidentifier():
                    dests[name] = self.argparse_default(name)
            for k, v in extra.items():  # `cfg.update(act=ns.act)`: what runs given no option, the option's default
                if isinstance(v, cst.Attribute) and isinstance(v.value, cst.Name) and v.attr.value in dests and \
                        self.parsed_name(v.value.value, f, 0):
                    extra[k] = dests[v.attr.value]
            dests.update(extra)
            picked = {k: dests.pop(k) for k in [k for k, v in dests.items() if isinstance(v, _Picked)]}
            leaves = {k: self.leaf_text(v, self.ex._module_fn) for k, v in dests.items() if v is not None}
            entries = [json.dumps([[k], leaf]) for k, leaf in sorted(leaves.items()) if leaf != UNKNOWN]
            if picked:
                by = next(iter(picked.values()))
                entries.append(json.dumps([[PRESET], json.dumps({
                    "param": by.param, "index": by.index, "default": by.default,
                    "fields": {k: {key: self.leaf_text(v, self.ex._module_fn) if v is not None else UNKNOWN
                                   for key, v in p.values.items()} for k, p in sorted(picked.items())}})]))
            if entries:
                out.append((f.name, [json.dumps([[ARGV], "True"])] + entries))
        return out

    def parsed_value(self, value, fn: _Fn) -> dict | None:
        """The namespace keywords a returned value adds to the parsed command line it is ({} for the parsed
        namespace itself), None when it is not one."""
        if isinstance(value, cst.Name):
            return {} if self.parsed_name(value.value, fn, 0) else None
        if not isinstance(value, cst.Call):
            return None
        if isinstance(value.func, cst.Attribute) and value.func.attr.value == "parse_args":
            return {}
        if (dotted_name(value.func) or "").rpartition(".")[2] not in ("SimpleNamespace", "Namespace"):
            return None
        splat = [a.value for a in value.args if a.star == "**"]
        if len(splat) != 1 or any(a.star == "*" or a.keyword is None and not a.star for a in value.args):
            return None
        given = {a.keyword.value: a.value for a in value.args if a.keyword is not None}
        if isinstance(splat[0], cst.Name) and (copied := self.copied_dict(splat[0].value, fn)) is not None:
            return {**copied, **given}  # `cfg = dict(DEFAULTS); cfg.update(steps=ns.steps); Namespace(**cfg)`
        if not (isinstance(splat[0], cst.Call) and dotted_name(splat[0].func) == "vars" and
                len(splat[0].args) == 1 and self.parsed_value(splat[0].args[0].value, fn) == {}):
            return None
        return given

    def copied_dict(self, name: str, fn: _Fn) -> dict | None:
        """key -> value of a local of fn bound once to a copy of a module-level dict display with string keys
        (`cfg = dict(DEFAULTS)`, `DEFAULTS.copy()`, `{**DEFAULTS}`, `copy.deepcopy(DEFAULTS)`) or to a display of
        its own (`base = dict(n_way=3, ...)`), and changed only by `cfg.update(...)` / `cfg["k"] = v` in fn, applied
        in the order written: the display's entries with those changes. An update may give keywords, a dict
        (`base.update(PRESETS[preset])`: the module-level display's entry under the key, a parameter read at its
        default) or fn's `**overrides` (none given: what runs given no option, as argparse_entries reads the command
        line). None otherwise."""
        if name not in fn.assigns or not isinstance(fn.node, cst.FunctionDef):
            return None
        changes = [n for n in _walk(fn.node.body) if  # (`cfg.update(...)`, `cfg["k"] = v`; any other method: None)
                   isinstance(n, cst.Call) and isinstance(n.func, cst.Attribute) and
                   isinstance(n.func.value, cst.Name) and n.func.value.value == name or
                   isinstance(n, cst.Assign) and any(isinstance(t.target, cst.Subscript) and
                                                     isinstance(t.target.value, cst.Name) and
                                                     t.target.value.value == name for t in n.targets)]
        keyed = {id(n.value) for n in changes if isinstance(n, cst.Assign)}  # (lookup_assigns holds their values)
        found = self.lookup_assigns(fn, name)
        values = [v for v in found[0] if id(v) not in keyed] if found is not None and found[1] is fn else []
        if len(values) != 1 or not isinstance(values[0], cst.BaseExpression):
            return None
        v = values[0]
        out = _display_items(v)
        if out is None:
            src = self.copy_source(v)
            out = self.module_display(src, fn) if src is not None else None
        if out is None:
            return None
        splat = fn.node.params.star_kwarg.name.value if isinstance(fn.node.params.star_kwarg, cst.Param) else None
        for n in changes:
            if isinstance(n, cst.Call):
                if n.func.attr.value != "update" or any(a.star for a in n.args) or \
                        sum(a.keyword is None for a in n.args) > 1:
                    return None
                for a in n.args:
                    if a.keyword is not None:
                        out[a.keyword.value] = a.value
                    elif not (isinstance(a.value, cst.Name) and a.value.value == splat):  # (`base.update(overrides)`)
                        picked = self.picked_items(a.value, fn, out)
                        rows = self.display_rows(a.value, fn, lambda k: self.one_key(k, fn)) if picked is None \
                            else [picked]
                        if rows is None or len(rows) != 1:
                            return None
                        out.update(rows[0])
                continue
            t = n.targets[0].target
            key = _subscript_key(t) if len(n.targets) == 1 and isinstance(t, cst.Subscript) else None
            if not isinstance(key, str):
                return None
            out[key] = n.value
        return out

    @staticmethod
    def copy_source(v) -> cst.BaseExpression | None:
        """What `dict(D)`, `{**D}`, `copy.deepcopy(D)`, `D.copy()` copy; None for anything else."""
        if isinstance(v, cst.Dict) and len(v.elements) == 1 and isinstance(v.elements[0], cst.StarredDictElement):
            return v.elements[0].value
        if isinstance(v, cst.Call) and len(v.args) == 1 and not v.args[0].keyword and not v.args[0].star and \
                (dotted_name(v.func) or "").rpartition(".")[2] in ("dict", "deepcopy", "copy"):
            return v.args[0].value
        if isinstance(v, cst.Call) and not v.args and isinstance(v.func, cst.Attribute) and v.func.attr.value == "copy":
            return v.func.value
        return None

    def module_display(self, src, fn: _Fn) -> dict | None:
        """key -> value of the module-level dict display with string keys a name of fn reads; None otherwise."""
        top = self.ex._module_fn
        held = self.lookup_assigns(top, src.value) if isinstance(src, cst.Name) and \
            binding(fn, src.value)[1] is top else None
        if held is None or held[1] is not top or len(held[0]) != 1:
            return None
        return _display_items(held[0][0])

    def display_rows(self, expr, fn: _Fn, keys_of) -> list[dict] | None:
        """key -> value of each dict `expr` reads: a module-level display itself (`**OVERRIDES`), or the entries of
        a module-level display of displays under the keys `keys_of(key expression)` gives (`PRESETS[preset]`).
        None when a key is not known or not there, or an entry is no display."""
        if not isinstance(expr, cst.Subscript):
            whole = self.module_display(expr, fn)
            return [dict(whole)] if whole is not None else None
        table = self.module_display(expr.value, fn)
        if table is None or len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Index):
            return None
        keys = keys_of(expr.slice[0].slice.value)
        if not keys or any(k not in table for k in keys):
            return None
        rows = [_display_items(table[k]) for k in keys]
        return rows if None not in rows else None

    def one_key(self, k, fn: _Fn) -> set | None:
        """{the string} a key expression is (a literal or a constant: const_value); None otherwise."""
        key = evaluate(k, {}, lambda n: self.const_value(fn, n))
        return {key} if isinstance(key, str) else None

    def picked_items(self, expr, fn: _Fn, before: dict) -> dict | None:
        """`PRESETS[preset]`, preset a parameter of fn and PRESETS a module-level display of displays: field ->
        _Picked (what each key gives the field; `before`'s value where that entry leaves it out), for each field
        some entry sets. None otherwise (a table entry it cannot read: None too)."""
        if not (isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and
                isinstance(expr.slice[0].slice, cst.Index) and isinstance(expr.slice[0].slice.value, cst.Name)):
            return None
        name = expr.slice[0].slice.value.value
        node = fn.node
        if not self.param_of(fn, name) or not isinstance(node, cst.FunctionDef) or \
                any(isinstance(v, _Picked) for v in before.values()):  # (one such table a function)
            return None
        table = self.module_display(expr.value, fn)
        rows = {k: _display_items(v) for k, v in table.items()} if table is not None else None
        if not rows or None in rows.values():
            return None
        default = _literal(param_default(node, name)) if param_default(node, name) is not None else None
        index = next((i for i, p in enumerate((*node.params.posonly_params, *node.params.params))
                      if p.name.value == name), None)
        out = {}
        for field in {f for row in rows.values() for f in row}:
            out[field] = _Picked(name, index, default if isinstance(default, str) else None, {
                k: row.get(field, before.get(field)) for k, row in rows.items()})
        return out

    def field_default_text(self, value) -> str:
        """leaf_text of a dataclass field's default; a `field(default_factory=lambda: [...])` (or `list`-free
        tuple) of literal strings: the repr of that list."""
        if isinstance(value, cst.Call) and (dotted_name(value.func) or "").rpartition(".")[2] == "field":
            given = _kw(value, "default")
            if given is not None:
                return self.leaf_text(given, self.ex._module_fn)
            made = _kw(value, "default_factory")
            if isinstance(made, cst.Name) and made.value in self.ex._classes and self.ex._classes[made.value].fields:
                return FACTORY + made.value  # `model: ModelCfg = field(default_factory=ModelCfg)`: built with it
            made = made.body if isinstance(made, cst.Lambda) and not made.params.params else None
            held = literal_list(made)  # (rows: each one's element k, list_field)
            if held is None:
                return UNKNOWN
            return repr(list(held)) if all(isinstance(k, str) for k in held) else literal_repr(held)
        return self.leaf_text(value, self.ex._module_fn)

    def tree_entries(self, value, fn: _Fn) -> list[str] | None:
        """config_entries of a module-level attribute tree made of a dict of this file (`cfg = Cfg(RAW)`,
        `cfg = EasyDict(RAW["train"])`): the dict's entries under the part wrapped; None for any other value."""
        if not isinstance(value, cst.Call):
            return None
        ref = self.dict_ref(value, fn)
        if ref is None or not ref.attrs or ref.root[0] != "here" or any(ref.gets) or ANY_KEY in ref.path:
            return None
        entries = self.dict_entries(ref.root)
        if entries is None:
            return None
        n = len(ref.path)  # (a key set on a dict not known, `(None, k)`, may be set on this part too)
        return [json.dumps([list(p if p and p[0] is None else p[n:]), v]) for p, v in entries
                if p and p[0] is None or p[:n] == ref.path]

    def import_extra(self, ref: DictRef) -> tuple:
        """The values this file's own item assignments put at an imported dict's path (what the other file's
        "config" summary cannot show): reprs, "?" for a wholesale change or a key set on a dict not known."""
        changes, wild = self.item_changes()
        out = set()
        for root, path, value, fn, _, kind in changes:
            if root != ref.root or path != ref.path[:len(path)]:
                continue
            if kind == "set" and len(path) == len(ref.path):
                out.add(self.leaf_text(value, fn))
            else:
                out.add(UNKNOWN)
        if ref.path and ref.path[-1] in wild:
            out.add(UNKNOWN)
        return tuple(sorted(out))

    def splat_import(self, c: cst.Call, fn: _Fn) -> DictRef | None:
        """The dict of another project module a call's `**` argument spreads (`Net(**MODEL)` with `from config
        import MODEL`); None for any other call."""
        splat = next((a.value for a in c.args if a.star == "**"), None)
        ref = self.dict_ref(splat, fn) if splat is not None else None
        if ref is not None and ref.root[0] == "here" and ref.root[1] == id(self.ex._module_fn) and ref.root[2] and \
                self.ex.module:  # `HaloclineNet(**cfg)`, cfg a module-level dict of this file (a notebook's, whose
            # later cell sets `cfg["act"] = "selu"`): its "config" summary, as another file's would be read
            return DictRef(("import", self.ex.module, ref.root[2]), ref.path, ref.gets, ref.attrs)
        return ref if ref is not None and ref.root[0] == "import" else None

    def dict_slots(self, c: cst.Call, fn: _Fn) -> list[tuple[str, str, DictRef]]:
        """(slot, text, ref) for the arguments of a call that read a config dict (`hc["second_order"]`, a name
        bound to such a read, or a whole dict, `cfg`): text, JSON, is ["=", values] for a key of a dict of this file,
        ["{}", entries, attrs] for a whole dict of this file (up to MAX_PASSED entries) and DictRef.text for
        another file's, which ms_scan.project looks up in that file's "config" summary; ["=", truth values] (ref
        None) for another argument whose literal values this file shows (a namespace's field, a name bound to
        literals), which ms_scan.project reads where the callee's create_graph is that parameter."""
        if any(a.star for a in c.args):
            return []
        out = []
        for slot, value in self._slotted(c):
            if not isinstance(value, (cst.Name, cst.Subscript, cst.Call, cst.Attribute, cst.Dict)) or \
                    _literal(value) is not _NOLIT:
                continue
            ref = self.dict_ref(value, fn)
            if ref is None:
                # `smoothgrad(net, x, create_graph=cfg.saliency_graph)`, a namespace of this file: the truth values
                # it shows here (a name only through its assignments: a parameter is the callers' business)
                shown = self.literal_values(value, fn, 0) if not isinstance(value, cst.Name) or \
                    self.lookup_assigns(fn, value.value) is not None else None
                if shown is not None:
                    out.append((slot, json.dumps(["=", sorted(str(v) for v in shown)]), None))
                continue
            if ref.root[0] == "import":
                out.append((slot, ref.text(False, self.import_extra(ref)), ref))
            elif ref.path:
                values = self.dict_values(ref)
                if values is not None:
                    out.append((slot, json.dumps(["=", sorted(values)]), ref))
            else:
                entries = self.dict_entries(ref.root)
                if entries is not None and len(entries) <= MAX_PASSED:
                    out.append((slot, json.dumps(["{}", [[list(p), v] for p, v in entries], ref.attrs]), ref))
        return out

    def attr_tree_arg(self, call: cst.Call, fn: _Fn):
        """The dict a call turns into an attribute tree (its keys read as attributes), or None: `SimpleNamespace(**d)`
        / `Namespace(**d)`, and a one-argument call of this file's class or function that does so (attr_tree_def)."""
        args = call.args
        if len(args) != 1 or args[0].keyword is not None:
            return None
        name = dotted_name(call.func) or ""
        if args[0].star == "**":
            return args[0].value if name.rpartition(".")[2] in ("SimpleNamespace", "Namespace") else None
        target = self.own_def(call.func, fn) if not args[0].star else None
        return args[0].value if target is not None and self.attr_tree_def(target) else None

    def own_def(self, func, fn: _Fn):
        """The class or function of this file a called name designates in fn, or None."""
        if not isinstance(func, cst.Name):
            return None
        target = self.names_class(func.value, fn)
        if target is None and binding(fn, func.value)[0] is None:
            target = self.lookup_def(fn, func.value)
        return target

    def attr_tree_def(self, target) -> bool:
        """Whether a class or function of this file makes an attribute tree of the nested dict it is given, wrapping
        the inner dicts with itself: a class whose methods `setattr(self, k, Cls(v) ...)` in a loop over
        `<param>.items()`, update `self.__dict__` with such values, or (deriving from dict and defining
        `__getattr__`) pass them to `super().__init__`; a function returning `SimpleNamespace(**...)` of its own
        calls. A wrapper leaving the inner dicts as they are is none (`getattr(cfg.model, "act", "tanh")` reads the
        default there). Memoised."""
        memo = self._attr_trees
        if id(target) in memo:
            return memo[id(target)]
        memo[id(target)] = False
        is_cls = hasattr(target, "methods")
        if is_cls:
            chain = list(self.class_line(target))
            fns = [m for c in chain for m in c.methods.values()]
            dict_based = any(b in ("dict", "OrderedDict") for c in chain for b in c.bases) and \
                any("__getattr__" in c.methods or "__getattr__" in c.attrs for c in chain)
        else:
            fns, dict_based = [target], False

        def recursive(node) -> bool:  # (a call of the wrapper itself on the inner values)
            return any(isinstance(c, cst.Call) and isinstance(c.func, cst.Name) and c.func.value == target.name
                       for c in _nodes(node))
        found = False
        for f in fns:
            if found or not isinstance(f.node, cst.FunctionDef):
                continue
            for n in _nodes(f.node.body):
                if is_cls and isinstance(n, cst.For) and isinstance(n.iter, cst.Call) and \
                        isinstance(n.iter.func, cst.Attribute) and n.iter.func.attr.value == "items":
                    found = any(isinstance(c, cst.Call) and dotted_name(c.func) == "setattr" and c.args and
                                isinstance(c.args[0].value, cst.Name) and c.args[0].value.value == f.self_name and
                                recursive(c) for c in _nodes(n.body))
                elif is_cls and isinstance(n, cst.Call) and isinstance(n.func, cst.Attribute) and f.self_name and \
                        (n.func.attr.value == "update" and dotted_name(n.func.value) == f"{f.self_name}.__dict__" or
                         dict_based and n.func.attr.value == "__init__" and isinstance(n.func.value, cst.Call) and
                         dotted_name(n.func.value.func) == "super"):
                    found = recursive(n)
                elif dict_based and f.name == "__getattr__" and isinstance(n, cst.Return) and n.value is not None:
                    found = recursive(n.value)  # (the inner dicts wrapped when read)
                elif not is_cls and isinstance(n, cst.Return) and isinstance(n.value, cst.Call) and \
                        (dotted_name(n.value.func) or "").rpartition(".")[2] in ("SimpleNamespace", "Namespace") \
                        and len(n.value.args) == 1 and n.value.args[0].star == "**" and f.params:
                    found = recursive(n.value)
                if found:
                    break
        memo[id(target)] = found
        return found

    def namespace_attr(self, obj, attr: str, fn: _Fn, depth: int = 0) -> list | None:
        """(value or None, its fn) for each value `getattr(obj, attr, ...)` can read when obj is bound (through names,
        and parameters: every call of this file, or the default when none passes one) to a
        `SimpleNamespace(...)` / `argparse.Namespace(...)` of keywords: the keyword's value, None where it is left
        out (getattr's default is read then). None when not shown, or when the file sets `x.<attr>` or calls
        setattr with that name anywhere (the namespace may be one of those)."""
        if depth > MAX_BINDING_HOPS or not isinstance(obj, cst.Name):
            return None
        if depth == 0 and self.attr_set_anywhere(attr):
            return None
        found = self.lookup_assigns(fn, obj.value)
        if found is not None:
            values = [(v, found[1]) for v in found[0] if id(v) not in self.ex._item_values]
        elif self.param_of(fn, obj.value):
            owner = self.param_owner(fn, obj.value)
            default = param_default(owner.node, obj.value) if isinstance(owner.node, cst.FunctionDef) else None
            values = self.args_or_default(fn, obj.value) if self.calls_of(owner) else \
                [(default, owner.parent or self.ex._module_fn)] if default is not None else []
        else:
            return None
        out = []
        for v, ctx in values:
            if isinstance(v, cst.Call) and (dotted_name(v.func) or "").rpartition(".")[2] in \
                    ("SimpleNamespace", "Namespace") and all(a.keyword is not None and not a.star for a in v.args):
                out.append((next((a.value for a in v.args if a.keyword.value == attr), None), ctx))
                continue
            if isinstance(v, cst.Call) and found is not None:  # `SimpleNamespace(**DEFAULTS)` then `.__dict__.update`
                held = self.patched_namespace(v, obj.value, attr, ctx)
                if held is not None:
                    out += held
                    continue
            callee = self.callee_fn(v, ctx) if isinstance(v, cst.Call) else None
            returns = returned(callee.node.body) if callee is not None and callee.cls is None and \
                isinstance(callee.node, cst.FunctionDef) else []
            if returns and all(isinstance(r, cst.Name) for r in returns):  # `cfg = make_config(args.preset)`
                inner = [self.namespace_attr(r, attr, callee, depth + 1) for r in returns]
                if None in inner:
                    return None
                out += [x for got in inner for x in got]
                continue
            inner = self.namespace_attr(v, attr, ctx, depth + 1) if isinstance(v, cst.Name) else None
            if inner is None:
                return None
            out += inner
        return out or None

    def patched_namespace(self, v: cst.Call, name: str, attr: str, fn: _Fn) -> list | None:
        """(value, fn) pairs for `attr` of `name = SimpleNamespace(**DEFAULTS, k=v)` changed only by
        `name.__dict__.update(E)` / `vars(name).update(E)` in fn, E a module-level display or an entry of a
        display of displays (`PRESETS[preset]`: each key the key can be, literal_choices); None otherwise."""
        if (dotted_name(v.func) or "").rpartition(".")[2] not in ("SimpleNamespace", "Namespace") or \
                any(a.star == "*" or a.keyword is None and not a.star for a in v.args):
            return None
        top = self.ex._module_fn
        base: dict = {}  # key -> (value, its fn)
        for a in v.args:
            if a.star == "**":
                whole = self.module_display(a.value, fn)
                if whole is None:
                    return None
                base.update((k, (x, top)) for k, x in whole.items())
            else:
                base[a.keyword.value] = (a.value, fn)
        values = [base.get(attr, (None, fn))]
        for n in _walk(fn.node.body) if isinstance(fn.node, cst.FunctionDef) else ():
            if not (isinstance(n, cst.Call) and isinstance(n.func, cst.Attribute) and n.func.attr.value in _CHANGERS):
                continue
            holder = n.func.value
            if not (dotted_name(holder) == f"{name}.__dict__" or isinstance(holder, cst.Call) and
                    dotted_name(holder.func) == "vars" and len(holder.args) == 1 and
                    dotted_name(holder.args[0].value) == name):
                continue
            if n.func.attr.value != "update" or len(n.args) != 1 or n.args[0].keyword or n.args[0].star:
                return None
            rows = self.display_rows(n.args[0].value, fn,
                                     lambda k: self.literal_choices(k, fn, lambda x: isinstance(x, str)))
            if rows is None:
                return None
            values = [(row[attr], top) if attr in row else old for row in rows for old in values]
        return values

    def attr_set_anywhere(self, attr: str) -> bool:
        """Whether the file assigns `<anything>.<attr>` (but a method's `self.<attr>`, its own instance's) or calls
        setattr with the literal name `attr`."""
        if any(k.rpartition(".")[2] == attr and not (f.cls is not None and k == f"{f.self_name}.{attr}")
               for f in self.all_fns() for k in f.assigns if "." in k):
            return True
        return any(len(c.args) >= 2 and _literal(c.args[1].value) == attr for c, _ in self.calls_named("setattr"))


def _namespace_class(node: cst.ClassDef) -> bool:
    """A class used as a namespace of settings: no decorator, and a body of assignments only (no method, so no
    construction can set its attributes; a subclass overriding one is a holder of that field too)."""
    if node.decorators or not isinstance(node.body, cst.IndentedBlock):
        return False
    return all(isinstance(stmt, cst.SimpleStatementLine) and
               all(isinstance(small, (cst.Assign, cst.AnnAssign, cst.Expr, cst.Pass)) for small in stmt.body)
               for stmt in node.body.body)


def _globals(node) -> set[str]:
    """The names a function's own body declares `global` (nested definitions left out)."""
    out: set[str] = set()
    body = getattr(getattr(node, "body", None), "body", ())
    stack = list(body)
    while stack:
        n = stack.pop()
        if isinstance(n, cst.Global):
            out.update(g.name.value for g in n.names)
        if isinstance(n, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        stack.extend(n.children)
    return out


def _dotted_expr(text: str):
    """`a.b.c` as an expression (an Attribute chain of Names)."""
    root, *parts = text.split(".")
    expr = cst.Name(root)
    for p in parts:
        expr = cst.Attribute(value=expr, attr=cst.Name(p))
    return expr
