"""The derivative path of each second-order site: the sites found after the pass (learn2learn's adapt, a
create_graph flag decided by the literal values it takes, a first-order grad of a torch.func transform's result),
each site's slice from its inputs to its outputs, and the lift of a grad helper's slice into its callers.
Turning the calls on a slice into torch ops is grad_expand's job.
"""
from __future__ import annotations

from dataclasses import replace

import libcst as cst

from ms_scan.extract.grad_common import (
    CALLER_ROLES as _CALLER_ROLES, _FUNC_EVALUATING, _FUNC_EVERY_ARG, _FUNC_TRANSFORMS, _FUNCTIONAL_CALL, _children,
    MAX_BINDING_HOPS, MAX_LEARNER_HOPS, MAX_LIFTS, chain_root, _is_property,
    _NOLIT, _PARAMETER_METHODS, _Fn, GradSite, _PathState, ProjectCallee, _arg, _code, calls_besides, calls_in,
    getattr_read, PASSING_THROUGH,
    _is_weight, _kw, _literal, _subscript_key, param_default, refs, refs_besides, returned, spread, _stack_room, _unchain, _walk,
    binding, enclosing, registration_key, thunk_body, tuple_slots, union_or_none, weight_owners, when_safe,
)
from ms_scan.extract.grad_dicts import DictRef
from ms_scan.extract.scope import PROJECT
from ms_scan.extract.grad_guards import BACKED, DETACHED
from ms_scan.extract.grad_project import _init_param
from ms_scan.extract.grad_unroll import evaluate
from ms_scan.extract.visitor import dotted_name


_DETACHING = frozenset({"detach", "item", "tolist"})  # methods whose result no gradient flows through


def _assigned_names(n) -> set:
    """The plain names an assignment statement binds (`w = ...`, `w += ...`, `a, b = ...`); empty when any target is
    no plain name (an attribute, an item)."""
    targets = [t.target for t in n.targets] if isinstance(n, cst.Assign) else [n.target]
    out = set()
    for t in targets:
        for el in ([e.value for e in t.elements] if isinstance(t, (cst.Tuple, cst.List)) else [t]):
            if not isinstance(el, cst.Name):
                return set()
            out.add(el.value)
    return out


def _nested_scopes(v) -> list:
    """The function, class and lambda nodes inside v (the only parts of an assigned value result_only_detached
    still looks at)."""
    return [n for n in _walk(v) if isinstance(n, (cst.FunctionDef, cst.ClassDef, cst.Lambda))]


def _names_weights(method: str) -> bool:
    """A method named for the weights it returns (`model.head_parameters()`, `net.trainable_params()`), whose class
    may be another file's: its receiver owns them."""
    return method.endswith(("_parameters", "_params"))


