"""Second-order sites (grad with create_graph, backward(create_graph), hessian/hvp, torch.func nests, MAML)
and the torch ops on each site's derivative path, from the same single libcst pass as the API extractor.

The path is a slice (inputs -> outputs over assignments, flow-insensitive) expanded through the file's
own functions and module classes, arguments at the calls of a helper, and `.to()`/`.eval()` chains; a
grad helper whose inputs and outputs are its parameters (a def, a named lambda, a staticmethod called on its
class) is sliced again in its callers, where inputs taken from `m.parameters()` make `m` an input too.
Containers grown by append/extend/insert (also `self.blocks.append(...)` in a loop) hold what they are
given, and comprehension targets are the elements of what they iterate. A model parameter
bound nowhere in the file is taken to be the file's class its name designates (medium confidence) only
when exactly one fits. A name imported from another project module is recorded as a ProjectCallee (and
as unresolved; an absolute import of a sibling script's module counts too); `extract_model_summaries`
gives, for the file that defines it, the ops its classes' `forward` and its functions reach, and
ms_scan/project.py joins the two across files. The other direction too: a public function's parameter that
is called as a model, differentiated, holds a grad's input and output, or is its create_graph flag, with no
call in the file, is a ProjectCallee of a caller role; the same pass gives, for a file calling project
functions, what each argument is ("arg"/"lift"/"hold"/"called" summaries). Ops that only compute a grad's
input (`x = self.embed(x)` before `grad(out, x)`) are not on its path.

Layout (one module per job): this module holds the pass (GradExtractor), the resolver that runs after it
(_Resolver, composed of mixins) and the public entry points; grad_common the facts and shared helpers, grad_paths
the sites and their slices, grad_expand the expansion of calls into ops, grad_values what names and values are,
grad_project the cross-file links and grad_summaries what a file offers other files.
"""
from __future__ import annotations

import os

import libcst as cst

from ms_scan.extract.catalog import load_catalog
from ms_scan.extract.config_text import (
    FILE_READERS, JSON_READERS, YAML_READERS, attr_tree, config_display, display_of, file_display, named_paths,
)
# the facts (GradOp, GradSite, ModelSummary, ProjectCallee, GradFacts) and MAX_LIFTS are defined in grad_common
# and imported from here by the rest of ms-scan
from ms_scan.extract.grad_dicts import _Dicts
from ms_scan.extract.grad_common import (
    _CONTAINERS, _FUNC_EVERY_ARG, _FUNC_OUTER, _FUNC_TRANSFORMS, _FUNCTORCH_ALIASES, _HESSIAN_LIKE, _LIST_GROWERS, MAX_DEPTH,
    MAX_LIFTS, _NOLIT, _Cls, _Fn, GradFacts, GradOp, GradSite, ModelSummary, ProjectCallee, _attr_name,
    _dataclass_fields, _grad_off, _iterated_pairs, _kw, _literal, _subscript_key, _target_names, _values_of, binding,
    _walk, calls_in, enclosing, item_of, registration_key, unique_ops,
)
from ms_scan.extract.grad_enums import _Enums
from ms_scan.extract.grad_expand import _Expansion
from ms_scan.extract.grad_guards import _Guards
from ms_scan.extract.grad_paths import _Paths
from ms_scan.extract.grad_project import _ProjectLinks
from ms_scan.extract.grad_summaries import _Summaries
from ms_scan.extract.grad_values import _Values
from ms_scan.extract.grad_zoo import _Zoo
from ms_scan.extract.positions import locate
from ms_scan.extract.scope import PROJECT, TORCH
from ms_scan.extract.visitor import Extractor, dotted_name
from ms_scan.facts import add_snippets


_TORCHMETA_UPDATE = "torchmeta.utils.gradient_based.gradient_update_parameters"


# ------------------------------------------------------------------------------------- extractor
# calls returning their positional arguments as they are (patched in place): unpacked, each target is its argument
_RETURNS_ITS_ARGS = frozenset({"apex.amp.initialize"})
# the grad APIs whose create_graph a `functools.partial` may fix (GradExtractor._partial_grad)
_PARTIAL_GRADS = ("torch.autograd.grad", "torch.autograd.backward", "torch.autograd.functional.jacobian",
                  "torch.autograd.functional.vjp", "torch.autograd.functional.jvp")

# the last names of the calls that read a config (config_text's JSON_READERS, YAML_READERS and FILE_READERS)
_CONFIG_READS = frozenset(p.rpartition(".")[2] for p in (*JSON_READERS, *YAML_READERS, *FILE_READERS))


def _format_parser(name: str) -> str | None:
    """The reader a function of the scanned file stands for by its name (`parse_flow_yaml`, `load_json_text`):
    "yaml.safe_load" / "json.loads" (config_text reads its string argument as that format), None for others."""
    words = set(name.lower().replace("-", "_").split("_"))
    if words & {"yaml", "yml"}:
        return "yaml.safe_load"
    return "json.loads" if "json" in words else None