class _Paths:
    """_Resolver's site discovery and slicing (inputs -> outputs over assignments, live argument slots)."""

    # ---------------------------------------------------------------- sites
    def run(self) -> list[tuple[cst.CSTNode, object]]:
        with _stack_room():
            out = self._run()
        tables = self.function_tables() if self.ex.module else {}
        classes = self.function_tables(classes=True) if self.ex.module else {}
        keys_of: dict[tuple, set] = {}  # (module, table) -> the keys this file's entries have there
        for module, table, key in (e for entries in (*tables.values(), *classes.values()) for e in entries):
            if key:
                keys_of.setdefault((module, table), set()).add(key)
        for _, site in out if self.ex.module else ():
            if not isinstance(site, GradSite):
                continue
            # `REGULARISERS = {"tv": saliency_tv, ...}` called in another file as `REGULARISERS[key](model, x, y)`
            # (grad_project.project_callee_of: "REGULARISERS[tv]", or "REGULARISERS[?]" for a key not known there);
            # `PRIORS = {"thin_plate": ThinPlatePrior}` built there and its instance called: "PRIORS[?].__call__"
            for c in list(site.project):
                if c.module == self.ex.module and c.role in _CALLER_ROLES:
                    for sub in self.inheriting(c.name):  # `CreditMAML(net, cfg)` of a subclass keeping __init__
                        alias = replace(c, name=sub)
                        if alias not in site.project:
                            site.project.append(alias)
                    for module, table, key, member in self.table_entries(c.name, tables, classes):
                        # "T[?=<key>|<keys>]": a call of T under a key not known in its file, when the configs there
                        # may pick this entry (ms_scan.project)
                        keys = sorted(keys_of.get((module, table), ()))
                        ok = key and when_safe(key, *keys, also="=[]")
                        for name in ((f"{table}[{key}]{member}", f"{table}[?={key}|{','.join(keys)}]{member}") if ok
                                     else (f"{table}[?]{member}",)):
                            alias = replace(c, module=module, name=name)
                            if alias not in site.project:
                                site.project.append(alias)
                        registrar = ProjectCallee(module, table[2:-1], "registrar", "", "high", "") \
                            if table.startswith("{@") else None
                        if registrar is not None and registrar not in site.project:
                            site.project.append(registrar)  # (leads the scan's rounds to the decorator's file)
        return out

    def result_only_detached(self, call: cst.Call, fn: _Fn, chain: list | None = None, depth: int = 0) -> bool:
        """`f = -torch.autograd.grad(e.sum(), x, create_graph=flag)[0]` with f bound once in fn and read there only
        through `.detach()` / `.item()` / `.data` (a monitoring value: `(forces.detach() - f.detach()).norm()`), and no
        function nested in fn: nothing differentiates the gradient again, whatever create_graph is. The elements a
        loop takes from it (`for (k, v), g in zip(params.items(), grads)`: `v - lr * g.data`) count as f. With
        `chain`, fn may also return it (`def gradient(y, x): return torch.autograd.grad(...)[0]`) when each call of
        fn in this file reads its value so in turn (callers_detach; `div.detach().abs().mean().item()` in a
        monitor): the names of the functions returning it are added to `chain`."""
        node = fn.node
        if not isinstance(node, cst.FunctionDef) or not isinstance(node.body, cst.IndentedBlock):
            return False
        names = [n for n, vs in fn.assigns.items() if "." not in n and any(c is call for v in vs for c in calls_in(v))]
        if len(names) == 1 and self.detached_in_place(call, fn, names[0]):
            return True
        gives_back = chain is not None and any(any(c is call for c in calls_in(r)) for r in returned(node.body) if r)
        if not names and not gives_back or any(len(fn.assigns[n]) != 1 for n in names):
            return False
        names, skip = set(names), set()
        for n in _walk(node.body):  # `for (k, p), g in zip(params.items(), grads)`: g an element, read alike
            if isinstance(n, (cst.For, cst.CompFor)):
                for held, element in _loop_elements(n):  # (the target itself is never read: below)
                    if isinstance(held, cst.Name) and held.value in names:
                        skip.add(id(held))
                        names.add(element.value)
        derived = self.derived_names(fn, names, call)
        names |= derived
        stack, live = [(n, False) for n in node.body.body], 0
        while stack:
            n, back = stack.pop()
            if isinstance(n, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                return False  # (a closure may read it live)
            if isinstance(n, cst.AssignTarget) or n is call or id(n) in skip:
                continue
            if isinstance(n, (cst.Assign, cst.AugAssign)) and _assigned_names(n) and _assigned_names(n) <= derived:
                stack.extend((x, back) for x in _nested_scopes(n.value))  # `w = g.flatten(1).norm(dim=1)`: read by
                continue  # w, whose reads count (nested defs in the value still do)
            if isinstance(n, cst.Call) and isinstance(n.func, cst.Attribute) and n.func.attr.value in _DETACHING:
                stack.extend((a.value, back) for a in n.args)  # `f.detach()`: f read as a constant
                continue
            if isinstance(n, cst.Call) and refs(n) & names and (
                    self.torch_api(n) in ("torch.autograd.grad", "torch.autograd.backward") or
                    isinstance(n.func, cst.Attribute) and n.func.attr.value == "backward"):
                return False  # `return torch.autograd.grad(dot, params)` with dot from the gradient: taken again here
            if isinstance(n, cst.Attribute) and n.attr.value == "data":
                continue  # `g.data`: the tensor without its graph, a constant too
            if isinstance(n, (cst.For, cst.CompFor)):  # (`for g in grads`: the target is bound, not read)
                stack.extend((x, back) for x in n.children if x is not n.target)
                continue
            if isinstance(n, cst.Name) and n.value in names:
                if back and chain is not None:
                    gives_back = True  # (read live by what fn returns: its callers decide)
                else:
                    live += 1
            stack.extend((x, back or isinstance(n, cst.Return)) for x in n.children)
        return live == 0 and (not gives_back or self.callers_detach(fn, chain, depth))

    def callers_detach(self, fn: _Fn, chain: list, depth: int) -> bool:
        """fn, a module-level function or a method of a module-level class that only this file's calls name (no
        decorator but torch's), is called, and each call's value is read only detached (result_only_detached)."""
        node = fn.node
        if depth >= MAX_BINDING_HOPS or fn.parent is not self.ex._module_fn or \
                any(not (dotted_name(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator) or "")
                    .startswith("torch.") for d in node.decorators) or fn.name.startswith("__"):
            return False
        calls = self.calls_of(fn)
        if not calls:
            return False
        ids = {id(c) for c, _ in calls}
        if fn.cls is None:
            if self.reference_guards(fn) != []:
                return False
        elif self.ex._classes.get(fn.cls.name) is not fn.cls or any(
                call is None or id(call) not in ids for ref, _, _, call in self.attribute_refs()
                if ref.attr.value == fn.name):
            return False  # (`getattr`, a callback, `flow.hutchinson_div(...)` from outside: not all calls seen)
        name = fn.name if fn.cls is None else f"{fn.cls.name}.{fn.name}"
        if name in chain:
            return False
        chain.append(name)
        return all(self.result_only_detached(c, caller, chain, depth + 1) for c, caller in calls)

    _PURE_BUILTINS = frozenset({"sum", "abs", "min", "max", "len", "float", "int", "zip", "enumerate", "list",
                                "tuple", "map"})

    def pure_value(self, v) -> bool:
        """A value computed by tensor arithmetic only: torch functions (not torch.autograd's), tensor methods and a
        few builtins; no call of the project's functions or models (which may differentiate what they get)."""
        cat = self.ex.cat
        for c in calls_in(v):
            api = self.torch_api(c)
            if api is not None:
                if api.startswith("torch.autograd") or api.startswith("torch.func"):
                    return False
                continue
            if isinstance(c.func, cst.Attribute) and c.func.attr.value in cat.tensor_members and \
                    c.func.attr.value not in ("backward", "register_hook"):
                continue
            if isinstance(c.func, cst.Name) and c.func.value in self._PURE_BUILTINS:
                continue
            return False
        return True

    def derived_names(self, fn: _Fn, names: set, call: cst.Call) -> set:
        """The plain names fn assigns from the gradient's names other than through `.detach()` / `.data` (`w =
        g.flatten(1).norm(dim=1)`, then `scale = w / w.mean()`), transitively, by tensor arithmetic alone
        (pure_value: `hv = torch.autograd.grad(grads, ...)` is a use of grads): their reads are the gradient's."""
        def reads(v) -> set:
            out, stack = set(), [v]
            while stack:
                n = stack.pop()
                if n is call or isinstance(n, cst.Attribute) and n.attr.value == "data":
                    continue
                if isinstance(n, cst.Call) and isinstance(n.func, cst.Attribute) and n.func.attr.value in _DETACHING:
                    stack.extend(a.value for a in n.args)
                    continue
                if isinstance(n, cst.Name):
                    out.add(n.value)
                stack.extend(n.children)
            return out
        derived, grown = set(), True
        while grown:
            grown = False
            for name, values in fn.assigns.items():
                if "." in name or name in names or name in derived:
                    continue
                if any(reads(v) & (names | derived) for v in values) and all(self.pure_value(v) for v in values):
                    derived.add(name)
                    grown = True
        return derived

    @staticmethod
    def detached_in_place(call: cst.Call, fn: _Fn, name: str) -> bool:
        """`gx = torch.autograd.grad(nll, x, create_graph=True)[0]` then, in a later statement of fn's own body with
        no read of gx between, `gx = gx.detach()` (or `.data`): the gradient's graph ends there (result_only_detached
        has checked that fn is a def with an indented body)."""
        if len(fn.assigns.get(name, ())) != 2:
            return False
        at = None
        for i, stmt in enumerate(fn.node.body.body):
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            one = isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == name
            if at is None:
                if one and any(c is call for c in calls_in(small.value)):
                    at = i
                elif any(isinstance(n, cst.Name) and n.value == name for n in _walk(stmt)):
                    return False
                continue
            v = small.value if one else None
            if isinstance(v, cst.Call) and not v.args and isinstance(v.func, cst.Attribute) and \
                    v.func.attr.value == "detach" or isinstance(v, cst.Attribute) and v.attr.value == "data":
                inner = v.func.value if isinstance(v, cst.Call) else v.value
                if isinstance(inner, cst.Name) and inner.value == name:
                    return True
            if any(isinstance(n, cst.Name) and n.value == name for n in _walk(stmt)) or \
                    not isinstance(stmt, cst.SimpleStatementLine):
                return False
        return False

    def shadowed_unused(self, fn: _Fn) -> bool:
        """fn is a module-level function a later def of the same name replaces (a notebook's cell redefining
        `gradient_penalty`) whose calls, the module-level statements between the two defs (lookup_def's `at`), only
        read its result detached (`gradient_penalty(D, real, fake).item()` in a smoke-test cell, or in `print` /
        `float`), or that nothing calls: its graph is never differentiated again. No other file can import it."""
        top = self.ex._module_fn
        if top.defs.get(fn.name) is fn or fn not in self.ex._module_defs.get(fn.name, ()):
            return False  # (not a module-level def, or the last one of its name)
        calls = self.calls_of(fn)
        if any(f is not top for _, f in calls):
            return False
        detached = set()
        for c in top.calls:  # `x.item()` / `x.detach()` of a call, `print(x)` / `float(x)`
            if isinstance(c.func, cst.Attribute) and c.func.attr.value in _DETACHING:
                detached.add(id(c.func.value))
            elif isinstance(c.func, cst.Name) and c.func.value in ("print", "float", "int", "repr", "str"):
                detached.update(id(a.value) for a in c.args)
        return all(id(c) in detached for c, _ in calls)

    def inherits(self, name: str, k) -> bool:
        """Whether the class k is the class of a callee's name (`Cls` for its __init__, `Cls.method`) or derives
        from it through this file's classes, the method resolving to the same class's (none overrides it)."""
        cls, _, method = name.partition(".")
        base = self.ex._classes.get(cls)
        if k is None or base is None or not any(c is base for c in self.class_line(k)):
            return False
        return self.defining_class(k, method or "__init__") is self.defining_class(base, method or "__init__")

    def defining_class(self, k, method: str):
        """The first of k and its in-file bases (class_line's order) that defines `method`, None when none does."""
        return next((c for c in self.class_line(k) if method in c.methods), None)

    def inheriting(self, name: str) -> list[str]:
        """A caller-role callee's name as this file's subclasses that inherit it are called (`CreditMAML` for
        `MetaLearner`'s __init__, `CreditMAML.adapt`): other files build or call those."""
        cls, dot, method = name.partition(".")
        if cls not in self.ex._classes or "[" in name:
            return []
        return [f"{k.name}{dot}{method}" for n, k in self.ex._classes.items() if n != cls and
                n in self.ex.class_decls and self.inherits(name, k)]

    def table_entries(self, name: str, tables: dict, classes: dict) -> list[tuple[str, str, str | None, str]]:
        """(module, table, key, member) of each table entry a caller-role callee's name stands for: a function's
        entries (member ""), and for `Cls` / `Cls.method` the entries of Cls and of this file's subclasses of it
        that do not override the method (member "" / ".method": the table's instance built and called)."""
        out = [(*e, "") for e in tables.get(name, ())]
        cls, _, method = name.partition(".")
        for entry in classes if cls in self.ex._classes else ():
            if self.inherits(name, self.ex._classes.get(entry)):
                out += [(*e, f".{method}" if method else "") for e in classes[entry]]
        return out

    def function_tables(self, classes: bool = False) -> dict[str, list[tuple[str, str, str | None]]]:
        """function name -> (module, table, key or None) for each table entry a module-level function of this file
        is: an entry of a module-level dict display of string keys (`REGULARISERS = {"saliency_tv": saliency_tv}`),
        or what a registry decorator puts in a table (under its literal key, grad_common.registration_key): this
        file's (`@register("tv")` filling REGULARISERS, GradExtractor._record_registered), another module's
        registry object (`@PENALTIES.register("r1")`, `from registry import PENALTIES`), or another module's
        registering function (`@register_penalty("r1")`, `from registry import register_penalty`): the table it
        fills is that file's to say, "{@register_penalty}" (ms_scan.project reads its "registrar" summary). With
        `classes`, the same for the file's module-level classes (`@register("input_grad") class InputGradTrainer`).
        Memoised (the paths, the summaries and each method's reach read it)."""
        if classes not in self._function_tables:
            self._function_tables[classes] = self._tables_of(classes)
        return self._function_tables[classes]

    def _tables_of(self, classes: bool) -> dict[str, list[tuple[str, str, str | None]]]:
        top, out = self.ex._module_fn, {}
        fns = {n for n, f in top.defs.items() if isinstance(f.node, cst.FunctionDef)} if not classes else \
            {n for n in self.ex.class_decls if n in self.ex._classes}
        for table, values in top.assigns.items():
            if "." in table:
                continue
            if len(values) == 1 and isinstance(values[0], cst.Dict):
                for e in values[0].elements:
                    key = _literal(e.key) if isinstance(e, cst.DictElement) else None
                    if isinstance(key, str) and isinstance(e.value, cst.Name) and e.value.value in fns:
                        out.setdefault(e.value.value, []).append((self.ex.module, table, key))
                continue
            held = self.project_binding(table) if table in self.ex.registry_objects else None
            module = held[1][0] if held is not None and held[0] == PROJECT else self.ex.module
            for v in values:
                if isinstance(v, cst.Name) and id(v) in self.ex.registered and v.value in fns:
                    out.setdefault(v.value, []).append((module, table, self.ex.registered_keys.get(id(v))))
        for name in fns:
            node = self.ex.class_nodes[name] if classes else top.defs[name].node
            for d in node.decorators:
                callee = d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator
                held = self.project_binding(callee.value) if isinstance(callee, cst.Name) else None
                if held is not None and held[0] == PROJECT and id(node.name) not in self.ex.registered:
                    out.setdefault(name, []).append((held[1][0], f"{{@{held[1][1]}}}",
                                                     registration_key(node.name.value, d.decorator)))
        return out

    def _run(self) -> list[tuple[cst.CSTNode, object]]:
        raw = list(self.ex._raw_sites)
        for call, fn in self.ex._pending_adapt:
            cert = self.l2l_certainty(call.func.value, fn, 0)
            if cert:
                raw.append((call, fn, "learn2learn", "learn2learn.algorithms.MAML.adapt", cert, None))
        for call, fn, kind, api, cert, extra in raw:
            chain: list = []
            detached = []
            if kind == "grad" and api == "torch.autograd.grad" and self.result_only_detached(call, fn, chain):
                if not self.ex.module or all(n.startswith("_") for n in chain):
                    self.ex._first_order.append((call, fn, kind, api))  # (its graph is never differentiated again)
                    continue
                # (unless another file calls a function returning it: ms_scan.project)
                detached = [ProjectCallee(self.ex.module, n, "flag", "", "high", "", "", DETACHED) for n in chain]
            if self.shadowed_unused(fn):  # a notebook's helper redefined before any call of it differentiates
                self.ex._first_order.append((call, fn, kind, api))
                continue
            flag, flag_expr = None, self.ex.site_kw(call, "create_graph")
            if kind == "higher" and extra is not None:  # `track_higher_grads=cfg["second_order"]`: its values
                values = self.literal_values(extra, fn, 0)
                if values is not None and not any(values):
                    continue
                cert = "definite" if values is not None and all(values) else cert
            elif kind == "torchmeta" and cert == "possible":  # `first_order=args.first_order`: its literal values
                values = self.literal_values(_kw(call, "first_order"), fn, 0)
                if values is not None and all(values):
                    continue
                cert = "definite" if values is not None else cert
            elif cert == "possible" and flag_expr is None and kind in ("grad", "backward"):
                values, flag = self.splat_flag(call, fn)
                if flag is None and (values is None or not any(values)):
                    self.ex._first_order.append((call, fn, kind, api))  # not shown, or only ever False
                    continue
                cert = "definite" if values else cert
            elif cert == "possible" and flag_expr is not None:
                opened: list = []
                values = self.literal_values(flag_expr, fn, 0, opened)
                if values is not None and len(values) > 1 and not opened:
                    # mixed only because a public function's default counts as if some call left the argument
                    # out: the default is used only where a call does (this file's, or ms_scan.project's reading
                    # of the other files' calls), so this file's calls' values go to the flag with the default
                    reopened: list = []
                    again = self.literal_values(flag_expr, fn, 0, reopened, defaults=False)
                    if again is not None and len(reopened) == 1 and \
                            self.flag_callee(flag_expr, fn, again, reopened[0]) is not None:
                        values, opened = again, reopened
                if values is not None and opened:
                    # decided by this file's calls of a public function whose parameter has no default: the other
                    # files' calls decide with them (ms_scan.project), else these do
                    flag = self.flag_callee(flag_expr, fn, values, opened[0]) if len(opened) == 1 else None
                    values = values if flag is None and len(opened) == 1 else None
                if values is not None and not any(values):
                    continue  # `create_graph=self.keep` with keep only ever False: first order
                if values is not None and (all(values) or opened and any(values)):
                    cert = "definite"  # (a public function's own calls: one passing True runs it twice)
            reach = self.reach_callee(call, fn)  # `if CONFIG["loss"]["r1_gamma"] > 0:` over it, or its calls
            if reach is False:
                continue  # a guard provably false: the site never runs
            site = GradSite(kind, api, 0, 0, 0, 0, cert, fn.qual)
            if reach is not None:  # (first: ms_scan.project reads a site's first reach callee)
                site.project += [reach, *self.reach_reads(reach)]
            site.project += detached
            if flag is None and cert == "possible":
                flag = self.flag_callee(flag_expr, fn)
            if flag is None:  # `if self.cfg.unrolled: self._backward_unrolled(...)`, the config built elsewhere
                flag = self.guard_callee(fn)
            if flag is None and cert == "possible":  # `create_graph=cfg.second_order`, cfg's class built elsewhere
                flag = self.field_flag_callee(flag_expr, fn)
            if flag is not None:  # decided by the other files' calls of the helper (ms_scan.project)
                site.project.append(flag)
            elif cert == "possible":  # through this file's calls, or another file's config dict
                site.project.extend(self.chain_flags(flag_expr, fn) or ())
            self.out.append((call, site))
            self.site_path(site, call, fn, kind, extra)
        if self.ex._transforms:  # (a nest already a site, `jvp(grad(f), ...)`, is not a site again)
            nested = {id(x) for call, *_, extra in raw for x in (call, extra) if x is not None}
            for call, fn, kind, api in self.ex._first_order:
                nested |= self.through_transform(call, fn, kind, api, nested)
            for call, fn, api in self.ex._func_outer:
                nested |= self.transform_over(call, fn, api, nested)
            self.returned_transforms(nested)
            self.stored_transforms(nested)
        return self.out

    def returned_transforms(self, nested: set) -> None:
        """A module-level function of a project module returning a value computed from a torch.func transform's
        result (`return (dh_dx * f).sum() + ...` with `dh_dx = vmap(grad(h))(params, x)`), or returning a transformed
        function (`return vmap(energy), vmap(force)`, force computing `grad(energy)`), no backward of this file
        having taken it: a site at the transform, kept when another file's call of the function has its result (or
        that function, called) differentiated (a "flag" ProjectCallee, param BACKED + how: ms_scan.project.
        _decide_flags reads the callers' "called" summaries, their "^<how>" marks, grad_summaries.backed_calls)."""
        if not self.ex.module:
            return
        for d in self.ex._module_fn.defs.values():  # (a registering decorator leaves the function as it is)
            if not isinstance(d.node, cst.FunctionDef) or \
                    d.node.decorators and id(d.node.name) not in self.ex.registered:
                continue
            values = [v for v in returned(d.node.body) if v is not None]
            hits = [(hit, "") for hit in self.transforms_behind(values, d)]
            for v in values:  # a transformed function returned (`return vmap(force)`), or in a returned tuple
                els = v.elements if isinstance(v, cst.Tuple) else ()
                for how, x in [("()", v)] if not els else [(str(i), e.value) for i, e in enumerate(els)]:
                    hit = self.transform_of(x, d, 0)
                    if hit is not None:
                        hits.append((hit, how))
            done = set()
            for (t, ctx), how in hits:
                if id(t) in nested or (id(t), how) in done:
                    continue
                done.add((id(t), how))
                self.backed_site(t, ctx, d, "returned", [(self.ex.module, d.name, how)])

    def transforms_behind(self, values: list, d: _Fn) -> list:
        """transforms_in of values of d and of what they are computed from (their names traced back in d)."""
        names = set().union(*(refs(v) for v in values))
        return list(self.transforms_in(values + self.trace_back(d, names), d, 0, set(), names))

    def backed_site(self, t: cst.Call, ctx: _Fn, d: _Fn, kind: str, callees: list) -> None:
        """A site of kind `<kind>(func.<inner>)` at the transform t (of ctx) whose result d hands back, kept when a
        caller differentiates it: a "flag" ProjectCallee BACKED + how for each (module, name, how) of `callees`."""
        inner = self.ex._callee_api.get(id(t), "").rpartition(".")[2]
        site = GradSite(f"{kind}(func.{inner})", self.ex._callee_api.get(id(t), "torch.func.grad"),
                        0, 0, 0, 0, "definite", d.qual)
        site.project += [ProjectCallee(m, n, "flag", "", "high", "", "", BACKED + how) for m, n, how in callees]
        self.out.append((t, site))
        self.site_path(site, t, ctx, "func.", t)

    def stored_transforms(self, nested: set) -> None:
        """A function or method of a project module storing a value computed from a torch.func transform's result
        into its container parameter (`losses["contractive"] = w * jac.pow(2).sum()` with `jac = jacrev(f)(...)`, in
        a callback's `on_before_backward(self, trainer, losses, batch)`), no backward of this file having taken it:
        a site at the transform, kept when another file's call hands it a container that file then differentiates
        (`cb.on_before_backward(self, losses, batch)` ... `sum(losses.values()).backward()`: a "flag" ProjectCallee,
        param BACKED + "@<slot>", read from the callers' "called" summaries; a method is also matched by its name
        alone, its receiver's class being often unknown there: "?.<method>")."""
        if not self.ex.module:
            return
        for d in self.all_fns():
            if not isinstance(d.node, cst.FunctionDef) or d.parent is not self.ex._module_fn and d.cls is None:
                continue
            for i, p in enumerate(d.params):
                stored = self.stored_values(d, p)
                names_of = [(self.ex.module, d.name)] if d.cls is None else \
                    [(self.ex.module, f"{d.cls.name}.{d.name}"), ("", f"?.{d.name}")]
                for t, ctx in self.transforms_behind(stored, d) if stored else ():
                    if id(t) not in nested:
                        nested.add(id(t))
                        self.backed_site(t, ctx, d, "stored", [(m, n, f"@{slot}") for m, n in names_of
                                                               for slot in (str(i), p)])

    def splat_flag(self, call: cst.Call, fn: _Fn) -> tuple[set | None, "ProjectCallee | None"]:
        """create_graph given through a `**` argument: (the truth values it takes, None) for a dict bound to a name
        (`GRAD_OPTS = dict(create_graph=True)`, `{"create_graph": True}`; a dict without the key gives False) or
        for fn's own `**kwargs` forwarded from this file's calls (`gradient(u, x, create_graph=True)`; a call
        without the keyword gives False); (None, a "flag" ProjectCallee) for a public helper's `**kwargs` no
        call of this file binds, decided by the other files' calls; (None, None) when not shown."""
        for a in call.args:
            if a.star != "**":
                continue
            v = a.value
            owner = next((f for f in enclosing(fn) if isinstance(f.node, cst.FunctionDef) and
                          isinstance(v, cst.Name) and isinstance(f.node.params.star_kwarg, cst.Param) and
                          f.node.params.star_kwarg.name.value == v.value), None)
            if owner is not None and v.value not in owner.assigns:
                calls = self.calls_of(owner)
                if not calls:
                    name = self.callee_name(owner)
                    return None, (ProjectCallee(self.ex.module, name, "flag", "", "high", "", "",
                                                "-1:create_graph:False::") if name is not None else None)
                outs = []
                for c, caller in calls:
                    given = _kw(c, "create_graph")
                    if given is None and any(x.star == "**" for x in c.args):
                        return None, None
                    outs.append(self.literal_values(given, caller, 0) if given is not None else {False})
                return union_or_none(outs), None
            found = self.lookup_assigns(fn, v.value) if isinstance(v, cst.Name) else None
            values = [(x, found[1]) for x in found[0]] if found is not None else [(v, fn)]
            outs = []
            for x, ctx in values:
                if isinstance(x, cst.Dict) and all(isinstance(e, cst.DictElement) for e in x.elements):
                    given = next((e.value for e in x.elements if _literal(e.key) == "create_graph"), None)
                elif isinstance(x, cst.Call) and dotted_name(x.func) == "dict" and \
                        all(y.keyword is not None for y in x.args):
                    given = _kw(x, "create_graph")
                else:
                    return None, None
                outs.append(self.literal_values(given, ctx, 0) if given is not None else {False})
            return union_or_none(outs), None
        return None, None

    def through_transform(self, call: cst.Call, fn: _Fn, kind: str, api: str, nested: set) -> set:
        """A first-order backward/grad of a value computed by a torch.func transform's result (a gradient-norm
        penalty from `vmap(grad(loss_fn))(params, x)`, the transform bound to a name, made by a local factory or
        held by `self`): the function the transform differentiates is differentiated twice. A site of kind
        `backward(func.grad)` at the backward, whose path is that function's body. The id() of the transforms
        taken."""
        out = call.func.value if api == "torch.Tensor.backward" else \
            _arg(call, 0, "outputs" if kind == "grad" else "tensors")
        done: set = set()
        if out is None:
            return done
        back = set(refs(out))
        exprs = [out] + self.trace_back(fn, back, graph_only=True)
        hits = list(self.transforms_in(exprs, fn, 0, set(), back))
        for d, stored in self.filled_by(fn, back):  # `add_penalty(losses, x)` ... `sum(losses.values()).backward()`
            hits += self.transforms_behind(stored, d)
        for hit in hits:
            if id(hit[0]) in done or id(hit[0]) in nested:
                continue
            done.add(id(hit[0]))
            t, ctx = hit
            inner = self.ex._callee_api.get(id(t), "").rpartition(".")[2]
            site = GradSite(f"{'grad' if kind == 'grad' else 'backward'}(func.{inner})", api, 0, 0, 0, 0,
                            "definite", fn.qual)
            self.out.append((call, site))
            self.site_path(site, call, ctx, "func.", t)
        return done

    def filled_by(self, fn: _Fn, names: set) -> list[tuple[_Fn, list]]:
        """(d, the values d stores into its parameter) for the calls of fn handing one of `names` (containers: a
        losses dict) to a function or method d of this file that fills it (stored_values): `add_penalty(losses,
        x)`, `cb.on_before_backward(self, losses, batch)` (the methods of that name of the receiver's class, or of
        every class of the file when the receiver's is not known)."""
        out = []
        for c in fn.calls:
            if not any(isinstance(a.value, cst.Name) and a.value.value in names for a in c.args):
                continue
            for d, p in self.handed_slots(fn, c):
                a = self.param_arg(d, c, p)
                stored = self.stored_values(d, p) if isinstance(a, cst.Name) and a.value in names else []
                if stored:
                    out.append((d, stored))
        return out

    def handed_slots(self, fn: _Fn, c: cst.Call) -> list[tuple[_Fn, str]]:
        """(d, parameter) for each function or method d of this file a call of fn may run, and each parameter of
        it: `helper(...)`, `obj.method(...)` (obj's class's method, or every class's method of that name)."""
        func = c.func
        if isinstance(func, cst.Name):
            d = self.lookup_def(fn, func.value)
            ds = [d] if d is not None and isinstance(d.node, cst.FunctionDef) else []
        elif isinstance(func, cst.Attribute):
            cls = self.class_of(func.value, fn)
            ds = [m for m in ([cls.methods.get(func.attr.value)] if cls is not None else
                              [k.methods.get(func.attr.value) for k in self.ex._classes.values()]) if m is not None]
        else:
            ds = []
        return [(d, p) for d in ds for p in d.params]

    _STORES = frozenset({"append", "extend", "update", "setdefault", "insert", "add"})

    def stored_values(self, d: _Fn, p: str) -> list:
        """The values the function d puts into its container parameter p, which it does not rebind: `p["gp"] = v`,
        `p[k] += v`, `p.append(v)`, `p.update(gp=v)`; memoised."""
        key = (id(d), p)
        if key in self._stored:
            return self._stored[key]
        out = []
        for n in _walk(d.node.body) if isinstance(d.node, cst.FunctionDef) else ():
            if isinstance(n, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
                targets = [t.target for t in n.targets] if isinstance(n, cst.Assign) else [n.target]
                if any(isinstance(t, cst.Name) and t.value == p for t in targets):
                    out = []  # (rebound: a container of its own)
                    break
                if n.value is not None and any(isinstance(t, cst.Subscript) and isinstance(t.value, cst.Name) and
                                               t.value.value == p for t in targets):
                    out.append(n.value)
            elif isinstance(n, cst.Call) and isinstance(n.func, cst.Attribute) and \
                    n.func.attr.value in self._STORES and isinstance(n.func.value, cst.Name) and \
                    n.func.value.value == p:
                out += [a.value for a in n.args]
        self._stored[key] = out
        return out

    def transform_over(self, call: cst.Call, fn: _Fn, api: str, nested: set) -> set:
        """A torch.func transform of a function whose returned value is computed from another transform's result
        (`grad(force_loss)(params, x, f)` with `def force_loss(p, x, f): gx = grad(energy, argnums=1)(p, x); return
        ((gx + f) ** 2).mean()`): the inner function is differentiated twice. A site of kind
        `func.<outer>(func.<inner>)` at the outer transform, whose path is the inner function's body. The id() of
        the inner transforms taken."""
        done: set = set()
        f = _arg(call, 0, "func")
        if isinstance(f, cst.Call) and dotted_name(f.func) in ("partial", "functools.partial") and f.args:
            f = f.args[0].value  # `grad(partial(force_loss, net))`
        if isinstance(f, cst.Lambda):
            d, values = fn, [f.body]
        else:
            d = self.lookup_def(fn, f.value) if isinstance(f, cst.Name) and \
                self.lookup_assigns(fn, f.value) is None else None
            if d is None and isinstance(f, cst.Name) and (hit := self.transform_of(f, fn, 0)) is not None and \
                    id(hit[0]) not in nested:
                # `jacrev(score, argnums=2)` with `score = make_score(model)` returning a closure that returns
                # `-grad(energy, argnums=2)(...)`: calling it gives a derivative, differentiated again
                self.over_transform(call, fn, api, hit, done)
                return done
            if d is None or not isinstance(d.node, cst.FunctionDef):
                return done
            values = [v for v in returned(d.node.body) if v is not None]
        names = set().union(*(refs_besides(v) for v in values)) if values else set()  # (not through `.detach()`)
        exprs = values + (self.trace_back(d, names, cuts=True) if not isinstance(f, cst.Lambda) else [])
        for hit in self.transforms_in(exprs, d, 0, set(), names):
            if id(hit[0]) not in done and id(hit[0]) not in nested:
                self.over_transform(call, fn, api, hit, done)
        return done

    def over_transform(self, call: cst.Call, fn: _Fn, api: str, hit: tuple, done: set) -> None:
        """A site of kind `func.<outer>(func.<inner>)` at the outer transform `call`, whose path is that of the inner
        transform `hit` (the call, its function); its id() added to `done`."""
        t, ctx = hit
        done.add(id(t))
        outer, inner = api.rpartition(".")[2], self.ex._callee_api.get(id(t), "").rpartition(".")[2]
        site = GradSite(f"func.{outer}(func.{inner})", api, 0, 0, 0, 0, "definite", fn.qual)
        self.out.append((call, site))
        self.site_path(site, call, ctx, "func.", t)

    def transforms_in(self, exprs: list, fn: _Fn, depth: int, seen: set, back: set | None = None):
        """The torch.func.grad/jacrev/jacfwd calls whose results the values `exprs` (of fn) are computed from:
        a call of a transformed function (`vmap(grad(f))(w, x)`), or of a file function whose returned value is
        computed from one (`loss = ksd_loss(model, x)` returning a statistic of `vmap(score)(params, x)`, with
        `def score(p, x): return -grad(energy)(p, x)`), followed through its returns and their bindings. `back`:
        the names the values read (a call unpacked into names none of which holds the derivative is no hit)."""
        for e in exprs:
            for c in calls_besides(e):  # (not `vmap(grad(f))(z).detach()`: a constant)
                if self.ex._callee_api.get(id(c)) in _FUNC_EVALUATING:  # `r, r_x = jvp(u, (x,), (ones,))`
                    if not self.value_only(c, c, back):
                        yield c, fn
                    continue
                pulled = self.pullback_of(c.func, fn)
                if pulled is not None:  # `out, pullback = vjp(critic, x)` ... `pullback(ones)`: critic's derivative
                    yield pulled
                    continue
                hit = self.transform_of(c.func, fn, depth)
                if hit is not None:
                    if not (self.detached_weights(c, fn) and not self.closed_over_modules(hit[0], hit[1])) and \
                            not self.value_only(c, hit[0], back):
                        yield hit
                    continue
                d = self.lookup_def(fn, c.func.value) if isinstance(c.func, cst.Name) and \
                    self.lookup_assigns(fn, c.func.value) is None else None
                if d is None and isinstance(c.func, cst.Attribute) and \
                        (owner := self.class_of(c.func.value, fn)) is not None:  # `model.vector_field(z)`
                    d = self.class_members(owner, c.func.attr.value)[0]
                elif d is None and isinstance(c.func, (cst.Name, cst.Attribute)) and \
                        (owner := self.class_of(c.func, fn)) is not None:  # `model(z)`: its forward
                    d = self.class_members(owner, "forward")[0]
                for d in [d] if d is not None else self.picked_defs(c.func, fn) or self.called_defs(c, fn):
                    if id(d) in seen or depth >= MAX_BINDING_HOPS or not isinstance(d.node, cst.FunctionDef):
                        continue
                    seen.add(id(d))  # (a value returned or assigned under no_grad is a constant)
                    values = [v for v in returned(d.node.body)
                              if v is not None and id(v) not in self.ex.grad_off_values]
                    names = set().union(*(refs_besides(v) for v in values)) if values else set()
                    yield from self.transforms_in(values + self.trace_back(d, names, cuts=True, graph_only=True), d,
                                                  depth + 1, seen, names)

    def called_defs(self, c: cst.Call, fn: _Fn) -> list[_Fn]:
        """The file's functions a call runs through a value bound to them (GradValues.function_defs): a parameter
        every call passes a function (`fast = adapt(params, xs, ys)` in a closure of `make_meta_step(model, opt,
        adapt, ...)`, adapt a factory's closure), and `map(f, tasks)` / `map(partial(f, params), tasks)`, which
        calls f. [] otherwise."""
        func = self.mapped_function(c, fn)
        if func is None and isinstance(c.func, cst.Name) and binding(fn, c.func.value)[0] is not None:
            func = c.func
        return self.function_defs(func, fn) or [] if func is not None else []

    def picked_defs(self, func, fn: _Fn) -> list[_Fn]:
        """The file's functions a call of `T[k]` (or of a name bound once to it: `objective = OBJECTIVES[
        CFG["objective"]]`) runs, T a dict display of the file's functions and k a key of known literal values
        (key_choices); [] otherwise."""
        ctx = fn
        if isinstance(func, cst.Name):
            found = self.lookup_assigns(fn, func.value)
            func, ctx = (found[0][0], found[1]) if found is not None and len(found[0]) == 1 else (None, fn)
        picked, table_fn = self.table_picks(func, ctx)
        defs = [self.lookup_def(table_fn, x.value) if isinstance(x, cst.Name) and
                self.lookup_assigns(table_fn, x.value) is None else None for x in picked]
        return defs if None not in defs else []

    def pullback_of(self, func, fn: _Fn) -> tuple | None:
        """(the torch.func.vjp call, its function) of a name bound once to the pullback it returns (`out, pullback =
        vjp(f, x)`); None otherwise."""
        found = self.lookup_assigns(fn, func.value) if isinstance(func, cst.Name) else None
        v = found[0][0] if found is not None and len(found[0]) == 1 else None
        if isinstance(v, cst.Call) and self.ex._callee_api.get(id(v)) == "torch.func.vjp" and \
                self.ex._unpacked.get(id(v), {}).get(func.value) == 1:
            return v, found[1]
        return None

    def value_only(self, call: cst.Call, t: cst.Call, back: set | None) -> bool:
        """`grads, losses = vmap(grad_and_value(f))(params, x)` (or `grad(f, has_aux=True)`, or `u, u_x = jvp(...)`)
        with only `losses` (`u`) read by what is differentiated: the value (or aux) of the transform, not its
        derivative, so first order."""
        names = self.ex._unpacked.get(id(call))
        if back is None or not names:
            return False
        api = self.ex._callee_api.get(id(t))
        if api in _FUNC_EVALUATING:  # (value, tangent): the tangent is the derivative
            return not {n for n, i in names.items() if i == 1} & back
        aux = _kw(t, "has_aux")
        pair = api == "torch.func.grad_and_value" or aux is not None and _literal(aux) is True
        return pair and not {n for n, i in names.items() if i == 0} & back

    def detached_weights(self, call: cst.Call, fn: _Fn) -> bool:
        """A transformed function applied to weights taken out of the graph (`g = vmap(grad(f))(params, x, y)`
        with `params = {k: v.detach() for k, v in model.named_parameters()}`, an empirical Fisher): its result is
        a constant, whatever is later backpropagated through it, unless another argument is a tensor that requires
        grad (`inner_grad(params, x, y, softplus(rho))` with `rho` a leaf: a hypergradient reaches rho through the
        gradient, so the function is differentiated twice)."""
        detached = [a for a in call.args if self.detached_arg(a, fn)]
        return bool(detached) and not any(self.grad_leaf_in(a.value, fn) for a in call.args if a not in detached)

    def detached_arg(self, a: cst.Arg, fn: _Fn) -> bool:
        """The argument is a comprehension over a module's parameters that reads them only detached."""
        for v in [a.value] + self.trace_back(fn, set(refs(a.value))):
            if not isinstance(v, (cst.DictComp, cst.ListComp, cst.GeneratorExp, cst.SetComp)):
                continue
            it = v.for_in.iter
            if not (isinstance(it, cst.Call) and isinstance(it.func, cst.Attribute) and
                    it.func.attr.value in _PARAMETER_METHODS):
                continue
            element = v.value if isinstance(v, cst.DictComp) else v.elt
            if not refs_besides(element) & refs(v.for_in.target) and not self.leaf_again(element):
                return True  # the weights are read only through `.detach()` / `zeros_like` ...
        return False

    def grad_leaf_in(self, expr, fn: _Fn) -> bool:
        """`expr` is computed from a tensor made to require grad in this function or those enclosing it
        (`torch.zeros(n, requires_grad=True)`, `.requires_grad_()`, `nn.Parameter(...)`), read not only through
        `.detach()`."""
        for v in [expr] + self.trace_back(fn, set(refs_besides(expr)), cuts=True):
            for c in calls_besides(v):
                flag = _kw(c, "requires_grad")
                if flag is not None and _literal(flag) is True or self.leaf_again(c) or \
                        self.torch_api(c) == "torch.nn.Parameter":
                    return True
        return False

    def closed_over_modules(self, t: cst.Call, fn: _Fn) -> bool:
        """The function a transform differentiates (`grad(inner_objective)`, a def of this file, or
        `grad(self.weighted_loss)`, a method of the class) calls a module instance it does not take as a
        parameter (`learned_loss(functional_call(model, p, (x,)), y)`, the learned loss of ML3; `self.weighter(l)`):
        its weights stay in the graph, so the transform's result is not a constant even when the weights it is
        applied to are detached (detached_weights)."""
        f = _arg(t, 0, "func")
        d = None
        if isinstance(f, cst.Name) and self.lookup_assigns(fn, f.value) is None:
            d = self.lookup_def(fn, f.value)
        elif isinstance(f, cst.Attribute) and (owner := self.class_of(f.value, fn)) is not None:
            d = self.class_members(owner, f.attr.value)[0]
        if d is None or not isinstance(d.node, cst.FunctionDef):
            return False
        for c in d.calls:
            if isinstance(c.func, cst.Name) and not self.param_of(d, c.func.value):
                found = self.lookup_assigns(d, c.func.value)
                held = [(v, found[1]) for v in found[0]] if found is not None else []
            elif isinstance(c.func, cst.Attribute) and (owner := self.class_of(c.func.value, d)) is not None:
                held = self.class_members(owner, c.func.attr.value)[1]
            else:
                continue
            if any(self.builds_module(v, ctx) for v, ctx in held):
                return True
        return False

    def builds_module(self, v, ctx: _Fn) -> bool:
        """`v` constructs a module: one of the file's nn.Module classes or a torch.nn layer class."""
        v = _unchain(v) if isinstance(v, cst.Call) else v
        if not isinstance(v, cst.Call):
            return False
        cls = self.names_class(v.func.value, ctx) if isinstance(v.func, cst.Name) else None
        api = self.torch_api(v) or ""
        return cls is not None and cls.torch_module != "no" or \
            api.startswith("torch.nn.") and api.rpartition(".")[2][:1].isupper()

    def leaf_again(self, element) -> bool:
        """A detached copy made a leaf that requires grad again (`v.detach().requires_grad_(True)`,
        `nn.Parameter(v.detach())`, `v.detach().clone().requires_grad_()`): the weights a functional model trains,
        not constants."""
        if not isinstance(element, cst.Call):
            return False
        if isinstance(element.func, cst.Attribute) and element.func.attr.value == "requires_grad_":
            flag = _arg(element, 0, "requires_grad")
            return flag is None or _literal(flag) is True
        if self.torch_api(element) == "torch.nn.Parameter":
            flag = _arg(element, 1, "requires_grad")
            return flag is None or _literal(flag) is True
        return False

    def transform_of(self, expr, fn: _Fn, depth: int, at: int | None = None) -> tuple[cst.Call, _Fn] | None:
        """The torch.func.grad/jacrev/jacfwd call (and the function it is written in) whose result `expr` is,
        through vmap, names, `self.attr`, and the returns of the file's functions (`make_grad_fn(model)`; `at`: the
        element of a returned tuple a name unpacks, `energy_fn, force_fn = make_force_fn(model)`)."""
        if depth > MAX_BINDING_HOPS or expr is None:
            return None
        if at is not None:
            if not isinstance(expr, (cst.Call, cst.Tuple)):
                return None
            if isinstance(expr, cst.Tuple):
                els = expr.elements
                return self.transform_of(els[at].value, fn, depth) if at < len(els) and \
                    not any(isinstance(e, cst.StarredElement) for e in els) else None
        if isinstance(expr, cst.Call):
            capi = self.ex._callee_api.get(id(expr))
            if capi in _FUNC_TRANSFORMS:
                return expr, fn
            if capi == "torch.func.vmap":  # (a part of expr: no binding hop)
                return self.transform_of(_arg(expr, 0, "func"), fn, depth)
            if capi is None and isinstance(expr.func, cst.Name):
                d = self.lookup_def(fn, expr.func.value) if self.lookup_assigns(fn, expr.func.value) is None \
                    else None
                for value in returned(d.node.body) if d is not None else ():
                    if value is not None:
                        hit = self.transform_of(value, d, depth + 1, at)
                        if hit is not None:
                            return hit
                if d is not None and isinstance(d.node, cst.FunctionDef) and at is None:
                    return self.combined_transform(expr, fn, d, depth)
            return None
        if isinstance(expr, cst.Name):
            found = self.lookup_assigns(fn, expr.value)
            for v in found[0] if found is not None else ():
                hit = self.transform_of(v, found[1], depth + 1, self.ex._unpacked.get(id(v), {}).get(expr.value))
                if hit is not None:
                    return hit
            if found is None and at is None and self.param_of(fn, expr.value):
                # `def drift_loss(force_fn, ...)`, every call passing `force_fn = make_force_fn(model)`
                owner = self.param_owner(fn, expr.value)
                for v, ctx in self.every_call_args(owner, expr.value) or ():
                    hit = self.transform_of(v, ctx, depth + 1)
                    if hit is not None:
                        return hit
                return None
            d = self.lookup_def(fn, expr.value) if found is None else None
            if d is not None and isinstance(d.node, cst.FunctionDef) and depth < MAX_BINDING_HOPS:
                # `vmap(score)` with `def score(p, x): return -grad(energy)(p, x)`: calling it gives a derivative
                values = [v for v in returned(d.node.body) if v is not None]
                names = set().union(*(refs(v) for v in values)) if values else set()
                return next(iter(self.transforms_in(values + self.trace_back(d, names), d, depth + 1, {id(d)},
                                                    names)), None)
            return None
        if isinstance(expr, cst.Attribute):
            cls = self.class_of(expr.value, fn)
            for v, ctx in cls.attrs.get(expr.attr.value, ()) if cls is not None else ():
                hit = self.transform_of(v, ctx, depth + 1)
                if hit is not None:
                    return hit
        return None

    def combined_transform(self, call: cst.Call, fn: _Fn, d: _Fn, depth: int) -> tuple[cst.Call, _Fn] | None:
        """`compose(vmap(torch.trace), vmap(jacrev(f)))` with d, the file's `compose`, returning a function built
        from the parameters the arguments bind (`functools.reduce(lambda f, g: lambda *a: f(g(*a)), fs)`): calling
        the result calls the transform an argument is (transform_of), so it gives a derivative."""
        params = d.node.params
        read = set().union(*(refs(v) for v in returned(d.node.body) if v is not None))
        positional = [p.name.value for p in (*params.posonly_params, *params.params)]
        star = params.star_arg.name.value if isinstance(params.star_arg, cst.Param) else None
        for i, a in enumerate(call.args):
            if a.star:
                return None
            name = a.keyword.value if a.keyword is not None else positional[i] if i < len(positional) else star
            if name in read:
                hit = self.transform_of(a.value, fn, depth + 1)
                if hit is not None:
                    return hit
        return None

    # ---------------------------------------------------------------- certainty: the values a create_graph flag takes
    def literal_values(self, expr, fn: _Fn, depth: int, opened: list | None = None,
                       defaults: bool = True) -> set | None:
        """The truth values a create_graph expression can take, from literals it is bound to: a local, a
        parameter (its default and the literal arguments of every call in this file; unknown with no call),
        `self.flag` (every assignment in the class), `not x`. None when any binding is not a literal. A public
        function's parameter without a default, which other files' calls may bind too, is unknown, unless
        `opened` is given: then it takes this file's calls' values and (function, parameter) is added to it; with
        `defaults` False, so is a public function's parameter with a literal default (counted only at the calls
        here that leave it out, the other files' calls left to ms_scan.project)."""
        if depth > MAX_BINDING_HOPS:
            return None
        lit = _literal(expr)
        if lit is not _NOLIT:
            return {bool(lit)}
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
            inner = self.literal_values(expr.expression, fn, depth + 1, opened, defaults)
            return None if inner is None else {not v for v in inner}
        if isinstance(expr, cst.Name):
            found = self.lookup_assigns(fn, expr.value)
            if found is not None:
                return union_or_none(self.literal_values(v, found[1], depth + 1, opened, defaults) for v in found[0])
            if not self.param_of(fn, expr.value):
                return None
            owner = self.param_owner(fn, expr.value)
            calls = self.calls_of(owner)
            if not calls or not isinstance(owner.node, cst.FunctionDef):
                return None
            default = param_default(owner.node, expr.value)
            outs = []
            if not owner.name.startswith("_") and (owner.parent is None or owner.parent is self.ex._module_fn
                                                   or owner.cls is not None):
                # a public function or method may be called from other files too, with its default
                if opened is not None and (default is None or
                                           not defaults and _literal(default) in (True, False, None)):
                    opened.append((owner, expr.value))
                else:
                    outs.append(self.literal_values(default, owner, depth + 1) if default is not None else None)
            for call, caller in calls:
                if self.never_runs(caller):  # (a penalty helper called only in a config branch not taken)
                    continue
                arg = self.param_arg(owner, call, expr.value)
                if arg is None and any(a.star for a in call.args):
                    # `Learner(net, **HPARAMS)`, a dict of this file: its value there (`f(*args)`: not known)
                    outs.append(self.splat_values(call, caller, expr.value, default, owner, depth))
                    continue
                outs.append(self.literal_values(arg, caller, depth + 1, opened, defaults) if arg is not None else
                            self.literal_values(default, owner, depth + 1) if default is not None else None)
            return union_or_none(outs)
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, (cst.Name, cst.Attribute)):
            cls = self.class_of(expr.value, fn) if isinstance(expr.value, cst.Name) or \
                isinstance(expr.value.value, cst.Name) else None
            if isinstance(expr.value, cst.Name):
                cls = cls or self.passed_class(expr.value.value, fn)
            elif cls is None and isinstance(expr.value.value, cst.Name):
                cls = self.member_class(expr.value, fn)
            if cls is None and expr.attr.value != "training":
                got = self.held_bool(expr, fn)  # `self.hparams.first_order`, hparams a SimpleNamespace(...)
                if got is not None:
                    return got
                held = self.namespace_attr(expr.value, expr.attr.value, fn)  # `cfg.flag`, cfg a SimpleNamespace(...)
                if held is not None:
                    return union_or_none(self.literal_values(v, ctx, depth + 1) if v is not None else None
                                         for v, ctx in held)
                held = self.class_attr_values(expr.value, expr.attr.value, fn)
                if held is not None:  # `self.cfg.second_order`, cfg the file's `class Cfg: second_order = False`
                    return union_or_none(self.literal_values(v, ctx, depth + 1) for v, ctx in held)
                ref = self.dict_ref(expr, fn)  # `cfg.hyper.second_order`, cfg an EasyDict(...)
                return self.flag_truths(ref) if ref is not None and ref.path else None
            if cls is None or expr.attr.value == "training":
                return None
            method, values = self.class_members(cls, expr.attr.value)
            if method is not None and _is_property(method.node) and not values:
                # `create_graph=self.differentiable`, `@cached_property def differentiable`: what it returns
                returns = self.returned_values(method)
                return union_or_none(self.literal_values(r, method, depth + 1) if r is not None else None
                                     for r in returns) if returns else None
            if not values:  # `cfg.second_order`, a dataclass field: its constructions' arguments or default
                values = self.field_bindings(cls, expr.attr.value) or []
            return union_or_none(self.literal_values(v, ctx, depth + 1) if v is not None else None
                               for v, ctx in values) if values else None
        read = getattr_read(expr)
        if read is not None and read[1].isidentifier():
            return self.getattr_values(*read, fn, depth)
        if isinstance(expr, (cst.Subscript, cst.Call)):  # `CONFIG["hyper"]["second_order"]`, a dict of this file
            ref = self.dict_ref(expr, fn)
            if ref is not None:
                return self.flag_truths(ref)
            got = evaluate(expr, {}, lambda n: self.const_value(fn, n, depth + 1))  # (cfg a `ChainMap(...)`)
            return {bool(got)} if isinstance(got, bool) or got is None else None
        if isinstance(expr, (cst.Comparison, cst.BooleanOperation)) and all(
                binding(fn, n.value)[1] is self.ex._module_fn for n in _walk(expr) if isinstance(n, cst.Name)):
            # `use_physics = CFG["physics_weight"] > 0`: a test of the file's module-level constants only
            got = evaluate(expr, {}, lambda n: self.const_value(fn, n, depth + 1))
            return {bool(got)} if isinstance(got, (bool, int, float, str)) else None
        if isinstance(expr, (cst.Comparison, cst.BooleanOperation)):
            # `create_graph=(phase == "train")`: the test over each literal the one local name takes
            names = {n.value for n in _walk(expr) if isinstance(n, cst.Name) and
                     binding(fn, n.value)[1] is not self.ex._module_fn and n.value not in ("True", "False", "None")}
            if len(names) != 1:
                return None
            name = names.pop()
            if name == fn.self_name:  # `self.cfg.rrr_weight > 0`: the config object's values (held_bool's way)
                reads = [n.attr.value for n in _walk(expr) if isinstance(n, cst.Attribute)]
                if any(k.endswith("." + a) for f in self.all_fns() for k in f.assigns for a in reads
                       if not k.startswith(f"{fn.self_name}.")):
                    return None
                got = evaluate(expr, {}, lambda n: self.const_value(fn, n, depth + 1))
                return {bool(got)} if isinstance(got, (bool, int, float, str)) else None
            choices = self.literal_choices(cst.Name(name), fn, lambda v: isinstance(v, (str, int, float, bool)))
            if choices is None:
                return None
            out = set()
            for v in choices:
                got = evaluate(expr, {name: v}, lambda n: self.const_value(fn, n, depth + 1))
                if not isinstance(got, (bool, int, float, str)):
                    return None
                out.add(bool(got))
            return out
        return None

    def held_bool(self, expr: cst.Attribute, fn: _Fn) -> set | None:
        """The one literal bool a config object of the file holds under `expr`'s attribute, when its class is not
        the file's (literal_values): `not self.hparams.first_order` with `self.hparams = hparams` and every
        construction given the one `SimpleNamespace(..., first_order=True)` (or a dataclass construction, a dict
        display) bound once (const_value, made_value). None when not shown that way, or when the file assigns an
        attribute of that name anywhere (`hparams.first_order = False` after the construction)."""
        attr = expr.attr.value
        if any(k.endswith("." + attr) for f in self.all_fns() for k in f.assigns) or \
                any(attr in c.attrs for c in self.ex._classes.values()):
            return None
        value = evaluate(expr, {}, lambda n: self.const_value(fn, n))
        return {value} if isinstance(value, bool) else None

    def splat_values(self, call: cst.Call, caller: _Fn, name: str, default, owner: _Fn, depth: int) -> set | None:
        """The truth values parameter `name` takes at a call passing it in `**cfg` (one such argument, no `*args`),
        cfg a dict of this file (grad_dicts): what the dict holds under that key, the parameter's default where it
        may not hold it. None when not known."""
        stars = [a for a in call.args if a.star]
        if len(stars) != 1 or stars[0].star != "**":
            return None
        ref = self.dict_ref(stars[0].value, caller)
        if ref is None or ref.root[0] != "here" or any(ref.gets):
            return None
        values = self.dict_values(DictRef(ref.root, ref.path + (name,), ref.gets + ("?" if default is None else
                                                                                       "\0default",)))
        if values is None:
            return None
        out = set()
        for v in values:
            if v == "\0default":
                got = self.literal_values(default, owner, depth + 1)
                if got is None:
                    return None
                out |= got
            elif v in ("True", "False", "None"):
                out.add(v == "True")
            else:
                return None
        return out

    def getattr_values(self, obj, name: str, default, fn: _Fn, depth: int) -> set | None:
        """literal_values of `getattr(cfg, "second_order", False)` (obj, name and default as getattr_read gives them):
        what a namespace of keywords holds there (the default where it has no such keyword:
        grad_dicts.namespace_attr), else `cfg.second_order` of a class this file knows, the default when the class
        has no such member or field."""
        held = self.namespace_attr(obj, name, fn)
        if held is not None:
            return union_or_none(self.literal_values(v, ctx, depth + 1) if v is not None else
                                 self.literal_values(default, fn, depth + 1) if default is not None else None
                                 for v, ctx in held)
        if not isinstance(obj, (cst.Name, cst.Attribute)) or isinstance(obj, cst.Attribute) and \
                not isinstance(obj.value, cst.Name):
            return None
        found = self.literal_values(cst.Attribute(value=obj, attr=cst.Name(name)), fn, depth + 1)
        if found is not None or default is None:
            return found
        cls = self.class_of(obj, fn) if isinstance(obj, cst.Name) or isinstance(obj.value, cst.Name) else None
        if cls is None:
            cls = self.passed_class(obj.value, fn) if isinstance(obj, cst.Name) else self.member_class(obj, fn)
        if cls is None or self.attr_set_anywhere(name) or any(
                n == name for c in self.class_chain(cls) for n, _ in c.fields or ()) or \
                self.class_members(cls, name)[0] is not None or self.class_members(cls, name)[1]:
            return None
        return self.literal_values(default, fn, depth + 1)  # no such member: the default

    def member_class(self, expr: cst.Attribute, fn: _Fn) -> "_Cls | None":
        """The file's class `self.cfg` is an instance of when every value the class assigns it is a parameter
        that each call binds to one such instance (`self.cfg = cfg` in __init__, `MAML(net, Config(...))`)."""
        outer = self.class_of(expr.value, fn)
        if outer is None:
            return None
        _, values = self.class_members(outer, expr.attr.value)
        found = {}
        for v, ctx in values:
            cls = self.passed_class(v.value, ctx) if isinstance(v, cst.Name) else None
            if cls is None:
                return None
            found[id(cls)] = cls
        return next(iter(found.values())) if len(found) == 1 else None

    def l2l_certainty(self, expr, fn: _Fn, depth: int) -> str | None:
        if depth > MAX_LEARNER_HOPS:
            return None
        if isinstance(expr, cst.Name):
            found = self.lookup_assigns(fn, expr.value)
            if found is None:
                return None
            values, ctx = found
            for v in values:
                c = self.l2l_certainty(v, ctx, depth + 1)
                if c:
                    return c
            return None
        if isinstance(expr, cst.Call):
            path = self.ex._ext_path(expr.func) or ""
            if path.startswith("learn2learn") and path.endswith(("MAML", "MetaSGD", "GBML")):
                fo = _kw(expr, "first_order")
                lit = _literal(fo) if fo is not None else False
                if lit is True:
                    return None
                return "definite" if lit is False else "possible"
            if isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "clone":
                return self.l2l_certainty(expr.func.value, fn, depth + 1)
        return None

    def site_path(self, site: GradSite, call: cst.Call, fn: _Fn, kind: str, extra) -> None:
        state = _PathState(site)
        flag = self.param_flag(self.ex.site_kw(call, "create_graph"), fn)
        if flag is not None:  # `create_graph=keep_graph`, a parameter
            state.flag = (self.param_owner(fn, flag[0]), *flag)
        elif self.ex.site_kw(call, "create_graph") is None and isinstance(fn.node, cst.FunctionDef) and \
                fn.node.params.star_kwarg is not None and any(
                    a.star == "**" and isinstance(a.value, cst.Name) and
                    a.value.value == fn.node.params.star_kwarg.name.value for a in call.args):
            state.flag = (fn, "create_graph", False)  # `grad(y, ps, **kw)`: what each call of fn passes as keyword
        if kind == "grad":
            outputs = _arg(call, 0, "outputs")
            inputs = _arg(call, 1, "inputs")
            if outputs is None or inputs is None:
                site.resolved, site.reason = False, "outputs or inputs not given"
                return
            state.weights = self.weights_in(inputs, fn, 0)
            self.slice(state, fn, [outputs], [inputs], at=call)
        elif kind == "backward":
            out = call.func.value if isinstance(call.func, cst.Attribute) and \
                site.api == "torch.Tensor.backward" else _arg(call, 0, "tensors")
            inputs = _kw(call, "inputs")
            if out is None:
                site.resolved, site.reason = False, "no tensor to differentiate"
                return
            self.slice(state, fn, [out], [inputs] if inputs is not None else None, at=call)
        elif kind == "torchmeta":  # gradient_update_parameters(model, loss, ...): what the loss is computed from
            loss = _arg(call, 1, "loss")
            if loss is None:
                site.resolved, site.reason = False, "no loss argument"
                return
            self.slice(state, fn, [loss], None)
        elif kind in ("higher", "learn2learn"):
            state.weights = True
            loss = _arg(call, 0, "loss")
            if loss is None:
                site.resolved, site.reason = False, "no loss argument"
                return
            self.slice(state, fn, [loss], None)
        elif kind.startswith("func.") and extra is not None:
            inner, argnums = extra, set()
            while isinstance(inner, cst.Call) and self.ex._callee_api.get(id(inner)) in \
                    _FUNC_TRANSFORMS + _FUNC_EVERY_ARG:
                argnums = self.argnums(inner, argnums)
                inner = inner.args[0].value if inner.args else None
            self.expand_callable(state, inner, fn, site.kind, argnums)
        else:  # hessian / hvp / vhp / jacobian / func.hessian: body of f
            self.expand_callable(state, _arg(call, 0, "func"), fn, site.kind,
                                 self.argnums(call, set()) if site.kind == "func.hessian" else None)
        if not state.any_path and not site.unresolved and site.resolved:
            site.resolved = False
            site.reason = site.reason or "the inputs do not reach the outputs in this function"

    def argnums(self, t: cst.Call, so_far: set | None) -> set | None:
        """so_far with the argument positions a torch.func transform differentiates (`argnums=1`, `(0, 2)`, 0 when
        not given); None (every argument) for jvp/linearize/vjp, or an argnums that is not a literal."""
        if so_far is None or self.ex._callee_api.get(id(t)) in _FUNC_EVERY_ARG:
            return None
        given = _kw(t, "argnums")
        value = evaluate(given, {}, lambda n: _NOLIT) if given is not None else 0
        if isinstance(value, int) and not isinstance(value, bool):
            return so_far | {value}
        if isinstance(value, tuple) and value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return so_far | set(value)
        return None

    # ---------------------------------------------------------------- slicing
    def slice(self, state: "_PathState", fn: _Fn, outputs: list, inputs: list | None, hops: int = 0,
              at: cst.CSTNode | None = None, given: frozenset = frozenset(), loud: bool = False,
              pin: cst.CSTNode | None = None) -> None:
        """The ops on the path from `inputs` to `outputs` in fn (a grad or backward call `at`: an output name
        rebound later in its loop takes only the value that reaches the call). `given`: the input parts a lifted
        helper showed (lift_parts), for inputs that are whole modules here; `loud`: see lift. `pin`: the helper's call
        whose arguments are the outputs (lift): a name they read, bound more than once in fn, takes the value that
        reaches the call (`loss = crit(...)` in a warm-up cell and again before `hutchinson_trace(loss, params)`)."""
        back = set()
        for o in outputs:
            back |= refs(o)
        pinned = {}
        for name in back if at is not None or pin is not None else ():
            v = self.rebound_reaching(fn, name, at if at is not None else pin)
            if v is not None:
                pinned[name] = [v]
        inputs = self.submodule_weights(fn, inputs) if inputs is not None else None
        cut = self.recomputed_inputs(fn, inputs) if inputs is not None else set()
        exprs = list(outputs) + self.trace_back(fn, back, stop=cut, pinned=pinned, opaque=at, cuts=True)
        back |= cut & set().union(*(refs(e) for e in exprs))
        holders: set = set()
        reach = None
        if inputs is None:
            fwd = None
            direct = set().union(*(refs(o) for o in outputs))
            if direct & set(fn.params):  # `def step(loss): loss.backward(...)`: the loss is computed by the caller
                self.lift(state, fn, direct, None, hops, "back", loud=loud)
        else:
            fwd = set()
            for i in inputs:
                fwd |= refs(i)
            fwd |= self.parameter_owners(fn, fwd)
            fwd |= self.owner_params(fn, fwd)
            parts = self.input_parts(fn, inputs) or given
            # (`net[2]` given for a helper's module: a part of the module net, not a value read out of net)
            held, holders = self.input_holders(fn, fwd, inputs, {b for b, _ in given})
            members = self.other_submodules(fn, inputs)
            visible = self.graph_assigns(fn)
            if at is not None:  # the grad's own result fed back to its output (trace_back's `opaque`)
                visible = {k: [p for v in vs for p in _outside(v, at)] for k, vs in visible.items()}
            spread(visible, fwd, members)
            while more := self.closure_names(fn, fwd, back) - fwd:  # `loss = batch_loss()` reading the model
                fwd |= more
                spread(visible, fwd, members)
            reach = set(fwd)  # what depends on the inputs; a container holding them does not spread to its other reads
            fwd |= held
            shared = fwd & back
            if not shared and self.sibling_returns(state, fn, outputs, inputs, hops):
                return
            if not shared and self.hooked_activation(state, fn, inputs, exprs):
                return
            if not shared:
                lifted = self.lift(state, fn, back, fwd, hops, parts=parts, at=at)
                if not lifted and \
                        not (self.instance_weights(fn, inputs) and self.lift(state, fn, back, None, hops, "back",
                                                                             loud=True, weights=inputs)):
                    state.site.reason = state.site.reason or \
                        "the grad inputs do not reach its outputs within " + fn.qual
                if not lifted:
                    return
                # the outputs computed here from parameters the callers compute from the inputs (`sampled_nll =
                # F.cross_entropy(logits, y_hat)`, logits passed in): the calls between those and the outputs too
                reached = self.reached_params(fn, [p for p in fn.params if p in back and p not in fn.assigns],
                                              [p for p in fn.params if p in fwd and p not in fn.assigns])
                if not reached:
                    return
                reach, holders = spread(visible, reached, members), set()
            else:
                linked = {n for n in held & self.back_names(fn, outputs, reach - held)
                          if n in fn.params and n not in fn.assigns}
                if linked:  # `def sdf_loss(out): x = out["x"]; grad(out["y"], x)`: the callers compute what links
                    self.lift(state, fn, linked, linked, hops, "hold")  # them
                free = {p for p in fn.params if p in back and p not in fwd and p not in fn.assigns} - \
                    self.called(fn)
                if free and any(p in fwd and p not in fn.assigns for p in fn.params):
                    # `def laplace(y, x): return div(grad(y, x), x)`: y is a tensor the callers compute, maybe from x
                    self.lift(state, fn, free, fwd, hops, quiet=True, parts=parts)
        state.any_path = True
        seen = set(self.input_definitions(fn, inputs, reach)) if inputs is not None else set()
        for e in exprs:
            if id(e) in seen:
                continue
            seen |= self.unrolled_builders(e, fn)
            for c in calls_in(e):
                if id(c) in seen:
                    continue
                seen.add(id(c))
                if reach is not None and not (refs_besides(c, members) & reach) and \
                        id(c) not in holders:
                    continue
                live = self.live_slots(c, reach) if reach is not None and id(c) not in holders else None
                if live is None and reach is not None and id(c) not in holders:
                    live = self.closure_live(c, fn, reach)
                functional = self.torch_api(c) in _FUNCTIONAL_CALL
                if (live is None or functional) and reach is not None and parts and id(c) not in holders:
                    live = self.part_slots(c, parts, reach, functional, fn)
                elif live is not None and parts and id(c) not in holders:
                    live |= self.part_args(c, parts)
                self.call_ops(state, c, fn, "", 0, self.used_outputs(c, back, live, fn, exprs))

    def unrolled_builders(self, e, fn: _Fn) -> set[int]:
        """id() of the calls (not torch ones) inside the arguments of an nn.Sequential / nn.ModuleList construction
        in e whose layers are known in order (container_elements: `nn.Sequential(build_layers(args.variant))`, the
        rounds its loop runs): calling the container runs those layers, not everything the builder's body could add.
        A container called where it is built (`nn.Sequential(...)(x)`) keeps them."""
        out: set[int] = set()
        called = {id(k.func) for k in calls_in(e) if isinstance(k.func, cst.Call)}
        for cc in calls_in(e):
            if id(cc) not in called and self.torch_api(cc) in ("torch.nn.Sequential", "torch.nn.ModuleList") and \
                    any(calls_in(a.value) for a in cc.args) and self.container_elements(cc, fn) is not None:
                out |= {id(x) for a in cc.args for x in calls_in(a.value) if self.torch_api(x) is None}
        return out

    def hook_captures(self) -> dict[str, set]:
        """attribute -> {(class name, keyed)} for the forward hooks of the file that keep a module's output on an
        object (`def _save(self, module, inp, out): self.act = out`; `def fn(module, inputs, output):
        self.store[name] = output` in a method's closure): an activation recorder's attribute."""
        if self._hook_captures is not None:
            return self._hook_captures
        self._hook_captures = out = {}
        if not any(isinstance(c.func, cst.Attribute) and c.func.attr.value == "register_forward_hook"
                   for f in self.all_fns() for c in f.calls):
            return out
        for f in self.all_fns():
            if not isinstance(f.node, cst.FunctionDef) or len(f.params) != 3:
                continue
            owner = next((g for g in enclosing(f) if g.self_name and g.cls is not None), None)
            kept = f.params[2]
            bound = set().union(*(_assigned_names(n) for n in _walk(f.node.body) if isinstance(n, cst.Assign)))
            for n in _walk(f.node.body):
                if not isinstance(n, cst.Assign) or not isinstance(n.value, cst.Name) or n.value.value != kept:
                    continue
                for t in n.targets:
                    target, keyed = t.target, isinstance(t.target, cst.Subscript)
                    if keyed:
                        target = target.value
                    if owner is not None and isinstance(target, cst.Attribute) and \
                            isinstance(target.value, cst.Name) and target.value.value == owner.self_name:
                        out.setdefault(target.attr.value, set()).add((owner.cls.name, keyed))
                    elif keyed and isinstance(target, cst.Name) and target.value not in bound:
                        # `activations[name] = output` in a closure: a dict of the module or of the enclosing def
                        out.setdefault("$" + target.value, set()).add((None, True))
        return out

    def value_instance(self, expr, fn: _Fn) -> "_Cls | None":
        """class_of, or for a parameter the class every call of this file passes (passed_class)."""
        cls = self.class_of(expr, fn)
        if cls is None and isinstance(expr, cst.Name):
            cls = self.passed_class(expr.value, fn)
        return cls

    def hooked_activation(self, state: "_PathState", fn: _Fn, inputs: list, exprs: list) -> bool:
        """The grad input is a module output a forward hook kept (hook_captures: `tap.act` with `tap =
        CamTap(model.stem)`, `rec.store["backbone"]`) and the outputs come from calling a module of the file that
        has that submodule (`logits = model(x)`): the path is that forward from the submodule's output on (its
        own ops run before the input and are not on it), then what the outputs compute from the call."""
        if len(inputs) != 1:
            return False
        value = inputs[0]
        if isinstance(value, cst.Name) and len(fn.assigns.get(value.value, ())) == 1:
            value = fn.assigns[value.value][0]  # `feats = rec.store["backbone"]`
        key = None
        if isinstance(value, cst.Subscript) and len(value.slice) == 1 and \
                isinstance(value.slice[0].slice, cst.Index):
            key = _literal(value.slice[0].slice.value)
            value = value.value
        held = self.hook_captures().get(value.attr.value) if isinstance(value, cst.Attribute) else \
            self.hook_captures().get("$" + value.value) if isinstance(value, cst.Name) and key is not None else None
        if not held:
            return False
        cls = self.value_instance(value.value, fn) if isinstance(value, cst.Attribute) else None
        held = {h for h in held if cls is None or h[0] == cls.name}
        if len(held) != 1:
            return False
        cls_name, keyed = next(iter(held))
        if keyed != (key is not None):
            return False
        if keyed:  # `model.backbone.register_forward_hook(save("feat"))`, or (`dict(model.named_modules())[name]`
            # hooked under its name) a top-level submodule's
            hooked = {c.func.value.attr.value for f in self.all_fns() for c in f.calls
                      if isinstance(c.func, cst.Attribute) and c.func.attr.value == "register_forward_hook" and
                      isinstance(c.func.value, cst.Attribute) and c.args and isinstance(c.args[0].value, cst.Call)
                      and c.args[0].value.args and _literal(c.args[0].value.args[0].value) == key}
            part = next(iter(hooked)) if len(hooked) == 1 else \
                key if not hooked and isinstance(key, str) and key.isidentifier() else None
        else:  # the submodule the one construction of the recorder hooks: `CamTap(model.stem)`
            built = [c for f in self.all_fns() for c in f.calls if isinstance(c.func, cst.Name) and
                     c.func.value == cls_name]
            first = built[0].args[0].value if len(built) == 1 and built[0].args else None
            part = first.attr.value if isinstance(first, cst.Attribute) else None
        if part is None:
            return False
        models = [c for e in exprs for c in calls_in(e) if self.torch_api(c) is None and
                  isinstance(c.func, (cst.Name, cst.Attribute)) and
                  (m := self.value_instance(c.func, fn)) is not None and part in self.chain_attrs(m)]
        if len({id(c) for c in models}) != 1:
            return False
        model = models[0]
        bound = {n for n, vs in fn.assigns.items() if "." not in n and any(x is model for v in vs for x in calls_in(v))}
        reach = spread(self.visible_assigns(fn), set(bound))
        state.any_path = True
        self.call_ops(state, model, fn, "", 0, frozenset({"@^" + part}))
        seen = {id(model)}
        for e in exprs:
            for c in calls_in(e):
                if id(c) not in seen and refs_besides(c) & reach:
                    seen.add(id(c))
                    self.call_ops(state, c, fn, "", 0, self.live_slots(c, reach))
        return True

    def sibling_returns(self, state: "_PathState", fn: _Fn, outputs: list, inputs: list, hops: int) -> bool:
        """`logits, fz, z = model(x)` then `grad(fz, z, create_graph=True)`: outputs and inputs are elements of
        the tuple one call of a forward (or a def) of this file returns (a DEQ's `return head(fz), fz, z_star`):
        the slice inside it, from the returned input element to the returned output element. The outputs may be
        computed from such elements (`img, ws = G(z, return_ws=True)`, `grad((img * noise).sum(), ws)`: StyleGAN's
        path length), and a return may pick its tuple by a flag (`return (img, ws) if return_ws else img`: the
        tuple). False when they are not such elements."""
        if hops > MAX_LIFTS or not outputs or not inputs or not all(isinstance(e, cst.Name) for e in inputs):
            return False

        def source(name: str):
            found = self.lookup_assigns(fn, name)
            values = found[0] if found is not None else []
            if len(values) > 1 and found[1] is fn:  # (`fake, _ = G(z)` in another branch: the one reaching here)
                values = [v for v in [self.reaching_value(fn, name, outputs[0], unpacked=True)] if v is not None]
            if len(values) != 1 or not isinstance(values[0], cst.Call):
                return None, None
            return values[0], self.ex._unpacked.get(id(values[0]), {}).get(name)
        call, in_slots = None, []
        for e in inputs:
            c, slot = source(e.value)
            if c is None or slot is None or call is not None and c is not call:
                return False
            call = c
            in_slots.append(slot)
        if all(isinstance(e, cst.Name) for e in outputs):
            out_slots = []
            for e in outputs:
                c, slot = source(e.value)
                if c is not call or slot is None:
                    return False
                out_slots.append(slot)
        else:  # (the outputs computed here from elements of the same call: those elements)
            names = set().union(*(refs_besides(o) for o in outputs))
            self.trace_back(fn, names, cuts=True)
            found = [source(n) for n in sorted(names)]
            out_slots = sorted({slot for c, slot in found if c is call and slot is not None} - set(in_slots))
            if not out_slots:
                return False
        func = call.func
        cls = self.class_of(func, fn) if isinstance(func, (cst.Name, cst.Attribute)) else None
        if cls is None and isinstance(func, cst.Name):  # `generator(z, return_ws=True)`, a parameter
            cls = self.passed_class(func.value, fn)
        d = self.class_members(cls, "forward")[0] if cls is not None else \
            self.lookup_def(fn, func.value) if isinstance(func, cst.Name) else None
        if d is None and isinstance(func, cst.Name) and self.param_of(fn, func.value) and \
                self.lookup_assigns(fn, func.value) is None and not self.calls_of(self.param_owner(fn, func.value)):
            # a model another file passes: its call is on the path whole (which slots, its file does not say)
            self.expand_held(state, call, fn, hops + 1)
            return True
        held = self.held_param(fn, func) if d is None and cls is None else None
        bound = self.bound_values(fn, func.value) if isinstance(func, cst.Name) else \
            self.bound_values(*held) if held is not None else []
        built = [(v, ctx, t) for v, ctx in bound
                 if isinstance(v, cst.Call) and (t := self.project_target(v.func, ctx)) is not None] \
            if d is None and cls is None else []
        if not bound and held is not None and not self.calls_of(held[0]):
            # `fake, ws = self.G(z)`, `self.G = G` from a constructor only other files call: the slice of what
            # they pass (their "arg" summaries, followed through "instance:^i>k")
            live = state.live
            state.live = frozenset({f"^{i}" for i in in_slots} | {f">{k}" for k in out_slots})
            hit = self.param_hit(state, held[0], held[1], "", _code(func))
            state.live = live
            if hit:
                state.any_path = True
                return True
        if built:  # `fake, ws = G(z)`, G bound here or by the callers to another file's class: the slice of its
            live = state.live  # forward from the returned input element to the output ones ("instance:^i>k")
            for v, ctx, target in built:
                state.live = frozenset({f"^{i}" for i in in_slots} | {f">{k}" for k in out_slots})
                self.project_hit(state, target, "instance", "", _code(func), built=v, fn=ctx)
            state.live = live
            state.any_path = True
            return True
        if d is None or not isinstance(d.node, cst.FunctionDef):
            return False
        returns = returned(d.node.body)
        if any(isinstance(v, cst.IfExp) for v in returns):  # (the tuple branches of `(img, ws) if flag else img`)
            returns = [r for v in returns for r in ((v.body, v.orelse) if isinstance(v, cst.IfExp) else (v,))
                       if isinstance(r, (cst.Tuple, cst.List))]
        if not tuple_slots(returns, max(in_slots + out_slots)):
            return False
        for r in returns:
            self.slice(state, d, [r.elements[i].value for i in out_slots], [r.elements[i].value for i in in_slots],
                       hops + 1)
        return True

    def held_param(self, fn: _Fn, func) -> tuple[_Fn, str] | None:
        """(__init__, its parameter) for `self.<member>` stored once from a parameter of the constructor of fn's
        class (`self.G = G`); None otherwise."""
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and fn.cls is not None and
                func.value.value == fn.self_name):
            return None
        return _init_param(fn.cls, func.attr.value)

    def submodule_weights(self, fn: _Fn, inputs: list) -> list:
        """Grad inputs read as the weights of a name fn binds once to a submodule of a module (`head = model[4]`,
        `enc = net.encoder`; `grad(loss, head.weight)`, `grad(loss, enc.parameters())`), as that submodule:
        `model[4].weight`, so that `model` owns them and only the layers from the part on are on the path."""
        def alias(v):
            if isinstance(v, (cst.List, cst.Tuple)):
                return v.with_changes(elements=[e.with_changes(value=alias(e.value)) for e in v.elements])
            if isinstance(v, cst.Attribute) and _is_weight(v.attr.value):
                return v.with_changes(value=self.submodule_value(fn, v.value))
            if isinstance(v, cst.Call) and isinstance(v.func, cst.Attribute) and \
                    v.func.attr.value in self.parameter_methods():
                return v.with_changes(func=v.func.with_changes(value=self.submodule_value(fn, v.func.value)))
            if isinstance(v, cst.Call) and isinstance(v.func, cst.Name) and v.func.value in ("list", "tuple") and \
                    len(v.args) == 1 and not v.args[0].star:
                return v.with_changes(args=[v.args[0].with_changes(value=alias(v.args[0].value))])
            return v
        out = [alias(i) for i in inputs]
        return inputs if all(a is i for a, i in zip(out, inputs)) else out

    def submodule_value(self, fn: _Fn, v):
        """`head` bound once in fn (not a parameter) to `model[4]` / `net.blocks[0]` / `net.encoder` (a subscript or
        attribute chain on a name, no call): that value; else v itself."""
        if not isinstance(v, cst.Name) or v.value in fn.params:
            return v
        found = self.lookup_assigns(fn, v.value)
        if found is None or found[1] is not fn or len(found[0]) != 1:
            return v
        x = found[0][0]
        root = chain_root(x)
        if root is x or not isinstance(root, cst.Name) or root.value == v.value or calls_in(x):
            return v
        return x

    def live_slots(self, c: cst.Call, reach: set) -> frozenset | None:
        """The argument slots ("0", "1", ... or the keyword) of a call that read a name in `reach` (what depends
        on the differentiated inputs), when only some do: `net(u, y)` with y differentiated is on the path
        through y only, so only the part of net's forward that y reaches is (Resolver.sliced_calls). None when
        the callee itself depends on them (a model whose weights are the inputs), or all or no slot is live,
        or a starred argument carries them."""
        if refs(c.func) & reach:
            return None
        if self.torch_api(c) in _FUNCTIONAL_CALL:
            return self.forward_slots(c, reach)
        live, slots, pos = set(), 0, 0
        for a in c.args:
            hit = bool(refs(a.value) & reach)
            if a.star or (a.keyword is None and pos < 0):
                if hit:
                    return None
                pos = -1  # `f(*args, x)`: the positions after it are not known
                continue
            slots += 1
            if hit:
                live.add(a.keyword.value if a.keyword is not None else str(pos))
            pos += a.keyword is None
        return frozenset(live) if live else None  # every slot live: the body is still sliced by its parameters

    def forward_slots(self, c: cst.Call, reach: set) -> frozenset | None:
        """live_slots of `functional_call(model, params, (x, w))`: the slots of the forward's own arguments (the
        args tuple's elements, "0" for a lone argument) that read `reach`; "@*" when only the parameters read them;
        None when the module does, or the parameters and the arguments, or the arguments are not shown."""
        module, params, args = _arg(c, 0, "module"), _arg(c, 1, "parameter_and_buffer_dicts"), _arg(c, 2, "args")
        if args is None or any(a.star for a in c.args) or \
                any(a.keyword is not None and a.keyword.value == "kwargs" for a in c.args) or len(c.args) > 3:
            return None
        if any(e is not None and refs(e) & reach for e in (module, params)):
            # the weights differentiated: "@*" when only through the parameters, not the module nor the forward's
            # arguments (every weight, none of its inputs: Resolver.part_calls)
            weights_only = isinstance(module, cst.Name) and not refs(module) & reach and not refs(args) & reach
            return frozenset({"@*"}) if weights_only else None
        if not isinstance(args, cst.Tuple):
            return frozenset({"0"}) if refs(args) & reach else None
        if any(isinstance(e, cst.StarredElement) for e in args.elements):
            return None
        live = {str(i) for i, e in enumerate(args.elements) if refs(e.value) & reach}
        return frozenset(live) if live and len(live) < len(args.elements) else None

    def closure_live(self, c: cst.Call, fn: _Fn, reach: set) -> frozenset | None:
        """`batch_loss()`, a function of the file called with no argument that depends on `reach`, that reads
        some of `reach` from outside (free_reads: `model`): "~<name>" for each, so that only what its body
        computes from them is on the path (Resolver.sliced_calls), not a frozen teacher it also reads. None
        otherwise."""
        if not isinstance(c.func, cst.Name) or binding(fn, c.func.value)[0] is not None or \
                any(a.star or refs(a.value) & reach for a in c.args):
            return None
        d = self.lookup_def(fn, c.func.value)
        names = self.free_reads(d) & reach if d is not None and isinstance(d.node, cst.FunctionDef) else set()
        return frozenset("~" + n for n in names) or None

    def held_weights(self, fn: _Fn, attr: str) -> str | None:
        """The attribute of fn's instance holding the module whose weights the instance's `attr` is: `self.params =
        [p for p in model.parameters() if p.requires_grad]` (or `list(model.parameters())`) beside `self.model = model`
        in the same method: "model". None when not that (the attribute set elsewhere too, or from another value)."""
        attrs = self.chain_attrs(fn.cls) if fn.cls is not None else {}
        values = attrs.get(attr, [])
        if len(values) != 1:
            return None
        v, ctx = values[0]
        v = v.args[0].value if isinstance(v, cst.Call) and dotted_name(v.func) in ("list", "tuple") and \
            len(v.args) == 1 else v
        if isinstance(v, (cst.ListComp, cst.GeneratorExp)) and not v.for_in.inner_for_in:
            v = v.for_in.iter
        if not (isinstance(v, cst.Call) and isinstance(v.func, cst.Attribute) and not v.args and
                v.func.attr.value == "parameters" and isinstance(v.func.value, cst.Name)):
            return None
        module = v.func.value.value
        if module not in ctx.params or module in ctx.assigns:
            return None
        held = [k for k, vs in attrs.items() if len(vs) == 1 and vs[0][1] is ctx and
                isinstance(vs[0][0], cst.Name) and vs[0][0].value == module]
        return held[0] if len(held) == 1 else None

    def part_slots(self, c: cst.Call, parts: frozenset, reach: set, functional: bool = False,
                   fn: _Fn | None = None) -> frozenset | None:
        """`model(x)` with the grad inputs the weights of some of model's submodules only (input_parts) and no
        argument reading what depends on them: "@attr" for each such submodule, so that model's forward puts on
        the path only what those submodules reach (Resolver.part_calls). None otherwise."""
        module, args = c.func, c.args
        if functional:  # `functional_call(net, params, (x, y))`: net's forward with params substituted
            module = _arg(c, 0, "module")
            args = [a for i, a in enumerate(c.args) if i >= 2 and (a.keyword is None or a.keyword.value in
                                                                   ("args", "kwargs"))]
        name = dotted_name(module) if isinstance(module, cst.Attribute) else None
        if name is None or "." not in name or not any(base == name for base, _ in parts):
            # (else `self.model(x)` over `self.model.head.parameters()`, input_parts)
            if isinstance(module, cst.Attribute) and not functional:  # `model.classify(x)`: a method, sliced alike
                module = module.value
                if fn is not None:  # `net.module.predict(x)`, net a DataParallel: net's method
                    module = self.unwrapped(module, fn)
            if not isinstance(module, cst.Name):
                return None
            name = module.value
        if any(a.star or refs_besides(a.value) & reach for a in args):
            return None
        if not functional and isinstance(c.func, cst.Attribute) and isinstance(c.func.value, cst.Name) and \
                fn is not None and c.func.value.value == fn.self_name and (name, c.func.attr.value) in parts:
            # `self.model(x)` over every weight of the module self.model holds (an engine's `self.params`, not its
            # own submodule's): every weight of that module, none of its arguments
            return frozenset({"@*"})
        out = frozenset("@" + attr for base, attr in parts if base == name)
        return out or None

    @staticmethod
    def part_args(c: cst.Call, parts: frozenset) -> frozenset:
        """`losses(enc, clf, batch)` with the grad inputs the weights of `enc.proj` only: "@<slot>.<attr>" for each
        argument that is the bare name of such a module ("*": every weight of it, `loss_of(model, x)` over
        `model.parameters()`, or `self.model` over all its weights), so that the callee's calls through that
        parameter put on the path only what the part reaches (Resolver.sliced_calls)."""
        out, pos = set(), 0
        for a in c.args:
            if a.star:
                return frozenset(out)  # the positions after it are not known
            slot = a.keyword.value if a.keyword is not None else str(pos)
            pos += a.keyword is None
            if isinstance(a.value, cst.Name):
                out |= {f"@{slot}.{attr}" for base, attr in parts if base == a.value.value}
            elif isinstance(a.value, cst.Attribute) and isinstance(a.value.value, cst.Name) and \
                    (a.value.value.value, a.value.attr.value) in parts:
                out.add(f"@{slot}.*")  # `train_loss(self.model, x, y)` over the weights of self.model: all of its
        return frozenset(out)

    def substituted_parts(self, c: cst.Call, f: _Fn) -> frozenset | None:
        """`functional_call(model, params, (x,))` in a function f differentiated in its parameters (`hvp(loss_of,
        w, v)` with `params[name] = w`, name "classifier.0.weight"; `{**frozen, "head.weight": w}`): the parameters
        reach the module's forward only through entries of the dict under literal keys naming weights of its
        submodules, so only those submodules and what they feed are on the path. "@<attr>" ("@classifier#0": the
        layers of the nn.Sequential `classifier` from index 0 on) for each; None when not shown (a key not a
        literal, a top-level weight, the parameters also in another entry, the module or the call's arguments)."""
        if len(c.args) < 2 or any(a.star for a in c.args) or not isinstance(f.node, cst.FunctionDef):
            return None
        reach = spread(self.visible_assigns(f), set(f.params))
        module, table = c.args[0].value, c.args[1].value
        if c.args[0].keyword is not None or c.args[1].keyword is not None or refs(module) & reach or \
                any(refs(a.value) & reach for a in c.args[2:]):
            return None
        keyed = []  # (key expression, value) of each entry that reads the parameters
        if isinstance(table, cst.Name) and isinstance(module, cst.Name) and table.value in f.params and \
                table.value not in f.assigns:
            return frozenset({"@*"})  # `functional_call(model, p, (x,))`, p the parameter: every weight, not x
        if isinstance(table, cst.Name):
            found = self.lookup_assigns(f, table.value)
            if found is None or found[1] is not f:
                return None
            for v in found[0]:
                if refs(v) & reach:
                    # `params[name] = w`: the key it is stored under in the dict (GradExtractor.leave_Assign)
                    key = self.ex._item_keys.get(id(v), {}).get(table.value)
                    if key is None and not isinstance(v, cst.Dict):
                        return None
                    keyed.append((key, v))
            values = [v for k, v in keyed if k is None]
            keyed = [(k, v) for k, v in keyed if k is not None]
        else:
            values = [table]
        for v in values:  # `{**frozen, "head.weight": w}`
            if not isinstance(v, cst.Dict):
                return None
            for e in v.elements:
                if refs(e.value) & reach:
                    if not isinstance(e, cst.DictElement):
                        return None
                    keyed.append((e.key, e.value))
        if not keyed or not isinstance(module, cst.Name):
            return None
        first: dict = {}  # submodule ("" for the module itself, an nn.Sequential) -> its first layer on the path
        for key, _ in keyed:
            names = self.literal_choices(key, f, lambda s: isinstance(s, str))
            if not names:
                return None
            for name in names:
                path = name.split(".")
                if len(path) < 2 or not _is_weight(path[-1]) or not all(p.isidentifier() or p.isdigit()
                                                                        for p in path):
                    return None
                attr, index = ("", path[0]) if path[0].isdigit() else \
                    (path[0], path[1] if len(path) > 2 and path[1].isdigit() else None)
                known = first.get(attr, index)  # `"4.weight"`: the layers of the module from index 4 on
                first[attr] = None if index is None or known is None else min(index, known, key=int)
        return frozenset(f"@{a}" + (f"#{i}" if i is not None else "") for a, i in first.items())

    def used_outputs(self, c: cst.Call, back: set, live: frozenset | None, fn: _Fn | None = None,
                     exprs: list = ()) -> frozenset | None:
        """`live` plus ">k" for the one returned element of `c` the derivative path reads, when its result is
        unpacked (`energy, aux = model(z, pos)` with only energy differentiated), or plus ">'key'" when its result,
        bound to a name, is read on the path (`exprs`) only under one literal key (`out = model(pos)`,
        `grad(out["energy"].sum(), pos)`): the part of the callee that computes the rest is not on the path
        (Resolver.output_calls)."""
        names = self.ex._unpacked.get(id(c))
        if not names and fn is not None and exprs:
            key = self.read_key(c, fn, exprs)
            return live if key is None else (live or frozenset()) | {f">{key!r}"}
        used = {i for n, i in names.items() if n in back} if names else ()
        if len(used) != 1 or len(names) < 2:
            return live
        return (live or frozenset()) | {f">{used.pop()}"}

    @staticmethod
    def read_key(c: cst.Call, fn: _Fn, exprs: list) -> str | None:
        """The one literal string key under which the name fn binds (once) to c's result is read in `exprs`, when
        it is read only so (`out["energy"]`); None otherwise."""
        name = next((k for k, vs in fn.assigns.items() if "." not in k and len(vs) == 1 and vs[0] is c), None)
        if name is None:
            return None
        keys, subs = set(), set()
        for e in exprs:
            for n in _walk(e):
                if isinstance(n, cst.Subscript) and isinstance(n.value, cst.Name) and n.value.value == name:
                    key = _subscript_key(n)
                    if not isinstance(key, str) or set(key) & set(",|='\"\\"):
                        return None
                    keys.add(key)
                    subs.add(id(n.value))
        for e in exprs:
            if any(isinstance(n, cst.Name) and n.value == name and id(n) not in subs for n in _walk(e)):
                return None  # read whole somewhere
        return keys.pop() if len(keys) == 1 else None

    def output_calls(self, f: _Fn, live: frozenset | None) -> set | None:
        """ids of the calls of f's body that compute the returned element ">k" of `live` asks for (every return
        a tuple display), or the value under ">'key'" (every return a dict display holding the key); None when no
        element is asked for or a return is not such a display."""
        outs = [t[1:] for t in live or () if t.startswith(">")]
        returns = returned(f.node.body) if len(outs) == 1 else []
        if returns and outs[0].isdigit() and \
                all(isinstance(r, cst.Tuple) and len(r.elements) > int(outs[0]) for r in returns):
            picked = [r.elements[int(outs[0])].value for r in returns]
        elif returns and outs[0][:1] == "'" and all(isinstance(r, cst.Dict) for r in returns):
            key = outs[0][1:-1]
            picked = [e.value for r in returns for e in r.elements
                      if isinstance(e, cst.DictElement) and _literal(e.key) == key]
            if len(picked) != len(returns) or any(isinstance(e, cst.StarredDictElement) for r in returns
                                                  for e in r.elements):
                return None
        else:
            return None
        exprs = list(picked)
        for name in self.back_names(f, picked, set()):
            found = self.lookup_assigns(f, name)
            exprs += found[0] if found is not None else []
        return {id(c) for e in exprs for c in calls_in(e)}

    def back_names(self, fn: _Fn, outputs: list, stop: set) -> set:
        """Names the outputs are computed from, not looking through the names in `stop` (the inputs)."""
        back = set().union(*(refs(o) for o in outputs)) - stop
        self.trace_back(fn, back, stop)
        return back

    def trace_back(self, fn: _Fn, names: set, stop: set | None = None, pinned: dict | None = None,
                   opaque: cst.CSTNode | None = None, cuts: bool = False, graph_only: bool = False) -> list:
        """The backward walk over assignments: follows `names` back through the bindings visible in fn
        (`x = y`, `x = f(y)`, in fn or an enclosing function; a parameter ends the walk) to their sources.
        Grows `names` in place with every name read on the way, not those in `stop` (not walked through);
        returns the assigned values met, in the order met. `pinned`: name -> the values to take for it instead
        of all its assignments (the one that reaches a grad call in a loop). `opaque`: the grad call being sliced,
        whose own arguments are not sources of an output it feeds back into (`for _ in range(order): u = grad(u,
        x, ...)[0]`: the derivative of u is taken along u's own path, the loop adds no op and no link to x). `cuts`:
        a value read only through a _GRAPH_CUTS call (`t = torch.full_like(x, k * dt)`) is no source (refs_besides).
        `graph_only`: a value computed where no graph is built (`with torch.no_grad(): fast = ...`) is no source."""
        exprs = []
        reads = refs_besides if cuts else refs
        work = sorted(names, reverse=True)  # (popped in name order: the walk does not depend on set order)
        while work:
            name = work.pop()
            found = self.lookup_assigns(fn, name)
            if found is None:
                continue
            for v in pinned.get(name, found[0]) if pinned else found[0]:
                if graph_only and id(v) in self.ex.grad_off_values:
                    continue
                v = self.passed_through(v, name) or v  # `critic, opt = accelerator.prepare(critic, opt)`: critic
                exprs.append(v)
                read = reads(v) if opaque is None else set().union(*map(reads, _outside(v, opaque)))
                for r in sorted((read - names - stop) if stop is not None else (read - names), reverse=True):
                    names.add(r)
                    work.append(r)
        return exprs

    def passed_through(self, v, name: str):
        """The argument a call handing back the objects it is given (PASSING_THROUGH: `accelerator.prepare(critic,
        opt)`, unpacked into `critic, opt`, or one given and bound to a name) gives `name`; None for any other."""
        if not isinstance(v, cst.Call) or not isinstance(v.func, cst.Attribute):
            return None
        if v.func.attr.value == "initialize" and (self.ex.import_path(v.func) or "").startswith("deepspeed."):
            # `engine, opt, _, _ = deepspeed.initialize(model=net, ...)`: the engine runs the model given
            given = next((a.value for a in v.args if a.keyword and a.keyword.value == "model"), None)
            return given if self.ex._unpacked.get(id(v), {}).get(name) == 0 else None
        if v.func.attr.value not in PASSING_THROUGH or any(a.star or a.keyword for a in v.args):
            return None
        k = self.ex._unpacked.get(id(v), {}).get(name)
        if k is None and len(v.args) == 1 and id(v) not in self.ex._unpacked:
            k = 0
        return v.args[k].value if k is not None and k < len(v.args) else None

    @staticmethod
    def called(fn: _Fn) -> set:
        """Names fn calls or calls a member of (`model(x)`, `model.encode(x)`): models and functions."""
        out = set()
        for c in fn.calls:
            f = c.func.value if isinstance(c.func, cst.Attribute) else c.func
            if isinstance(f, cst.Name):
                out.add(f.value)
        return out

    def input_holders(self, fn: _Fn, names: set, inputs: list = (), modules: set = frozenset()) -> tuple[set, set]:
        """A grad input read out of a container (`coords = out["model_in"]`, `h = res[1]`, `z = enc.latent`):
        (the containers' names, ids of the calls that make them: `out = model(inp)` computes input and output
        together, so that call stays on the path whole, while its arguments, computed before it, do not).
        `modules`: names known to be modules whose parts the inputs are, no such containers."""
        held, values, work = set(), set(), [n for n in names if "." not in n]
        # `grad(out["y"], out["x"])`: an input read straight out of a container
        direct = [e.value for x in inputs for e in x.elements] + [x for x in inputs] \
            if any(isinstance(x, (cst.List, cst.Tuple)) for x in inputs) else list(inputs)
        while work or direct:
            is_direct = bool(direct)
            found = ([direct.pop()], fn) if direct else self.lookup_assigns(fn, work.pop())
            for v in found[0] if found is not None else ():
                root = chain_root(v)
                if root is v or not isinstance(root, cst.Name) or root.value in held or root.value in modules or \
                        root.value in names and not is_direct or \
                        isinstance(v, cst.Attribute) and _is_weight(v.attr.value):
                    continue  # `net[4].weight`: a module's weight, held by no value computed with the output
                held.add(root.value)
                work.append(root.value)
                owner = self.lookup_assigns(fn, root.value)
                for x in owner[0] if owner is not None else ():
                    x = chain_root(x)
                    if isinstance(x, cst.Call):  # the call itself; its arguments are computed before it
                        values.add(id(x))
        return held, values

    def recomputed_inputs(self, fn: _Fn, inputs: list) -> set:
        """Grad inputs that are plain names fn assigns only from themselves (or from what they reach around a loop:
        `x_in = x.requires_grad_(True)` with `x = x_in + f * dt` below) and values no other input reaches (`w = w -
        step` after a Newton step built from `grad(loss, w)` in a loop): what computes the next value of the input
        comes before the grad, so the slice does not walk back through these assignments."""
        names = [e.value for i in inputs for e in (i.elements if isinstance(i, (cst.List, cst.Tuple)) else ())] + \
            [i for i in inputs if not isinstance(i, (cst.List, cst.Tuple))]
        plain = {n.value for n in names if isinstance(n, cst.Name)}
        if len(plain) != len(names):
            return set()
        out = set()
        for n in plain:
            found = self.lookup_assigns(fn, n)
            if found is None or found[1] is not fn:
                continue
            others = spread(self.visible_assigns(fn), plain - {n}) if len(plain) > 1 else set()
            around = spread(self.visible_assigns(fn), {n})
            if any(refs(v) & around for v in found[0]) and \
                    not any((refs(v) - {n}) & others for v in found[0]):
                out.add(n)
        return out

    def input_definitions(self, fn: _Fn, inputs: list, fwd: set) -> list[int]:
        """ids of the values assigned to a grad input that is a plain name (`h = self.embed(t)`,
        `x = self.embed(x)`; `inputs=[h, w]`): they compute the input before the grad differentiates from it,
        so their ops are not on its derivative path. Kept when the value reads anything else the inputs reach
        (`grad(out, [x, z])` with `z = f(x)`: f is on x's path)."""
        out = []
        for i in inputs:
            names = [e.value for e in i.elements] if isinstance(i, (cst.List, cst.Tuple)) else [i]
            for n in names:
                found = self.lookup_assigns(fn, n.value) if isinstance(n, cst.Name) else None
                if found is not None:
                    out.extend(id(v) for v in found[0] if not (refs(v) - {n.value}) & fwd)
        return out

    def input_parts(self, fn: _Fn, inputs: list, depth: int = 0) -> frozenset:
        """When the grad inputs are weights of submodules of a module only (`self.classifier.parameters()`,
        `model.head.weight`, `net.blocks[0][0].weight`, a name bound in fn to such a value): the (module name,
        submodule attribute) pairs; empty when not shown (a whole module's weights, inputs that are parameters
        of fn or closures' names, deeper attribute chains)."""
        pairs, work, seen = set(), [], set()
        for i in inputs:
            for v in [e.value for e in i.elements] if isinstance(i, (cst.List, cst.Tuple)) else [i]:
                work.append(v)
        while work:
            v = work.pop()
            if isinstance(v, (cst.List, cst.Tuple)):  # `params = [layer.weight]`
                work.extend(e.value for e in v.elements)
                continue
            if isinstance(v, cst.Attribute) and isinstance(v.value, cst.Name) and v.value.value in fn.params and \
                    v.value.value not in fn.assigns and depth < MAX_BINDING_HOPS and _is_weight(v.attr.value):
                # `layer.weight` of a module the callers pass: the part of their model it is (`net.dec[3]`)
                lifted = self.caller_module_parts(fn, v.value.value)
                if not lifted:
                    return frozenset()
                pairs |= lifted
                continue
            if isinstance(v, cst.Attribute) and isinstance(v.value, cst.Call):
                # `model.get_last_shared_layer().weight` with the method returning `self.trunk[2]`: that part
                sub = self.submodule_of(self.method_part(v.value, fn), fn)
                if sub is None:
                    return frozenset()
                pairs.add(sub)
                continue
            if isinstance(v, cst.Attribute) and not isinstance(v.value, cst.Name):
                part = v.value  # `self.classifier.weight`, `net.blocks[0][0].weight`: the submodule's weight
                while isinstance(part, cst.Subscript) and isinstance(part.value, (cst.Subscript, cst.Attribute)):
                    part = part.value
                if isinstance(part, cst.Attribute) and isinstance(self.unwrapped(part.value, fn), cst.Name):
                    # `core.head` with `core = model.module if ... else model`: model's head
                    root = self.unwrapped(part.value, fn).value
                    pairs.add((self.wrapped_alias(fn, root) or root, part.attr.value))
                    continue
                layer = self.index_part(part, fn)
                if layer is None:
                    return frozenset()
                pairs.add(layer)
                continue
            if isinstance(v, cst.Attribute) and isinstance(v.value, cst.Name) and v.value.value == fn.self_name and \
                    (held := self.held_weights(fn, v.attr.value)) is not None:
                pairs.add((fn.self_name, held))  # `self.params`, the weights of the module `self.model` holds
                continue
            if isinstance(v, cst.Name):
                if v.value in seen:
                    continue
                seen.add(v.value)
                found = self.lookup_assigns(fn, v.value)
                if found is None and v.value in fn.params and depth < MAX_BINDING_HOPS:
                    lifted = self.caller_parts(fn, v.value, depth)
                    if not lifted:
                        return frozenset()
                    pairs |= lifted
                    continue
                if found is None or found[1] is not fn:
                    return frozenset()  # a parameter or a closure's name: what it holds is decided elsewhere
                # `w = model.dec_conv.weight`, `ps = list(model.head.parameters())`; an update of the name from
                # itself (`params = {k: v - lr * g for (k, v), g in zip(params.items(), grads)}`) holds the same
                own = [x for x in found[0] if v.value not in refs(x)]
                work.extend(own or found[0])
                continue
            # `tuple(net.decoder.parameters())`: the submodules whose parameter methods it calls ("*": all of
            # a module's, `model.parameters()`)
            owners = [c.func.value for c in calls_in(v) if isinstance(c.func, cst.Attribute) and
                      c.func.attr.value in self.parameter_methods()]
            if not owners and isinstance(v, cst.Call) and len(v.args) <= 1:  # `tuple(params.values())`
                inner = v.func.value if isinstance(v.func, cst.Attribute) and v.func.attr.value == "values" and \
                    not v.args else v.args[0].value if v.args and isinstance(v.func, cst.Name) and \
                    v.func.value in ("tuple", "list") else None
                if inner is not None:
                    work.append(inner)
                    continue
            if not owners:
                return frozenset()
            for o in owners:
                if isinstance(o, cst.Subscript) and isinstance(o.value, cst.Attribute) and \
                        isinstance(self.unwrapped(o.value.value, fn), cst.Name) and \
                        (k := self.member_index(o, fn)) is not None:
                    # `model.blocks[-1].parameters()`: the layers of the container model.blocks from that index on
                    root = self.unwrapped(o.value.value, fn).value
                    pairs.add((self.wrapped_alias(fn, root) or root, f"{o.value.attr.value}#{k}"))
                    continue
                if isinstance(o, cst.Subscript) and _subscript_key(o) is not None and \
                        isinstance(o.value, cst.Attribute) and isinstance(self.unwrapped(o.value.value, fn), cst.Name):
                    # `model.stages["mid"].parameters()`: the entry under "mid" of the container model.stages
                    root = self.unwrapped(o.value.value, fn).value
                    pairs.add((self.wrapped_alias(fn, root) or root, f"{o.value.attr.value}[{_subscript_key(o)}]"))
                    continue
                while isinstance(o, cst.Subscript) and isinstance(o.value, (cst.Subscript, cst.Attribute)):
                    o = o.value  # `clf.heads[task].parameters()`: the whole container is the part
                layer = self.index_part(o, fn)  # `model[4].parameters()`: its layers from index 4 on
                if layer is None and isinstance(o, cst.Subscript) and isinstance(o.value, cst.Name) and \
                        _subscript_key(o) is not None:  # `stages["mid"].parameters()`: the entry under "mid"
                    layer = (o.value.value, f"[{_subscript_key(o)}]")
                if layer is not None:
                    pairs.add(layer)
                elif isinstance(o, cst.Name):
                    pairs.add((o.value, "*"))
                elif isinstance(o, cst.Attribute) and isinstance(self.unwrapped(o.value, fn), cst.Name):
                    root = self.unwrapped(o.value, fn).value  # `net.module.head`, net a DataParallel: net's head
                    pairs.add((self.wrapped_alias(fn, root) or root, o.attr.value))
                elif isinstance(o, cst.Attribute) and fn.self_name and (held := dotted_name(o.value)) and \
                        held.count(".") == 1 and held.startswith(fn.self_name + "."):
                    # `self.model.head.parameters()`: the part head of the module self.model holds (part_slots)
                    pairs.add((held, o.attr.value))
                else:
                    return frozenset()
        return frozenset(pairs)

    def member_index(self, sub: cst.Subscript, fn: _Fn) -> int | None:
        """`model.blocks[1]`, `model.blocks[-1]`: the index into the container the attribute holds, a negative one
        counted from the end of its layers (container_elements); None when not shown."""
        if len(sub.slice) != 1 or not isinstance(sub.slice[0].slice, cst.Index):
            return None
        e = sub.slice[0].slice.value
        k = self.index_value(e, fn)
        if k is not None:
            return k
        k = _literal(e)
        if not isinstance(k, int) or isinstance(k, bool) or k >= 0:
            return None
        cls = self.class_of(self.unwrapped(sub.value.value, fn), fn)
        elements = self.member_elements(cls, sub.value.attr.value) if cls is not None else None
        if elements is None:
            return None
        return len(elements) + k if len(elements) + k >= 0 else None

    def method_part(self, call, fn: _Fn):
        """`model.last_shared()` (no arguments) on an instance of a file class whose method of that name only
        returns a submodule of self (`return self.trunk[2]`, `return self.head`; no call in it): that value with
        the instance for self (`model.trunk[2]`); None for anything else."""
        if not isinstance(call, cst.Call) or call.args or not isinstance(call.func, cst.Attribute) or \
                not isinstance(call.func.value, cst.Name):
            return None
        cls = self.class_of(call.func.value, fn)
        meth = cls.methods.get(call.func.attr.value) if cls is not None else None
        if meth is None or not meth.self_name or meth.params:
            return None
        values = returned(meth.node.body)  # (nested functions and classes not entered)
        if len(values) != 1 or values[0] is None or calls_in(values[0]):
            return None
        chain, path = values[0], []
        while isinstance(chain, (cst.Subscript, cst.Attribute)):
            path.append(chain)
            chain = chain.value
        if not path or not isinstance(chain, cst.Name) or chain.value != meth.self_name:
            return None
        return path[-1].with_changes(value=call.func.value) if len(path) == 1 else \
            values[0].deep_replace(chain, call.func.value)

    def index_part(self, sub, fn: _Fn) -> tuple[str, str] | None:
        """`model[4]`, `model[layer_idx]` (index_value): ("model", "#4"), the layers of the nn.Sequential `model`
        from index 4 on (Resolver.expand_torch_value); None for anything else."""
        if not isinstance(sub, cst.Subscript) or not isinstance(sub.value, cst.Name) or len(sub.slice) != 1 or \
                not isinstance(sub.slice[0].slice, cst.Index):
            return None
        k = self.index_value(sub.slice[0].slice.value, fn)
        if k is None:
            return self.called_index_part(sub, fn)
        return sub.value.value, f"#{k}"

    def loop_part(self, c: cst.Call, parts: frozenset, fn: _Fn) -> frozenset | None:
        """`stages[name](x)` in `for name in ("stem", "mid", "out")` with the grad inputs the weights of
        `stages["mid"]` only (input_parts' "[mid]"): {"@[mid]"}, so that only the entries from "mid" on in the
        loop's order are on the path (expand_item); the earlier ones run before those weights are applied.
        None for anything else."""
        sub = c.func
        if not isinstance(sub, cst.Subscript) or dotted_name(sub.value) is None or len(sub.slice) != 1 or \
                not isinstance(sub.slice[0].slice, cst.Index) or not isinstance(sub.slice[0].slice.value, cst.Name):
            return None
        keys = self.loop_keys(fn, sub.slice[0].slice.value.value)
        found = [attr for base, attr in parts if base == dotted_name(sub.value) and attr.startswith("[") and
                 keys is not None and attr[1:-1] in keys]
        return frozenset({"@" + found[0]}) if len(found) == 1 else None

    @staticmethod
    def loop_keys(fn: _Fn, name: str) -> list[str] | None:
        """The literal strings, in order, of the one `for name in ("a", "b")` loop of fn binding `name` (not
        assigned otherwise in fn); None for anything else."""
        if not isinstance(fn.node, cst.FunctionDef) or name in fn.params:
            return None
        loops = [n for n in _walk(fn.node.body) if isinstance(n, cst.For) and isinstance(n.target, cst.Name) and
                 n.target.value == name]
        if len(loops) != 1 or not isinstance(loops[0].iter, (cst.Tuple, cst.List)) or \
                [id(v) for v in fn.assigns.get(name, ())] != [id(loops[0].iter)]:
            return None
        keys = [_literal(e.value) for e in loops[0].iter.elements]
        return keys if keys and all(isinstance(k, str) for k in keys) and len(set(keys)) == len(keys) else None

    def called_index_part(self, sub: cst.Subscript, fn: _Fn) -> tuple[str, str] | None:
        """`seg[layer_idx]` with layer_idx a parameter of a public module-level function no call of this file
        binds, its module `seg` a parameter of the same function: ("seg", "#?<function>:<position>:<param>"),
        the index the other files' calls give as a literal (ms_scan.project resolves it to "#k", the layers from
        k on, or drops it: the whole forward). None for anything else."""
        e = sub.slice[0].slice.value
        if not isinstance(e, cst.Name) or self.lookup_assigns(fn, e.value) is not None or \
                not self.param_of(fn, e.value):
            return None
        owner = self.param_owner(fn, e.value)
        if owner.cls is not None or owner.name.startswith("_") or not isinstance(owner.node, cst.FunctionDef) or \
                owner.parent not in (None, self.ex._module_fn) or self.calls_of(owner) or \
                sub.value.value not in owner.params or sub.value.value in owner.assigns or \
                self.param_owner(fn, sub.value.value) is not owner or e.value not in owner.params:
            return None
        return sub.value.value, f"#?{owner.name}:{owner.params.index(e.value)}:{e.value}"

    def caller_parts(self, fn: _Fn, param: str, depth: int) -> frozenset:
        """input_parts of fn's parameter `param` from the calls of fn in this file: `top_eig(net, net.blocks[0].weight)`
        for `def top_eig(model, weight)` gives ("model", "blocks"), each call's part owner being the name it
        passes for another parameter. Empty unless every call shows that."""
        calls, out = self.calls_of(fn), set()
        for call, caller in calls:
            a = self.param_arg(fn, call, param)
            stars = [i for i, x in enumerate(call.args) if x.star]
            if stars and not any(x.value is a and (x.keyword is not None or i < stars[0])
                                 for i, x in enumerate(call.args)):
                a = None  # `f(net, params, *batch)`: a position after the star is not known
            got = self.input_parts(caller, [a], depth + 1) if a is not None else frozenset()
            if not got:
                return frozenset()
            for root, attr in got:
                owners = [q for q in fn.params if q != param and isinstance(self.param_arg(fn, call, q), cst.Name)
                          and self.param_arg(fn, call, q).value == root]
                if len(owners) != 1:
                    return frozenset()
                out.add((owners[0], attr))
        return frozenset(out)

    def caller_module_parts(self, fn: _Fn, param: str) -> frozenset:
        """(parameter, part) pairs for fn's module parameter `param` from the calls of fn in this file:
        `layer_hessian(net, net.dec[3])` for `def layer_hessian(model, layer)` gives ("model", "dec#3") (submodule_of),
        the owner being the name a call passes for another parameter. Empty unless every call shows that."""
        calls, out = self.calls_of(fn), set()
        for call, caller in calls:
            if any(x.star for x in call.args):
                return frozenset()
            sub = self.submodule_of(self.param_arg(fn, call, param), caller)
            if sub is None:
                return frozenset()
            owners = [q for q in fn.params if q != param and isinstance(self.param_arg(fn, call, q), cst.Name)
                      and self.param_arg(fn, call, q).value == sub[0]]
            if len(owners) != 1:
                return frozenset()
            out.add((owners[0], sub[1]))
        return frozenset(out)

    def other_submodules(self, fn: _Fn, inputs: list) -> frozenset:
        """When the grad inputs are weights of submodules of one module only (`self.classifier.parameters()`,
        `model.head.weight`, a name bound to such a value): the module's other submodules, as (name, attribute)
        pairs, each built fresh in its class (a constructor call that reads none of the input submodules, which
        read none of it, no attribute under either assigned). Their weights are not the inputs, so a call of one
        reads the inputs through its arguments only: `self.featurizer(x)` applied before the head computes no
        value that depends on them and is not on the derivative path. Empty when not shown (a whole module's
        weights, inputs that are parameters of fn, a class not of this file)."""
        pairs = self.input_parts(fn, inputs)
        out = set()
        for base in {b for b, _ in pairs}:
            cls = self.class_of(cst.Name(base), fn) if "." not in base else None
            if cls is None:
                return frozenset()
            attrs = self.chain_attrs(cls)
            if any(k.endswith("*") for k in attrs):
                return frozenset()
            ins = {a for b, a in pairs if b == base}

            def own_param(x, ctx, attr) -> bool:
                # `self.teacher, self.student = teacher, student`: a constructor's parameter held by this attribute
                # alone (another module than the one each other parameter passes)
                return isinstance(x, cst.Name) and ctx.name == "__init__" and self.param_of(ctx, x.value) and \
                    x.value not in ctx.assigns and not any(
                        k != attr and any(isinstance(y, cst.Name) and y.value == x.value for y, _ in vs)
                        for k, vs in attrs.items())

            def fresh(attr, others):
                values = attrs.get(attr, [])
                return bool(values) and not any(k.startswith(attr + ".") for k in attrs) and all(
                    (isinstance(_unchain(x), cst.Call) or own_param(x, ctx, attr)) and
                    not (refs(x) & {f"{ctx.self_name}.{o}" for o in others})
                    for x, ctx in values)

            members = {k for k in attrs if "." not in k and k not in ins and fresh(k, ins)}
            if not all(fresh(a, members) for a in ins):
                return frozenset()
            # `feats = clf.embed(x)` before `clf.head(feats)`: a method that reads only such other submodules
            members |= {m for c in self.class_chain(cls) for m in c.methods if self.method_misses(cls, m, ins)}
            out |= {(base, m) for m in members}
        return frozenset(out)

    def method_misses(self, cls, name: str, parts, depth: int = 0) -> bool:
        """The method `name` of cls computes nothing from the weights of its submodules `parts` (attribute
        names): it reads its instance only as `self.<attr>` for attributes other than those, each built fresh
        in the class (a constructor call reading none of `parts`, which read none of it, no attribute under
        either assigned), as `self.config.<field>` of an attribute a constructor stores from its parameter and
        no method calls (data), or calls another method that misses them too; no bare `self` (passed on,
        getattr), no super(), no nested function or class. False when not shown."""
        if not parts or any(p == "*" or p.startswith("#") for p in parts) or name.startswith("__") or \
                depth > MAX_LIFTS:
            return False
        f, _ = self.class_members(cls, name)
        if f is None or not f.self_name or not isinstance(f.node, cst.FunctionDef):
            return False
        me = f.self_name
        attrs = self.chain_attrs(cls)
        if any(k.endswith("*") for k in attrs):
            return False
        read, named, attr_names, fields, called, counts = set(), [], set(), {}, set(), {}
        for n in _walk(f.node.body):
            if isinstance(n, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                return False
            if isinstance(n, cst.Call):
                called.add(id(n.func))
            if isinstance(n, cst.Attribute):
                attr_names.add(id(n.attr))
                if isinstance(n.value, cst.Name) and n.value.value == me:
                    read.add(n.attr.value)
                    counts[n.attr.value] = counts.get(n.attr.value, 0) + 1
                    attr_names.add(id(n.value))
                elif isinstance(n.value, cst.Attribute) and isinstance(n.value.value, cst.Name) and \
                        n.value.value.value == me:  # `self.config.problem_type`
                    fields.setdefault(n.value.attr.value, []).append(n)
            elif isinstance(n, cst.Name) and n.value in (me, "super"):
                named.append(n)
        if any(id(n) not in attr_names for n in named):
            return False  # `self` passed on or read whole, super()
        methods = {m for c in self.class_chain(cls) for m in c.methods}
        for m in read & methods - set(parts):  # `self.get_extended_attention_mask(mask)`
            if not self.method_misses(cls, m, parts, depth + 1):
                return False
        read -= methods
        read -= {a for a in read if len(fields.get(a, ())) == counts[a] and self.data_attr(attrs, a, fields[a], called)}
        if not read:
            return True
        if read & set(parts) or not read <= {k for k in attrs if "." not in k}:
            return False

        def fresh(attr, others):
            values = attrs.get(attr, [])
            return bool(values) and not any(k.startswith(attr + ".") for k in attrs) and all(
                isinstance(_unchain(x), cst.Call) and not (refs(x) & {f"{ctx.self_name}.{o}" for o in others})
                for x, ctx in values)

        return all(fresh(a, parts) for a in read) and all(fresh(p, read) for p in parts)

    @staticmethod
    def data_attr(attrs: dict, attr: str, reads: list, called: set) -> bool:
        """`self.config`, stored by a constructor from its parameter (`self.config = config`) and read only as
        `self.config.<field>` (`reads`), none of them called: data, no weights."""
        values = attrs.get(attr, [])
        return bool(values) and all(isinstance(v, cst.Name) and ctx.name == "__init__" and v.value in ctx.params
                                    for v, ctx in values) and not any(id(n) in called for n in reads)

    def parameter_owners(self, fn: _Fn, names: set) -> set:
        """The modules whose weights the grad inputs are: `params = [p for p in model.parameters() if ...]`,
        `ws = list(net.named_parameters())`, `w = model.dec_conv.weight` make `model` / `net` an input too (its
        output depends on them)."""
        owners, seen, work = set(), set(), list(names)
        while work:
            name = work.pop()
            me, _, attr = name.partition(".")
            if name not in seen and attr and me == fn.self_name and "." not in attr and \
                    (held := self.held_weights(fn, attr)) is not None:
                owners.add(f"{me}.{held}")  # `self.params`, the weights of the module `self.model`
            if name in seen or "." in name:
                continue
            seen.add(name)
            found = self.lookup_assigns(fn, name)
            if found is None:
                continue
            for v in found[0]:
                for c in calls_in(v):
                    if isinstance(c.func, cst.Attribute) and (c.func.attr.value in self.parameter_methods() or
                                                              _names_weights(c.func.attr.value)):
                        owner = c.func.value
                        while isinstance(owner, cst.Subscript):  # `clf.heads[task]`: the key is no module
                            owner = owner.value
                        owners |= refs(owner)
                    elif isinstance(c.func, cst.Name):
                        owners |= self.weights_helper_owners(c, found[1])
                    elif self.state_of_called(c, found[1]):
                        owners |= refs(c.func.value)
                owners |= weight_owners(v)
                work.extend(n for n in refs(v) if n not in seen)
        return owners | {a for o in owners for a in [self.wrapped_alias(fn, o)] if a}

    def unwrapped(self, v, fn: _Fn):
        """`net.module` where net's class does not define `module` itself (a DataParallel-style wrapper, which runs
        what it wraps when called): net; v itself otherwise."""
        if isinstance(v, cst.Attribute) and v.attr.value == "module" and isinstance(v.value, cst.Name) and \
                not self.own_member(v.value, "module", fn):
            return v.value
        return v

    def wrapped_alias(self, fn: _Fn, name: str) -> str | None:
        """`core = model.module if hasattr(model, "module") else model` (or `= model.module`, `= model`), bound once
        in fn: the name whose module it is ("model": what a DataParallel-style wrapper wraps is run by calling
        the wrapper); None for anything else."""
        found = self.lookup_assigns(fn, name)
        if found is None or found[1] is not fn or len(found[0]) != 1:
            return None
        work, roots = [found[0][0]], set()
        while work:
            v = work.pop()
            if isinstance(v, cst.IfExp):
                work += [v.body, v.orelse]
            elif isinstance(v, cst.Attribute) and v.attr.value == "module":
                work.append(v.value)
            elif isinstance(v, cst.Name) and v.value != name:
                roots.add(v.value)
            else:
                return None
        return roots.pop() if len(roots) == 1 else None

    @staticmethod
    def state_of_called(call: cst.Call, ctx: _Fn) -> bool:
        """`ws = self.model.weights()` (a method of a class of another file) with `self.model(x)` called in ctx: a
        method given nothing by a module ctx runs as a model reads the module's own state, its weights."""
        if call.args or not isinstance(call.func, cst.Attribute):
            return False
        owner = call.func.value
        if not isinstance(owner, (cst.Name, cst.Attribute)) or dotted_name(owner) is None:
            return False
        name = dotted_name(owner)
        return any(c is not call and dotted_name(c.func) == name and c.args for c in ctx.calls)

    def weights_helper_owners(self, call: cst.Call, ctx: _Fn) -> set:
        """`params = _params(model)` with `def _params(m): return [p for p in m.parameters() if p.requires_grad]`:
        the names the arguments bound to the helper's weight-owning parameters read (`model`), else none."""
        helper = self.lookup_def(ctx, call.func.value)
        if helper is None or helper.cls is not None or not isinstance(helper.node, cst.FunctionDef):
            return set()
        out = set()
        for value in returned(helper.node.body):
            if value is None:
                continue
            for c in calls_in(value):
                if isinstance(c.func, cst.Attribute) and c.func.attr.value in self.parameter_methods():
                    for p in refs(c.func.value) & set(helper.params):
                        a = self.param_arg(helper, call, p)
                        out |= refs(a) if a is not None else set()
        return out

    def parameter_methods(self) -> frozenset:
        """_PARAMETER_METHODS plus this file's module methods that return their own weights
        (`def weights(self): return [p for n, p in self.named_parameters() if ...]`, `def arch_parameters(self)`)."""
        if self._param_methods is None:
            own = set()
            for cls in self.ex._classes.values():
                for name, m in cls.methods.items():
                    if m.self_name and any(
                            value is not None and any(
                                isinstance(c.func, cst.Attribute) and c.func.attr.value in _PARAMETER_METHODS and
                                refs(c.func.value) & {m.self_name} for c in calls_in(value))
                            for value in returned(m.node.body)):
                        own.add(name)
            self._param_methods = frozenset(_PARAMETER_METHODS) | own
        return self._param_methods

    def owner_params(self, fn: _Fn, names: set, depth: int = 0) -> set:
        """`def hvp(model, params, ...): grad(loss_fn(model, ...), params)` with a caller passing
        `[p for p in net.parameters()]` for params and `net` for model (also through further helpers that take
        both as parameters): the parameters of fn that own the weights the inputs are, inputs too."""
        if depth > MAX_BINDING_HOPS:
            return set()
        own = self.weight_params(fn, names)  # `params = [layer.weight]`: layer is what the callers pass
        p_in = tuple(p for p in fn.params if p not in fn.assigns and (p in names or p in own))
        if not p_in:
            return set()
        memo = (id(fn), p_in)
        if memo in self._owner_memo:
            return self._owner_memo[memo]
        self._owner_memo[memo] = out = set()  # a cycle of helpers adds nothing
        for call, caller in self.calls_of(fn):
            ins, owners = set(), set()
            for p in p_in:
                a = self.param_arg(fn, call, p)
                if a is not None:
                    ins |= refs(a)
                    owners |= {n for c in calls_in(a) if isinstance(c.func, cst.Attribute) and
                               c.func.attr.value in self.parameter_methods() for n in refs(c.func.value)}
                    owners |= weight_owners(a)  # `net.layers[1].weight` passed as it is
            if ins:  # `list(net.parameters())` passed as it is, or a name bound to such a value
                owners |= self.parameter_owners(caller, ins) | self.owner_params(caller, ins, depth + 1)
            for p in own.intersection(p_in):  # `layer_hessian(net, net.dec[3])`, or a name bound to it: net owns it
                sub = self.submodule_of(self.param_arg(fn, call, p), caller)
                if sub is not None:
                    owners.add(sub[0])
            for q in fn.params if owners else ():
                a = self.param_arg(fn, call, q) if q not in names and q not in fn.assigns else None
                # the owner itself (`net`, `net.to(dev)`), not a value a call computes from it
                # (`hvp(loss_fn(net, x, y), params)`: that loss is the grad's output, computed in the caller)
                read = refs(a) if a is not None else set()
                if isinstance(a, cst.Name) and binding(caller, a.value)[0] is None and \
                        (d := self.lookup_def(caller, a.value)) is not None:
                    read |= self.free_reads(d)  # `hvp(batch_loss, params, v)`, batch_loss reading the model
                if a is not None and read & owners and not isinstance(_unchain(a), cst.Call):
                    out.add(q)
        return out

    def weight_params(self, fn: _Fn, names: set) -> set:
        """fn's parameters (modules its callers pass) whose own weights the values of `names` are, as fn binds them:
        `params = [layer.weight]` with `layer` a parameter."""
        out = set()
        for name in names:
            found = self.lookup_assigns(fn, name) if "." not in name else None
            for v in found[0] if found is not None and found[1] is fn else ():
                out |= {n.value.value for n in _walk(v) if isinstance(n, cst.Attribute) and
                        isinstance(n.value, cst.Name) and n.value.value in fn.params and _is_weight(n.attr.value)}
        return out - set(fn.assigns)

    def submodule_of(self, a, ctx: _Fn) -> tuple[str, str] | None:
        """`net.dec[3]`, `net.head` (or a name ctx binds once to such a value): (root name, part) with part "dec#3"
        (the layers of the submodule `dec` from index 3 on, index_value) or "head"; None for anything else."""
        if isinstance(a, cst.Name):
            found = self.lookup_assigns(ctx, a.value)
            if found is None or len(found[0]) != 1:
                return None
            a, ctx = found[0][0], found[1]
        index = None
        if isinstance(a, cst.Subscript) and len(a.slice) == 1 and isinstance(a.slice[0].slice, cst.Index):
            index = self.index_value(a.slice[0].slice.value, ctx)
            if index is None:
                return None
            a = a.value
        if not isinstance(a, cst.Attribute) or not isinstance(a.value, cst.Name):
            return None
        return a.value.value, a.attr.value + (f"#{index}" if index is not None else "")

    # ---------------------------------------------------------------- helpers sliced in their callers
    @staticmethod
    def as_passed(fn: _Fn, p: str, at: cst.CSTNode | None = None) -> bool:
        """The parameter p holds what the callers pass wherever fn reads it: never rebound, or rebound only to
        the same items (`params = list(params)`, `tuple(params)`, `[q for q in params if q.requires_grad]`), or
        to the result of the grad call `at` (`u = grad(u, x, ...)[0]` in a loop: derivatives along p's path)."""
        for v in fn.assigns.get(p, ()):
            if at is not None and any(n is at for n in _walk(v)) and \
                    not set().union(*map(refs, _outside(v, at))):
                continue
            if isinstance(v, cst.Call) and isinstance(v.func, cst.Name) and v.func.value in ("list", "tuple") and \
                    len(v.args) == 1 and not v.args[0].keyword and not v.args[0].star:
                v = v.args[0].value
            elif isinstance(v, (cst.ListComp, cst.GeneratorExp)) and v.for_in.inner_for_in is None and \
                    isinstance(v.for_in.target, cst.Name) and isinstance(v.elt, cst.Name) and \
                    v.elt.value == v.for_in.target.value:
                v = v.for_in.iter
            if not (isinstance(v, cst.Name) and v.value == p):
                return False
        return True

    def lift(self, state: "_PathState", fn: _Fn, back: set, fwd: set | None, hops: int, role: str = "lift",
             quiet: bool = False, parts: frozenset = frozenset(), loud: bool = False,
             at: cst.CSTNode | None = None, weights: list | None = None) -> bool:
        """The grad sits in a helper whose outputs (and inputs) are its parameters (`d_r1_loss(pred, img)`,
        `derivative(u, x)`): slice again in each caller of the helper, on the arguments it passes. Role "hold":
        the parameter holds both (`sdf_loss(model_output)` reads input and output out of it): in the callers,
        the call that makes the argument is on the path. Other files' calls of a public helper are
        ms_scan.project's (a "lift"/"hold" ProjectCallee, named as unresolved when no call is in this file). Role
        "back" (no inputs: `def step(loss): loss.backward(...)`, or inputs the instance holds, instance_weights):
        the callers' whole slice of the argument; other files' calls through a "back" ProjectCallee, named as
        unresolved only when `loud`. `at`: the grad call sliced in fn (as_passed). `weights`: role "back"'s grad
        inputs the instance holds (`self.params`): a call on the same instance (`self.flat_grad(loss)`) slices its
        argument from them."""
        if state.lifts >= MAX_LIFTS:
            self.unresolved(state, f"{fn.qual} (called from more than {MAX_LIFTS} places: not all followed)")
            return False
        p_out = [p for p in fn.params if p in back and self.as_passed(fn, p, at)]
        p_in = [p for p in fn.params if p in fwd and self.as_passed(fn, p)] if fwd is not None else []
        if not p_out or (fwd is not None and not p_in):
            return False
        lifted = False
        calls = self.calls_of(fn)
        if fn.name == "forward" and fn.cls is not None:  # `R = reg(data, output)`, reg a JacobianReg()
            calls = calls + self.instance_calls(fn.cls)
        held_by = {}  # id(call) -> the weights the construction of the instance it is called on gives it
        if role == "back":  # `opt.step(closure)` with `opt = CauchyStep(model.parameters())` in this file
            found = self.method_calls(fn)
            calls = calls + [(c, f) for c, f, _ in found]
            held_by = {id(c): weights for c, _, weights in found}
            own = [e.value for w in weights for e in w.elements] if weights is not None and all(
                isinstance(w, (cst.List, cst.Tuple)) for w in weights) else weights
            if own and all(isinstance(w, cst.Attribute) and isinstance(w.value, cst.Name) and
                           w.value.value == fn.self_name for w in own):
                for c, caller in calls:  # `self.flat_grad(loss)` in a method of the class: `self.params` there
                    if isinstance(c.func, cst.Attribute) and isinstance(c.func.value, cst.Name) and \
                            c.func.value.value == caller.self_name and caller.cls is not None and \
                            any(k is fn.cls for k in self.class_chain(caller.cls)):
                        held_by[id(c)] = weights
        if not calls:  # a library helper (`def hessian(y, xs)`): what it differentiates is its callers' business
            names = ", ".join(dict.fromkeys(p_out + p_in))
            state.site.reason = state.site.reason or (
                f"what it differentiates comes in as parameters of {fn.qual} ({names}), and no call of it was "
                "found in this file")
        for p in p_out if fwd is not None else ():
            self.param_hit(state, fn, p, "", "" if calls or quiet or state.quiet else (
                f"{fn.qual} (differentiates its parameter {p}: no call in this file)"), role=role)
        for p in p_out if fwd is None and role == "back" and not calls else ():
            # other files' calls compute the loss (their "back" summaries); none followed: silent, as before,
            # unless `loud` (the grad's own inputs, held by the instance, do not reach the loss here)
            text = f"{fn.qual} (differentiates its parameter {p}: no call in this file)" if loud and not state.quiet \
                else ""
            if self.param_hit(state, fn, p, "", text, role=role):
                lifted = True
            elif text:
                self.unresolved(state, text)
        off = self.first_order_call(state, fn, p_out[0]) if p_out else None
        for call, caller in calls:
            outs = [a for a in (self.param_arg(fn, call, p) for p in p_out) if a is not None]
            ins = [a for a in (self.param_arg(fn, call, p) for p in p_in) if a is not None]
            if not outs or (fwd is not None and not ins) or off is not None and off(call, caller):
                continue  # (a call whose create_graph is off: `flat_grad(surrogate, ps)` beside `create_graph=True`)
            if self.call_off(call, caller):
                continue  # (a call under a guard this file shows false)
            key = ("lift", id(call))
            if key in state.visiting:
                continue
            if state.lifts >= MAX_LIFTS:
                self.unresolved(state, f"{fn.qual} (called from more than {MAX_LIFTS} places: not all followed)")
                break
            state.visiting.add(key)
            state.lifts += 1
            lifted = True
            state.quiet += quiet  # a speculative lift says nothing of what it cannot follow, at any depth
            try:
                if role == "hold":
                    for a in outs:
                        self.expand_held(state, a, caller, hops + 1)
                elif id(call) in held_by:
                    weights = held_by[id(call)]
                    for values, d in self.closure_returns(outs, caller) or [(outs, caller)]:
                        self.slice(state, d, values, weights, hops + 1, loud=loud)
                else:
                    self.slice(state, caller, outs, ins if fwd is not None else None, hops + 1,
                               given=self.lift_parts(fn, call, parts, caller), loud=loud, pin=call)
            finally:
                state.quiet -= quiet
        return lifted

    def reached_params(self, fn: _Fn, outs: list[str], ins: list[str], depth: int = 0) -> set[str]:
        """The parameters among `outs` that some call of fn in this file passes a value computed from what it
        passes for `ins` (or from the module owning those weights), through the callers' own parameters passed
        on the same way (a few hops)."""
        out: set[str] = set()
        for call, caller in self.calls_of(fn) if ins and depth <= MAX_BINDING_HOPS else ():
            given = [a for a in (self.param_arg(fn, call, p) for p in ins) if a is not None]
            fwd = set().union(*(refs(a) for a in given)) if given else set()
            fwd |= self.parameter_owners(caller, fwd)
            fwd |= self.owner_params(caller, fwd)
            spread(self.graph_assigns(caller), fwd)
            for p in outs:
                a = self.param_arg(fn, call, p)
                if a is None or p in out:
                    continue
                if refs(a) & fwd:
                    out.add(p)
                elif isinstance(a, cst.Name) and a.value in caller.params and \
                        self.reached_params(caller, [a.value], [x for x in caller.params if x in fwd], depth + 1):
                    out.add(p)  # (`def mid(logits, params): return helper(logits, params)`)
        return out

    def method_calls(self, fn: _Fn) -> list[tuple[cst.Call, _Fn, list | None]]:
        """The file's calls of method fn on an instance of its class (or of a subclass) built in this file outside
        the class (`opt.step(closure)` with `opt = CauchyStep(model.parameters())`; calls_of takes only
        `self.step(...)` and calls on the class itself), each with the weights that construction gives the
        instance (`model.parameters()`, or a name bound to such a value, in a function enclosing the call's): the
        grad's inputs there; None when not shown (the caller's whole slice of the loss then)."""
        cls = fn.cls
        if cls is None or not fn.self_name or self.class_method(fn) or fn.name.startswith("__"):
            return []
        out = []
        for c, f in self.calls_named(fn.name):
            owner = c.func.value if isinstance(c.func, cst.Attribute) else None
            if not isinstance(owner, cst.Name) or owner.value == f.self_name:
                continue
            found = self.lookup_assigns(f, owner.value)
            built = [(_unchain(v), found[1]) for v in found[0]] if found is not None else []
            made = [self.constructed_class(v) for v, _ in built]
            if not built and found is None and self.param_of(f, owner.value):
                # `def batch_steps(model, opt, ...): opt.step(closure)`, every call passing an instance: the
                # caller's whole slice of the loss (the construction's weights are not at hand here)
                passed = self.passed_class(owner.value, f)
                if passed is not None and any(b is cls for b in self.class_chain(passed)) and \
                        self.class_members(passed, fn.name)[0] is fn:
                    out.append((c, f, None))
                continue
            if not built or not all(m is not None and any(b is cls for b in self.class_chain(m)) and
                                    self.class_members(m, fn.name)[0] is fn for m in made):
                continue
            weights = []
            for v, ctx in built:
                given = [a.value for a in v.args if not a.star and self.weights_arg(a.value, ctx)]
                if not given or not any(g is ctx for g in enclosing(f)):
                    weights = None
                    break
                weights += given
            out.append((c, f, weights))
        return out

    def weights_arg(self, a, ctx: _Fn) -> bool:
        """An argument that is a module's weights: `model.parameters()`, `list(net.parameters())`, `[p for p in
        net.parameters() if ...]`, or a name ctx binds to such a value (parameter_owners finds its module)."""
        if isinstance(a, cst.Name):
            return self.lookup_assigns(ctx, a.value) is not None and bool(self.parameter_owners(ctx, {a.value}))
        return any(isinstance(c.func, cst.Attribute) and c.func.attr.value in self.parameter_methods()
                   for c in calls_in(a))

    def weights_in(self, e, fn: _Fn, depth: int) -> bool:
        """Whether grad inputs `e` are (or hold) a module's weights (weights_arg), through containers of them
        (`list(params.values())`, `[p for p in ps]`, `zip(params.items(), grads)`), the names fn binds them to and
        the arguments every call passes a parameter (`adapt(model, dict(model.named_parameters()), ...)`)."""
        if depth > 4 or e is None:
            return False
        if self.weights_arg(e, fn):
            return True
        if isinstance(e, (cst.List, cst.Tuple)):
            return any(self.weights_in(el.value, fn, depth + 1) for el in e.elements)
        if isinstance(e, (cst.ListComp, cst.GeneratorExp, cst.DictComp, cst.SetComp)):
            return self.weights_in(e.for_in.iter, fn, depth + 1)
        if isinstance(e, cst.Call):
            func = e.func
            if isinstance(func, cst.Name) and func.value in ("list", "tuple", "dict", "zip", "enumerate") and \
                    self.lookup_def(fn, func.value) is None:
                return any(self.weights_in(a.value, fn, depth + 1) for a in e.args if a.keyword is None)
            if isinstance(func, cst.Attribute) and func.attr.value in ("values", "items") and not e.args:
                return self.weights_in(func.value, fn, depth + 1)
            return False
        if not isinstance(e, cst.Name):
            return False
        found = self.lookup_assigns(fn, e.value)
        if found is not None and any(self.weights_in(v, found[1], depth + 1) for v in found[0]):
            return True
        owner = self.param_owner(fn, e.value) if e.value in fn.params or self.param_of(fn, e.value) else None
        return owner is not None and any(self.weights_in(a, c, depth + 1)
                                         for a, c in self.every_call_args(owner, e.value) or ())

    def closure_returns(self, outs: list, caller: _Fn) -> list[tuple[list, _Fn]]:
        """For a loss handed over as a function the callee calls (`opt.step(closure)` with `def closure(): return
        criterion(model(xb), yb)` in the caller, or `lambda: criterion(model(xb), yb)`): (its returned values, the
        def; the lambda's body, the caller) for each such argument; [] when an argument is anything else (the
        caller's slice of the argument itself then)."""
        out = []
        for a in outs:
            if isinstance(a, cst.Lambda):
                body = thunk_body(a)
                if body is None:
                    return []
                out.append(([body], caller))
                continue
            d = self.lookup_def(caller, a.value) if isinstance(a, cst.Name) and \
                binding(caller, a.value)[0] is None else None
            if d is None or not isinstance(d.node, cst.FunctionDef) or d.params:
                return []
            values = [x for x in returned(d.node.body) if x is not None]
            if not values:
                return []
            out.append((values, d))
        return out

    def lift_parts(self, fn: _Fn, call: cst.Call, parts: frozenset, caller: _Fn) -> frozenset:
        """input_parts of the helper fn whose grad is lifted, in the caller's names: `agreement_penalty(enc, la,
        lb)` differentiating `enc.proj.weight` gives ("enc", "proj") when the call passes a bare name for the
        parameter enc; `hessian_diag(loss, net[2])` differentiating all of its `layer`'s weights gives ("net",
        "#2"), `...(loss, net.head)` ("net", "head") (index_part, submodule_of). Empty unless every part's module
        is a parameter so passed."""
        out = set()
        for base, attr in parts:
            a = self.param_arg(fn, call, base) if base in fn.params and base not in fn.assigns else None
            if attr == "*" and a is not None:
                sub = self.index_part(a, caller) or self.submodule_of(a, caller) if not isinstance(a, cst.Name) \
                    else None
                if sub is None:
                    return frozenset()
                out.add(sub)
                continue
            if not isinstance(a, cst.Name):
                return frozenset()
            out.add((a.value, attr))
        return frozenset(out)

    def instance_weights(self, fn: _Fn, inputs: list) -> bool:
        """The grad inputs are weights a method's instance holds, read through `self` only (`self.params`,
        `[p for g in self.param_groups for p in g["params"]]`, a local bound to `self._params()`), none from
        fn's parameters: an optimiser's step differentiating the loss its caller computes w.r.t. every weight
        it was given, so all the caller computes the loss from is on the path (lift, role "back")."""
        me = fn.self_name
        if not me:
            return False
        def own(n: str) -> bool:
            return n == me or n.startswith(me + ".")

        def held(it) -> bool:  # `self.param_groups`, or a local bound to it (`group = self.param_groups[0]`)
            names = refs(it)
            if names and not all(map(own, names)):
                names = {n for n in self.back_names(fn, [it], set()) if n not in fn.assigns or n in fn.params}
            return bool(names) and all(map(own, names))
        values = []
        for i in inputs:  # `params = [p for group in self.param_groups for p in group["params"]]`: read through
            found = None  # self only (its loop names may be reused; `params, grads = zip(...)` after the grad)
            if isinstance(i, cst.Name):
                one = self.rebound_reaching(fn, i.value, i)
                found = ([one], fn) if one is not None else self.lookup_assigns(fn, i.value)
            values += found[0] if found is not None and len(found[0]) == 1 else [i]
        if values and all(isinstance(v, (cst.ListComp, cst.GeneratorExp)) and held(v.for_in.iter) for v in values):
            return True
        names = self.back_names(fn, inputs, set())
        return bool(names) and not names & set(fn.params) and any(map(own, names))

    def rebound_reaching(self, fn: _Fn, name: str, at: cst.CSTNode):
        """The one assignment of `name` that reaches `at` (reaching_value) when fn itself binds name more than
        once (`params, grads = zip(...)` after the grad); None otherwise."""
        found = self.lookup_assigns(fn, name)
        return self.reaching_value(fn, name, at) if found is not None and found[1] is fn and len(found[0]) > 1 \
            else None

    def expand_held(self, state, v, fn: _Fn, hops: int) -> None:
        """`v` holds a grad's input and output (`model(inp)`, or a name bound to it): the call that makes it is on
        the path (not its arguments, computed before); a parameter is followed to the callers."""
        v = chain_root(v)
        if ("held", id(v)) in state.visiting:  # `x = x.requires_grad_(True)`
            return
        state.visiting.add(("held", id(v)))
        if isinstance(v, cst.Call) and _unchain(v) is not v:  # `x.requires_grad_(True)`, `model(x).to(dev)`
            self.expand_held(state, _unchain(v), fn, hops)
            return
        if isinstance(v, cst.Call):
            state.any_path = True
            self.call_ops(state, v, fn, "", 0)
            return
        if not isinstance(v, cst.Name):
            return
        found = self.lookup_assigns(fn, v.value)
        if found is not None:
            for x in found[0]:
                if not isinstance(x, cst.Name) or x.value != v.value:
                    self.expand_held(state, x, found[1], hops)
        elif self.param_of(fn, v.value) and hops <= MAX_LIFTS:
            self.lift(state, self.param_owner(fn, v.value), {v.value}, {v.value}, hops + 1, "hold")

    def graph_assigns(self, fn: _Fn) -> dict:
        """visible_assigns without the values computed where no graph is built (`with torch.no_grad(): old_logits
        = policy(obs)`): what depends on a differentiated tensor spreads through these only."""
        off, visible = self.ex.grad_off_values, self.visible_assigns(fn)
        return {k: [v for v in vs if id(v) not in off] for k, vs in visible.items()} if off else visible

    def visible_assigns(self, fn: _Fn) -> dict:
        """Every name assigned in fn or an enclosing function; an inner assignment overrides an outer one, and a
        parameter of an inner function hides the outer assignments of its name (`def penalty(enc, la): ...` beside
        a module-level `la, lb = losses(enc, ...)`: the module's `la` is not the parameter's, binding())."""
        out = {}
        for f in reversed(list(enclosing(fn))):
            for p in f.params:
                out.pop(p, None)
            out.update(f.assigns)
        return out


def _outside(node: cst.CSTNode, skip: cst.CSTNode) -> list:
    """The parts of node that do not hold the subtree `skip` (node itself when it does not hold it): what a value
    reads besides `skip`, for refs and refs_besides."""
    if node is skip:
        return []
    if not any(n is skip for n in _walk(node)):
        return [node]
    return [p for k in _children(node) for p in _outside(k, skip)]


def _loop_elements(loop) -> list[tuple[cst.Name, cst.Name]]:
    """(iterated name, loop variable) pairs of a for loop or comprehension: `for g in grads` -> (grads, g);
    `for (k, v), g in zip(params.items(), grads)` -> (grads, g) (a name zip is given, the target element at its
    position); [] for anything else."""
    it, target = loop.iter, loop.target
    if isinstance(it, cst.Name) and isinstance(target, cst.Name):
        return [(it, target)]
    if not (isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "zip" and
            isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) == len(it.args) and
            not any(a.star or a.keyword for a in it.args)):
        return []
    return [(a.value, e.value) for a, e in zip(it.args, target.elements)
            if isinstance(a.value, cst.Name) and isinstance(e.value, cst.Name)]