class GradExtractor(Extractor):
    """Extractor + second-order sites. Call `grad_nodes()` for positions, then `grad_sites(where)`."""

    # what reads the config files the code loads (ms_scan.config_files.ConfigReader), set by the caller; None: none read
    config_reader = None

    def __init__(self, *args, **kw) -> None:
        super().__init__(*args, **kw)
        self._module_fn = _Fn("<module>", "<module>", None, None, None, None, [])
        self._ctx: list = [self._module_fn]  # _Fn or _Cls, innermost last
        self._module_node: cst.Module | None = None
        self._classes: dict[str, _Cls] = {}
        self._module_defs: dict[str, list[_Fn]] = {}  # name -> the module-level defs of that name, in order
        self._fn_of_call: dict[int, _Fn] = {}
        self._comp_depth = 0
        self._comp_names: set[int] = set()  # ids of the names written inside a comprehension
        self._comp_values: set[int] = set()  # ids of the values a comprehension's `for` binds its target to
        self._callee_api: dict[int, str] = {}  # id(call) -> canonical torch api of its func
        self._raw_sites: list[tuple] = []  # (call, fn, kind, api, certainty, extra)
        self._pending_adapt: list[tuple[cst.Call, _Fn]] = []
        # first-order backward/grad calls, (call, fn, kind, api): second order when what they differentiate is
        # computed by a torch.func transform (`loss = f(x) + grad(g)(w).pow(2).sum(); loss.backward()`)
        self._first_order: list[tuple] = []
        self._func_outer: list[tuple] = []  # (call, fn, api) of a torch.func transform of a function (not of a transform)
        self._transforms = 0  # calls of torch.func.grad/jacrev/jacfwd/jvp/vjp in the file (no transform, no such site)
        self._diffopts: dict[int, set[str]] = {}  # id(fn) -> names bound to higher's diffopt
        # (id(fn), name) -> the track_higher_grads expression of the innerloop_ctx binding it, when not a literal
        self._diffopt_track: dict[tuple, cst.BaseExpression] = {}
        self._built: list[tuple[cst.CSTNode, object]] | None = None
        self._lambda_names: dict[int, str] = {}  # id(lambda) -> the name `d = lambda y, x: ...` binds
        self._keyed: dict[int, str] = {}  # id(value) -> the literal key of `d["k"] = value`
        # id(value) -> (key name, row name or None, the dict) of `d[k] = value` in `for k, row in D.items()` /
        # `for k in D`: held under each key of D, with k (and row, D[k]) bound to it (Values.keyed_elements)
        self._loop_keyed: dict[int, tuple] = {}
        self._for_stack: list[tuple[cst.For, object]] = []  # the for loops open at this point, with their function
        self._item_keys: dict[int, dict[str, cst.BaseExpression]] = {}  # id(value) -> {d: k} of `d[k] = value`
        self._unpacked: dict[int, dict[str, int]] = {}  # id(call) -> {name: index} of `a, b = call(...)`
        self._unpacked_members: dict[int, dict[str, int]] = {}  # the same for `self.a, b = call(...)`: {"self.a": 0}
        # id(call) -> {name: (index, index, ...)} of the names a nested target unpacks: `g, (c, e) = call(...)`
        self._unpacked_paths: dict[int, dict[str, tuple]] = {}
        # calls that build no graph (run under `torch.no_grad()` / in a `@torch.no_grad()` function, or whose
        # result is `.detach()`ed): never on a derivative path
        self.grad_off_calls: set[int] = set()
        # id() of values assigned where no graph is built (`with torch.no_grad(): old_logits = policy(obs)`): the
        # names hold constants, whatever the value reads (a bare alias `y = x` is not one of them)
        self.grad_off_values: set[int] = set()
        self._modes: list[tuple[_Fn, bool | None]] = []  # (function, _grad_off) of the enclosing `with` blocks
        self._off_fns: set[int] = set()  # id(fn) of functions decorated with a switch that turns grad off
        self.registered: set[int] = set()  # id(class name node) held by a table through a registry decorator
        self.registered_keys: dict[int, str] = {}  # id(class name node) -> the literal key it is registered under
        self.registry_objects: set[str] = set()  # imported registry objects this file's decorators fill
        # registry object name -> what this file registers in it (`ACTS.register_module("SELU", module=nn.SELU)`,
        # `@MODELS.register_module()` with MODELS an instance of this file's Registry): its items (registered_items)
        self.registry_items: dict[str, list] = {}
        self.class_nodes: dict[str, cst.ClassDef] = {}  # class name -> its statement (the first of that name;
        # the last at module level)
        self._config_texts: list = []  # the displays config_display made
        # module-level function name -> the config display every return of it gives (`def load_config(path):
        # with open(path) as fh: return yaml.safe_load(fh)`), None for one with another return
        self._config_returns: dict[str, cst.BaseExpression | None] = {}
        self._other_returns: set[str] = set()
        self._config_names: list[str] | None = None
        self.arg_configs: dict[int, cst.BaseExpression] = {}  # id(call argument) -> the config display it reads
        # id(string node of a config display) -> where its YAML text writes it: (relpath, None, line, column) in a
        # config file, ("", the string literal, line in it, column) in a config text of this file (config_text)
        self.display_places: dict[int, tuple] = {}
        self.branching: set[int] = set()  # id(fn) of the functions that hold an `if` or a conditional expression
        # (target, value or None, fn, statement) of each item assignment `d[k] = v` (None: `d[k] += v`, `del d[k]`),
        # and id(v) of their values (grad_dicts: what a config dict's keys hold; such a value never rebinds `d`)
        self._item_sets: list[tuple] = []
        self._item_values: set[int] = set()
        self._loop_iters: set[int] = set()  # id(iterable) of each for loop / comprehension (its target: an element)
        # (id(iterable), name) -> where in each row a name of a tuple loop target sits (`for cls, kw in SPEC` and
        # `for k, (cls, kw) in SPEC.items()`: cls at (0,)); id(d) of `d.items()` loops (rows: d's values)
        self._row_index: dict[tuple[int, str], tuple[int, ...]] = {}
        self._dict_rows: set[int] = set()
        # (id(value), name) -> where in the value a name of a tuple target sits (`cls, kwargs = spec[name]`: cls at
        # (0,)), for a table item unpacked in place
        self._item_index: dict[tuple[int, str], tuple[int, ...]] = {}
        # id(call) -> the `partial(torch.autograd.grad, create_graph=True, ...)` its callee name is bound to: the
        # call is a grad call with the partial's keywords (`grad_keep(y, x)`)
        self._partials: dict[int, cst.Call] = {}

    # ---------------------------------------------------------------- context
    @property
    def _fn(self) -> _Fn:
        for c in reversed(self._ctx):
            if isinstance(c, _Fn):
                return c
        return self._module_fn

    def visit_Module(self, node: cst.Module) -> None:
        super().visit_Module(node)
        self._module_node = node  # the module-level statements (_Values.reaching_value)

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        super().visit_ClassDef(node)
        info = self.classes[-1] if self.classes else None
        torch_bases = []
        for a in node.bases:
            api = self.api_of(a.value)
            if api is not None:
                torch_bases.append(api)
        cls = _Cls(node.name.value, info.torch_module if info is not None else "no",
                   tuple(d for d in (dotted_name(a.value) for a in node.bases) if d), tuple(torch_bases))
        cls.fields = _dataclass_fields(node)
        if self._ctx[-1] is self._module_fn:  # a module-level class redefined (a notebook's later cell): the last
            self._classes[cls.name] = cls  # one is what the code run after it builds
            self.class_nodes[cls.name] = node
        else:
            self._classes.setdefault(cls.name, cls)
            self.class_nodes.setdefault(cls.name, node)
        self._record_registered(node)
        self._ctx.append(cls)

    def _record_registered(self, node: cst.ClassDef | cst.FunctionDef) -> None:
        """`@register("projection") class P(...)` with a registry decorator of this file that stores what it
        decorates in a table (`def register(name): def deco(cls): TABLE[name] = cls; ...`): the table holds the
        class, as if `TABLE[...] = P` were written where the class is; likewise a module-level builder function
        (`@register("down") def down(c): return [nn.AvgPool2d(2)]`). `@BLOCKS.register("glu")` with `BLOCKS =
        Registry(...)` of this file's class whose method stores what it decorates in an attribute (`def register(self,
        name): def deco(obj): self._items[name] = obj; ...`): that attribute of the class holds it."""
        for d in node.decorators:
            callee = d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator
            if isinstance(callee, cst.Name):
                reg = self._fn.defs.get(callee.value) or self._module_fn.defs.get(callee.value)
                if reg is not None:
                    self._store_in_tables(reg, node.name, d.decorator)
            elif isinstance(callee, cst.Attribute) and isinstance(callee.value, cst.Name):
                cls = self.module_instance(callee.value.value)
                attr = self._holder_attr(cls.methods.get(callee.attr.value)) if cls is not None else None
                if attr is not None:
                    cls.attrs.setdefault(attr, []).append((node.name, self._module_fn))
                    self.registry_items.setdefault(callee.value.value, []).append(node.name)
                    self._mark_registered(node.name, registration_key(node.name.value, d.decorator))
                elif cls is None and self._imported_registry(callee):
                    # `@BLOCKS.register("glu")` of a registry object another module makes (`from registry import
                    # BLOCKS`): here, BLOCKS is a table of this file's registered items (_Values.registry_lookup)
                    self._module_fn.assigns.setdefault(callee.value.value, []).append(node.name)
                    self.registry_objects.add(callee.value.value)
                    self._mark_registered(node.name, registration_key(node.name.value, d.decorator))

    def _holder_attr(self, reg: _Fn | None) -> str | None:
        """The one attribute of its instance a registry class's registering method `reg` stores what it is given
        in (`self._items[name] = obj`, also in a nested decorator): "_items"; None when not exactly one."""
        attrs = {target.partition(".")[2] for _, target in self._param_stores(reg)
                 if target.partition(".")[0] == reg.self_name} if reg is not None and reg.self_name else set()
        return attrs.pop() if len(attrs) == 1 and next(iter(attrs)).isidentifier() else None

    def _imported_registry(self, callee: cst.Attribute) -> bool:
        """`BLOCKS.register` / `MODELS.register_module` with BLOCKS a name this file imports from outside torch and
        never assigns: the registry idiom (mmcv's, detectron2's), whose class lives in another file."""
        name = callee.value.value
        b = self.scopes.lookup(name)
        return callee.attr.value.startswith("register") and b is not None and \
            (b.kind == PROJECT or b.imported and b.kind != TORCH) and (name in self.registry_objects or name not in self._module_fn.assigns)

    def module_instance(self, name: str) -> _Cls | None:
        """The file's class a module-level name is bound to an instance of, by one `NAME = Cls(...)`; else None."""
        return self.instance_class(self._module_fn.assigns.get(name, ()))

    def instance_class(self, values) -> _Cls | None:
        """The file's class that the one value of a name's bindings constructs (`Cls(...)`); else None."""
        v = values[0] if len(values) == 1 else None
        return self._classes.get(v.func.value) if isinstance(v, cst.Call) and isinstance(v.func, cst.Name) else None

    @staticmethod
    def _param_stores(reg: _Fn):
        """(function, name) for each name that reg, or a function nested in it, assigns one of its own parameters
        to (`TABLE[name] = cls`, `self._items[key] = obj`: the assigned name "TABLE", "self._items")."""
        stack, seen = [reg], set()
        while stack:
            f = stack.pop()
            if id(f) in seen:
                continue
            seen.add(id(f))
            stack.extend(f.defs.values())
            for target, values in f.assigns.items():
                if target not in f.params and any(isinstance(v, cst.Name) and (
                        v.value in f.params or GradExtractor._forwards(f.defs.get(v.value), f.params))
                        for v in values):
                    yield f, target

    @staticmethod
    def _forwards(wrapper: _Fn | None, params: list) -> bool:
        """wrapper calls one of `params` with its own parameters, in order (`@functools.wraps(fn) def weighted(model,
        batch, cfg): return w * fn(model, batch, cfg)`, or `fn(*args, **kwargs)`): storing it stores that callable
        as far as what its callers pass goes."""
        if wrapper is None or not isinstance(wrapper.node, cst.FunctionDef):
            return False
        star = wrapper.node.params.star_arg
        for c in wrapper.calls:
            if not (isinstance(c.func, cst.Name) and c.func.value in params):
                continue
            names = [a.value.value if isinstance(a.value, cst.Name) else None for a in c.args]
            if any(a.star == "*" and isinstance(star, cst.Param) and names[i] == star.name.value
                   for i, a in enumerate(c.args)) or \
                    not any(a.star or a.keyword for a in c.args) and names == wrapper.params[:len(names)]:
                return True
        return False

    def _record_registering_call(self, node: cst.Call, fn: _Fn) -> None:
        """`register_block("down")(DownBlock)` at module level: the decorator applied by hand, DownBlock (a class
        or function of this file) held by the table as `@register_block("down")` would hold it. Also mmcv's call
        form, `ACTS.register_module("SELU", module=nn.SELU)` (or `ACTS.register(nn.SELU)`): ACTS holds nn.SELU."""
        if fn is self._module_fn:
            self._record_registry_call(node)
        deco, args = node.func, node.args
        if fn is not self._module_fn or not isinstance(deco, cst.Call) or not isinstance(deco.func, cst.Name) or \
                len(args) != 1 or args[0].keyword is not None or args[0].star or \
                not isinstance(args[0].value, cst.Name):
            return
        item = args[0].value
        reg = self._module_fn.defs.get(deco.func.value)
        if reg is not None and (item.value in self._classes or item.value in self._module_fn.defs):
            self._store_in_tables(reg, item, deco)

    def _record_registry_call(self, node: cst.Call) -> None:
        """`R.register_module("SELU", module=nn.SELU)`, `R.register_module(module=Net)`, `R.register(nn.SELU)`:
        with R a registry object (an instance of this file's class whose registering method stores what it is
        given in one attribute, or a registry another project module makes), R holds the class under the literal
        name given, else under the class's own name (registered_items)."""
        func = node.func
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and
                func.attr.value.startswith("register")) or any(a.star for a in node.args):
            return
        given = {a.keyword.value: a.value for a in node.args if a.keyword is not None}
        plain = [a.value for a in node.args if a.keyword is None]
        item = given.get("module", given.get("obj"))
        if item is None and plain and not isinstance(plain[-1], (cst.SimpleString, cst.ConcatenatedString)):
            item = plain[-1]
        name = given.get("name", plain[0] if plain and plain[0] is not item else None)
        ref = dotted_name(item) if item is not None else None
        if ref is None:
            return
        key = _literal(name) if name is not None else ref.rpartition(".")[2]
        cls = self.module_instance(func.value.value)
        holder = cls is not None and self._holder_attr(cls.methods.get(func.attr.value)) is not None
        if not holder and not (cls is None and self._imported_registry(func)):
            return
        if holder:
            self.registry_items.setdefault(func.value.value, []).append(item)
        else:  # (as `@ACTS.register_module()` on a class of this file: ACTS a table of this file's entries)
            self.registry_objects.add(func.value.value)
            self._module_fn.assigns.setdefault(func.value.value, []).append(item)
        self._mark_registered(item, key if isinstance(key, str) else None)

    def _store_in_tables(self, reg: _Fn, name: cst.Name, decorator) -> None:
        """What registering function `reg` does with a class or function named `name`: each module-level table it
        stores its parameter in (`TABLE[key] = cls`) holds it (the name node), under the decorator's key."""
        for _, table in self._param_stores(reg):
            if table in self._module_fn.assigns and "." not in table:
                self._module_fn.assigns[table].append(name)
                self._mark_registered(name, registration_key(name.value, decorator))

    def _mark_registered(self, item: cst.BaseExpression, key: str | None) -> None:
        """What `item` names (a class or function of this file, `nn.SELU`) is held by a registry, under the literal
        key (registration_key's, or a register call's name) when one is known."""
        self.registered.add(id(item))
        if key is not None:  # (`TABLE["msd"]`, a key known: that class only)
            self.registered_keys[id(item)] = key
            self._keyed[id(item)] = key

    def leave_ClassDef(self, node: cst.ClassDef) -> None:
        super().leave_ClassDef(node)
        self._ctx.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        super().visit_FunctionDef(node)
        outer = self._ctx[-1]
        params = [p.name.value for p in (*node.params.posonly_params, *node.params.params,
                                          *node.params.kwonly_params)]
        name = node.name.value
        if isinstance(outer, _Cls):
            self_name = self.methods[-1][0] if self.methods else None
            if self_name and params and params[0] == self_name:
                params = params[1:]
            fn = _Fn(name, f"{outer.name}.{name}", node, self._fn, outer, self_name, params)
            outer.methods.setdefault(name, fn)
        else:
            parent = outer
            fn = _Fn(name, name if parent is self._module_fn else f"{parent.qual}.{name}", node, parent,
                     None, None, params)
            parent.defs[name] = fn
            if parent is self._module_fn:
                self._module_defs.setdefault(name, []).append(fn)
            if parent is self._module_fn and node.decorators:
                self._record_registered(node)  # `@register("down") def down(c_in, c_out): return [...]`
                if params and self.config_reader is not None:
                    self._bind_hydra_config(node, fn, params[0])
        if any(self._switch(d.decorator) for d in node.decorators):
            self._off_fns.add(id(fn))
        self._ctx.append(fn)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        super().leave_FunctionDef(node)
        self._ctx.pop()

    def visit_Assign(self, node: cst.Assign) -> None:
        super().visit_Assign(node)
        if len(node.targets) != 1 or not isinstance(node.targets[0].target, cst.Name):
            return
        target = node.targets[0].target.value
        if isinstance(node.value, cst.Lambda):
            self._lambda_names[id(node.value)] = target
        elif isinstance(node.value, cst.Dict):  # `REGS = {"gp": lambda c, r, f: lam * gp(c, r, f), ...}`
            for e in node.value.elements:
                key = _literal(e.key) if isinstance(e, cst.DictElement) else None
                if isinstance(key, str) and isinstance(e.value, cst.Lambda):
                    self._lambda_names[id(e.value)] = f"{target}[{key!r}]"

    def visit_Lambda(self, node: cst.Lambda) -> None:
        """A named lambda (`d = lambda y, x: torch.autograd.grad(y, x, ..., create_graph=True)[0]`) is a
        function of its own: a grad inside it is sliced in its callers, like a def helper's."""
        super().visit_Lambda(node)
        name = self._lambda_names.get(id(node))
        if name is None:
            return
        parent = self._fn
        params = [p.name.value for p in (*node.params.posonly_params, *node.params.params,
                                          *node.params.kwonly_params)]
        fn = _Fn(name, name if parent is self._module_fn else f"{parent.qual}.{name}", node, parent, None, None,
                 params)
        parent.defs.setdefault(name, fn)
        self._ctx.append(fn)

    def leave_Lambda(self, node: cst.Lambda) -> None:
        super().leave_Lambda(node)
        if id(node) in self._lambda_names:
            self._ctx.pop()

    @property
    def _ext_imports(self) -> dict[str, str]:
        """Local names bound by non-torch imports (higher, learn2learn ...)."""
        return {k: v for k, v in self.imported.items() if v.split(".")[0] != "torch"}

    def _ext_path(self, node: cst.BaseExpression) -> str | None:
        """`l2l.algorithms.MAML` -> `learn2learn.algorithms.MAML` through this file's non-torch imports."""
        path = self.import_path(node)
        return None if path is None or path.split(".")[0] == "torch" else path

    # ---------------------------------------------------------------- assignments
    def _record_assign(self, targets: list[cst.BaseExpression], value: cst.BaseExpression) -> None:
        fn = self._fn
        if isinstance(self._ctx[-1], _Cls):  # a class body (`ACTS = {...}`, `act_cls = nn.ELU`): class attributes
            for target in targets:
                for name in _target_names(target):
                    if "." not in name:
                        self._ctx[-1].attrs.setdefault(name, []).append((value, fn))
            return
        for target in targets:
            if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)) and \
                    len(target.elements) == len(value.elements):
                for t, v in zip(target.elements, value.elements):
                    self._record_assign([t.value], v.value)
                continue
            if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, cst.Call) and \
                    self._ext_path(value.func) in _RETURNS_ITS_ARGS and not any(a.star for a in value.args) and \
                    len(target.elements) == len([a for a in value.args if a.keyword is None]):
                # `[netG, netD], [opt_g, opt_d] = amp.initialize([netG, netD], [opt_g, opt_d], opt_level="O1")`:
                # apex hands back the models and optimizers it is given
                for t, a in zip(target.elements, [a for a in value.args if a.keyword is None]):
                    self._record_assign([t.value], a.value)
                continue
            if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, cst.Call):
                pairs = _iterated_pairs(target, value)
                if pairs is not None:  # `for i, blk in enumerate(self.blocks)`: blk is an element of self.blocks
                    for t, v in pairs:
                        if id(value) in self._loop_iters:
                            self._loop_iters.add(id(v))
                            if isinstance(value.func, cst.Attribute):  # (`d.items()`, the only method pair)
                                self._dict_rows.add(id(v))
                        self._record_assign([t], v)
                    continue
            if isinstance(target, (cst.Tuple, cst.List)) and id(value) in self._loop_iters and \
                    (not isinstance(value, cst.Call) or _values_of(value) is not None):  # (not named_children())
                self._record_rows(target, value, ())
            elif isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, cst.Subscript):
                self._record_rows(target, value, (), self._item_index)
            if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Name, cst.Attribute)) and \
                    not any(isinstance(el, cst.StarredElement) for el in target.elements) and \
                    id(value) not in self._loop_iters:  # `scores, watched = out`: `out[0]`, `out[1]`
                for i, el in enumerate(target.elements):
                    self._record_assign([el.value], item_of(value, cst.Integer(str(i))))
                continue
            if isinstance(target, cst.Subscript):  # `self.nets["D"] = Disc()`: held under key "D"
                key = _subscript_key(target)
                if key is not None:
                    self._keyed[id(value)] = key
                elif (looped := self._loop_key(target, fn)) is not None:
                    self._loop_keyed[id(value)] = looped
            for name in _target_names(target):
                fn.assigns.setdefault(name, []).append(value)
                if fn.cls is not None and fn.self_name and name.startswith(fn.self_name + "."):
                    fn.cls.attrs.setdefault(name.split(".", 1)[1], []).append((value, fn))
            if not isinstance(value, (cst.Name, cst.Attribute)) and self._grad_is_off(fn):
                self.grad_off_values.add(id(value))

    def _loop_key(self, target: cst.Subscript, fn) -> tuple | None:
        """(k, row, D) of a write `c[k] = ...` in fn's innermost loop binding k, `for k, row in D.items()` (row
        None: `for k in D`); None otherwise."""
        index = target.slice[0].slice if len(target.slice) == 1 else None
        name = index.value.value if isinstance(index, cst.Index) and isinstance(index.value, cst.Name) else None
        for loop, owner in reversed(self._for_stack) if name is not None else ():
            if owner is not fn:
                return None
            t, it = loop.target, loop.iter
            if isinstance(t, cst.Name) and t.value == name:
                return (name, None, it) if isinstance(it, (cst.Name, cst.Attribute)) else None
            names = [e.value.value if isinstance(e.value, cst.Name) else None for e in t.elements] \
                if isinstance(t, (cst.Tuple, cst.List)) else []
            if name in names:
                items = isinstance(it, cst.Call) and not it.args and isinstance(it.func, cst.Attribute) and \
                    it.func.attr.value == "items" and isinstance(it.func.value, (cst.Name, cst.Attribute))
                return (name, names[1], it.func.value) if items and names.index(name) == 0 and len(names) == 2 and \
                    names[1] is not None else None
        return None

    def _record_rows(self, target, it, at: tuple[int, ...], index: dict | None = None) -> None:
        """_row_index of the names of a tuple loop target (nested ones too) over `it` (or, given `index`, that
        index: _item_index of a tuple target a table item is unpacked into)."""
        index = self._row_index if index is None else index
        for i, el in enumerate(target.elements):
            if isinstance(el, cst.StarredElement):  # (`for kind, *args in spec`: no fixed place from here on)
                break
            if isinstance(el.value, cst.Name):
                index[(id(it), el.value.value)] = (*at, i)
            elif isinstance(el.value, (cst.Tuple, cst.List)):
                self._record_rows(el.value, it, (*at, i), index)

    def _record_setattr(self, node: cst.Call, fn: _Fn) -> None:
        """`setattr(self, "critic", m)`, `setattr(self, f"layer{i}", m)`, `self.add_module("head", m)` (or its alias
        `register_module`): an attribute of the class (a computed name is held as its literal prefix + "*")."""
        func = node.func
        if isinstance(func, cst.Name) and func.value == "setattr" and len(node.args) == 3:
            owner, name, value = (a.value for a in node.args)
        elif isinstance(func, cst.Attribute) and func.attr.value in ("add_module", "register_module") and \
                len(node.args) == 2:
            owner, (name, value) = func.value, (a.value for a in node.args)
        else:
            return
        if fn.cls is None or not fn.self_name or not isinstance(owner, cst.Name) or owner.value != fn.self_name:
            return
        attr = _attr_name(name)
        if attr is not None:
            fn.assigns.setdefault(f"{fn.self_name}.{attr}", []).append(value)
            fn.cls.attrs.setdefault(attr, []).append((value, fn))

    def _config_of(self, value: cst.Call) -> cst.BaseExpression | None:
        """The display a call stands for: a config text (`yaml.safe_load("model: ...")`), a config file it reads
        (`yaml.safe_load(fh)`, with a reader), or a call of a module-level function of this file that returns one
        (`cfg = load_config(args.config)`); None otherwise."""
        path = self._ext_path(value.func)
        if path is None and isinstance(value.func, cst.Name) and value.func.value in self._module_fn.defs:
            path = _format_parser(value.func.value)  # `def parse_flow_yaml(text)` of this file: YAML's reader
        shown = config_display(path, value, self.display_places, self._string_constant)
        if shown is None and self.config_reader is not None:  # `cfg = yaml.safe_load(fh)`: the file's dict
            shown = file_display(path, value, self._bound_last, self.config_reader, self._named_configs,
                                 self.display_places)
        if shown is None and isinstance(value.func, cst.Name):
            shown = self._config_returns.get(value.func.value)
        return shown

    def _string_constant(self, name: str):
        """The string literal a module-level name is bound to once so far (`CONFIG_YAML = '''...'''`), else
        None."""
        values = self._module_fn.assigns.get(name)
        value = values[0] if values and len(values) == 1 else None
        return value if isinstance(value, (cst.SimpleString, cst.ConcatenatedString)) else None

    def leave_Return(self, node: cst.Return) -> None:
        super().leave_Return(node)
        fn = self._fn
        if node.value is not None and not isinstance(node.value, (cst.Name, cst.Attribute)) and \
                self._grad_is_off(fn):  # `with torch.no_grad(): return w / w.sum()`: a constant, as an
            self.grad_off_values.add(id(node.value))  # assignment there is (grad_off_values)
        if node.value is None or fn.parent is not self._module_fn or fn.cls is not None or \
                not isinstance(fn.node, cst.FunctionDef):
            return
        value = node.value
        if isinstance(value, cst.Name):  # `return cfg`, cfg bound to a config display above
            value = self._bound_last(value.value)
            shown = value if value is not None and any(value is t for t in self._config_texts) else None
        else:
            shown = self._config_of(value) if isinstance(value, cst.Call) and dotted_name(value.func) else None
            if shown is not None:
                self._config_texts.append(shown)
        # (each return of the function must give the same config: with another return, it gives none)
        known = self._config_returns.get(fn.name, shown) if fn.name not in self._other_returns else None
        self._config_returns[fn.name] = shown if shown is not None and known is shown else None
        if shown is None:
            self._other_returns.add(fn.name)

    def _bind_hydra_config(self, node: cst.FunctionDef, fn: _Fn, param: str) -> None:
        """`@hydra.main(config_path="conf", config_name="config") def main(cfg):` binds cfg to the config hydra
        composes there (ConfigReader.hydra), read as an attribute tree."""
        for d in node.decorators:
            call = d.decorator
            if not isinstance(call, cst.Call) or self._ext_path(call.func) != "hydra.main" or \
                    any(a.star for a in call.args):
                continue
            given = dict(zip(("config_path", "config_name"), (a.value for a in call.args if a.keyword is None)))
            given.update((a.keyword.value, a.value) for a in call.args if a.keyword is not None)
            path, name = (_literal(given[k]) if k in given else None for k in ("config_path", "config_name"))
            if name is None and isinstance(path, str) and path.endswith((".yaml", ".yml")):  # (hydra 0.11)
                path, name = os.path.dirname(path), os.path.basename(path)
            if not isinstance(name, str) or path is not None and not isinstance(path, str):
                return
            shown = display_of(self.config_reader.hydra(path, name), self.display_places, call)
            if shown is not None:
                shown = attr_tree(shown)
                self._config_texts.append(shown)
                fn.assigns.setdefault(param, []).append(shown)
            return

    def _named_configs(self) -> list[str]:
        """config_text.named_paths of this module, made once (only for a config read whose path is not written)."""
        if self._config_names is None:
            self._config_names = named_paths(self._module_node) if self._module_node is not None else []
        return self._config_names

    def _bound_last(self, name: str):
        """The value the current function (else the module) last bound to `name` so far, None when none."""
        for fn in (self._fn, self._module_fn):
            values = fn.assigns.get(name) if fn is not None else None
            if values:
                return values[-1]
        return None

    def _record_items(self, targets, value, stmt) -> None:
        for target in targets:
            if isinstance(target, cst.Subscript):
                self._item_sets.append((target, value, self._fn, stmt))
                if value is not None:
                    self._item_values.add(id(value))
            elif isinstance(target, (cst.Tuple, cst.List)):  # `d["a"], d["b"] = ...`: not known per key
                self._record_items([el.value for el in target.elements], None, stmt)

    def leave_Assign(self, node: cst.Assign) -> None:
        super().leave_Assign(node)
        value = node.value
        if isinstance(value, cst.Call) and dotted_name(value.func) is not None:
            # `CFG = yaml.safe_load('''...''')`: the dict display the text stands for (config_text)
            shown = self._config_of(value)
            if shown is not None:
                value = shown
                self._config_texts.append(shown)  # (kept alive: its nodes' ids are used)
            elif isinstance(value.func, cst.Name) and value.args:
                # `cfg = deep_update(json.loads(EXPERIMENT), overrides)`: the texts it is given, as displays
                # (a helper returning its argument merged: _Dicts.merged_arg)
                args = [a.with_changes(value=shown) if not a.star and isinstance(a.value, cst.Call) and
                        dotted_name(a.value.func) is not None and
                        (shown := self._config_of(a.value)) is not None else a for a in value.args]
                if any(a is not b for a, b in zip(args, value.args)):
                    value = value.with_changes(args=args)
                    self._config_texts.append(value)  # (kept alive: its nodes' ids are used)
        elif isinstance(value, cst.IfExp):  # `json.load(f) if args.config else json.loads(DEFAULT)`: each arm a
            arms = {}  # config text stands for is its display (Resolver.type_names, const_value's evaluate)
            for field in ("body", "orelse"):
                arm = getattr(value, field)
                shown = self._config_of(arm) if isinstance(arm, cst.Call) and dotted_name(arm.func) else None
                if shown is not None:
                    self._config_texts.append(shown)
                    arms[field] = shown
            if arms:
                value = value.with_changes(**arms)
                self._config_texts.append(value)  # (kept alive: its nodes' ids are used)
        self._record_items([t.target for t in node.targets], value, node)
        self._record_assign([t.target for t in node.targets], value)
        for t in node.targets:  # `energy, aux = model(x)`: which returned element each name holds
            if isinstance(t.target, (cst.Tuple, cst.List)) and isinstance(node.value, cst.Call) and \
                    all(isinstance(el, cst.Element) for el in t.target.elements):
                self._unpacked[id(node.value)] = {el.value.value: i for i, el in enumerate(t.target.elements)
                                                  if isinstance(el.value, cst.Name)}
                members = {dotted_name(el.value): i for i, el in enumerate(t.target.elements)
                           if isinstance(el.value, cst.Attribute) and isinstance(el.value.value, cst.Name)}
                if members:  # `self.tail, c = build(TAIL_SPEC, c)`: the element the attribute holds
                    self._unpacked_members[id(node.value)] = members
                nested = _nested_targets(t.target, ())
                if nested:  # `gen, (critic, ema) = build(cfg)`
                    self._unpacked_paths[id(node.value)] = nested
            elif isinstance(t.target, cst.Subscript) and isinstance(t.target.value, cst.Name) and \
                    len(t.target.slice) == 1 and isinstance(t.target.slice[0].slice, cst.Index):
                # `params[name] = w`: the key expression it is stored under (grad_paths.substituted_parts)
                self._item_keys.setdefault(id(node.value), {})[t.target.value.value] = t.target.slice[0].slice.value

    def leave_AnnAssign(self, node: cst.AnnAssign) -> None:
        super().leave_AnnAssign(node)
        if node.value is not None and not (isinstance(self._ctx[-1], _Cls) and self._ctx[-1].fields is not None):
            self._record_items([node.target], node.value, node)
            self._record_assign([node.target], node.value)  # (a dataclass's fields are its constructions' values)

    def leave_AugAssign(self, node: cst.AugAssign) -> None:
        super().leave_AugAssign(node)
        self._record_items([node.target], None, node)
        self._record_assign([node.target], node.value)

    def leave_Del(self, node: cst.Del) -> None:
        super().leave_Del(node)
        self._record_items([node.target], None, node)

    def leave_NamedExpr(self, node: cst.NamedExpr) -> None:
        super().leave_NamedExpr(node)
        self._record_assign([node.target], node.value)

    def _record_iter(self, target: cst.BaseExpression, it: cst.BaseExpression) -> None:
        """A loop target takes the elements of what it iterates; a tuple target over literal rows
        (`for b, x in ((self.b1, u), (self.b2, v))`) takes each row's elements, position by position."""
        if isinstance(target, (cst.Tuple, cst.List)) and isinstance(it, (cst.Tuple, cst.List)) and it.elements \
                and all(isinstance(e.value, (cst.Tuple, cst.List)) and len(e.value.elements) == len(target.elements)
                        for e in it.elements):
            for row in it.elements:
                self._record_assign([target], row.value)
            return
        self._record_assign([target], it)

    def visit_For(self, node: cst.For) -> None:
        super().visit_For(node)
        self._loop_iters.add(id(node.iter))
        self._record_iter(node.target, node.iter)
        self._for_stack.append((node, self._fn))

    def leave_For(self, node: cst.For) -> None:
        self._for_stack.pop()

    def visit_CompFor(self, node: cst.CompFor) -> None:
        super().visit_CompFor(node)  # `sum(head(h) for head in self.heads)`: head is an element of heads
        self._loop_iters.add(id(node.iter))
        self._record_iter(node.target, node.iter)
        it = node.iter  # (the name is bound inside the comprehension only: comp_scoped)
        self._comp_values.update([id(it), *(id(e.value) for e in getattr(it, "elements", ()) or ())])

    def _enter_comp(self, node) -> None:
        self._comp_depth += 1

    def _leave_comp(self, node) -> None:
        self._comp_depth -= 1

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _enter_comp
    leave_ListComp = leave_SetComp = leave_DictComp = leave_GeneratorExp = _leave_comp

    def visit_Name(self, node: cst.Name) -> None:
        super().visit_Name(node)
        if self._comp_depth:
            self._comp_names.add(id(node))

    def _switch(self, node: cst.BaseExpression) -> bool | None:
        """_grad_off of a `with` item or decorator (`torch.no_grad()`, `torch.no_grad`, `set_grad_enabled(False)`)."""
        expr = node.func if isinstance(node, cst.Call) else node
        return _grad_off(self.api_of(expr), node)

    def visit_If(self, node: cst.If) -> None:
        super().visit_If(node)
        self.branching.add(id(self._fn))

    def visit_IfExp(self, node: cst.IfExp) -> None:
        super().visit_IfExp(node)
        self.branching.add(id(self._fn))

    def visit_Match(self, node: cst.Match) -> None:
        self.branching.add(id(self._fn))
        for case in node.cases:  # `case (torch.Tensor() as scores, watched):` binds names out of the subject, as
            for name, value in _captures(case.pattern, node.subject):  # `scores, watched = out[0], out[1]` does
                self._fn.assigns.setdefault(name, []).append(value)

    def visit_With(self, node: cst.With) -> None:
        super().visit_With(node)
        modes = [m for m in (self._switch(i.item) for i in node.items) if m is not None]
        self._modes.append((self._fn, modes[-1] if modes else None))

    def leave_With(self, node: cst.With) -> None:
        super().leave_With(node)
        self._modes.pop()

    def _grad_is_off(self, fn: _Fn) -> bool:
        """Whether code written at this point of fn builds no graph: the innermost switch of fn's own `with`
        blocks, else its decorators (a function defined in a `no_grad` block runs wherever it is called)."""
        for f, off in reversed(self._modes):
            if f is fn and off is not None:
                return off
        return id(fn) in self._off_fns

    def leave_WithItem(self, node: cst.WithItem) -> None:
        super().leave_WithItem(node)
        if node.asname is None:
            return
        target = node.asname.name
        fn = self._fn
        if isinstance(target, (cst.Tuple, cst.List)):
            for i, el in enumerate(target.elements):
                for name in _target_names(el.value):
                    fn.with_index[name] = (node.item, i)
                    fn.assigns.setdefault(name, []).append(node.item)
        else:
            self._record_assign([target], node.item)
        if isinstance(node.item, cst.Call) and (self._ext_path(node.item.func) or "").endswith(
                "innerloop_ctx"):
            track = _kw(node.item, "track_higher_grads")
            if track is None or _literal(track) is not False:
                if isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) >= 2:
                    names = _target_names(target.elements[1].value)
                    self._diffopts.setdefault(id(fn), set()).update(names)
                    if track is not None and _literal(track) is _NOLIT:  # `track_higher_grads=cfg["second_order"]`
                        self._diffopt_track.update(((id(fn), n), track) for n in names)

    # ---------------------------------------------------------------- calls and sites
    def leave_Call(self, node: cst.Call) -> None:
        super().leave_Call(node)
        fn = self._fn
        fn.calls.append(node)
        self._fn_of_call[id(node)] = fn
        for a in node.args:  # `train(json.load(f))`, `main(load_config(path))`: the argument is the config's display
            v = a.value
            if not a.star and isinstance(v, cst.Call) and (
                    isinstance(v.func, cst.Attribute) and v.func.attr.value in _CONFIG_READS or
                    isinstance(v.func, cst.Name) and v.func.value in self._config_returns):
                shown = self._config_of(v)
                if shown is not None:
                    self._config_texts.append(shown)
                    self.arg_configs[id(v)] = shown
        func = node.func
        api = self.api_of(func)
        if api is None and dotted_name(func) is not None:
            ext = self._ext_path(func) or ""  # functorch's transforms are torch.func's (`functorch.hessian`)
            if ext.startswith("functorch.") and ext.rpartition(".")[2] in _FUNCTORCH_ALIASES:
                api = "torch.func." + ext.rpartition(".")[2]
        if api in (None, *_PARTIAL_GRADS) and isinstance(func, cst.Name):
            api = self._partial_grad(node, func.value, fn) or api  # the scopes already alias the partial's target
        elif api is None and isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and \
                fn.cls is not None and func.value.value == fn.self_name:  # `self._grad(y, x)`, the attribute set to
            api = self._partial_grad(node, func.attr.value, fn, member=True)  # a partial of grad in __init__
        if api is not None:
            self._callee_api[id(node)] = api
        if isinstance(func, cst.Attribute) and func.attr.value in _LIST_GROWERS and \
                (api is None or api.startswith(_CONTAINERS) or api == "torch.nn.Module.add_module") and \
                (isinstance(func.value, cst.Name) or fn.self_name and _target_names(func.value) and
                 _target_names(func.value)[0].startswith(fn.self_name + ".")):
            # `layers.append(m)`, `self.blocks.append(Block(w))` in a loop: the container holds m
            for a in node.args:
                self._record_assign([func.value], a.value)
        self._record_setattr(node, fn)
        self._record_registering_call(node, fn)
        if self._grad_is_off(fn):
            self.grad_off_calls.add(id(node))
        elif isinstance(func, cst.Attribute) and func.attr.value == "detach" and not node.args and \
                api in (None, "torch.Tensor.detach"):
            # `F.normalize(w.t() @ u).detach()`: what the receiver computes leaves the graph here
            self.grad_off_calls.update(id(c) for c in calls_in(func.value))
        self._detect_site(node, fn, func, api)

    def _partial_grad(self, node: cst.Call, name: str, fn: _Fn, member: bool = False) -> str | None:
        """The grad API `name` calls when it is bound to `partial(torch.autograd.grad, <keywords>)` (a grad helper
        that fixes create_graph: `grad_keep = functools.partial(torch.autograd.grad, create_graph=True)`, or
        `jacobian = partial(torch.autograd.functional.jacobian, create_graph=True)`; with
        `member`, the attribute of fn's class the methods set so far assign: `self._grad = partial(...)`), else
        None; the partial is remembered for the call's keywords."""
        values = [v for v, _ in fn.cls.attrs.get(name, ())] if member else self._bound_values(fn, name)
        v = values[0] if len(values) == 1 else None
        if not (isinstance(v, cst.Call) and dotted_name(v.func) in ("partial", "functools.partial") and v.args and
                v.args[0].keyword is None and not v.args[0].star and all(a.keyword is not None for a in v.args[1:])):
            return None
        api = self.api_of(v.args[0].value)
        if api not in _PARTIAL_GRADS:
            return None
        self._partials[id(node)] = v
        return api

    def site_kw(self, call: cst.Call, name: str) -> cst.BaseExpression | None:
        """A keyword of a grad call, given by the call or by the partial its callee is bound to."""
        value = _kw(call, name)
        partial = self._partials.get(id(call))
        return _kw(partial, name) if value is None and partial is not None else value

    def _create_graph(self, node: cst.Call) -> str | None:
        value = self.site_kw(node, "create_graph")
        if value is None:
            # `grad(y, x, **GRAD_OPTS)`, `grad(y, x, **kwargs)`: what the dict or the callers give it, decided after
            # the pass (Resolver.splat_flag); first order when that is not shown
            return "possible" if any(a.star == "**" for a in node.args) else None
        lit = _literal(value)
        if lit is True:
            return "definite"
        if lit is _NOLIT:
            return "possible"
        return None  # False / None: first order

    def _detect_site(self, node: cst.Call, fn: _Fn, func, api: str | None) -> None:
        if api in _FUNC_TRANSFORMS + _FUNC_EVERY_ARG:
            self._transforms += 1
        if api == "torch.autograd.grad":
            cert = self._create_graph(node)
            if cert:
                self._raw_sites.append((node, fn, "grad", api, cert, None))
            else:
                self._first_order.append((node, fn, "grad", api))
        elif api == "torch.autograd.backward":
            cert = self._create_graph(node)
            if cert:
                self._raw_sites.append((node, fn, "backward", api, cert, None))
            else:
                self._first_order.append((node, fn, "backward", api))
        elif api in _HESSIAN_LIKE:
            self._raw_sites.append((node, fn, _HESSIAN_LIKE[api], api, "definite", None))
        elif api in ("torch.autograd.functional.jacobian", "torch.autograd.functional.vjp",
                     "torch.autograd.functional.jvp"):
            cert = self._create_graph(node)
            if cert:
                self._raw_sites.append((node, fn, api.rpartition(".")[2], api, cert, None))
        elif api in _FUNC_OUTER and node.args:
            arg = node.args[0].value
            if isinstance(arg, cst.Name):  # `du = grad(u); d2u = jacfwd(du)`: the transform bound to a name
                arg = next((v for v in self._bound_values(fn, arg.value) if isinstance(v, cst.Call) and
                            self._callee_api.get(id(v)) in _FUNC_TRANSFORMS), arg)
            inner = self._callee_api.get(id(arg)) if isinstance(arg, cst.Call) else None
            if inner in _FUNC_TRANSFORMS:
                kind = f"func.{api.rpartition('.')[2]}({inner.rpartition('.')[2]})"
                self._raw_sites.append((node, fn, kind, api, "definite", arg))
            else:  # `grad(force_loss)` with force_loss computing `grad(energy)(p, x)`: decided after the pass
                self._func_outer.append((node, fn, api))
        elif api is None and isinstance(func, cst.Attribute):
            meth = func.attr.value
            if meth in ("backward", "manual_backward"):
                cert = self._create_graph(node)
                if cert:
                    runner = self._backward_runner(func.value, meth, fn) if node.args and \
                        node.args[0].keyword is None else None
                    # `accelerator.backward(loss, create_graph=True)`, Lightning's `self.manual_backward(loss, ...)`:
                    # the loss is the first argument, not the receiver
                    self._raw_sites.append((node, fn, "backward", runner or "torch.Tensor.backward", cert, None))
                elif meth == "backward" and not (node.args and node.args[0].keyword is None and
                                                 self._backward_runner(func.value, meth, fn)):
                    self._first_order.append((node, fn, "backward", "torch.Tensor.backward"))
            elif meth == "step" and isinstance(func.value, cst.Name) and \
                    func.value.value in self._diffopts.get(id(fn), ()):
                track = self._diffopt_track.get((id(fn), func.value.value))
                self._raw_sites.append((node, fn, "higher", "higher.DifferentiableOptimizer.step",
                                        "definite" if track is None else "possible", track))
            elif meth == "adapt" and any(v.startswith("learn2learn") for v in self._ext_imports.values()):
                self._pending_adapt.append((node, fn))
        if api is None and (self._ext_path(func) or "").endswith(_TORCHMETA_UPDATE):
            # torchmeta's `gradient_update_parameters(model, loss, ..., first_order=False)`: a MAML inner step that
            # keeps the graph of the gradient unless first_order is True
            flag = _kw(node, "first_order")
            lit = _literal(flag) if flag is not None else False
            if lit is not True:
                self._raw_sites.append((node, fn, "torchmeta", "torchmeta.utils.gradient_based."
                                        "gradient_update_parameters", "definite" if lit is False else "possible",
                                        None))

    def _backward_runner(self, receiver, meth: str, fn: _Fn) -> str | None:
        """The API name of a training framework's backward that takes the loss as its first argument
        (`self.manual_backward`, `accelerator.backward`, `fabric.backward`), else None (a tensor's backward)."""
        if meth == "manual_backward":
            return "lightning.LightningModule.manual_backward"
        if not isinstance(receiver, cst.Name):
            return None
        name = receiver.value
        if fn.self_name and name == fn.self_name:
            return f"{fn.cls.name}.backward" if fn.cls is not None else None
        for v in self._bound_values(fn, name):
            if isinstance(v, cst.Call):
                ext = self._ext_path(v.func) or ""
                if ext.split(".")[0] in ("accelerate", "lightning", "pytorch_lightning", "deepspeed"):
                    return f"{ext}.backward"
        return f"{name}.backward" if name.lower() in ("accelerator", "fabric", "engine", "model_engine") else None

    @staticmethod
    def _bound_values(fn: _Fn, name: str) -> list:
        """The values assigned so far to `name` in fn or an enclosing function (during the pass)."""
        kind, f = binding(fn, name)
        return f.assigns[name] if kind == "assign" else []

    # ---------------------------------------------------------------- results
    def _build(self) -> list[tuple[cst.CSTNode, object]]:
        if self._built is None:
            resolver = _Resolver(self)
            self._built = resolver.run()
            self._shifts = resolver.shifts
        return self._built

    def grad_nodes(self) -> list[cst.CSTNode]:
        """Nodes whose positions `grad_sites` needs (pass them to positions.locate with the others)."""
        return [n for n, _ in self._build()]

    def grad_sites(self, where: dict[int, tuple[int, int, int, int]]) -> list[GradSite]:
        sites = []
        for node, obj in self._build():
            place(obj, where.get(id(node)), self._shifts)
            if isinstance(obj, GradSite):
                sites.append(obj)
        for s in sites:
            s.ops = unique_ops(s.ops)
        sites.sort(key=lambda s: (s.line, s.column))
        return sites



def _nested_targets(target, at: tuple) -> dict[str, tuple]:
    """{name: index path} of the names in the nested tuples (or lists) of an unpacking target (depth two and more)."""
    out: dict[str, tuple] = {}
    for i, el in enumerate(target.elements):
        if isinstance(el, cst.Element) and isinstance(el.value, (cst.Tuple, cst.List)) and len(at) < 4:
            out.update(_nested_targets(el.value, at + (i,)))
        elif isinstance(el, cst.Element) and isinstance(el.value, cst.Name) and at:
            out[el.value.value] = at + (i,)
        elif isinstance(el, cst.StarredElement):
            return {}
    return out


def place(obj, pos, shifts: dict) -> None:
    """Give a site or op the position of the node it was emitted at; an op written in a config text of the file is
    that many lines below the text's literal (shifts: id(op) -> (line in the text, column))."""
    if pos is None:
        return
    obj.line, obj.column, obj.end_line, obj.end_column = pos
    shift = shifts.get(id(obj))
    if shift is not None:
        line, column = shift
        obj.line = obj.end_line = pos[0] + line
        obj.column = pos[1] + column if line == 0 else column
        obj.end_column = obj.column


# --------------------------------------------------------------------------------------- resolver
class _Resolver(_Paths, _Expansion, _Values, _ProjectLinks, _Summaries, _Dicts, _Guards, _Enums, _Zoo):
    """Runs after the pass: slices each site and expands the calls on the path into torch ops. The jobs live in
    the mixins (grad_paths, grad_expand, grad_values, grad_project, grad_summaries); here, the state they share
    and the lookups all of them use."""

    def __init__(self, ex: GradExtractor) -> None:
        self.ex = ex
        self.uses = {id(n): u for n, u in ex.found}
        self.out: list[tuple[cst.CSTNode, object]] = []
        self.shifts: dict[int, tuple[int, int]] = {}  # id(op) -> its place in a config text (place())
        self._module_classes: dict[str, _Cls] | None = None
        self._enum_bound: dict[str, str] = {}  # enum class name -> the member whose method runs (enum_bound)
        self._enums: frozenset | None = None  # the file's enum classes (grad_enums.enum_classes)
        self._instance_writes: dict = {}  # (id(class), attr) -> writes from outside (Expansion.instance_writes)
        self._hooks_on: dict = {}  # (id(function), name, depth) -> hook registrations (Expansion.hooks_on)
        self._detached_only: dict[int, frozenset] = {}  # id(function) -> Expansion.detached_only
        self._stored: dict = {}  # (id(function), parameter) -> values stored into it (_Paths.stored_values)
        self._surgery_on: dict = {}  # (id(function), name, depth) -> modules set into it (Expansion.surgery_on)
        self._calls_by_name: dict[str, list] | None = None
        self._table_calls: list | None = None  # calls `T[k](...)` (GradValues.table_calls)
        self._loop_calls: list | None = None  # calls of a loop target (GradValues.loop_calls)
        self._transformed_calls: list | None = None  # `grad(f, argnums=1)(net, p, x)` (GradValues.transformed_calls)
        self._partial_calls: list | None = None  # calls of a partial (GradValues.partial_calls)
        self._nested: dict | None = None  # id(function) -> the functions defined inside it (GradValues.nested_fns)
        self._unpicked: set | None = None  # names in table entries no read picks (grad_guards.unpicked_entries)
        self._name_uses: dict | None = None  # name -> where the file writes it (grad_guards.name_uses)
        self._function_tables: dict[bool, dict] = {}  # classes -> grad_paths.function_tables(classes)
        self._hook_captures: dict | None = None  # forward hooks keeping outputs (GradPaths.hook_captures)
        self._attribute_refs: list | None = None  # every `x.name` of the file, where (grad_guards.attribute_refs)
        self._fn_node_ids: set | None = None  # id() of the nodes of the file's functions (grad_guards._fn_nodes)
        self._param_calls: list | None = None  # calls of a parameter (GradValues.param_calls)
        self._passing: set[int] = set()  # functions calls_of is looking for through parameters (cycle guard)
        self._registered_items: dict[str, list] = {}  # table name -> registered_items
        self._instantiated: frozenset | None = None  # GradValues.instantiated_ids
        self._keyed_entries: dict[tuple, list] = {}  # (id(dict comprehension), key) -> [it, its entry for the key]
        self._globals_table: cst.Dict | None = None  # GradValues.globals_table
        self._decorators: frozenset | None = None  # _Expansion.decorators
        self._backed: set | None = None  # _Summaries.backed_calls
        self._backed_args: dict | None = None  # _Summaries.backed_args
        self._testing: set[int] = set()  # id(if test) being evaluated by GradValues.reachable
        self._instance_calls: dict[int, list] = {}  # id(class) -> the calls of its instances (`reg(x, y)`)
        self._code_of: dict[int, str] = {}  # id(node) -> its code, for `via` texts
        self._owner_memo: dict[tuple, set] = {}  # owner_params, per (function, input parameters)
        self._param_methods: frozenset | None = None
        self._subclasses: dict[int, list[_Cls]] = {}  # id(class) -> the file's classes deriving from it
        self._constant_attrs: dict[int, frozenset] = {}  # id(class) -> its constant attributes (constant_attrs)
        self._free_reads: dict[int, frozenset] = {}  # id(function) -> the outer names its body reads (free_reads)
        self._context_params: dict[int, frozenset] = {}  # id(function) -> the parameters bound_call binds
        # id(function) -> the (call, caller) an expansion entered it by (bound_call): the instance or the value
        # being expanded was built by that call, so its parameters are that call's arguments only
        self._bound: dict[int, tuple] = {}
        # (argument, function) through which a parameter's callers are followed (_Expansion.skipped_calls), until the
        # parameter it names is expanded
        self._param_entry: tuple | None = None
        self._bound_sig: tuple = ()  # the calls of _bound, a part of every memo of a body's ops
        # id(class) -> the file's subclass whose instance is being expanded (instance_of): `self` in a method the
        # subclass inherits is that instance (its class attributes and methods override the base's)
        self._instance_cls: dict[int, object] = {}
        # id(node) -> the arm of a conditional / the value of a loop name used as a table key, in the unrolled list
        # element being expanded (grad_unroll.picked, choosing)
        self._choices: dict[int, object] = {}
        self._registry_calls: dict[int, cst.Call] = {}  # id(`BLOCKS.build(k, w)`) -> `BLOCKS[k](w)` (registry_lookup)
        # id(`R[cfg["type"]]` made for `build_from_cfg(cfg, R)`) -> cfg (registry_lookup, Resolver.registry_pick)
        self._registry_picks: dict[int, cst.BaseExpression] = {}
        self._type_names: set[str] | None = None  # the strings the file's configs give a "type" key (type_names)
        # id -> (call, the function the call it stands for is in) of the calls registry_builder made
        self._registry_built: dict[int, tuple] = {}  # (`R[cfg["type"]](**cfg)`)
        self._registry_scanned = False  # every call of the file given to registry_lookup (registry_built)
        self._splat_items: dict[tuple, cst.Subscript] = {}  # (id(call), param) -> `cfg["param"]` (splat_item)
        self._dict_gets: dict[int, cst.Subscript] = {}  # id(`D.get(k)`) -> `D[k]` (Expansion.dict_get)
        self._guards: dict[tuple, dict] = {}  # (id(function), defs) -> id(node) -> the if tests over it (guards)
        self._deciding: dict[int, set] = {}  # id(function) -> what it reads as keys, tests, getattr names, calls
        self._dict_roots: dict[tuple, tuple] = {}  # DictRef.root of a display of this file -> (display, its fn)
        self._dict_memo: dict[tuple, list | None] = {}  # DictRef.root -> dict_entries
        self._item_changes: tuple | None = None  # grad_dicts.item_changes, built once
        self._param_refs: dict[tuple, object] = {}  # grad_dicts.param_dict_ref, per (function, parameter, binding)
        self._attr_trees: dict[int, bool] = {}  # id(class or function) -> grad_dicts.attr_tree_def

    def torch_api(self, call: cst.Call) -> str | None:
        use = self.uses.get(id(call.func))
        if use is None and isinstance(call.func, cst.Attribute):
            use = self.uses.get(id(call.func.attr))
        if use is not None and use.kind in ("call", "decorator"):
            return use.api
        return self.ex._callee_api.get(id(call))

    def kind(self, api: str) -> str | None:
        return self.ex.cat.kind(api)

    def lookup_assigns(self, fn: _Fn, name: str) -> tuple[list, _Fn] | None:
        """(the values assigned to `name`, the function that assigns them), None where a parameter binds it."""
        kind, f = binding(fn, name)
        return (f.assigns[name], f) if kind == "assign" else None

    def lookup_def(self, fn: _Fn, name: str, at: cst.CSTNode | None = None) -> _Fn | None:
        """The def `name` designates in fn (the innermost enclosing one; a module-level function defined more than
        once, a notebook's later cell redefining it: the last one, what a call in a function body runs). `at`: a
        module-level statement's call, which runs the last def written before it."""
        defs = self.ex._module_defs.get(name, ()) if at is not None and fn is self.ex._module_fn else ()
        if len(defs) > 1 and (line := self.ex.entry_lines.get(id(at))) is not None:
            return self.module_binding(name, line, assigns=False)
        return next((f.defs[name] for f in enclosing(fn) if name in f.defs), None)

    def module_binding(self, name: str, line: int | None = None, assigns: bool = True):
        """The module-level binding of `name` written last (before `line` when given): a def's _Fn or, with
        `assigns`, an assigned value; None when there is none (a notebook's cells rebinding a name)."""
        lines = self.ex.entry_lines
        bound = [(lines.get(id(d.node), -1), d) for d in self.ex._module_defs.get(name, ())]
        if assigns:
            bound += [(lines.get(id(v), -1), v) for v in self.ex._module_fn.assigns.get(name, ())]
        return max(((n, b) for n, b in bound if line is None or n < line), key=lambda nb: nb[0], default=(0, None))[1]

    def all_fns(self):
        stack = [self.ex._module_fn] + [m for c in self.ex._classes.values() for m in c.methods.values()]
        seen = set()
        while stack:
            f = stack.pop()
            if id(f) in seen:
                continue
            seen.add(id(f))
            yield f
            stack.extend(f.defs.values())

    def too_deep(self, state) -> None:
        self.unresolved(state, f"the path nests deeper than {MAX_DEPTH} steps: the deepest calls were not followed")

    def unresolved(self, state, text: str) -> None:
        if state.quiet:
            return
        if text not in state.site.unresolved:
            state.site.unresolved.append(text)


# ------------------------------------------------------------------------------------------ helpers
def _captures(pattern, subject) -> list[tuple[str, cst.BaseExpression]]:
    """(name, what it is bound to) of each name a `case` pattern binds: `as` targets and captures (the subject, or
    its item at a sequence position or a mapping key, `subject[1]`), `*rest` and `**rest` (the subject)."""
    out = []
    if isinstance(pattern, cst.MatchAs):
        if pattern.name is not None:
            out.append((pattern.name.value, subject))
        return out + (_captures(pattern.pattern, subject) if pattern.pattern is not None else [])
    if isinstance(pattern, cst.MatchOr):
        return [x for p in pattern.patterns for x in _captures(p.pattern, subject)]
    if isinstance(pattern, (cst.MatchList, cst.MatchTuple)):
        starred = False
        for i, el in enumerate(pattern.patterns):
            if isinstance(el, cst.MatchStar):
                starred = True
                if el.name is not None:
                    out.append((el.name.value, subject))
                continue
            key = cst.Integer(str(i)) if not starred else cst.UnaryOperation(
                cst.Minus(), cst.Integer(str(len(pattern.patterns) - i)))
            out += _captures(el.value, item_of(subject, key))
        return out
    if isinstance(pattern, cst.MatchMapping):
        for el in pattern.elements:
            out += _captures(el.pattern, item_of(subject, el.key))
        return out + ([(pattern.rest.value, subject)] if pattern.rest is not None else [])
    if isinstance(pattern, cst.MatchClass):
        for el in pattern.patterns:
            out += _captures(el.value, subject)
        for el in pattern.kwds:
            out += _captures(el.pattern, cst.Attribute(value=subject, attr=el.key))
    return out


def extract_model_summaries(source: str, module: str = "", is_package: bool = False,
                            project_modules: frozenset[str] = frozenset(),
                            config_reader=None) -> tuple[list[ModelSummary], dict]:
    """(summaries, snippets) of a file that other files' second-order sites reach through an import.

    A second, targeted pass (only for such files): the first pass does not build these, because the
    full grad analysis on every file costs about a fifth more visit time. `config_reader`: what reads the config
    files the code loads (GradExtractor.config_reader)."""
    tree = cst.parse_module(source)
    visitor = GradExtractor(load_catalog(), module, is_package, project_modules)
    visitor.config_reader = config_reader
    walk = getattr(visitor, "walk", None)
    walk(tree) if walk is not None else tree.visit(visitor)
    resolver = _Resolver(visitor)
    built = resolver.summaries()
    where = locate(tree, [n for n, _ in resolver.out], text=source, walker=visitor)
    for node, op in resolver.out:
        place(op, where.get(id(node)), resolver.shifts)
    lines = source.splitlines()
    out, snippets = [], {}
    for summary, _state in built:
        summary.ops = unique_ops(summary.ops)
        if summary.ops or summary.project or summary.unresolved or \
                summary.role in ("member", "called", "config", "ref", "selfcall", "call") or \
                summary.role.startswith(("member:@", "instance:>")) or \
                summary.role == "instance" and summary.name in resolver.summarised_classes():
            out.append(summary)  # an empty member or model summary: known to add nothing
        add_snippets(snippets, lines, (op.line for op in summary.ops if not op.path))
    return out, snippets


def extract_grad_facts(source: str, path: str = "x.py", module: str = "") -> GradFacts:
    """Parse `source`, run GradExtractor, and return its second-order sites with positions."""
    tree = cst.parse_module(source)
    visitor = GradExtractor(load_catalog(), module, False)
    tree.visit(visitor)
    nodes = visitor.grad_nodes()
    where = locate(tree, nodes)
    sites = visitor.grad_sites(where)
    lines = source.splitlines()
    facts = GradFacts(path, sites)
    add_snippets(facts.snippets, lines, {s.line for s in sites} | {o.line for s in sites for o in s.ops if not o.path})
    return facts
