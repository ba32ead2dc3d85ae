"""Expansion: the torch ops a call on a derivative path runs, followed through the file's functions, classes,
members, containers, factories and nn.Sequential subclasses, each torch op emitted as a GradOp. What a name or value
is comes from grad_values; project imports met on the way are grad_project's.
"""
from __future__ import annotations

from contextlib import contextmanager, nullcontext

import libcst as cst

from ms_scan.extract.grad_common import (
    _AUTOGRAD_PREFIXES, _CHECKPOINTS, _CONTAINERS, _COPY_LIKE, _ELEMENT_OF, _FUNC_EVERY_ARG, _FUNCTIONAL_CALL, _NOLIT,
    MAX_DEPTH, MAX_STEPS, _partial_of, class_part_fields, chain_root,
    _NON_DIFFERENTIABLE, _NOT_ON_PATH, _WRAPPERS, _Cls, _Fn, GradOp, _PathState, _arg, _kw, calls_in, _code, _held_args,
    calls_besides,
    _is_property, _join, _literal, _literal_args, _role_words, refs, sections_args, refs_besides, spread, _subscript_key, _unchain,
    _values_of, _walk, binding, enclosing, tuple_slots, when_safe, yielded, constant_refs, ProjectCallee, param_default, returned,
    _target_nodes, _live_text, under_path, MIXIN, OVERRIDDEN, LIST_FIELD, hydra_items, item_of, walk_into_defs,
)
from ms_scan.extract.grad_dicts import _attr_wrapper
from ms_scan.extract.grad_unroll import evaluate
from ms_scan.extract.receivers import BUILTIN_NON_TENSOR, MODULE_METHODS_RETURNING_MODULE, NON_TORCH_MODULES
from ms_scan.extract.scope import PROJECT, PROJMOD
from ms_scan.extract.visitor import dotted_name
from ms_scan.facts import UNKNOWN_ARG
from ms_scan.tables.zoo import PREFIX as ZOO_PREFIX, zoo_model


# methods of Python's own containers and strings (a parameter calling one is a plain value, not a model)
_PLAIN_METHODS = frozenset(n for t in (dict, list, str, set, tuple) for n in dir(t) if not n.startswith("_"))
# methods only strings have (`encode`, `format`, `split`): met on a derivative path, the owner is no string
_STR_ONLY_METHODS = frozenset(n for n in dir(str) if not n.startswith("_")) - frozenset(
    n for t in (dict, list, set, tuple) for n in dir(t))


# torch.nn module classes that hold no weights (no nn.Parameter): activations, paddings, poolings, resampling
_WEIGHTLESS_MODULES = frozenset(
    "ReLU ReLU6 ELU SELU CELU GELU SiLU Mish Tanh Sigmoid Hardtanh Hardswish Hardsigmoid Hardshrink Softshrink "
    "Tanhshrink Softsign Softplus LogSigmoid LeakyReLU RReLU Threshold Softmax LogSoftmax Softmin GLU Identity "
    "Flatten Unflatten Dropout Dropout1d Dropout2d Dropout3d AlphaDropout PixelShuffle PixelUnshuffle ChannelShuffle "
    "Upsample UpsamplingNearest2d UpsamplingBilinear2d "
    "MaxPool1d MaxPool2d MaxPool3d AvgPool1d AvgPool2d AvgPool3d AdaptiveAvgPool1d AdaptiveAvgPool2d "
    "AdaptiveAvgPool3d AdaptiveMaxPool1d AdaptiveMaxPool2d AdaptiveMaxPool3d LPPool1d LPPool2d "
    "ReflectionPad1d ReflectionPad2d ReflectionPad3d ReplicationPad1d ReplicationPad2d ReplicationPad3d "
    "ZeroPad1d ZeroPad2d ZeroPad3d ConstantPad1d ConstantPad2d ConstantPad3d CircularPad1d CircularPad2d "
    "CircularPad3d".split())


# builtins whose result is plain data, whatever they are given (`dict(cfg.stem_pad)`)
_PLAIN_BUILDERS = frozenset({"dict", "list", "tuple", "set", "frozenset", "int", "float", "str", "bool", "len"})


def _ends_in_return(block) -> bool:
    """Whether an indented block's last statement is a `return` (what follows the `if` runs only without it)."""
    last = block.body[-1] if isinstance(block, cst.IndentedBlock) and block.body else None
    return isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Return)


class _Expansion:
    """_Resolver's expansion of a called expression into the ops it runs."""

    # ---------------------------------------------------------------- calls and torch ops
    def over_budget(self, state, fn: _Fn) -> bool:
        """Count one call expansion; past MAX_STEPS the path is too large to follow (said once, MS302)."""
        state.steps += 1
        if state.steps > MAX_STEPS:
            if state.steps == MAX_STEPS + 1:
                self.unresolved(state, f"{fn.qual} (the path is too large to follow: over {MAX_STEPS} calls)")
            return True
        return False

    def call_ops(self, state: "_PathState", c: cst.Call, fn: _Fn, via: str, depth: int,
                 live: frozenset | None = None) -> None:
        """The ops calling `c` puts on the path; `live`: its argument slots that carry the differentiated inputs
        (None: all), handed to the forward or function the callee resolves to through state.live."""
        state.live = state.call = None
        if id(c) in self.ex.grad_off_calls:
            return  # under no_grad or detached: builds no graph (GradExtractor.grad_off_calls)
        if depth > MAX_DEPTH:
            self.too_deep(state)
            return
        if self.over_budget(state, fn):
            return
        rebound = self.rebound_apis(c.func, fn)
        if rebound:  # `inner_loss(pred, y)` in a function, `inner_loss = F.mse_loss` rebound to F.smooth_l1_loss
            for ref, api in rebound:  # (each where it is written)
                self.emit(state, api, ref, c, via)
            return
        api = self.torch_api(c)
        if api is not None and self.project_super(c, fn):  # `super().forward(zt)` of another file's base class:
            self.super_member(state, c.func.attr.value, fn, via, depth + 1)  # its member there, not nn.Module's
            return
        if api is not None:
            if api in _FUNC_EVERY_ARG:  # `jvp(u, (x,), (v,))` runs u here, on the path
                run = _arg(c, 0, "func")
                if run is not None:
                    self.expand_module_expr(state, run, fn, self.via(via, c), depth + 1)
                return
            if api.startswith(_AUTOGRAD_PREFIXES) or api in _WRAPPERS:
                return
            if api == "torch.nn.Sequential.forward" and self.super_sequential(state, c, fn, via, depth):
                return
            if api in _CHECKPOINTS:  # `checkpoint(block, h, use_reentrant=False)`: block's forward (or body)
                run = _arg(c, 0, "function" if api.endswith(".checkpoint") else "functions")
                if run is not None:
                    self.expand_module_expr(state, run, fn, self.via(via, c), depth + 1)
                return
            if api in _FUNCTIONAL_CALL:
                mod = _arg(c, 0, "module")
                if mod is not None:
                    state.live = live  # (part_slots, or the forward's own argument slots: forward_slots)
                    try:
                        self.expand_module_expr(state, mod, fn, self.via(via, c), depth + 1)
                    finally:
                        state.live = None
                return
            if self.kind(api) == "nn_module":
                if api in _CONTAINERS:
                    return  # a container built inline and called: its elements are ops of their own
                self.emit(state, api, c, c, via)
                return
            if api.startswith(("torch.", "torchvision.", "torchaudio.")) and not self.constant_op(c, fn):
                self.emit(state, api, c, c, via, extra_args=sections_args(api, c, fn))
            return
        if self.applies_callback(c, fn):  # `reduce(layer, enumerate(self.linears), x)`: layer's body on the path
            items = self.called_items(c)
            # `reduce(lambda h, layer: layer(h), self.layers, x)`: each item called
            self.expand_module_expr(state, items if items is not None else c.args[0].value, fn, self.via(via, c),
                                    depth + 1)
            return
        if isinstance(c.func, cst.Call):
            if self.torch_api(c.func) is not None:  # nn.AvgPool2d(2)(x)
                self.call_ops(state, c.func, fn, via, depth + 1)
            else:  # make_critic()(x), Critic()(x): the module the inner call returns, not its body
                state.any_path = True
                self.expand_value(state, c.func, fn, self.via(via, c.func), depth + 1)
            return
        state.live, state.call = live, (c, fn)
        try:
            self.expand_module_expr(state, c.func, fn, self.via(via, c), depth + 1)
        finally:
            state.live = state.call = None

    def applies_callback(self, c: cst.Call, fn: _Fn) -> bool:
        """`functools.reduce(f, items, x)` / `map(f, xs)` with f a function of this file or a lambda: calling it
        calls f (on the accumulated value and each item)."""
        name = self.ex._ext_path(c.func) or (c.func.value if isinstance(c.func, cst.Name) and
                                             binding(fn, c.func.value)[0] is None and
                                             self.lookup_def(fn, c.func.value) is None else None)
        if name not in ("functools.reduce", "map") or len(c.args) < 2 or c.args[0].keyword is not None:
            return False
        f = c.args[0].value
        return isinstance(f, cst.Lambda) or isinstance(f, cst.Name) and self.lookup_def(fn, f.value) is not None

    def called_items(self, c: cst.Call):
        """The items of `functools.reduce(lambda h, layer: layer(h), items, x)` / `map(lambda m: m(x), items)` whose
        lambda only calls the item (its second / first parameter) on the rest: the modules called, in order."""
        f, items = c.args[0].value, c.args[1].value
        params = f.params.params if isinstance(f, cst.Lambda) else ()
        at = 1 if self.ex._ext_path(c.func) == "functools.reduce" else 0  # (else `map`: applies_callback)
        body = f.body if isinstance(f, cst.Lambda) else None
        if len(params) != at + 1 or isinstance(f.params.star_arg, cst.Param) or not isinstance(body, cst.Call) or \
                not isinstance(body.func, cst.Name) or body.func.value != params[at].name.value or \
                any(params[at].name.value in refs(a.value) for a in body.args):
            return None
        return items

    def constant_op(self, c: cst.Call, fn: _Fn) -> bool:
        """A torch op whose every tensor input is a constant of the module: a registered buffer (or an
        `nn.Parameter(..., requires_grad=False)`) of fn's class, read directly, through literals, other such ops,
        or local names bound only to them (`F.normalize(self.band_weights)`, `torch.logit(self.k_prior)`). It is
        differentiated zero times, so it is not on the path. Conservative: a buffer combined with anything else
        (`self.scale * x`, `w.mul(x)`) keeps the op, and the op must read at least one such constant."""
        if fn is None or fn.cls is None or not fn.self_name:
            return False
        consts = self.constant_attrs(fn.cls)
        if not consts:
            return False
        read: list = []
        return self._constant(c, fn, consts, read, 0) and bool(read)

    def constant_attrs(self, cls: _Cls) -> frozenset:
        """The attributes of cls (and its in-file bases) that hold constants: registered with
        `self.register_buffer("name", ...)`, or assigned only `nn.Parameter(..., requires_grad=False)`; never
        assigned otherwise, nor made to require grad (`self.name.requires_grad_()`)."""
        memo = self._constant_attrs
        if id(cls) in memo:
            return memo[id(cls)]
        chain = self.class_chain(cls)
        attrs = self.chain_attrs(cls)
        buffers, unfrozen = set(), set()
        for k in chain:
            for m in k.methods.values():
                me = m.self_name
                for call in m.calls:
                    f = call.func
                    if not (isinstance(f, cst.Attribute) and isinstance(f.value, (cst.Name, cst.Attribute))):
                        continue
                    if f.attr.value == "register_buffer" and isinstance(f.value, cst.Name) and \
                            f.value.value == me and call.args and isinstance(call.args[0].value, cst.SimpleString):
                        buffers.add(call.args[0].value.raw_value)
                    elif f.attr.value == "requires_grad_" and isinstance(f.value, cst.Attribute):
                        unfrozen.add(f.value.attr.value)
        out = {b for b in buffers if b not in attrs}
        for name, vs in attrs.items():
            if vs and all(isinstance(v, cst.Call) and self.torch_api(v) == "torch.nn.Parameter" and any(
                    a.keyword is not None and a.keyword.value == "requires_grad" and
                    isinstance(a.value, cst.Name) and a.value.value == "False" for a in v.args) for v, _ in vs):
                out.add(name)
        memo[id(cls)] = frozenset(out - unfrozen)
        return memo[id(cls)]

    def _constant(self, e, fn: _Fn, consts: frozenset, read: list, depth: int) -> bool:
        """Whether expression e carries no derivative of anything but the module constants `consts`
        (constant_op); appends each constant it reads to `read`."""
        if depth > MAX_DEPTH:
            return False
        sub = lambda x: self._constant(x, fn, consts, read, depth + 1)  # noqa: E731
        if isinstance(e, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString)):
            return True
        if isinstance(e, cst.Name):
            if e.value in ("True", "False", "None"):
                return True
            found = self.lookup_assigns(fn, e.value)
            return found is not None and found[1] is fn and bool(found[0]) and all(sub(v) for v in found[0])
        if isinstance(e, cst.Attribute):
            if isinstance(e.value, cst.Name) and e.value.value == fn.self_name and e.attr.value in consts:
                read.append(e.attr.value)
                return True
            return False
        if isinstance(e, cst.UnaryOperation):
            return sub(e.expression)
        if isinstance(e, cst.BinaryOperation):
            return sub(e.left) and sub(e.right)
        if isinstance(e, (cst.Tuple, cst.List)):
            return all(not isinstance(el, cst.StarredElement) and sub(el.value) for el in e.elements)
        if isinstance(e, cst.Subscript):
            return sub(e.value) and all(
                isinstance(s.slice, cst.Index) and not refs_besides(s.slice.value) or
                isinstance(s.slice, cst.Index) and sub(s.slice.value) or
                isinstance(s.slice, cst.Slice) and not refs_besides(s.slice) for s in e.slice)
        if isinstance(e, cst.Call):
            if not refs_besides(e):
                return True  # `xy.size(0)`: a graph cut reading nothing differentiably
            if any(a.star for a in e.args):
                return False
            api = self.torch_api(e)
            root = e.func
            while isinstance(root, cst.Attribute):
                root = root.value
            if api is not None and api.startswith("torch.") and not api.startswith("torch.Tensor.") and \
                    self.kind(api) != "nn_module" and not api.startswith(_AUTOGRAD_PREFIXES) and \
                    isinstance(root, cst.Name) and root.value != fn.self_name and binding(fn, root.value)[0] is None:
                return all(sub(a.value) for a in e.args)  # `torch.logit(self.k_prior)`, `F.normalize(...)`
            if isinstance(e.func, cst.Attribute) and sub(e.func.value):  # `self.k_prior.exp()`, `w.expand(...)`
                return all(sub(a.value) for a in e.args)
            return False
        return False

    def via(self, via: str, c: cst.Call) -> str:
        text = self._code_of.get(id(c.func))
        if text is None:  # generating code is the costliest step of a path: once per node
            text = self._code_of[id(c.func)] = _code(c.func)
        return f"{via} -> {text}" if via else text

    def emit(self, state, api: str, pos_node: cst.CSTNode, call: cst.Call, via: str, conf="high",
             extra_args: tuple = ()) -> None:
        if api in _NOT_ON_PATH:
            return
        if api.endswith(".forward") and self.kind(api[:-8]) == "nn_module":  # `super().forward(x)` of nn.Embedding
            api = api[:-8]
        if api.rpartition(".")[2] in _NON_DIFFERENTIABLE and api.startswith(("torch.Tensor.", "torch.")) and \
                api.count(".") <= 2:
            return  # boolean or index results: no gradient flows through them
        if state.guessed and conf == "high":
            conf = "medium"  # reached through a parameter whose class was inferred from its name
        model = zoo_model(api) if api.startswith(ZOO_PREFIX) else None
        if model is not None:  # `models.resnet18(num_classes=1)`: the layers torchvision's code runs
            self.emit_zoo(state, model, pos_node, via, conf)
            return
        op = GradOp(api, 0, 0, 0, 0, (_literal_args(call) if call is not None else ()) + extra_args, via, conf)
        placed = self.ex.display_places.get(id(pos_node))
        if placed is None:
            self.out.append((pos_node, op))
        elif placed[1] is None:  # `_target_: torch.nn.SELU` in a YAML config file: there
            op.path, op.line, op.column, op.end_line, op.end_column = placed[0], placed[2], placed[3], placed[2], \
                placed[3]
        else:  # in a YAML text of this file: that many lines below its literal (grads.place)
            self.out.append((placed[1], op))
            self.shifts[id(op)] = placed[2:]
        state.site.ops.append(op)

    def partial_alias(self, ref, api: str) -> cst.Call | None:
        """The `partial(nn.Softshrink, lambd=0.05)` a module-level name bound once to it holds (`def make(act=Act)`
        with `Act = partial(...)`): the op `ref` names is written there, with its arguments. None otherwise."""
        bound = self.ex._module_fn.assigns.get(ref.value) if isinstance(ref, cst.Name) else None
        made = bound[0] if bound and len(bound) == 1 else None
        ok = isinstance(made, cst.Call) and made.args and dotted_name(made.func) in ("partial", "functools.partial") \
            and self.ex.canonical(self.ex.resolve_path(made.args[0].value) or "") == api
        return made if ok else None

    def torch_ref(self, state, expr, via: str) -> bool:
        """`expr`, called, names a torch function or module class by reference (held in an attribute, a table, a
        local: `self.act = F.elu`, `ACTS = {"elu": F.elu}`): its op, written where the reference is. False when
        `expr` is not a torch name."""
        api = self.ex.api_of(expr)
        if api is None or not api.startswith(("torch.", "torchvision.", "torchaudio.")):
            return False
        if not (api.startswith(_AUTOGRAD_PREFIXES) or api in _WRAPPERS or api in _FUNCTIONAL_CALL or
                api in _CONTAINERS):
            made = self.partial_alias(expr, api)
            self.emit(state, api, made or expr, made, via)
        return True

    # ---------------------------------------------------------------- called expressions
    def expand_module_expr(self, state, expr, fn: _Fn, via: str, depth: int) -> None:
        """`expr` is called: find what it is (module instance, function, method) and add its ops."""
        if expr is None:
            return
        if depth > MAX_DEPTH:
            self.too_deep(state)
            return
        key = (id(expr), id(fn))
        if key in state.visiting:
            return
        state.visiting.add(key)
        try:
            self._expand(state, expr, fn, via, depth)
        finally:
            state.visiting.discard(key)

    def _expand(self, state, expr, fn: _Fn, via: str, depth: int) -> None:
        if isinstance(expr, (cst.Attribute, cst.Subscript)) and self.zoo_part(state, expr, fn, via, depth):
            return  # `m.features[:4]`, `m.layer4` of a torchvision model: the ops of that part (a call: expand_value)
        if isinstance(expr, cst.Name):
            self._expand_name(state, expr, fn, via, depth)
            return
        if isinstance(expr, cst.Attribute):
            if not self.torch_ref(state, expr, via):  # `self.act = F.elu`, `{"elu": F.elu}[name]`: held, then called
                self.expand_member(state, expr.value, expr.attr.value, fn, via, depth + 1, expr)
            return
        if isinstance(expr, cst.Subscript):  # self.blocks[i](x), self.nets["D"](x)
            self.expand_item(state, expr, fn, via, depth + 1, None)
            return
        if isinstance(expr, cst.Lambda):
            state.any_path = True
            for c in calls_in(expr.body):
                self.call_ops(state, c, fn, via, depth + 1)
            return
        if isinstance(expr, cst.Call):  # `Critic().to(device)` reached through a method chain
            self.expand_value(state, expr, fn, via, depth + 1)
            return
        if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float)):
            return  # a constant runs no op (`operator.getitem(r, key)`, key bound to "vy")
        if isinstance(expr, cst.Dict) and _target_nodes(expr, ""):  # a hydra node a class built by instantiate
            self.target_ops(state, expr, "", via, depth + 1, _code(expr)[:80])  # was given: what it builds
            return
        self.unresolved(state, _code(expr))

    def _expand_name(self, state, expr: cst.Name, fn: _Fn, via: str, depth: int) -> None:
        """_expand of a bare name: a `with` target, its assigned values, a parameter (its callers' arguments, its
        annotation, a guessed class), self, a local def, a torch or project import, else unresolved."""
        ex = self.ex
        name = expr.value
        if name in fn.with_index:
            item, i = fn.with_index[name]
            if isinstance(item, cst.Call) and (ex._ext_path(item.func) or "").endswith("innerloop_ctx"):
                if i == 0:
                    self.expand_module_expr(state, _arg(item, 0, "model"), fn, via, depth + 1)
                return
        d = self.def_over_assign(fn, name, expr)
        if d is not None:  # `crit = F.cross_entropy` in a notebook cell, `def crit(logits, y): ...` in a later one
            live, state.live = state.live, None
            self.expand_fn(state, d, _join(via, d.qual), depth + 1, live)
            return
        found = self.lookup_assigns(fn, name)
        if found is not None:
            values, ctx = found
            if id(expr) not in ex._comp_names:  # `p = Percept()` after `[torch.ones_like(p) for p in params]`: the
                kept = [v for v in values if id(v) not in ex._comp_values]  # comprehension's p is its own
                values = kept or values
            live = state.live
            with self.swapped_out(state, self.surgery_on(ctx, name)):
                for v, _ in self.reachable([(v, ctx) for v in values]):  # (an `if` on the call's literal picks)
                    state.live = live  # (each value from the slots the name is called with: `model =
                    if self.positional(state, v, name, ctx, via, depth, lambda el, c: self.expand_module_expr(
                            state, el, c, via, depth + 1)):  # `for k, (fn, w) in TERMS.items(): fn(out, y)`
                        continue  # torch.compile(model)`)
                    if not self.expand_unpacked(state, v, name, ctx, via, depth + 1):
                        self.expand_value(state, v, ctx, via, depth + 1)
                if ctx is fn and name in fn.params and any(name in refs(v) for v in values):
                    # `net = torch.nn.DataParallel(net, ids)` rebinding a parameter: what the callers pass, wrapped
                    state.live = live
                    self._expand_param(state, fn, name, via, depth)
            self.name_hooks(state, name, ctx, via, depth)
            return
        if self.param_of(fn, name):
            self._expand_param(state, fn, name, via, depth)
            return
        own = self.class_of(expr, fn)
        if own is not None:  # `self(x)`, `self.forward(x)` in a method: the instance's own forward
            self.expand_class(state, own, via, depth + 1)
            return
        d = self.lookup_def(fn, name)
        if d is not None:
            live, state.live = state.live, None
            self.expand_fn(state, d, _join(via, d.qual), depth + 1, live)
            return
        if id(expr) in self.instantiated_ids() and (cls := self.names_class(name, fn)) is not None:
            self.expand_class(state, cls, _join(via, cls.name), depth + 1)  # `ACT2FN["gelu_pt"]`: an instance
            return
        if name in ex._classes or name in BUILTIN_NON_TENSOR or name == "super":
            return
        if self.torch_ref(state, expr, via):  # `act = elu` with `from torch.nn.functional import elu`
            return
        proj = self.project_binding(name)
        if proj is not None and proj[0] == PROJECT:  # `from .losses import penalty_helper`
            self.project_hit(state, proj[1], "call", via, name)
            return
        if name in ex._ext_imports and ex._ext_imports[name].split(".")[0] not in NON_TORCH_MODULES:
            self.unresolved(state, f"{name} (imported from {ex._ext_imports[name]})")
            return

    def _expand_param(self, state, fn: _Fn, name: str, via: str, depth: int) -> None:
        """_expand of a parameter: the arguments its callers give (its default where they leave it out), else its
        annotated class, else a guess."""
        entry, self._param_entry = self._param_entry, None
        callers = self.args_or_default(fn, name, self.skipped_calls(state, fn, name, entry))
        owner = self.param_owner(fn, name) if not callers else None
        if owner is not None and id(owner) in self.decorators() and owner.params[:1] == [name]:
            return  # `forward(self, x)` in a decorator's wrapper: the decorated function, expanded where it is
        made = self.factory_decorated(owner) if owner is not None and owner.params[:1] == [name] else []
        for f in made:  # `loss_fn(model, x)` in the wrapper of `@input_gradient_penalty(weight=0.02)`: the functions
            self.expand_module_expr(state, f.node.name, f.parent, via, depth + 1)  # it decorates
        if made:
            return
        ann = self.annotated_class(owner, name) if owner is not None else None
        if isinstance(ann, _Cls):  # `def gp(critic: Critic, x)`
            self.expand_class(state, ann, _join(via, f"{name}: {ann.name}"), depth + 1)
            return
        if ann is not None:  # `def gp(critic: Critic, x)` with `from .models import Critic`
            self.project_hit(state, ann, "instance", via, f"{name}: {ann[1]}")
            return
        if not callers:
            cls = self.guess_param_class(name, fn)
            if cls is None:
                if self.guessed_project_hit(state, name, fn, via):  # `from .models import Critic`
                    return
                text = f"{name} (parameter of {fn.qual}, no call in this file)"
                self.unresolved(state, text)
                self.param_hit(state, fn, name, via, text)
                return
            live = state.live
            state.guessed += 1
            try:
                step = f"{name}: a parameter never bound in this file, taken to be its {cls.name}"
                self.expand_class(state, cls, f"{via} [{step[len(name) + 2:]}]" if via.endswith(name)
                                  else _join(via, step), depth + 1)
            finally:
                state.guessed -= 1
            owner = self.param_owner(fn, name)
            found = self.callee_target(owner, name) if not _role_words(name) and owner.name != "__init__" and \
                cls.name.lower() != name.lower() else None
            if found is not None:  # a generic `model` of a public helper: also what other files' calls pass
                callee = ProjectCallee(self.ex.module, found[0], "param", via, "high", "", "", f"{found[1]}:{name}",
                                       _live_text(live))
                if callee not in state.site.project:
                    state.site.project.append(callee)
        live = state.live
        for arg, caller_fn in self.beside_supers(state, fn, name, callers, via):
            state.live = live  # each caller's argument is called with the same live slots
            self._param_entry = (arg, caller_fn)
            try:
                self.expand_module_expr(state, arg, caller_fn, via, depth + 1)
            finally:
                self._param_entry = None

    def beside_supers(self, state, fn: _Fn, name: str, callers: list, via: str) -> list:
        """The `callers` (args_or_default) of an `__init__` parameter to follow. When they are all subclasses'
        `super().__init__(n_way, ch, act_layer)`, the class's own constructions are other files'
        (`Learner(5, act_layer=nn.PReLU)` in the notebook), followed quietly (param_hit), and so is a subclass's
        parameter handed up that nothing in this file binds (a `LearnerGN` built elsewhere, or nowhere): neither
        is left unresolved."""
        supers = {id(a) for a, _ in self.super_init_args(fn, name)} if callers else set()
        if not supers or not all(id(a) in supers for a, _ in callers):
            return callers
        live, out = state.live, []
        self.param_hit(state, fn, name, via, "")
        for arg, caller_fn in callers:
            state.live = live
            if isinstance(arg, cst.Name) and self.param_of(caller_fn, arg.value) and \
                    not self.args_or_default(caller_fn, arg.value):
                self.param_hit(state, caller_fn, arg.value, via, "")
            else:
                out.append((arg, caller_fn))
        state.live = live
        return out

    def skipped_calls(self, state, fn: _Fn, name: str, entry: tuple | None):
        """The test of the calls binding parameter `name` that args_or_default leaves out: first_order_call's, and
        for a parameter the path reached through `entry` (an argument written in fn, followed from the callee's
        parameter it binds), a call under which an `if` over that argument is decided false (`r1(critic, real)
        if R1_ON[domain] else 0` in `critic_step(critic, ..., domain)`: its call passing "giemsa", False there,
        hands that critic to no second-order site). A call under a guard this file shows false never runs: left
        out too."""
        once = self.first_order_call(state, fn, name)
        owner = self.param_owner(fn, name)

        def first(c: cst.Call, caller: _Fn) -> bool:
            return once is not None and once(c, caller) or self.call_off(c, caller)
        path = self.guards(entry[1]).get(id(entry[0]), ()) if entry is not None and entry[1] is owner else ()
        if not path or not isinstance(owner.node, cst.FunctionDef):
            return first

        def off(c: cst.Call, caller: _Fn) -> bool:
            if first(c, caller):
                return True
            if any(a.star for a in c.args):
                return False
            with self.bound_call(owner, c, caller, force=True):
                return not self.reachable([(entry[0], owner)])
        return off

    def first_order_call(self, state, fn: _Fn, name: str):
        """A test of the calls binding parameter `name` (for args_or_default): True for one that passes the site's
        create_graph parameter (_PathState.flag) a literal that turns it off (`saliency(teacher, x, y,
        keep_graph=False)` beside `saliency(student, ..., keep_graph=True)`); None when there is no such flag."""
        if state.flag is None:
            return None
        owner, flag, neg = state.flag
        if self.param_owner(fn, name) is not owner:
            return None

        default = param_default(owner.node, flag) if flag in owner.params and \
            isinstance(owner.node, cst.FunctionDef) else None

        def off(c: cst.Call, caller: _Fn) -> bool:
            a = self.param_arg(owner, c, flag) if flag in owner.params else _kw(c, flag)
            if a is None and flag not in owner.params:  # `flat_grad(y, ps, **kw)`: no create_graph keyword given
                return not any(x.star == "**" for x in c.args)
            if a is None and default is not None and not any(x.star for x in c.args):
                a, caller = default, owner.parent or self.ex._module_fn  # `flat_grad(loss)`: its default, False
            values = self.literal_values(a, caller, 0) if a is not None else None
            return values is not None and len(values) == 1 and bool(next(iter(values))) == neg
        return off

    def guess_param_class(self, name: str, fn: _Fn) -> _Cls | None:
        """guess_class of a parameter never bound in this file, but not the class whose own method takes it
        (`def forward(self, net, pts)` of a loss module handing `net` to a residual helper: calling `net` there
        would run that forward again, so the model is another file's, followed through the callers' arguments).
        A constructor's parameter keeps the guess (a wrapper's `__init__(self, module)`: the part of the wrapped
        model a grad is taken over is not carried through the wrapper's forward across files), unless the guess
        is the wrapper itself (a file holding only `Replica`: it wraps another file's model)."""
        cls = self.guess_class(name)
        owner = self.param_owner(fn, name)
        if cls is not None and owner.cls is not None and any(c is cls for c in self.class_chain(owner.cls)):
            return None
        return cls

    # ---------------------------------------------------------------- members
    def expand_member(self, state, owner, attr: str, fn: _Fn, via: str, depth: int, expr=None) -> None:
        """`owner.attr(...)`: a method or an attribute of the instance `owner` is (also `getattr(owner, "attr")`)."""
        if depth > MAX_DEPTH:
            self.too_deep(state)
            return
        ex = self.ex
        if isinstance(owner, cst.Call) and dotted_name(owner.func) == "super":
            self.super_member(state, attr, fn, via, depth + 1)
            return
        if attr == "_modules" and self.own_submodules(state, owner, fn, via, depth + 1):
            return
        if attr == "module" and (made := self.project_construction(owner, fn)) is not None:
            # `ema.module` with `ema = EMA(net, 0.99)` of another file: that class's member (ms_scan.project takes
            # the instance itself when the class sets no `module`, a DataParallel subclass)
            self.project_hit(state, (made[0], f"{made[1]}.module"), "member", via, f"{_code(owner)}.module")
            return
        if attr == "forward" or (attr in MODULE_METHODS_RETURNING_MODULE or attr == "module") and \
                not self.own_member(owner, attr, fn) and not (  # `netD.module(x)`, unless netD's class sets it;
                    attr == "apply" and isinstance(owner, cst.Name) and owner.value[:1].islower()):
            # (`MyFn.apply(x)` runs an autograd Function; an instance's `block.apply(x, w)` is its own method)
            self.expand_module_expr(state, owner, fn, via, depth + 1)
            return
        named = self.names_class(owner.value, fn) if isinstance(owner, cst.Name) else None
        if named is not None and attr in named.methods and self.class_method(named.methods[attr]):
            self.expand_fn(state, named.methods[attr], _join(via, f"{named.name}.{attr}"), depth + 1)
            return
        cls = self.class_of(owner, fn)
        if cls is not None and not any(self.class_members(cls, attr)) and \
                self.keyword_member(state, cls, attr, via, depth + 1):
            return
        if cls is not None:
            self.expand_class_member(state, cls, attr, via, depth + 1)
            return
        if expr is not None:
            target = self.project_target(expr, fn)
            if target is not None:  # `models.inner_net(x)` with `from pkg import models` / `import pkg.models as m`
                self.project_hit(state, target, "call", via, _code(expr))
                return
        if isinstance(owner, cst.Name) and owner.value in ex._ext_imports:
            if ex._ext_imports[owner.value].split(".")[0] not in NON_TORCH_MODULES:  # math.sqrt: a scalar
                self.unresolved(state, f"{_code(owner)}.{attr} (third-party)")
            return
        key = ("member", id(owner), attr, id(fn))
        if key in state.visiting:
            return
        state.visiting.add(key)
        try:
            self.member_of_instance(state, owner, attr, fn, via, depth + 1)
        finally:
            state.visiting.discard(key)

    def keyword_member(self, state, cls: _Cls, attr: str, via: str, depth: int) -> bool:
        """`table.conv1(x)` on an instance of a class whose __init__ registers its `**layers` keywords as submodules
        (`self.add_module(name, layer)` / `setattr(self, name, layer)` in a loop): what the file's constructions
        of the class give keyword `attr`. With none, an alias the class's `__getattr__` resolves: a dict display
        among the construction's arguments mapping `attr` to a keyword's name (`{"down": "down_avg"}`, or an
        f-string `f"down_{cfg['down']}"`: each keyword it may name, its ops with GradOp.when naming the hole's
        value when the hole is a config field, key_field). False when the class registers no keywords, or no
        construction of this file gives the member."""
        init = self.init_of(cls)
        if init is None or not isinstance(init.node.params.star_kwarg, cst.Param) or not any(
                self.registers_name(c, init) for c in init.calls):
            return False
        found = False
        for c, ctx in self.calls_named(cls.name):
            if not (isinstance(c.func, cst.Name) and c.func.value == cls.name and self.constructed_class(c) is cls):
                continue
            given = {a.keyword.value: a.value for a in c.args if a.keyword is not None}
            if attr in given:
                found = True
                self.expand_value(state, given[attr], ctx, _join(via, f"{cls.name}.{attr}"), depth + 1)
                continue
            if not any(self.class_members(cls, "__getattr__")):
                continue
            for name, hole in self.alias_names(c, attr, given):
                found = True
                start = len(state.site.ops)
                self.expand_value(state, given[name], ctx, _join(via, f"{cls.name}.{attr}"), depth + 1)
                if hole is None:
                    continue
                expr, value, values = hole
                field = self._key_field(expr, ctx, 0)
                if field is None or not when_safe(*field, *values):
                    continue
                for op in state.site.ops[start:]:
                    op.when = op.when or f"{field[0]}|{field[1]}={value}|{','.join(values)}"
        return found

    def registers_name(self, c: cst.Call, init: _Fn) -> bool:
        """`self.add_module(name, m)` / `setattr(self, name, m)` in init with a name that is not a literal."""
        func = c.func
        if isinstance(func, cst.Attribute) and func.attr.value in ("add_module", "register_module") and \
                isinstance(func.value, cst.Name) and func.value.value == init.self_name and c.args:
            name = c.args[0].value
        elif isinstance(func, cst.Name) and func.value == "setattr" and len(c.args) == 3 and \
                isinstance(c.args[0].value, cst.Name) and c.args[0].value.value == init.self_name:
            name = c.args[1].value
        else:
            return False
        return isinstance(name, cst.Name)

    @staticmethod
    def alias_names(c: cst.Call, attr: str, given: dict) -> list:
        """(keyword, hole) for each keyword of construction c that an alias dict display among its arguments maps
        `attr` to: hole None for a literal name; for an f-string with one expression, (that expression, the value
        it takes for this keyword, the values it takes for all of them)."""
        import re

        out = []
        for a in c.args:
            if not isinstance(a.value, cst.Dict):
                continue
            for el in a.value.elements:
                if not isinstance(el, cst.DictElement) or _literal(el.key) != attr:
                    continue
                v = el.value
                lit = _literal(v)
                if isinstance(lit, str):
                    out += [(lit, None)] if lit in given else []
                    continue
                if not isinstance(v, cst.FormattedString):
                    continue
                holes = [p for p in v.parts if isinstance(p, cst.FormattedStringExpression)]
                if len(holes) != 1 or holes[0].format_spec is not None or holes[0].conversion is not None:
                    continue
                pattern = "".join(re.escape(p.value) if isinstance(p, cst.FormattedStringText) else "(.+)"
                                  for p in v.parts)
                names = {k: m.group(1) for k in given if (m := re.fullmatch(pattern, k))}
                values = sorted(set(names.values()))
                out += [(k, (holes[0].expression, names[k], values)) for k in names]
        return out

    def project_construction(self, owner, fn: _Fn) -> tuple[str, str] | None:
        """(module, class) when `owner` is a name bound only to constructions of one project class imported from
        another file (`ema = EMA(net, 0.99)`), else None."""
        found = self.lookup_assigns(fn, owner.value) if isinstance(owner, cst.Name) else None
        targets = {self.project_target(v.func, found[1]) if isinstance(v, cst.Call) else None
                   for v in found[0]} if found is not None else {None}
        target = targets.pop() if len(targets) == 1 else None
        return target if target is not None and target[1][:1].isupper() and "." not in target[1] else None

    def own_member(self, owner, attr: str, fn: _Fn) -> bool:
        """`owner`'s class is one of this file's and defines `attr` itself (`self.module = module` in a wrapper
        of its own): the member, not the torch meaning of the name (DataParallel's `.module`, `.to()`)."""
        cls = self.class_of(owner, fn)
        return cls is not None and any(self.class_members(cls, attr))

    def super_sequential(self, state, c: cst.Call, fn: _Fn, via: str, depth: int) -> bool:
        """`super().forward(x)` in a method of a class deriving from nn.Sequential (`class Encoder(nn.Sequential)`
        with a forward of its own): the layers its constructor gives `super().__init__(...)`, in turn."""
        func = c.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in ("forward", "__call__") and
                isinstance(func.value, cst.Call) and dotted_name(func.value.func) == "super"):
            return False
        f = next((g for g in enclosing(fn) if g.cls is not None), None)
        if f is None or "torch.nn.Sequential" not in f.cls.torch_bases:
            return False
        self.expand_sequential(state, f.cls, _join(via, f"{f.cls.name}.super().forward"), depth + 1)
        return True

    def project_super(self, c: cst.Call, fn: _Fn) -> bool:
        """`super().<attr>(...)` in a method of a class whose first base is another project file's class (the API
        extractor takes such a base for torch's nn.Module); super_member follows it there."""
        func = c.func
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Call) and
                dotted_name(func.value.func) == "super" and not func.value.args):
            return False
        f = next((g for g in enclosing(fn) if g.cls is not None), None)
        if f is None:
            return False
        for base in f.cls.bases:
            if base in self.ex._classes:
                return False
            if any(t.rpartition(".")[2] == base.rpartition(".")[2] for t in f.cls.torch_bases):
                return False
            return self.base_target(base) is not None
        return False

    def super_member(self, state, attr: str, fn: _Fn, via: str, depth: int) -> None:
        """`super().forward(x)`, `super().encode(x)` in a method: the member as the file's base classes define
        it (a Sequential base runs its layers). A base outside the file is named as unresolved; torch bases
        are the API extractor's (`super().forward` of nn.Embedding is that module's op)."""
        f = next((g for g in enclosing(fn) if g.cls is not None), None)
        if f is None:
            return
        classes = self.ex._classes
        for base in f.cls.bases:
            if base not in classes:
                if any(t.rpartition(".")[2] == base.rpartition(".")[2] for t in f.cls.torch_bases):
                    continue
                target = self.base_target(base)
                if target is not None:  # another project file's class: its member there (ms_scan.project)
                    self.project_hit(state, (target[0], f"{target[1]}.{attr}"), "member", via, f"super().{attr}",
                                     param=self.overridden_text(f.cls, attr))
                else:
                    self.unresolved(state, f"super().{attr} (base class {base} is not in this file)")
                continue
            method, values = self.class_members(classes[base], attr)
            if method is not None:
                self.expand_fn(state, method, _join(via, f"{method.cls.name}.{attr}"), depth + 1)
                return
            if values:
                for v, ctx in values:
                    self.expand_value(state, v, ctx, via, depth + 1)
                return
            if attr == "forward" and self.sequential_class(classes[base]):
                self.expand_sequential(state, classes[base], _join(via, base), depth + 1)
                return

    def expand_class_member(self, state, cls: _Cls, attr: str, via: str, depth: int) -> None:
        with self.instance_of(cls):
            self._expand_class_member(state, cls, attr, via, depth)

    def _expand_class_member(self, state, cls: _Cls, attr: str, via: str, depth: int) -> None:
        if attr.endswith("]") and "[" in attr:  # `nets[D]`: what the member holds under key D
            attr, key = attr[:-1].split("[", 1)
            _, values = self.class_members(cls, attr)
            picked = [(x, ctx) for v, ctx in values for x in self.keyed_elements(v, key)]
            for x, ctx in picked or values:
                self.expand_value(state, x, ctx, via, depth + 1)
            return
        live = state.live
        call = state.call  # (the call of `self.<attr>(...)` being expanded, if that is one)
        if call is not None and not (isinstance(call[0].func, cst.Attribute) and call[0].func.attr.value == attr):
            call = None
        first = self.layers_from(live)
        elements = self.member_elements(cls, attr) if first else None
        if elements is not None and 0 < first < len(elements) and len(self.class_members(cls, attr)[1]) > 1:
            # `for layer in self.layers` over `self.layers[-1]`'s weights, the ModuleList grown by appends in a loop
            state.live = None
            for e, c, chosen in elements[first:]:
                with self.choosing(chosen):
                    self.expand_layer_arg(state, e, c, via, depth + 1)
            return
        found = [self.class_members(cls, attr)] + self.subclass_members(cls, attr)
        if not any(m is not None or vs for m, vs in found) and not self.mixin_member(state, cls, attr, via) and \
                attr not in dict(cls.fields or ()) and (bases := self.project_bases(cls)):
            # `self.model(x)` in a subclass of another file's class setting `self.model = model`: its member there
            self.project_hit(state, (bases[0][0], f"{bases[0][1]}.{attr}"), "member", via, f"self.{attr}",
                             param=self.overridden_text(cls, attr))
        for method, values in found:
            state.live = live  # a mixin's member: each subclass's that sets it (subclass_members)
            if method is not None and (_is_property(method.node) or self.descriptor_decorated(method)):
                # `self.net(x)` with `@property def net` (or a descriptor class of the file): the module returned
                self.expand_returns(state, method, _join(via, f"{method.cls.name}.{attr}"), depth + 1)
            elif method is not None:  # `self.encode(u, y)`: the method's slice from its live arguments
                state.live = None
                if live and all(t.startswith("@") and "." not in t for t in live) and \
                        self.method_misses(cls, attr, {t[1:] for t in live}):
                    continue  # `clf.embed(x)` with only clf.head's weights differentiated: nothing of them
                # `self._run(block, h)` into `def _run(self, fn, h): return fn(h)`: this call's fn (context_params)
                with self.bound_call(method, *call) if call is not None else nullcontext():
                    self.expand_fn(state, method, _join(via, f"{method.cls.name}.{attr}"), depth + 1, live)
            if method is None and values:  # `net.out_act = nn.Identity()` after `net = StringNet()`: what it holds
                values = self.instance_writes(cls, attr, values)
            for v, ctx in self.reachable(values):  # (`if activation == "elu": self.act = nn.ELU()`: the picked one)
                if not self.descriptor_built(state, v, ctx, via, depth) and \
                        not self.expand_unpacked(state, v, f"{ctx.self_name}.{attr}", ctx, via, depth + 1):
                    self.expand_value(state, v, ctx, via, depth + 1)
            if method is None and values:
                self.forward_hooks(state, cls, attr, via, depth + 1)
        if not any(self.class_members(cls, attr)) and attr in dict(cls.fields or ()):
            # `gan.D(x)` with `@dataclass class GAN: D: nn.Module` (or a NamedTuple): what its constructions give D
            bound = self.field_bindings(cls, attr)
            if bound is None:
                self.unresolved(state, f"{cls.name}.{attr} (a field whose constructions are not known)")
            for v, ctx in bound or ():
                if v is not None:
                    self.expand_value(state, v, ctx, _join(via, f"{cls.name}.{attr}"), depth + 1)

    def instance_writes(self, cls: _Cls, attr: str, values: list) -> list:
        """The values of member `attr` of cls's instances, with the file's writes to it from outside the class
        (`net.out_act = nn.Identity()`, net an instance of cls): when every construction of cls in the file is a
        statement `net = Cls(...)` that such a write follows in the same block before any other read of net, the
        written values replace the class's (the surgery happens before the first forward); else they are added."""
        memo = self._instance_writes
        if (id(cls), attr) not in memo:
            writes, ok = [], True
            for f in self.all_fns():
                for key, vs in f.assigns.items():
                    owner, _, name = key.rpartition(".")
                    if name != attr or not owner.isidentifier() or owner == f.self_name or \
                            self.class_of(cst.Name(owner), f) is not cls:
                        continue
                    writes += [(v, f) for v in vs]
                    ok = ok and self.written_after_construction(f, owner, attr)
            if writes and ok:
                built = sum(1 for f in self.all_fns() for k, vs in f.assigns.items() for v in vs
                            if "." not in k and self.constructed_class(_unchain(v)) is cls)
                constructed = sum(1 for f in self.all_fns() for c in f.calls if isinstance(c.func, cst.Name) and
                                  self.ex._classes.get(c.func.value) is cls)
                ok = built == constructed
            memo[(id(cls), attr)] = (writes, ok)
        writes, ok = memo[(id(cls), attr)]
        return values if not writes else writes if ok else values + writes

    @staticmethod
    def written_after_construction(f: _Fn, name: str, attr: str) -> bool:
        """In f's body (one block), `name = Cls(...)` and then `name.attr = ...` with no read of name between."""
        body = f.node.body.body if isinstance(f.node, cst.FunctionDef) and \
            isinstance(f.node.body, cst.IndentedBlock) else []
        start = None
        for i, st in enumerate(body):
            small = st.body[0] if isinstance(st, cst.SimpleStatementLine) and len(st.body) == 1 else None
            if isinstance(small, cst.Assign) and len(small.targets) == 1:
                t = small.targets[0].target
                if isinstance(t, cst.Name) and t.value == name:
                    start = i
                    continue
                if start is not None and isinstance(t, cst.Attribute) and t.attr.value == attr and \
                        isinstance(t.value, cst.Name) and t.value.value == name:
                    return True
            if start is not None and any(r == name or r.startswith(name + ".") for r in refs(st)):
                return False
        return False

    def descriptor_class(self, func) -> _Cls | None:
        """The file's class a callee names when it defines `__get__` (a descriptor: reading the attribute it is
        stored in gives what `__get__` returns), else None."""
        cls = self.ex._classes.get(func.value) if isinstance(func, cst.Name) else None
        return cls if cls is not None and self.class_members(cls, "__get__")[0] is not None else None

    def descriptor_decorated(self, method: _Fn) -> bool:
        """`@lazy_module def features(self): return nn.Sequential(...)`, lazy_module a descriptor class of the file:
        reading `self.features` gives what the method returns (as a property's)."""
        return isinstance(method.node, cst.FunctionDef) and any(
            self.descriptor_class(d.decorator) is not None for d in method.node.decorators)

    def descriptor_built(self, state, v, ctx: _Fn, via: str, depth: int) -> bool:
        """`features = LazySubmodule(lambda self: nn.Sequential(...))` in a class body, LazySubmodule a descriptor
        class of the file: its `__get__` gives what the factory it holds builds (the callables it is given: a lambda,
        a def, a class); False for any other value."""
        if not (isinstance(v, cst.Call) and self.descriptor_class(v.func) is not None):
            return False
        for a in v.args:
            if isinstance(a.value, cst.Lambda):
                self.expand_value(state, a.value.body, ctx, _join(via, _code(v.func)), depth + 1)
            elif isinstance(a.value, cst.Name) and (self.lookup_def(ctx, a.value.value) is not None or
                                                    a.value.value in self.ex._classes):
                self.expand_built(state, a.value, ctx, v, _join(via, _code(v.func)), depth + 1, "high")
        return True

    def mixin_member(self, state, cls: _Cls, attr: str, via: str) -> bool:
        """`self.critic(real)` in a method of a module-level class of no base that neither it nor a class of this
        file deriving from it sets (a mixin: `class R1Mixin: def r1_penalty(self, real): ...`): the member of the
        classes deriving from it in other files (ms_scan.project), else said not to be known; `self(x)`, attr
        "forward": their forward. False when cls is no such class."""
        if cls.bases or not self.ex.module or attr in dict(cls.fields or ()) or \
                self.ex._classes.get(cls.name) is not cls or cls.name not in self.ex.class_decls:
            return False
        text = f"self.{attr} ({cls.name} does not set it: the classes deriving from it)" if attr != "forward" else \
            f"self(...) ({cls.name} has no forward: the classes deriving from it)"
        callee = ProjectCallee(self.ex.module, f"{cls.name}.{attr}", "member", via, "high", text, "", MIXIN)
        if callee not in state.site.project:
            state.site.project.append(callee)
            self.unresolved(state, text)
        return True

    _HOOK_REGISTRARS = ("register_forward_hook", "register_forward_pre_hook")

    def forward_hooks(self, state, cls: _Cls, attr: str, via: str, depth: int) -> None:
        """`self.proj.register_forward_hook(_unit_norm)` (or `net.proj.register_forward_hook(...)`, net an instance
        of cls): the hook runs on every call of the member, its ops are on the member's path (`return
        F.normalize(output)` replaces the output)."""
        for f in self.all_fns():
            for c in f.calls:
                hooked = self.hooked_module(c)
                if not (isinstance(hooked, cst.Attribute) and isinstance(hooked.value, cst.Name) and (
                        hooked.attr.value == attr or attr.endswith("*") and hooked.attr.value.startswith(attr[:-1]))):
                    continue  # (`critic.conv0.register_forward_pre_hook(...)` of `getattr(self, f"conv{i}")`)
                if self.class_of(hooked.value, f) is cls:
                    self.guarded_hook(state, c, f, via, depth, attr)

    def name_hooks(self, state, name: str, fn: _Fn, via: str, depth: int) -> None:
        """A module instance bound to `name` in fn, not of a class of this file (forward_hooks has those), with
        forward hooks fn registers on it or its members (`model.stem.register_forward_pre_hook(make_pad(2))`): the
        hooks' ops are on its path; handed to another project module's function (`install_hooks(model, cfg)`),
        what that function's hooks on the parameter run (its "hooks:<slot>" summary, grad_summaries)."""
        if not name:
            return
        own = self.class_of(cst.Name(name), fn) is not None
        for c, f in self.hooks_on(fn, name):  # (a member of the file's class: forward_hooks)
            if not (own and isinstance(c.func.value, cst.Attribute) and isinstance(c.func.value.value, cst.Name) and
                    c.func.value.value.value == name):
                self.guarded_hook(state, c, f, via, depth)
        self.expand_surgery(state, self.surgery_on(fn, name), via, depth)
        if own:
            return
        for c in fn.calls:
            func = c.func
            if isinstance(func, cst.Attribute) and func.attr.value in self._HOOK_REGISTRARS:
                continue
            f_arg = self.applied_fn(c, (name,))
            if f_arg is not None:
                # `model.apply(bn_to_gn(4))` of another file's factory: what the function it returns sets into
                # (or hooks on) the modules it is applied to ("hooks:apply"); `model.apply(init_)`: "hooks:0"
                made = isinstance(f_arg, cst.Call)
                target = self.project_target(f_arg.func if made else f_arg, fn)
                if target is not None and "." not in target[1] and not target[1][:1].isupper():
                    callee = ProjectCallee(target[0], target[1], "hooks:apply" if made else "hooks:0", via, "high",
                                           _code(f_arg))
                    if callee not in state.site.project:
                        state.site.project.append(callee)
                continue
            slots = [a.keyword.value if a.keyword is not None else str(i) for i, a in enumerate(c.args)
                     if isinstance(a.value, cst.Name) and a.value.value == name and not a.star]
            target = self.project_target(func, fn) if slots and not any(a.star for a in c.args) else None
            if target is not None and "." not in target[1] and not target[1][:1].isupper():
                for slot in slots:  # (a module that registers none has no such summary: ms_scan.project passes)
                    callee = ProjectCallee(target[0], target[1], f"hooks:{slot}", via, "high", _code(c.func))
                    if callee not in state.site.project:
                        state.site.project.append(callee)

    def guarded_hook(self, state, c: cst.Call, f: _Fn, via: str, depth: int, label: str = "") -> None:
        """expand_hook of a registration f makes under `if` tests: none when a test decides against it here
        (`if cfg.augment: critic.register_forward_pre_hook(stretch)` with augment False); under one test of a
        config field not known here, its ops say which truth value registers it (GradOp.when, as a table's keys)."""
        if not self.reachable([(c, f)]):
            return
        tests = self.guards(f).get(id(c), ())
        field, negated = self.flag_field(tests[0][0], f) if len(tests) == 1 else (None, False)
        start = len(state.site.ops)
        self.expand_hook(state, c, f, via, depth, label)
        if field is not None:
            self.flag_when(state.site.ops[start:], field, tests[0][1] != negated)

    def flag_field(self, test, fn: _Fn) -> tuple[tuple[str, str] | None, bool]:
        """(the config field a flag test reads as GradOp.when names it, whether the test negates it): `cfg.flag`,
        `not net_cfg["gated"]`; the field is None when the test reads no such field (or one a `when` cannot
        hold)."""
        negated = False
        while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            test, negated = test.expression, not negated
        field = self._key_field(test, fn, 0) if isinstance(test, (cst.Subscript, cst.Attribute)) else None
        return (field if field is not None and when_safe(*field) else None), negated

    @staticmethod
    def flag_when(ops: list, field: tuple[str, str] | None, truth: bool) -> None:
        """GradOp.when of ops that run only when the flag `field` (flag_field) is `truth`: ms_scan.project keeps
        them when the configs give that value, or say nothing; no `when` without a field."""
        for op in ops if field is not None else ():
            op.when = op.when or f"{field[0]}|{field[1]}={truth}|~True,False"

    def hooks_on(self, f: _Fn, name: str, depth: int = 0) -> list[tuple[cst.Call, _Fn]]:
        """The forward-hook registrations in f on the module `name` holds, its members, or the modules a loop of f
        takes from it (`for _, m in disc.named_modules(): m.register_forward_hook(blur)`), and those of the file's
        functions f hands it to (`attach_antialias(D, 3)`), recursively; not those whose handle f removes
        (`for h in handles: h.remove()`: a temporary hook)."""
        if not isinstance(f.node, cst.FunctionDef) and f is not self.ex._module_fn:
            return []
        memo = self._hooks_on
        if (id(f), name, depth) not in memo:
            memo[(id(f), name, depth)] = self._hooks_on_fn(f, name, depth)
        return memo[(id(f), name, depth)]

    def _hooks_on_fn(self, f: _Fn, name: str, depth: int) -> list[tuple[cst.Call, _Fn]]:
        roots = {name} | self.walked_modules(f, name)
        removed = self.removed_handles(f)
        out = []
        for c in f.calls:
            root = self.hooked_root(c)
            if root is not None:
                if root in roots and self.handle_holder(f, c) not in removed:
                    out.append((c, f))
                continue
            for d, p, a in self.handed_params(f, c) if depth < 3 else ():
                if isinstance(a, cst.Name) and a.value == name:
                    out += self.hooks_on(d, p, depth + 1)
        return out

    def handed_params(self, f: _Fn, c: cst.Call) -> list[tuple[_Fn, str, cst.BaseExpression]]:
        """(d, parameter, argument) for each parameter of the file's function d that a call `d(...)` in f binds and d
        does not rebind; [] for a call of anything else."""
        d = self.lookup_def(f, c.func.value) if isinstance(c.func, cst.Name) else None
        if d is None or not isinstance(d.node, cst.FunctionDef):
            return []
        return [(d, p, a) for p in d.params if p not in d.assigns and (a := self.param_arg(d, c, p)) is not None]

    def surgery_on(self, f: _Fn, name: str, depth: int = 0, spread: bool = False) -> list[tuple]:
        """(module, function, torch classes it swaps out) for the modules f sets into the module `name` holds or
        the modules a loop of f takes from it (`for n, child in module.named_children(): setattr(module, n,
        nn.GroupNorm(...))`: module surgery), and those of the file's functions f hands it to, recursively
        (`smooth_(child)`), or applies to it (`model.apply(swap)`, `model.apply(bn_to_gn(4))` returning its nested
        `swap`); memoised. The classes swapped out (swapped_types) are those a type test picks when the surgery
        reaches every module (f recursing into the children it walks, or run by `apply`: spread)."""
        if not isinstance(f.node, cst.FunctionDef) and f is not self.ex._module_fn:
            return []
        memo, key = self._surgery_on, (id(f), name, depth, spread)
        if key not in memo:
            memo[key] = []  # (a recursion adds nothing)
            memo[key] = self._surgery_on_fn(f, name, depth, spread)
        return memo[key]

    def _surgery_on_fn(self, f: _Fn, name: str, depth: int, spread: bool) -> list[tuple]:
        roots = {name} | self.walked_modules(f, name)
        every = spread or any(isinstance(c.func, cst.Name) and self.lookup_def(f, c.func.value) is f for c in f.calls)
        out = []
        for c in f.calls:
            func = c.func
            if isinstance(func, cst.Name) and func.value == "setattr" and len(c.args) == 3 and \
                    not any(a.star or a.keyword for a in c.args):
                root = chain_root(c.args[0].value)
                if isinstance(root, cst.Name) and root.value in roots:
                    out.append((c.args[2].value, f, self.swapped_types(c, f, roots) if every else frozenset()))
                continue
            if depth >= 3:
                continue
            applied = self.applied_fn(c, roots)
            if applied is not None:
                d = self.applied_def(applied, f)  # `model.apply(swap)`: swap(m) on every module of it
                if d is not None and d.params:
                    out += self.surgery_on(d, d.params[0], depth + 1, True)
                continue
            for d, p, a in self.handed_params(f, c):
                if self.copied_root(a) in roots:  # (a copy's swaps leave the original as it is)
                    out += [(v, g, t if isinstance(a, cst.Name) else frozenset())
                            for v, g, t in self.surgery_on(d, p, depth + 1)]
        return out

    def swapped_types(self, c: cst.Call, f: _Fn, walked: set[str]) -> frozenset:
        """The torch classes (API names) whose every module the surgery `setattr(module, name, X)` replaces: the
        `if` tests over it are all type tests of a walked module (`isinstance(child, nn.MaxPool2d)`, `type(child) is
        T`, `type(child) in RULES`, `make is not None` with `make = RULES.get(type(child))`), a table's keys counting
        when their entry always builds a new module (not `lambda m: ... if ... else m`); empty otherwise."""
        tests = self.guards(f).get(id(c), ())
        out = None
        for test, taken in tests:
            types = self.type_test(test, taken, f, walked)
            if types is None:
                return frozenset()
            out = types if out is None else out & types
        return frozenset(out or ())

    def type_test(self, test, taken: bool, f: _Fn, walked: set[str]) -> frozenset | None:
        """The torch classes a module-type test taken as `taken` holds the module to (swapped_types); None when the
        test is not one."""
        def typed(x) -> bool:  # `type(child)` of a walked module
            return isinstance(x, cst.Call) and isinstance(x.func, cst.Name) and x.func.value == "type" and \
                len(x.args) == 1 and isinstance(x.args[0].value, cst.Name) and x.args[0].value.value in walked

        def classes(x) -> frozenset | None:
            elems = [e.value for e in x.elements] if isinstance(x, cst.Tuple) else [x]
            apis = [self.ex.canonical(self.ex.resolve_path(e) or "") for e in elems]
            return frozenset(apis) if all(a.startswith("torch.nn.") for a in apis) else None

        while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            test, taken = test.expression, not taken
        if isinstance(test, cst.Call) and isinstance(test.func, cst.Name) and test.func.value == "isinstance" and \
                len(test.args) == 2 and isinstance(test.args[0].value, cst.Name) and \
                test.args[0].value.value in walked:
            return classes(test.args[1].value) if taken else None
        if isinstance(test, cst.Name):  # `if make:`
            got = self.lookup_assigns(f, test.value)
            return self.swap_keys(got[0][0], f) if taken and got is not None and len(got[0]) == 1 and \
                self.get_item(got[0][0], f) is not None and typed(got[0][0].args[0].value) else None
        if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
            return None
        op, right = test.comparisons[0].operator, test.comparisons[0].comparator
        if isinstance(op, (cst.Is, cst.Equal)) and typed(test.left):
            return classes(right) if taken else None
        if isinstance(op, cst.In) and typed(test.left):
            return self.swap_keys(cst.Call(cst.Attribute(right, cst.Name("get")), [cst.Arg(test.left)]), f) \
                if taken else None
        if isinstance(op, (cst.Is, cst.IsNot)) and isinstance(test.left, cst.Name) and \
                isinstance(right, cst.Name) and right.value == "None":
            return self.type_test(test.left, taken == isinstance(op, cst.IsNot), f, walked)
        return None

    def swap_keys(self, get: cst.Call, f: _Fn) -> frozenset | None:
        """The torch classes keying the file's dict `RULES` of `RULES.get(...)` whose entry always builds a new
        module: a torch class, or a lambda whose body is a call; None when RULES is not such a dict."""
        func = get.func
        values = self.container_values(func.value, f) if isinstance(func, cst.Attribute) else None
        if not values or not all(isinstance(v, cst.Dict) for v, _ in values):
            return None
        out = set()
        for v, _ in values:
            for e in v.elements:
                if not isinstance(e, cst.DictElement):
                    return None
                api = self.ex.canonical(self.ex.resolve_path(e.key) or "")
                made = e.value
                if api.startswith("torch.nn.") and (
                        isinstance(made, cst.Lambda) and isinstance(made.body, cst.Call) or
                        isinstance(made, (cst.Name, cst.Attribute)) and
                        self.ex.canonical(self.ex.resolve_path(made) or "").startswith("torch.nn.")):
                    out.add(api)
        return frozenset(out)

    @staticmethod
    def applied_fn(c: cst.Call, names) -> cst.BaseExpression | None:
        """The function `m.apply(fn)` runs on every module of m, for m one of `names`; None for any other call."""
        func = c.func
        return c.args[0].value if isinstance(func, cst.Attribute) and func.attr.value == "apply" and \
            len(c.args) == 1 and not c.args[0].star and \
            isinstance(func.value, cst.Name) and func.value.value in names else None

    def returned_param_hooks(self, state, d: _Fn, via: str, depth: int) -> None:
        """`model = add_weight_norm(Net())` with d returning its parameter `model`: the hooks and parametrizations d
        registers on it (hooks_on) and the modules it sets into it (surgery_on) are on the returned module's path."""
        for p in self.returned_params(d):
            for c, f in self.hooks_on(d, p):
                self.guarded_hook(state, c, f, via, depth)
            self.expand_surgery(state, self.surgery_on(d, p), via, depth)

    @staticmethod
    def returned_params(d: _Fn) -> list[str]:
        """The parameters of the function d that it returns as they are (`return module`), not rebinding them."""
        if not isinstance(d.node, cst.FunctionDef):
            return []
        names = {r.value for r in returned(d.node.body) if isinstance(r, cst.Name)}
        return [p for p in d.params if p in names and p not in d.assigns]

    def applied_def(self, func, f: _Fn) -> _Fn | None:
        """The file's function `module.apply(func)` calls: a def named by func, or the nested def a call of the
        file's factory returns (`bn_to_gn(4)` with `def bn_to_gn(g): def swap(m): ...; return swap`)."""
        if isinstance(func, cst.Name):
            d = self.lookup_def(f, func.value) if self.lookup_assigns(f, func.value) is None else None
            return d if d is not None and isinstance(d.node, cst.FunctionDef) else None
        if isinstance(func, cst.Call) and isinstance(func.func, cst.Name):
            d = self.lookup_def(f, func.func.value)
            return self.returned_def(d) if d is not None and isinstance(d.node, cst.FunctionDef) else None
        return None

    def returned_def(self, d: _Fn) -> _Fn | None:
        """The nested def every return of the factory d gives (`return swap`); None otherwise."""
        values = returned(d.node.body)
        names = {v.value for v in values if isinstance(v, cst.Name)}
        if len(names) != 1 or len(values) != 1:
            return None
        g = d.defs.get(next(iter(names)))
        return g if g is not None and isinstance(g.node, cst.FunctionDef) else None

    @staticmethod
    def copied_root(a) -> str | None:
        """The name an argument is, or is a copy of (`copy.deepcopy(model)`): surgery on it changes that module,
        or a copy with its modules; None for anything else."""
        if isinstance(a, cst.Call) and dotted_name(a.func) in ("copy.deepcopy", "deepcopy") and len(a.args) == 1:
            a = a.args[0].value
        return a.value if isinstance(a, cst.Name) else None

    def expand_surgery(self, state, values: list, via: str, depth: int) -> None:
        """The ops of the modules surgery sets into a module (surgery_on): on its path in place of those they
        replace (swapped_out)."""
        live, state.live = state.live, None
        try:
            for v, ctx, _ in values:
                key = ("surgery", id(v))
                if key not in state.visiting:
                    state.visiting.add(key)
                    self.expand_value(state, v, ctx, _join(via, "surgery"), depth + 1)
                    state.visiting.discard(key)
        finally:
            state.live = live

    @contextmanager
    def swapped_out(self, state, values: list):
        """Around the expansion of a module that surgery changes (surgery_on): the ops of the torch classes it
        swaps out in every module (`isinstance(child, nn.MaxPool2d)` under a recursive walk) are not on its path.
        The expansion reaches shared code on its own (state.done), so another path to the same modules (the
        original of a `copy.deepcopy`) still reaches them."""
        swapped = frozenset().union(*(t for _, _, t in values))
        if not swapped:
            yield
            return
        done, state.done = state.done, set(state.done)
        start = len(state.site.ops)
        try:
            yield
        finally:
            state.site.ops[start:] = [op for op in state.site.ops[start:] if op.api not in swapped]
            state.done = done

    _MODULE_WALKS = frozenset({"modules", "named_modules", "children", "named_children"})

    def walked_modules(self, f: _Fn, name: str) -> set[str]:
        """The names a loop (or comprehension) of f binds to modules of `name`: over `name.modules()` (or
        named_modules, children, named_children; the module of a `(name, m)` pair), or over `name` or a member of it
        (`for m in disc.body`)."""
        out = set()
        node = f.node.body if f.node is not None else self.ex._module_node
        for n in _walk(node) if node is not None else ():
            if not isinstance(n, (cst.For, cst.CompFor)):
                continue
            it = n.iter
            if isinstance(it, cst.Call) and isinstance(it.func, cst.Attribute) and not it.args and \
                    it.func.attr.value in self._MODULE_WALKS:
                it = it.func.value
            root = chain_root(it)
            if not (isinstance(root, cst.Name) and root.value == name):
                continue
            t = n.target
            if isinstance(t, (cst.Tuple, cst.List)) and t.elements:
                t = t.elements[-1].value
            if isinstance(t, cst.Name):
                out.add(t.value)
        return out

    def removed_handles(self, f: _Fn) -> set[str]:
        """The names whose `.remove()` f calls: a hook handle (`h.remove()`), or a list of them a loop runs through
        (`for h in handles: h.remove()`)."""
        out = set()
        for c in f.calls:
            if isinstance(c.func, cst.Attribute) and c.func.attr.value == "remove" and not c.args and \
                    isinstance(c.func.value, cst.Name):
                out.add(c.func.value.value)
        node = f.node.body if f.node is not None else self.ex._module_node
        for n in _walk(node) if out and node is not None else ():
            if isinstance(n, (cst.For, cst.CompFor)) and isinstance(n.target, cst.Name) and \
                    n.target.value in out and isinstance(n.iter, cst.Name):
                out.add(n.iter.value)
        return out

    @staticmethod
    def handle_holder(f: _Fn, c: cst.Call) -> str | None:
        """The name f keeps a registration's handle in: `h = m.register_forward_hook(...)`, `handles = [m.register_
        forward_hook(...) for m in ...]`, `handles.append(m.register_forward_hook(...))`; None when not kept."""
        for name, values in f.assigns.items():
            for v in values:
                if v is c or isinstance(v, (cst.ListComp, cst.GeneratorExp)) and v.elt is c:
                    return name
        for other in f.calls:
            if isinstance(other.func, cst.Attribute) and other.func.attr.value in ("append", "extend") and \
                    isinstance(other.func.value, cst.Name) and any(a.value is c for a in other.args):
                return other.func.value.value
        return None

    def hooked_root(self, c: cst.Call) -> str | None:
        """The name the module a `register_forward_hook(hook)` call hooks is reached from (`model` for
        `model.stem.register_forward_pre_hook(pad)`); None for any other call."""
        hooked = self.hooked_module(c)
        root = chain_root(hooked) if hooked is not None else None
        return root.value if isinstance(root, cst.Name) else None

    def hooked_module(self, c: cst.Call):
        """The module expression a hook registration hooks: `m.stem` of `m.stem.register_forward_hook(h)`, `self.fc1`
        of `register_parametrization(self.fc1, "weight", P)`; None for any other call."""
        if self.parametrization(c):
            return c.args[0].value
        func = c.func
        return func.value if isinstance(func, cst.Attribute) and func.attr.value in self._HOOK_REGISTRARS and \
            c.args and c.args[0].keyword is None else None

    _PARAMETRIZE = "torch.nn.utils.parametrize.register_parametrization"

    def parametrization(self, c: cst.Call) -> bool:
        """`parametrize.register_parametrization(layer, "weight", RowNorm(n))`: reading layer.weight runs the
        parametrization's forward on the stored weight (a hook of the module's weights, Expansion.expand_hook)."""
        return self.ex._callee_api.get(id(c)) == self._PARAMETRIZE and len(c.args) >= 3 and \
            not any(a.star or a.keyword for a in c.args[:3])

    def expand_hook(self, state, c: cst.Call, fn: _Fn, via: str, depth: int, label: str = "") -> None:
        """The ops of the hook a `register_forward_hook(hook)` call registers (it gets the module, its inputs and
        its output: no live slots); `label` names the hooked module in the path (its code by default)."""
        key = ("hook", id(c))
        weights = self.parametrization(c)
        if key in state.visiting or weights and not state.weights:  # (a parametrization: on the path of the
            return  # weights, not of what flows through the module)
        state.visiting.add(key)
        live, state.live = state.live, None
        try:
            hook = c.args[2].value if weights else c.args[0].value
            self.expand_module_expr(state, hook, fn, _join(via, f"{label or _code(self.hooked_module(c))} "
                                                               f"{'parametrization' if weights else 'hook'}"),
                                    depth + 1)
        finally:
            state.visiting.discard(key)
            state.live = live

    def member_of_instance(self, state, owner, attr: str, fn: _Fn, via: str, depth: int) -> None:
        """`owner.attr(...)` where owner's class is not one of this file's: follow what owner is bound to
        (an assignment, the arguments at the callers, a project class's instance) and say so when it stays
        unknown, rather than dropping it. Dicts, tensors and other plain values stay silent."""
        memo = ("member_of", id(owner), attr, id(fn), state.guessed > 0, state.live, self._bound_sig)  # nor on the way
        if memo in state.done:
            return
        state.done.add(memo)
        if self.over_budget(state, fn):
            return
        text = f"{_code(owner)}.{attr}"
        if isinstance(owner, cst.Name):
            self.member_of_name(state, owner, attr, fn, via, depth, text)
            return
        if isinstance(owner, cst.Attribute):
            outer_owner, outer_attr = owner.value, owner.attr.value
            outer = self.class_of(outer_owner, fn)
            guessed = outer is None and isinstance(outer_owner, cst.Name) and outer_attr != "module" and \
                self.param_of(fn, outer_owner.value) and not self.args_or_default(fn, outer_owner.value)
            if guessed:  # `trainer.model.encoder` in a callback no call of this file binds: the class holding it
                owner_fn = self.param_owner(fn, outer_owner.value)
                outer = self.param_class(outer_owner.value, outer_attr, owner_fn)
                if outer is None and (self.model_like(outer_owner.value, fn) or self.model_like(attr, fn)):
                    self.unresolved(state, f"{text} ({outer_owner.value} is a parameter of {owner_fn.qual} with no "
                                           f"call in this file: its class is unknown)")
                if outer is None:  # (`cfg.model.deep_dims`: a config read, no model)
                    return
            if outer is None and outer_attr == "module" and isinstance(outer_owner, cst.Name):
                # `clf.module.logits(x)`, clf's class not known here (a parameter the callers bind to
                # `nn.DataParallel(net)`): the member of what the wrapper wraps, followed as clf's member
                # (member_of_value takes the wrapped module of a DataParallel-style call)
                self.member_of_instance(state, outer_owner, attr, fn, via, depth + 1)
                return
            if outer is not None:  # `self.model.encoder(x)`: what self.model holds
                method, values = self.class_members(outer, outer_attr)
                state.guessed += guessed
                try:
                    for v, ctx in values:
                        self.member_of_value(state, v, attr, ctx, via, depth + 1, text)
                finally:
                    state.guessed -= guessed
                if method is None and not values and outer.torch_module != "no" and \
                        not (outer_attr == "_modules" and attr in ("items", "values", "keys")):  # (nn.Module's dict)
                    self.unresolved(state, f"{text} ({outer_attr} is never assigned in {outer.name})")
                return
            target = self.project_target(owner, fn)
            if target is not None:  # `models.critic.features(x)`: a module-level instance of a project module
                self.unresolved(state, f"{text} (an attribute of {_code(owner)}, defined in project module "
                                       f"{target[0]})")
            return
        if isinstance(owner, cst.Subscript):  # `self.nets["D"].features(x)`
            self.expand_item(state, owner, fn, via, depth + 1, lambda v, ctx: self.member_of_value(
                state, v, attr, ctx, via, depth + 2, text))
            return
        if isinstance(owner, cst.Call):
            self.member_of_value(state, owner, attr, fn, via, depth + 1, text)

    def namedtuple_fields(self, func, ctx: _Fn) -> list[str] | None:
        """The field names of `Nets` bound once to `namedtuple("Nets", ["critic", "gen"])` (or "critic gen"); None for
        any other callee."""
        found = self.lookup_assigns(ctx, func.value) if isinstance(func, cst.Name) else None
        made = found[0][0] if found is not None and len(found[0]) == 1 else None
        if not (isinstance(made, cst.Call) and (dotted_name(made.func) or "").rpartition(".")[2] == "namedtuple" and
                len(made.args) >= 2):
            return None
        names = made.args[1].value
        if isinstance(names, (cst.List, cst.Tuple)):
            out = [_literal(e.value) for e in names.elements]
        else:
            lit = _literal(names)
            out = lit.replace(",", " ").split() if isinstance(lit, str) else [None]
        return out if all(isinstance(n, str) for n in out) else None

    def member_of_name(self, state, owner: cst.Name, attr: str, fn: _Fn, via: str, depth: int, text: str) -> None:
        """member_of_instance of a bare name: what it is assigned, a project module's instance, or a parameter."""
        name = owner.value
        found = self.lookup_assigns(fn, name)
        if found is not None:
            values, ctx = found
            for v in values:
                self.member_of_value(state, v, attr, ctx, via, depth + 1, text)
            return
        if not self.param_of(fn, name):
            b = self.project_binding(name)
            if b is not None and b[0] == PROJECT:  # `from .nets import critic`: a project module's instance
                self.project_hit(state, (b[1][0], f"{b[1][1]}.{attr}"), "member", via, text)
            return
        self.member_of_param(state, name, attr, fn, via, depth, text)

    def member_of_param(self, state, name: str, attr: str, fn: _Fn, via: str, depth: int, text: str) -> None:
        """member_of_instance of a parameter: the callers' arguments, else its annotated class, else the model
        class it is taken to be (named like one, or the one class with such a member), else unresolved. (A call
        leaving the parameter out gives its default: `def train(cfg=LyapunovConfig())` run as `train()`.)"""
        callers = self.args_or_default(fn, name)
        for arg, caller_fn in callers:
            self.member_of_value(state, arg, attr, caller_fn, via, depth + 1, text)
        if callers:
            return
        owner_fn = self.param_owner(fn, name)
        ann = self.annotated_class(owner_fn, name)
        if isinstance(ann, _Cls):
            self.expand_class_member(state, ann, attr, _join(via, f"{name}: {ann.name}"), depth + 1)
            return
        if ann is not None:
            self.project_hit(state, (ann[0], f"{ann[1]}.{attr}"), "member", via, text)
            self.param_hit(state, fn, name, via, "", attr)  # (and what other files pass: the class annotated may
            return  # be a Protocol or an abstract base, `h: Hamiltonian` given a SeparableHNN)
        cls = self.param_class(name, attr, owner_fn)
        if cls is None and not self.model_like(name, owner_fn) and self.plain_member(attr) and \
                attr not in _STR_ONLY_METHODS:
            return  # `x.view(...)`, `stats.get(...)`: a tensor's or a plain value's method (a string's method,
            # `enc.encode(x)`, on a derivative path is a model's: a string carries no gradient)
        if cls is None and self.model_like(name, owner_fn) and \
                self.guessed_project_hit(state, name, fn, via, attr):
            return
        if cls is not None:
            state.guessed += 1
            try:
                self.expand_class_member(state, cls, attr, _join(
                    via, f"{name}: a parameter never bound in this file, taken to be its {cls.name}"), depth + 1)
            finally:
                state.guessed -= 1
            return
        unknown = (f"{text} ({name} is a parameter of {owner_fn.qual} with no call in this file: its class is "
                   "unknown)")
        self.unresolved(state, unknown)
        self.param_hit(state, fn, name, via, unknown, attr)

    def param_class(self, name: str, attr: str, owner_fn: _Fn) -> _Cls | None:
        """The class of this file a parameter `name` no call binds is taken to be, for its member `attr`: the one
        its name guesses, else the one model class with such a member, else the one class assigning it (a trainer
        holding the model: `trainer.model` in a callback the trainer's loop calls); None when not one."""
        cls = self.guess_class(name) if self.model_like(name, owner_fn) else None
        if cls is not None and not any(self.class_members(cls, attr)):
            cls = None
        if cls is None:  # duck typing: the one model class of this file that has such a member
            having = [c for c in self.module_classes().values() if any(
                self.class_members(c, attr)) and self.ex._classes.get(c.name) is c]
            if not having and not self.plain_member(attr):
                having = [c for c in self.ex._classes.values() if self.class_members(c, attr)[1]]
            cls = having[0] if len(having) == 1 else None
        return cls

    def plain_member(self, attr: str) -> bool:
        """A method name of tensors, optimizers, modules' housekeeping or Python's containers and strings: a
        parameter named anyhow (`enc.classify_vectors(v)`) calling anything else is taken for a model."""
        cat = self.ex.cat
        return attr in cat.tensor_members or attr in cat.optimizer_members or attr in _PLAIN_METHODS or \
            attr in cat.module_members and attr not in ("forward", "__call__")

    def member_of_value(self, state, v, attr: str, ctx: _Fn, via: str, depth: int, text: str) -> None:
        """The member `attr` of the instance a value is (`Critic()`, a project class, a third-party model)."""
        if depth > MAX_DEPTH:
            self.too_deep(state)
            return
        ex = self.ex
        v = _unchain(v)
        if isinstance(v, cst.Call):
            getattr_of = self.getattr_target(v, ctx)
            api = self.torch_api(v)
            if getattr_of is not None:
                self.member_of_instance(state, cst.Attribute(getattr_of[0], cst.Name(getattr_of[1]))
                                        if getattr_of[1].isidentifier() else getattr_of[0], attr, ctx, via,
                                        depth + 1)
            elif api is not None:
                if api in _CONTAINERS or api in _WRAPPERS:
                    for a in _held_args(v, api):
                        self.member_of_value(state, a.value, attr, ctx, via, depth + 1, text)
            elif isinstance(v.func, cst.Name) and v.func.value in ex._classes:
                cls = ex._classes[v.func.value]
                with self.bound_call(self.init_of(cls), v, ctx):
                    self.expand_class_member(state, cls, attr, via, depth + 1)
            elif (dotted_name(v.func) or "").rpartition(".")[2] in ("SimpleNamespace", "Namespace") and \
                    api is None and self.project_target(v.func, ctx) is None:
                # `models = SimpleNamespace(gen=G(), disc=D())`: `models.disc` is what the keyword gives
                given = next((a.value for a in v.args if a.keyword is not None and a.keyword.value == attr), None)
                if given is not None:
                    self.expand_value(state, given, ctx, _join(via, f"{_code(v.func)}.{attr}"), depth + 1)
                elif any(a.star for a in v.args):
                    self.unresolved(state, f"{text} (an attribute of a {_code(v.func)} built from `**`)")
            elif (fields := self.namedtuple_fields(v.func, ctx)) is not None:
                # `nets = Nets(critic=..., gen=...)` with `Nets = namedtuple("Nets", ["critic", "gen"])`
                given = _arg(v, fields.index(attr), attr) if attr in fields else None
                if given is not None:
                    self.expand_value(state, given, ctx, _join(via, f"{_code(v.func)}.{attr}"), depth + 1)
                elif any(a.star for a in v.args):
                    self.unresolved(state, f"{text} (an attribute of a {_code(v.func)} built from `*`)")
            elif (ex._ext_path(v.func) or "") in _COPY_LIKE or dotted_name(v.func) in _COPY_LIKE:
                if v.args:
                    self.member_of_value(state, v.args[0].value, attr, ctx, via, depth + 1, text)
            elif isinstance(v.func, cst.Name) and self.lookup_def(ctx, v.func.value) is not None:
                d = self.lookup_def(ctx, v.func.value)  # a factory function: the member of what it returns
                with self.bound_call(d, v, ctx):
                    for value in self.returned_values(d):
                        if value is not None:
                            self.member_of_value(state, value, attr, d, via, depth + 1, text)
            elif isinstance(v.func, cst.Subscript) and (entry := self.table_entry(v.func, ctx)) is not None:
                # `ARCHS[arch](...)` of another file's table, the key known here: the member of the entry's
                # instance (that file's "member" summary `ARCHS[key].attr`, grad_summaries.entry_member_summaries)
                target, key = entry
                self.project_hit(state, (target[0], f"{target[1]}[{key}].{attr}"), "member", via, text)
            elif isinstance(v.func, cst.Subscript) and _subscript_key(v.func) is None and \
                    (table := self.project_target(v.func.value, ctx)) is not None:
                # `block = BLOCKS[name](dim)` ... `block.apply(x, w)`, BLOCKS another file's registry, the key not
                # known here: the member of each entry's instance, those a config names when the key is its field
                # ("T[].attr", ms_scan.project.entry_members)
                field = self.key_field(v.func, ctx)
                key = f"?{field[0]}|{field[1]}" if field is not None and when_safe(*field) else ""
                if field is not None:
                    self.constant_callees(state, field[1])
                    default = class_part_fields(field[0])[3]
                    if default.startswith("&"):  # (`layers=config.LAYERS`, grad_values.open_key): its file too
                        self.constant_callees(state, default + LIST_FIELD)
                self.project_hit(state, (table[0], f"{table[1]}[].{attr}"), "member", via, text, key=key)
            else:
                target = self.project_target(v.func, ctx)
                if target is not None and target[1][:1].isupper():  # `Critic(...)` from `.models`
                    self.project_hit(state, (target[0], f"{target[1]}.{attr}"), "member", via, text)
                elif target is not None:
                    self.unresolved(state, f"{text} (an attribute of what {_code(v.func)} returns, defined in "
                                           f"project module {target[0]})")
                else:
                    ext = ex._ext_path(v.func)
                    if ext and ext.split(".")[0] not in NON_TORCH_MODULES and \
                            ext.rpartition(".")[2][:1].isupper() | ("model" in ext.lower()):
                        self.unresolved(state, f"{text} (an attribute of a {ext} instance: third-party)")
            return
        if isinstance(v, (cst.Name, cst.Attribute, cst.Subscript)):
            self.member_of_instance(state, v, attr, ctx, via, depth + 1)
            return
        if isinstance(v, (cst.List, cst.Tuple)):
            for el in v.elements:
                self.member_of_value(state, el.value, attr, ctx, via, depth + 1, text)
        elif isinstance(v, (cst.ListComp, cst.GeneratorExp)):
            self.member_of_value(state, v.elt, attr, ctx, via, depth + 1, text)
        elif isinstance(v, cst.Dict):
            for el in v.elements:
                if isinstance(el, cst.DictElement):
                    self.member_of_value(state, el.value, attr, ctx, via, depth + 1, text)

    # ---------------------------------------------------------------- items of containers
    def loop_keys_from(self, state, expr: cst.Subscript, fn: _Fn) -> list[str]:
        """`stages[name]` called in `for name in ("stem", "mid", "out")` with the differentiated weights those of
        `stages["mid"]` only (state.live "@[mid]", Resolver.loop_part): the keys from "mid" on in the loop's order;
        [] for anything else."""
        parts = frozenset((_code(expr.value), t[1:]) for t in state.live or () if t.startswith("@[") and "|" not in t)
        loop = self.loop_part(cst.Call(func=expr), parts, fn) if parts else None
        if loop is None:
            return []
        order = self.loop_keys(fn, expr.slice[0].slice.value.value)
        return order[order.index(next(iter(loop))[2:-1]):]

    def expand_item(self, state, expr: cst.Subscript, fn: _Fn, via: str, depth: int, on_value) -> None:
        """`c[k]`: the values container `c` holds; with a literal key (`self.nets["D"]`), only those held under
        it (a dict display, ModuleDict({...}), dict(D=...), `c["D"] = m`) when any is."""
        key = _subscript_key(expr)
        if isinstance(key, str) and key.isidentifier() and isinstance(expr.value, cst.Attribute) and \
                expr.value.attr.value == "_modules" and on_value is None:
            self.expand_member(state, expr.value.value, key, fn, via, depth + 1)  # `self._modules["shrink"](x)`
            return
        values = self.container_values(expr.value, fn)
        if values is None and (keys := self.loop_keys_from(state, expr, fn)):
            state.live = frozenset({f"@[{'|'.join(keys)}]"})  # the ModuleDict display built elsewhere: those keys
            self.expand_value(state, expr.value, fn, via, depth + 1)
            return
        if values is None:  # not a container this file builds: what the name or attribute is
            bound = self.bound_key(expr, fn)
            target = self.project_target(expr.value, fn) if bound is not None else None
            if target is not None:  # `MODELS[cfg.kind]` of another file's table, the key known here
                self.project_hit(state, (target[0], f"{target[1]}[{bound}]"), "call", via,
                                 f"{_code(expr.value)}[{bound!r}]")
                return
            table = self.project_target(expr.value, fn) if bound is None and key is None else None
            field = self.key_field(expr, fn) if table is not None else None
            if field is not None and when_safe(*field):
                # `ACTS[cfg["act"]]` of another file's table, the key a config another file builds: the table's
                # entries, of which ms_scan.project keeps those the configs name ("?" token, as GradOp.when)
                if field[1].startswith("&"):
                    self.constant_callees(state, field[1])
                self.project_hit(state, table, "call", via, _code(expr.value), key=f"?{field[0]}|{field[1]}")
                return
            if key is not None and isinstance(expr.value, cst.Attribute) and on_value is None:
                self.expand_member(state, expr.value.value, f"{expr.value.attr.value}[{key}]", fn, via, depth + 1)
                return
            on_value(expr.value, fn) if on_value is not None else \
                self.expand_value(state, expr.value, fn, via, depth + 1)
            return
        if values and all(self.empty_display(v) for v, _ in values):
            # `self._items[key](...)` with only `self._items = {}` seen: filled where this reading does not go (a
            # registry object's decorator); said, not taken for a table with nothing in it
            self.unresolved(state, f"{_code(expr)} (the entries of {_code(expr.value)} are added where ms-scan does "
                                   "not follow)")
            return
        if key is None and on_value is None and self.expand_indexed(state, expr, values, fn, via, depth):
            return
        if on_value is None:
            def on_value(v, ctx, live=state.live):
                state.live = live  # (each entry called with the same slots: `for fn in AUGMENT[p]: x = fn(x)`)
                self.expand_value(state, v, ctx, via, depth + 1)
        keys = {key} if key is not None else self.key_choices(expr, fn) or ()
        keys = self.loop_keys_from(state, expr, fn) or keys
        picks = [[(x, ctx) for v, ctx in values for x in self.keyed_elements(v, k)] for k in keys]
        if picks and all(picks):  # `ACTS[cfg.act]`, every config of the file naming a held entry: those entries
            for x, ctx in (p for picked in picks for p in picked):
                on_value(x, ctx)
            return
        registered = [(v, ctx) for v, ctx in values if id(v) in self.ex.registered]
        if registered and key is None and not keys and id(expr) in self._registry_picks and \
                self.registry_pick(state, expr, fn, registered, on_value):
            return
        if registered and all(id(v) in self.ex.registered or not self.keyed_elements(v, None) for v, _ in values):
            # a registry filled by a decorator, picked by a key not known here: what every entry runs (in another
            # file's summary, each entry's own ops too, under the key that picks it: registered_when)
            thunks = [lambda v=v, ctx=ctx: on_value(v, ctx) for v, ctx in registered]
            field = self.key_field(expr, fn) if key is None and not keys and state.site.kind == "summary" else None
            entry_keys = [self.ex.registered_keys.get(id(v)) for v, _ in registered]
            if field is not None and when_safe(*field) and None not in entry_keys and \
                    len(set(entry_keys)) == len(entry_keys) and when_safe(*entry_keys, also="!"):
                self.registered_when(state, thunks, entry_keys, field)
            elif self.common_ops(state, thunks):
                self.unresolved(state, f"{_code(expr)} (a registry entry picked by a key not known here: only what "
                                       "every entry runs is taken)")
            return
        field = self.key_field(expr, fn) if key is None and not keys else None
        if field is not None and field[1].startswith("&"):
            self.constant_callees(state, field[1])
        for v, ctx in values:
            if id(v) in self.ex._keyed or not self.is_dict_value(v):
                on_value(v, ctx)
                continue
            table_keys = [k for k in self.literal_keys(v) if "|" not in k and "," not in k] if field else []
            if not table_keys or len(set(table_keys)) != len(self.keyed_elements(v, None)):
                for x in self.keyed_elements(v, None):
                    on_value(x, ctx)
                continue
            for k in table_keys:  # `ACTS[cfg.act]`, the key set by a config built in another file: each
                start = len(state.site.ops)  # entry's ops say which key puts them on the path (GradOp.when)
                for x in self.keyed_elements(v, k):
                    on_value(x, ctx)
                for op in state.site.ops[start:]:
                    op.when = op.when or f"{field[0]}|{field[1]}={k}|{','.join(table_keys)}"

    def registry_pick(self, state, expr: cst.Subscript, fn: _Fn, registered: list, on_value) -> bool:
        """The entries of a registry an mmcv-style config picks (`build_from_cfg(act_cfg, ACTS)`, registry_lookup),
        its "type" not known here: those this file's configs name (type_names); when they name none, each entry
        with a strict GradOp.when on "<cfg>.type" (registered_when): ms_scan.project keeps those the project's
        config files name (`act_cfg: {type: SELU}` in the YAML the code loads). False (not decided here) when an
        entry has no literal key or the keys cannot stand in a `when`."""
        entry_keys = [self.ex.registered_keys.get(id(v)) for v, _ in registered]
        if None in entry_keys or len(set(entry_keys)) != len(entry_keys) or not when_safe(*entry_keys, also="!"):
            return False
        named = self.type_names() & set(entry_keys)
        if named:
            for (v, ctx), k in zip(registered, entry_keys):
                if k in named:
                    on_value(v, ctx)
            return True
        cfg = self._registry_picks[id(expr)]
        path = dotted_name(cfg) if isinstance(cfg, (cst.Name, cst.Attribute)) else None
        field = self.key_field(expr, fn)  # (`cfg["type"]` of a parameter another file's calls give: theirs)
        if field is None or not when_safe(*field):
            field = ("", f"{path}.type" if path and when_safe(path, also="=!") else "type")
        thunks = [lambda v=v, ctx=ctx: on_value(v, ctx) for v, ctx in registered]
        self.registered_when(state, thunks, entry_keys, field)
        return True

    def expand_indexed(self, state, expr: cst.Subscript, values: list, fn: _Fn, via: str, depth: int) -> bool:
        """`self.heads[self.head_index](h)` with the index one known int (index_value: a literal, a constant, a
        class attribute of a settings class) and the container an nn.ModuleList / nn.Sequential whose layers are
        shown in order (container_elements: a display, a comprehension over a literal tuple, a list built in
        loops): only the layer at that index runs. False (nothing done) when any of that is not shown."""
        if len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Index) or len(values) != 1:
            return False
        k = expr.slice[0].slice.value
        index = self.index_value(k, fn)
        lit = _literal(k) if index is None else _NOLIT  # `self.heads[-1]`
        index = lit if isinstance(lit, int) and not isinstance(lit, bool) and lit < 0 else index
        v, ctx = values[0]
        elements = self.container_elements(v, ctx) if index is not None else None
        if elements is None or not -len(elements) <= index < len(elements):
            return False
        e, c, chosen = elements[index]
        with self.choosing(chosen):
            self.expand_layer_arg(state, e, c, via, depth + 1)
        return True

    def empty_display(self, v) -> bool:
        """`{}`, `[]`, `()`, `dict()`, `nn.ModuleDict()`, `OrderedDict()`, `nn.ModuleList()`: a container built
        empty."""
        v = _unchain(v)
        if isinstance(v, (cst.Dict, cst.List, cst.Tuple)):
            return not v.elements
        if isinstance(v, cst.Call) and not v.args:
            name = (self.torch_api(v) or dotted_name(v.func) or "").rpartition(".")[2]
            return name in ("dict", "list", "ModuleDict", "ModuleList", "OrderedDict", "ParameterDict", "Sequential")
        return False

    def constant_callees(self, state, field: str) -> None:
        """A `when` field "&<module>:<name>+...[]" (grad_values.looped_constants): a "config" ProjectCallee without
        a param for each module constant it reads, so that their files are summarised (grad_dicts.constant_lists);
        nothing for a field that reads none (getattr_constant's parameter template)."""
        for module, name in constant_refs(field) or ():  # (`CFG.loss`, a key of a dict constant: CFG's)
            callee = ProjectCallee(module, name.partition(".")[0], "config", "", "high", "")
            if callee not in state.site.project:
                state.site.project.append(callee)

    # ---------------------------------------------------------------- values
    def common_ops(self, state, thunks: list) -> bool:
        """Run each expansion on its own and keep only the ops written at a node every one of them reaches (the
        ops that are on the path whichever alternative runs); project names and unresolved entries are kept.
        True when an op was left out."""
        first = len(state.site.ops)
        node_of, common, _ = self.run_alternatives(state, thunks)
        added = len(state.site.ops) - first
        state.site.ops[first:] = [op for op in state.site.ops[first:] if node_of.get(id(op)) in common]
        return len(state.site.ops) - first < added

    def run_alternatives(self, state, thunks: list) -> tuple[dict, set, list]:
        """Run each expansion on its own (common_ops, registered_when): (id(op) -> id of the node it was written
        at, the nodes every run reached, the site ops each run added)."""
        done = state.done
        groups, node_of, runs = [], {}, []
        for run in thunks:
            state.done = set(done)  # each alternative reaches shared code itself
            start, at = len(self.out), len(state.site.ops)
            run()
            node_of.update((id(op), id(n)) for n, op in self.out[start:])
            groups.append({id(n) for n, _ in self.out[start:]})
            runs.append(state.site.ops[at:])
        state.done = done
        return node_of, set.intersection(*groups) if groups else set(), runs

    def registered_when(self, state, thunks: list, keys: list[str], field: tuple[str, str]) -> None:
        """common_ops for the entries of a decorator-filled registry (`ENCODERS[cfg.encoder](cfg)`, the key a field
        of a config another file builds): the ops every entry reaches as they are; each other op with GradOp.when
        naming the entry's key, in the strict form ("!" before the table's keys): ms_scan.project keeps it only
        when the configs of the scanned files name that key, and drops it when they do not say."""
        first = len(state.site.ops)
        node_of, common, runs = self.run_alternatives(state, thunks)
        table = "!" + ",".join(keys)
        kept, shared = [], set()
        for k, ops in zip(keys, runs):
            for op in ops:
                node = node_of.get(id(op))
                if node is not None and node in common:
                    if node in shared:
                        continue  # (reached by every entry: kept once, whichever key picks)
                    shared.add(node)
                elif not op.when:
                    op.when = f"{field[0]}|{field[1]}={k}|{table}"
                kept.append(op)
        state.site.ops[first:] = kept

    def expand_value(self, state, v, ctx: _Fn, via: str, depth: int) -> None:
        """A value assigned to a name that is later called: a module constructor, an alias, a container."""
        if depth > MAX_DEPTH:
            self.too_deep(state)
            return
        if isinstance(v, cst.Call) and _unchain(v) is not v:  # `Critic().to(device)`: the module itself
            self.expand_value(state, _unchain(v), ctx, via, depth + 1)
            return
        if isinstance(v, cst.Call) and v.args and dotted_name(v.func) in ("partial", "functools.partial"):
            self.expand_partial(state, v, ctx, via, depth)
            return
        if isinstance(v, cst.Call) and self.zoo_part(state, v, ctx, via, depth):
            return  # `list(m.children())`, `models.vgg16()` ... (a subscript or attribute: _expand)
        if isinstance(v, cst.Call) and isinstance(v.func, cst.Attribute) and not v.args and \
                v.func.attr.value in ("children", "named_children") and \
                self.own_submodules(state, v.func.value, ctx, via, depth + 1):  # `for m in self.children()`
            return
        if self.expand_concat(state, v, ctx, via, depth):
            return
        if isinstance(v, cst.Call):
            self.expand_call_value(state, v, ctx, via, depth)
            return
        if isinstance(v, (cst.Name, cst.Attribute, cst.Subscript)):
            self.expand_module_expr(state, v, ctx, via, depth + 1)
            return
        if isinstance(v, cst.Tuple) and self.class_with_kwargs(state, v, ctx, via, depth):
            return
        if isinstance(v, (cst.List, cst.Tuple)):
            first = self.layers_from(state.live)  # `[self.pad, self.conv, ...]` run in a loop from layer `first` on
            first = first if first < len(v.elements) and \
                not any(isinstance(el, cst.StarredElement) for el in v.elements) else 0
            if first:
                state.live = None
            live = state.live
            for el in v.elements[first:]:
                state.live = live  # (`for fn in [brightness, translation]: x = fn(x)`: each is called with x)
                self.expand_element(state, el.value, ctx, via, depth + 1)
            return
        if isinstance(v, (cst.ListComp, cst.GeneratorExp)):
            self.expand_element(state, v.elt, ctx, via, depth + 1)
            return
        if isinstance(v, cst.IfExp) and id(v) in self._choices:  # an unrolled round's arm (choosing)
            self.expand_value(state, self._choices[id(v)], ctx, via, depth + 1)
            return
        if isinstance(v, cst.IfExp):  # `m.module if isinstance(m, nn.DataParallel) else m`: either one
            taken = evaluate(v.test, {}, lambda n: self.const_value(ctx, n))
            if isinstance(taken, bool):  # `LearnedLoss() if LOSS_KIND == "mlp" else Quadratic()`, a constant test
                self.expand_value(state, v.body if taken else v.orelse, ctx, via, depth + 1)
                return
            field, negated = self.flag_field(v.test, ctx)
            for arm, truth in ((v.body, not negated), (v.orelse, negated)):
                # `nn.Hardshrink(0.05) if net_cfg["deadband_head"] else nn.Identity()`, the flag a config of the
                # callers: each arm's ops say which truth value picks them (GradOp.when, as a table's keys)
                start = len(state.site.ops)
                self.expand_value(state, arm, ctx, via, depth + 1)
                self.flag_when(state.site.ops[start:], field, truth)
            return
        if isinstance(v, cst.Lambda):
            self.expand_module_expr(state, v, ctx, via, depth + 1)

    def class_with_kwargs(self, state, v: cst.Tuple, ctx: _Fn, via: str, depth: int) -> bool:
        """`(nn.GELU, {"approximate": "tanh"})`, a table's (class, keyword arguments) entry built when looked up
        (Hugging Face's ClassInstantier, grad_values.instantiated_entries): the class's op, with those arguments.
        False for any other tuple."""
        els = v.elements
        given = els[1].value.elements if len(els) == 2 and isinstance(els[1].value, cst.Dict) else None
        if given is None or not all(isinstance(e, cst.DictElement) and isinstance(_literal(e.key), str) for e in given):
            return False
        ref = els[0].value
        api = self.ex.api_of(ref)
        if api is not None and self.kind(api) == "nn_module":
            self.emit(state, api, ref, None, via, extra_args=tuple(
                (_literal(e.key), UNKNOWN_ARG if (x := _literal(e.value)) is _NOLIT else x) for e in given))
            return True
        if isinstance(ref, (cst.Name, cst.Attribute)) and api is None:
            self.expand_module_expr(state, ref, ctx, via, depth + 1)  # a class of the project: its forward
            return True
        return False

    def dict_get(self, state, v: cst.Call, ctx: _Fn, via: str, depth: int) -> bool:
        """`RULES.get(type(child))` (or `.get(k, default)`) of a dict the file builds: what `RULES[k]` holds, and the
        default; False (nothing done) for any other call."""
        got = self.get_item(v, ctx)
        if got is None:
            return False
        for x in got:
            self.expand_value(state, x, ctx, via, depth + 1)
        return True

    def get_item(self, v, ctx: _Fn) -> list | None:
        """[`D[k]`, the default unless None] of `D.get(k)` / `D.get(k, default)`, D a dict the file builds (the item
        node memoised); None for anything else."""
        func = v.func if isinstance(v, cst.Call) else None
        if not (isinstance(func, cst.Attribute) and func.attr.value == "get" and 1 <= len(v.args) <= 2 and
                not any(a.star or a.keyword for a in v.args)):
            return None
        values = self.container_values(func.value, ctx)
        if not values or not any(self.is_dict_value(x) for x, _ in values):
            return None
        item = self._dict_gets.get(id(v))
        if item is None:
            item = self._dict_gets[id(v)] = item_of(func.value, v.args[0].value)
        default = v.args[1].value if len(v.args) == 2 else None
        return [item] if default is None or isinstance(default, cst.Name) and default.value == "None" else \
            [item, default]

    def registry_lookup(self, v: cst.Call) -> cst.Call:
        """`BLOCKS.build(name, ch)` or `BLOCKS.get(name)(ch)` of a registry object this file fills (an imported one
        its decorators or register calls fill, GradExtractor.registry_objects; an instance of its own Registry class,
        registry_items) as the table item it builds: `BLOCKS[name](ch)`; mmcv's `MODELS.build(cfg)` (a dict display,
        or an argument spelled as a config: "cfg" / "config" in it) as `MODELS[cfg["type"]]`; a builder function
        given the registry, registry_builder; any other call as it is."""
        made = self._registry_calls.get(id(v))
        if made is not None:
            return made
        func, args = v.func, v.args
        if isinstance(func, cst.Call) and isinstance(func.func, cst.Attribute) and func.func.attr.value == "get":
            func, args = func.func, list(func.args) + list(args)
        elif not (isinstance(func, cst.Attribute) and func.attr.value in ("build", "create")):
            return self.registry_builder(v)
        if not (isinstance(func.value, cst.Name) and self.registry_object(func.value.value) and args and
                args[0].keyword is None and not args[0].star):
            return v
        key = args[0].value
        if func.attr.value != "get" and (self.is_dict_value(key) or "cfg" in _code(key).lower() or
                                         "config" in _code(key).lower()):
            # mmcv's `MODELS.build(cfg)`: the entry the config's "type" names, built with the config's other keys
            # as keywords (`cls(*args, **cfg)`)
            return self.built_from_config(v, func.value, key, [*args[1:], cst.Arg(key, star="**")])
        made = self._registry_calls[id(v)] = cst.Call(item_of(func.value, key), args[1:])
        return made

    def registry_object(self, name: str) -> bool:
        """A module-level name of a registry this file fills (by decorators or register calls)."""
        return name in self.ex.registry_objects or name in self.ex.registry_items

    def registry_builder(self, v: cst.Call) -> cst.Call:
        """`build_from_cfg(cfg, ACTS, **defaults)` (mmcv's builder, or a file's own), ACTS a registry object this
        file fills: the entry of ACTS the config's "type" names, built (`ACTS[cfg["type"]]()`); the call itself for
        anything else. Only for a builder named so (build / create / make / instantiate)."""
        name = (dotted_name(v.func) or "").rpartition(".")[2].lower()
        plain = [a for a in v.args if a.keyword is None and not a.star]
        if not plain or not any(w in name for w in ("build", "create", "make", "instantiate")):
            return v
        table = next((a.value for a in plain[1:] if isinstance(a.value, cst.Name) and
                      self.registry_object(a.value.value)), None)
        table = table or next((a.value for a in v.args if a.keyword is not None and a.keyword.value == "registry"
                               and isinstance(a.value, cst.Name) and self.registry_object(a.value.value)), None)
        if table is None or isinstance(plain[0].value, cst.Name) and self.registry_object(plain[0].value.value):
            return v
        cfg = plain[0].value  # (built with the config's keys as keywords, and the builder's own: `**cfg, in_ch=2`)
        kept = [a for a in v.args if a.keyword is not None and a.keyword.value != "registry" or a.star == "**"]
        return self.built_from_config(v, table, cfg, [cst.Arg(cfg, star="**"), *kept])

    def built_from_config(self, v: cst.Call, table, cfg, args: list) -> cst.Call:
        """`table[cfg["type"]](*args)`: the entry a registry call `v` builds from config `cfg` (its "type" picks
        it), recorded as v's table call (registry_lookup), with its pick (registry_pick) and as a registry-built
        call whose `**cfg` binds the constructor's parameters (splat_item)."""
        made = self._registry_calls[id(v)] = cst.Call(item_of(table, self.type_key(cfg)), args)
        ctx = self.ex._fn_of_call.get(id(v))
        if ctx is not None:
            self._registry_built[id(made)] = (made, ctx)
        self._registry_picks[id(made.func)] = cfg
        return made

    @staticmethod
    def literal_type(cfg) -> cst.BaseExpression | None:
        """The string node a `{"type": "SELU", ...}` display or a `dict(type="SELU", ...)` call gives "type";
        None for anything else."""
        if isinstance(cfg, cst.Dict):
            given = next((e.value for e in cfg.elements if isinstance(e, cst.DictElement) and
                          _literal(e.key) == "type"), None)
        else:
            given = _kw(cfg, "type") if isinstance(cfg, cst.Call) and dotted_name(cfg.func) == "dict" else None
        return given if given is not None and isinstance(_literal(given), str) else None

    def type_key(self, cfg) -> cst.BaseExpression:
        """The key of a registry entry an mmcv-style config picks: the literal "type" of its display (literal_type),
        else `cfg["type"]` (a node made for the read, no node of the file)."""
        return self.literal_type(cfg) or item_of(cfg, cst.SimpleString('"type"'))

    def type_names(self) -> set[str]:
        """The strings a "type" key holds in this file's dict displays, `dict(type=...)` calls and config texts
        (`{"type": "Hardswish"}` in an embedded JSON experiment): the registry entries its configs name."""
        if self._type_names is None:
            roots = [self.ex._module_node] if self.ex._module_node is not None else []
            given = (self.literal_type(n) for root in roots + list(self.ex._config_texts) for n in walk_into_defs(root))
            self._type_names = {_literal(g) for g in given if g is not None}
        return self._type_names

    def expand_concat(self, state, v, ctx: _Fn, via: str, depth: int) -> bool:
        """expand_value of a sequence joined from others (`layers + mods`, `layers = layers + [nn.ELU()]`,
        `sum([a, b], [])`, `itertools.chain(a, b)`, `chain.from_iterable(groups)`): the elements of each part. False
        for any other value."""
        if isinstance(v, cst.BinaryOperation) and isinstance(v.operator, cst.Add):
            for part in (v.left, v.right):
                self.expand_element(state, part, ctx, via, depth + 1)
            return True
        if not isinstance(v, cst.Call) or not v.args or any(a.keyword is not None for a in v.args):
            return False
        name = dotted_name(v.func) or ""
        ext = self.ex._ext_path(v.func) or ""
        if name == "sum" and len(v.args) == 2 and self.lookup_def(ctx, name) is None and \
                self.lookup_assigns(ctx, name) is None:  # `sum([a, b], [])`: the lists of the first argument
            parts = [v.args[0].value, v.args[1].value]
        elif ext in ("itertools.chain", "itertools.chain.from_iterable"):
            parts = [a.value for a in v.args]
        else:
            return False
        state.any_path = True
        for part in parts:
            self.expand_element(state, part, ctx, via, depth + 1)
        return True

    def expand_partial(self, state, v: cst.Call, ctx: _Fn, via: str, depth: int) -> None:
        """expand_value of `partial(f, ...)`: calling it calls f (a torch op, or a module expression)."""
        ex = self.ex
        inner = v.args[0].value  # `self.act = partial(F.softplus, beta=2)`: calling it calls F.softplus
        api = ex.api_of(inner)
        if api is not None and api.startswith(("torch.", "torchvision.", "torchaudio.")):
            if not api.startswith(_AUTOGRAD_PREFIXES):
                self.emit(state, api, v, v, via)
            return
        state.any_path = True
        self.expand_module_expr(state, inner, ctx, via, depth + 1)

    def expand_call_value(self, state, v: cst.Call, ctx: _Fn, via: str, depth: int) -> None:
        """expand_value of a call's result: getattr, a torch constructor, a table item, a class of the file, a
        factory (function, classmethod, project), a copy or `.to()` of a module, else unresolved."""
        ex = self.ex
        held = self.rebound_global(v.func, ctx)
        if held is not None:  # `act()` in a method, `act = nn.SiLU` rebound `act = nn.Hardswish` by a later cell
            for ref in held:
                self.expand_built(state, ref, ex._module_fn, v, via, depth + 1, "high")
            return
        for g, call in ((v.func, v), (v, None)):  # `getattr(nn, act_name)()`, `getattr(F, name)` called
            apis = self.torch_getattr(g, ctx)
            if apis:
                for api in apis:
                    self.emit(state, api, g, call, via)
                return
            held = self.getattr_constant(g, ctx)
            if held is not None:  # `getattr(nn, settings.ACT)()`: the name another module's constant holds
                self.emit(state, held[0], g, call, via)
                self.constant_callees(state, held[1])
                return
        # `getattr(self, f"head_{self.active}")` with the holes known: the one attribute named (before the prefix)
        fstring = len(v.args) == 2 and isinstance(v.args[1].value, cst.FormattedString)
        chosen = self.getattr_choices(v, ctx) if fstring else None
        getattr_of = self.getattr_target(v, ctx) if chosen is None else None
        if getattr_of is not None:  # `getattr(self, "critic")`, `getattr(self, f"block{i}")`
            owner, attr = getattr_of
            self.expand_member(state, owner, attr, ctx, via, depth + 1)
            return
        if not fstring:
            chosen = self.getattr_choices(v, ctx)
        if chosen is not None:  # `for name in self.order: x = getattr(self, name)(x)`: each attribute named
            for attr in chosen[1]:
                self.expand_member(state, chosen[0], attr, ctx, via, depth + 1)
            return
        if not v.args and (ex._ext_path(v.func) == "collections.OrderedDict" or dotted_name(v.func) in (
                "dict", "list") and self.lookup_def(ctx, v.func.value) is None):
            return  # `layers = OrderedDict()`: empty; what it holds is what is stored in it (`layers[k] = m`)
        api = self.torch_api(v)
        if api is not None and api not in _ELEMENT_OF:  # (the builtins recorded as uses: `list(gen())`, below)
            self.expand_torch_value(state, v, api, ctx, via, depth)
            return
        ref = self.instantiated(v, ctx)
        if ref is not None and isinstance(ref[1], cst.CSTNode):  # a config of this file: its `_target_` strings
            self.target_ops(state, ref[1], ref[2], via, depth, _code(v), top=True)
            return
        if ref is not None:  # `instantiate(node)`, node a hydra-style dict of another module's constant
            text = f"{_code(v)} (the `_target_` of {ref[0]}.{ref[1]}{ref[2]})"
            self.unresolved(state, text)
            callee = ProjectCallee(ref[0], ref[1], "targets", via, "high", text, param=ref[2])
            if callee not in state.site.project:
                state.site.project.append(callee)
            return
        if self.dict_get(state, v, ctx, via, depth):
            return
        v = self.registry_lookup(v)
        entry = self.table_entry(v.func, ctx) if isinstance(v.func, cst.Subscript) and \
            self.container_values(v.func.value, ctx) is None else None
        if entry is not None:  # `MODELS[arch](...)` of another file's table, the key known here: an instance of
            (module, table), key = entry  # the entry, its live parts kept as a class's are (ProjectCallee.live)
            self.project_hit(state, (module, f"{table}[{key}]"), "instance", via, f"{_code(v.func.value)}[{key!r}]")
            return
        if isinstance(v.func, cst.Subscript):  # `ACTIVATIONS[act]()`: what the items it may pick build
            conf = "high" if _subscript_key(v.func) is not None else "medium"  # any item: medium
            self.expand_item(state, v.func, ctx, via, depth + 1,
                             lambda x, c: self.expand_built(state, x, c, v, via, depth + 1, conf))
            return
        ext = ex._ext_path(v.func) or ""
        if ext.startswith("torchmeta.modules."):  # torchmeta's Meta* layers: torch's, called with `params=`
            if ext.endswith(".MetaSequential"):  # (MetaLinear, MetaConv2d, MetaBatchNorm2d ... run Linear, Conv,
                for a in v.args:  # BatchNorm, which differentiate twice)
                    self.expand_layer_arg(state, a.value, ctx, via, depth + 1)
            return
        if isinstance(v.func, cst.Name) and v.func.value in ex._classes:
            cls = ex._classes[v.func.value]
            with self.bound_call(self.init_of(cls), v, ctx):
                self.expand_class(state, cls, via, depth + 1)
            return
        if (f := self.mapped_function(v, ctx)) is not None:  # `nn.Sequential(*map(make_layer, pairs))`
            # (each element is what the function returns; its parameters take the items)
            picked = self.itemgetter_elements(f, v.args[1:], ctx)
            if picked is not None:  # `list(map(operator.itemgetter(1), spec))`: each row's element 1
                for e, c in picked:
                    self.expand_element(state, e, c, via, depth + 1)
                return
            self.expand_built(state, f, ctx, cst.Call(func=f), via, depth + 1, "high")
            return
        if isinstance(v.func, cst.Name) and v.func.value in _ELEMENT_OF and self.lookup_def(ctx, v.func.value) \
                is None and v.args:  # `enumerate(self.blocks)` met whole: the elements of its iterables
            for a in (v.args if v.func.value == "zip" else v.args[:1]):
                self.expand_element(state, a.value, ctx, via, depth + 1)
            return
        if isinstance(v.func, cst.Attribute) and v.func.attr.value in ("values", "items") and not v.args:
            self.expand_module_expr(state, v.func.value, ctx, via, depth + 1)  # `self.heads.values()`
            return
        made = self.factory_class(v.func, ctx)
        if isinstance(made, _Cls):  # `Tower.from_config(cfg)`: a classmethod building an instance
            self.expand_class(state, made, via, depth + 1)
            return
        static = self.names_class(v.func.value.value, ctx) if isinstance(v.func, cst.Attribute) and \
            isinstance(v.func.value, cst.Name) else None
        method = static.methods.get(v.func.attr.value) if static is not None else None
        if method is not None and self.class_method(method):  # `ActivationFactory.create(name)`: what it returns
            with self.bound_call(method, v, ctx):
                self.expand_returns(state, method, _join(via, method.qual), depth + 1)
            return
        if made is not None:
            self.project_hit(state, made, "instance", via, _code(v.func))
            self.passed_config_callees(state, v, ctx)  # `Net.from_config(CONFIG)`: what CONFIG's file builds
            return
        if ext.startswith("learn2learn") or ext in _COPY_LIKE or dotted_name(v.func) in _COPY_LIKE or \
                ext.startswith("functorch.") and ext.endswith(("make_functional", "make_functional_with_buffers")):
            if v.args:
                self.expand_module_expr(state, v.args[0].value, ctx, via, depth + 1)
            return
        if isinstance(v.func, cst.Attribute) and (v.func.attr.value in MODULE_METHODS_RETURNING_MODULE
                                                  or v.func.attr.value == "clone"):
            self.expand_module_expr(state, v.func.value, ctx, via, depth + 1)
            return
        if self.enum_member_call(state, v, ctx, via, depth):
            return  # `act.build()`, `act()`, act an enum member (`cfg.act`): that member's method
        if isinstance(v.func, cst.Attribute):
            owner_cls = self.class_of(v.func.value, ctx)
            method = self.class_members(owner_cls, v.func.attr.value)[0] if owner_cls is not None else None
            if method is not None:  # `self._scaled(self.u_net)`, `self.make_act()` of a base: what the method returns
                for m in self.dispatched(owner_cls, v.func.attr.value, method):  # (`self.build_model()` left to
                    self.expand_returns(state, m, _join(via, m.qual), depth + 1)  # subclasses: their overrides)
                return
            found, held = self.class_members(owner_cls, v.func.attr.value) if owner_cls is not None else (None, [])
            config_cls = owner_cls or (self.passed_class(v.func.value.value, ctx)
                                       if isinstance(v.func.value, cst.Name) else None)
            if found is None and not held and config_cls is not None and \
                    v.func.attr.value in dict(config_cls.fields or ()):  # `cfg.act_factory()`, a dataclass field
                held = [(x, c) for x, c in self.field_bindings(config_cls, v.func.attr.value) or () if x is not None]
            if found is None and not held and owner_cls is None and isinstance(v.func.value, cst.Name):
                held = self.class_attr_values(v.func.value, v.func.attr.value, ctx) or []  # `cfg.act()`, cfg
            if found is None and not held and v.func.attr.value == "value" and self.enum_class(owner_cls):
                held = self.enum_values(owner_cls)  # `self.value()` in an enum's method: the member's class
            if found is None and held:  # `self.act_cls()`, `self.norm_layer(d)`: the class or factory it holds
                for x, c in held:  # (or `Config`, `class Config: act = nn.PReLU`: a class attribute)
                    self.expand_built(state, x, c, v, via, depth + 1, "high")
                return
        named = self.own_module_name(v.func, ctx)
        if named is not None:  # `getattr(sys.modules[__name__], cfg.net)(cfg)`: the file's class of that name, built
            self.expand_built(state, cst.Name(named), ex._module_fn, v, via, depth + 1, "high")
            return
        if isinstance(v.func, cst.Call) and self.factory_result(state, v.func, ctx, v, via, depth):
            return  # `make_block(nn.ELU)(8)`: the class the factory returns, built
        if isinstance(v.func, cst.Name):
            d = self.lookup_def(ctx, v.func.value)
            if d is not None and self.combinator(d):  # `compose(*map(compose, self.lins, self.acts), self.head)`:
                for arg in self.combined_args(v, ctx, d):  # the function it returns calls the ones it is given
                    self.expand_module_expr(state, arg, ctx, via, depth + 1)
                return
            if d is not None:  # a factory function: what it returns
                with self.swapped_out(state, [s for p in self.returned_params(d) for s in self.surgery_on(d, p)]), \
                        self.bound_call(d, v, ctx):
                    self.expand_returns(state, d, via, depth + 1)
                self.returned_param_hooks(state, d, via, depth)
                return
            if self.expand_made(state, v.func.value, ctx, v, via, depth + 1):
                return
        target = self.project_target(v.func, ctx)
        if target is not None:  # `Critic()` with `from .models import Critic`, `m.make_critic()` ...
            self.project_hit(state, target, "instance", via, _code(v.func), built=v, fn=ctx)
            ref = self.splat_import(v, ctx)  # `Net(**MODEL)`, MODEL another file's dict: that file's "config"
            callee = ProjectCallee(ref.root[1], ref.root[2], "config", "", "high", "") if ref is not None else None
            if callee is not None and callee not in state.site.project:  # summary, for the keys it passes
                state.site.project.append(callee)
            return
        self.unresolved(state, _code(v))

    def enum_member_call(self, state, v: cst.Call, ctx: _Fn, via: str, depth: int) -> bool:
        """`act.build()` / `act.value()` / `act()`, act a member of the file's enum class (picked_members): the
        member's method (`__call__`), what it returns built with `self.value` that member's value, or the member's
        value built. False when the callee is no known member's."""
        picked = self.picked_members(v.func, ctx) if isinstance(v.func, (cst.Name, cst.Attribute)) else None
        owner, attr = v.func, "__call__"
        if not picked and isinstance(v.func, cst.Attribute):
            owner, attr = v.func.value, v.func.attr.value
            if not (isinstance(owner, cst.Name) and self.names_class(owner.value, ctx) is not None):
                picked = self.picked_members(owner, ctx)  # (not `Act.build()`: a class's own attribute)
        if not picked:
            return False
        for cls, name in picked:
            method = self.class_members(cls, attr)[0]
            with self.enum_bound(cls, name):
                if method is not None:
                    self.expand_returns(state, method, _join(via, f"{cls.name}.{name}.{attr}"), depth + 1)
                elif attr == "value":
                    for x, c in self.enum_values(cls):
                        self.expand_built(state, x, c, v, _join(via, f"{cls.name}.{name}"), depth + 1, "high")
        return True

    def torch_getattr(self, g, ctx: _Fn) -> list[str]:
        """`getattr(nn, name)` / `getattr(torch.nn.functional, name)` with `name` a literal string, a name bound
        to one or a parameter every call of the file gives one (literal_choices, const_value): the torch APIs it
        looks up (a module class, a function); [] for anything else."""
        looked = self.getattr_of_torch(g, ctx)
        if looked is None:
            return []
        path, e = looked
        chosen = self._choices.get(id(e))  # (a builder's loop unrolled: the name that round looks up)
        names = {chosen} if isinstance(chosen, str) else self.literal_choices(e, ctx, lambda x: isinstance(x, str))
        if names is None and isinstance(e, cst.Name):
            value = self.const_value(ctx, e.value)
            names = {value} if isinstance(value, str) else None
        apis = [self.ex.canonical(f"{path}.{n}") for n in sorted(names or ()) if n.isidentifier()]
        return [a for a in apis if (self.kind(a) is not None or zoo_model(a) is not None) and
                a.startswith(("torch.", "torchvision.", "torchaudio."))]

    def getattr_of_torch(self, g, ctx: _Fn) -> tuple[str, cst.BaseExpression] | None:
        """(the torch module's path as imported, the name expression) of `getattr(nn, <name>)` (the builtin, its
        first argument a torch module or namespace); None for any other expression."""
        if not (self.builtin_getattr(g, ctx) and dotted_name(g.args[0].value) is not None):
            return None
        path = self.ex.resolve_path(g.args[0].value)
        if path is None or not self.ex.canonical(path).startswith("torch"):
            return None
        return path, g.args[1].value

    def instantiated(self, v: cst.Call, ctx: _Fn) -> tuple | None:
        """`instantiate(node)` (hydra's, or a project helper of that name) with node read from a module-level
        constant (`for node in cfg["stem"]`, cfg defaulting to `conf.MODEL`): (module, constant, path of the dict in
        it: ".stem[]"), whose `_target_` strings ms_scan.project reads in that file's "targets" summary
        (grad_common._target_nodes); ("", the display, path) for a constant of this file. None otherwise."""
        if (dotted_name(v.func) or "").rpartition(".")[2] != "instantiate" or not v.args or \
                v.args[0].keyword is not None or v.args[0].star:
            return None
        ref = self.target_ref(v.args[0].value, ctx, 0)
        if ref is None:  # `instantiate(cfg.model)`, cfg a config this file reads (a YAML file, hydra's composition)
            node = self.config_node(v.args[0].value, ctx)
            ref = ("", node, "") if node is not None else None
        return ref

    def target_ops(self, state, node, under: str, via: str, depth: int, text: str, top: bool = False) -> None:
        """The ops of what `instantiate` builds from a hydra-style node (recursively, as hydra does) at or under the
        path `under`: a `_target_` naming a torch class or function is its op, written at the string (in a YAML
        config: at its line there); one naming a class of this file (`__main__.Critic`) is that class built with
        the node's other keys as keywords (a node given is what it builds: _expand); one naming another project
        module's class (`"lib.models.LetterCritic"`) is followed across files, with the nodes it is given (`top`:
        the node `instantiate` is called with, whose keys the file's arg_summaries give that class; else each of
        them). Any other target: the nodes under it, each."""
        if under or depth > MAX_DEPTH:
            found = [(n, path) for n, path in _target_nodes(node, "") if under_path(path, under)]
            for api, n, _ in self.target_apis(found):
                self.emit(state, api, n, None, via)
            for n, _ in found:
                target = self.dotted_project_target(n.evaluated_value)
                if target is not None:
                    self.project_hit(state, target, "instance", via, f"{text} ({n.evaluated_value})")
            return
        if isinstance(node, (cst.List, cst.Tuple)):
            for el in node.elements:
                self.target_ops(state, el.value, "", via, depth + 1, text)
            return
        items, string = hydra_items(node)
        if string is None:  # a mapping of nodes (`instantiate(cfg.losses)`): each
            for _, v in items:
                self.target_ops(state, v, "", via, depth + 1, text)
            return
        dotted = string.evaluated_value
        module, _, name = dotted.rpartition(".")
        cls = self.ex._classes.get(name) if module in ("__main__", self.ex.module) else None
        if cls is not None:  # `Critic(act=<node>, width=16)`
            built = cst.Call(func=cst.Name(name), args=[cst.Arg(value=v, keyword=cst.Name(k)) for k, v in items
                                                        if k.isidentifier() and not k.startswith("_")])
            with self.bound_call(self.init_of(cls), built, self.ex._module_fn, force=True):
                self.expand_class(state, cls, _join(via, dotted), depth + 1)
            return
        apis = self.target_apis([(string, "")])
        for api, n, _ in apis:
            self.emit(state, api, n, None, via)
        target = self.dotted_project_target(dotted) if not apis else None
        if target is not None:
            self.project_hit(state, target, "instance", via, f"{text} ({dotted})")
            if top:
                return
        for k, v in items:  # (what a torch class or another file's class is given, or an unknown target's nodes)
            if not k.startswith("_") or k == "_args_":
                self.target_ops(state, v, "", via, depth + 1, text)

    def config_node(self, expr, fn: _Fn):
        """The dict display (or list) `expr` reads in a config of this file, by its keys (grad_dicts.dict_ref: a
        config file's or text's dict, through names, parameters and attribute trees); None when a key is not known
        or not there."""
        ref = self.dict_ref(expr, fn)
        if ref is None or ref.root not in self._dict_roots or any(ref.gets):
            return None
        node = self._dict_roots[ref.root][0]
        for key in ref.path:
            while isinstance(node, cst.Call) and len(node.args) == 1 and \
                    _attr_wrapper(dotted_name(node.func) or ""):  # `OmegaConf.create({...})`
                node = node.args[0].value
            held = [el.value for el in node.elements if isinstance(el, cst.DictElement) and
                    isinstance(el.key, cst.SimpleString) and el.key.evaluated_value == key] \
                if isinstance(node, cst.Dict) and isinstance(key, str) else []
            if len(held) != 1:
                return None
            node = held[0]
        return node if isinstance(node, (cst.Dict, cst.List)) else None

    def target_ref(self, expr, fn: _Fn, depth: int) -> tuple[str, str, str] | None:
        """instantiated's (module, constant, path) of an expression."""
        if depth > MAX_DEPTH // 40 or expr is None:
            return None
        if isinstance(expr, cst.Subscript):
            key = _subscript_key(expr)
            base = self.target_ref(expr.value, fn, depth + 1) if isinstance(key, str) and key.isidentifier() else None
            return (base[0], base[1], f"{base[2]}.{key}") if base is not None else None
        if isinstance(expr, cst.Name):
            found = self.lookup_assigns(fn, expr.value)
            if found is not None:
                if len(found[0]) != 1:
                    return None
                value = found[0][0]
                if found[1] is self.ex._module_fn and isinstance(value, (cst.Dict, cst.List, cst.Tuple)):
                    return "", value, ""  # a hydra-style constant of this file (the display itself)
                base = self.target_ref(value, found[1], depth + 1)
                loop = id(value) in self.ex._loop_iters
                return (base[0], base[1], base[2] + "[]") if base is not None and loop else base
            if self.param_of(fn, expr.value):
                refs_ = {self.target_ref(a, c, depth + 1) for a, c in self.param_bindings(fn, expr.value)}
                return refs_.pop() if len(refs_) == 1 else None
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and \
                self.param_of(fn, expr.value.value):  # `cfg.SYNTHESIS`, cfg a parameter given the module config
            module = self.module_param(fn, expr.value.value)
            return (module, expr.attr.value, "") if module is not None else None
        target = self.project_target(expr, fn) if isinstance(expr, (cst.Name, cst.Attribute)) else None
        return (target[0], target[1], "") if target is not None else None

    def param_bindings(self, fn: _Fn, name: str) -> list:
        """args_or_default of a parameter, or its default alone when no call here binds it (what a construction
        leaving it out, in another file, gets)."""
        passed = self.args_or_default(fn, name)
        owner = self.param_owner(fn, name)
        default = param_default(owner.node, name) if isinstance(owner.node, cst.FunctionDef) else None
        return passed or ([(default, owner.parent or self.ex._module_fn)] if default is not None else [])

    def module_param(self, fn: _Fn, name: str) -> str | None:
        """The project module every binding of a parameter is (`def __init__(self, cfg=config)`, a construction
        here leaving it out or passing `config`: the imported module's name); None otherwise."""
        found = set()
        for v, _ in self.param_bindings(fn, name):
            b = self.project_binding(v.value) if isinstance(v, cst.Name) else None
            if b is None or b[0] != PROJMOD:
                return None
            found.add(b[1])
        return found.pop() if len(found) == 1 else None

    def getattr_constant(self, g, ctx: _Fn) -> tuple[str, str] | None:
        """`getattr(nn, settings.ACT)` (or `from settings import ACT`), the name a string constant of another project
        module: (the op's API template "torch.nn.{&settings:ACT}", the "&settings:ACT[]" field that has that module
        summarised); ms_scan.project puts the constant's string in the template (GradOp.api) or says it is unknown.
        None for anything else."""
        looked = self.getattr_of_torch(g, ctx)
        api = self.ex.canonical(looked[0]) if looked is not None else None
        if api not in ("torch.nn", "torch.nn.functional", "torch", ZOO_PREFIX[:-1]):
            return None
        if api == ZOO_PREFIX[:-1] and self.zoo_rebuilt(g):
            return None  # (`m = getattr(models, cfg.arch)(); m.fc = ...`: which parts are left needs the model)
        e = looked[1]
        target = self.project_target(e, ctx) if isinstance(e, (cst.Name, cst.Attribute)) else None
        if target is None and isinstance(e, cst.Name) and self.param_of(ctx, e.value):
            # `getattr(nn, act)()`, act given `cfg.SYNTHESIS["act"]` with cfg the config module: "SYNTHESIS.act"
            ref = self.target_ref(e, ctx, 0)
            target = (ref[0], ref[1] + ref[2]) if ref is not None and ref[0] and isinstance(ref[1], str) and \
                "[" not in ref[2] else None
            if target is None:
                # `getattr(nn, name)()`, name a parameter of a public function or class another file calls
                # (`conv_stage(..., cfg.act)`): "torch.nn.{@<class part>|<param>}", filled by ms_scan.project with
                # the one string those calls give it (GradOp.when's class part, grad_values.open_key); given a
                # config's field by this file's calls (`deep_tower(d, dims, mcfg.act)`, mcfg's class not known
                # here): "torch.nn.{@|act}", the one string the configs give that field
                # (`NETS[c["name"]](c["widths"], c["act"])` with `c = cfg["net"]`: the path "cfg.net.act" in the
                # config dict the construction of build's caller passes)
                return self.field_api(api, e, ctx, dotted=True)
        if target is None and isinstance(e, cst.Subscript) and isinstance(chain_root(e), cst.Name) and \
                self.param_of(ctx, chain_root(e).value):
            # `getattr(nn, cfg["disc_act"])()`, cfg a parameter given another file's config dict: "torch.nn.{@|...}"
            # with the path of the key in the configs (as `getattr(nn, act)` above)
            return self.field_api(api, e, ctx, dotted=True)
        if target is None and isinstance(e, cst.Attribute) and isinstance(e.value, cst.Name) and \
                self.param_of(ctx, e.value.value):
            # `getattr(F, cfg.d_act)`, cfg a parameter: "torch.nn.functional.{@<class part or nothing>|d_act}", filled
            # with the one string the configs give that field (the dataclass default where no call passes it)
            return self.field_api(api, e, ctx, dotted=False)
        if target is None or not when_safe(*target, also="&+:=[]{}"):
            return None
        return f"{api}.{{&{target[0]}:{target[1]}}}", f"&{target[0]}:{target[1]}[]"

    def field_api(self, api: str, e, ctx: _Fn, dotted: bool) -> tuple[str, str] | None:
        """getattr_constant's template "<api>.{@<class part>|<field>}" for a name read from a parameter's config
        (_key_field), ms_scan.project filling it with the one string the configs give that field; `dotted`: the
        field may be a path ("cfg.net.act"). None when the field is not known or cannot stand in a template."""
        key = self._key_field(e, ctx, 0)
        ok = key is not None and (all(p.isidentifier() for p in key[1].split(".")) if dotted else
                                  key[1].isidentifier())
        return (f"{api}.{{@{key[0]}|{key[1]}}}", "") if ok and when_safe(*key, also="{}") else None

    def expand_torch_value(self, state, v: cst.Call, api: str, ctx: _Fn, via: str, depth: int) -> None:
        """expand_value of a torch call: a container's or wrapper's layers, an nn module, else unresolved."""
        if api in _CONTAINERS or api in _WRAPPERS:
            first = self.layers_from(state.live)
            built = any(a.star for a in v.args) or api == "torch.nn.ModuleList" and len(v.args) == 1 and \
                isinstance(v.args[0].value, (cst.Name, cst.ListComp, cst.GeneratorExp)) or \
                api == "torch.nn.Sequential" and len(v.args) == 1 and self.ordered_dict_name(v.args[0].value, ctx)
            elements = self.container_elements(v, ctx) if (first or built) and api in (
                "torch.nn.Sequential", "torch.nn.ModuleList") else None
            if elements is not None and first < len(elements):
                # the layers from index `first` on (`model[2]`'s weights differentiated), of a builder's loop
                # unrolled (`nn.Sequential(*layers)`: each row's table entry, each conditional's arm) or of a
                # ModuleList a forward runs in order (Resolver.part_calls)
                state.live = None
                for e, c, chosen in elements[first:]:
                    with self.choosing(chosen):
                        self.expand_layer_arg(state, e, c, via, depth + 1)
                return
            held = _held_args(v, api)
            start = self.layers_from(state.live) if api == "torch.nn.Sequential" and not any(
                a.star or a.keyword is not None or isinstance(a.value, cst.Call) and
                (dotted_name(a.value.func) or "").rpartition(".")[2] in ("OrderedDict", "dict") for a in held) else 0
            start = start if start < len(held) else 0
            if not start and api == "torch.nn.Sequential" and state.live == frozenset({"@*"}):
                start = self.leading_weightless([[(a.value, ctx)] if not a.star and a.keyword is None else None
                                                 for a in held])  # (its input not differentiated: data only)
            if start:
                state.live = None
            picked = [t[2:-1].split("|") for t in state.live or () if t.startswith("@[")]
            shown = held[0].value.elements if api == "torch.nn.ModuleDict" and len(held) == 1 and \
                isinstance(held[0].value, cst.Dict) else ()
            keys = [_literal(el.key) if isinstance(el, cst.DictElement) else None for el in shown]
            if len(picked) == 1 and keys and all(isinstance(k, str) for k in keys) and set(picked[0]) <= set(keys):
                # `ModuleDict({"stem": ..., "mid": ...})` called in a loop over keys from "mid" on (expand_item)
                state.live = None
                for el, k in zip(shown, keys):
                    if k in picked[0]:
                        self.expand_element(state, el.value, ctx, via, depth + 1)
                return
            for a in held[start:]:  # `nn.Sequential(OrderedDict([("conv", nn.Conv2d(...)), ...]))`
                self.expand_layer_arg(state, a.value, ctx, via, depth + 1)
            return
        if self.kind(api) == "nn_module":
            made = self.partial_alias(v.func, api)  # `Act()`, `Act = partial(nn.GELU, approximate="tanh")`
            self.emit(state, api, v, v, via, extra_args=tuple(
                a for a in (_literal_args(made) if made is not None else ()) if not a[0].startswith("#")))
            return
        if api in _FUNCTIONAL_CALL or api.startswith("torch.func."):
            return
        model = self.zoo_built(v, ctx)
        if model is not None:
            self.emit_zoo(state, model, v, via, "high")
            return
        self.unresolved(state, _code(v))

    @staticmethod
    def layers_from(live: frozenset | None) -> int:
        """The first layer of an nn.Sequential called with `live` on the path: k when the differentiated inputs
        are the weights of its layers from index k on only ("@#k", Resolver.index_part: `model[4].weight`), the
        earlier layers running before them; 0 (all) otherwise."""
        parts = [t[1:] for t in live or () if t.startswith("@")]
        if not parts or not all(p.startswith("#") and p[1:].isdigit() for p in parts):
            return 0
        return min(int(p[1:]) for p in parts)

    def expand_made(self, state, name: str, ctx: _Fn, call: cst.Call, via: str, depth: int) -> bool:
        """`call` calls `name`, a local holding classes or factories (`act = ACTIVATIONS[cfg.act]` ... `act()`,
        `[make(c) for make in OPS.values()]`) or a parameter its callers bind to one (`def __init__(self, act_cls):
        ... act_cls()` with `ConvAct(c, c, act)`): what it builds. False when the name holds something else."""
        held = self.lookup_assigns(ctx, name)
        got = [self.get_item(x, held[1]) for x in held[0]] if held is not None else []
        if any(got):  # `factory = RULES.get(type(child))` ... `factory(child)`: what `RULES[...]` (and a default) holds
            held = ([y for g, x in zip(got, held[0]) for y in g or [x]], held[1])
        if held is not None and held[0] and all(self.factory_result(state, x, held[1], call, via, depth, dry=True)
                                                for x in held[0]):
            for x in held[0]:  # `EluBlock = make_block(nn.ELU)` ... `EluBlock(8)`
                self.factory_result(state, x, held[1], call, via, depth)
            return True
        if held is None:
            callers = self.args_or_default(ctx, name) if depth <= MAX_DEPTH and self.param_of(ctx, name) else []
            for arg, caller in self.beside_supers(state, ctx, name, callers, via):
                if not (isinstance(arg, cst.Name) and self.expand_made(state, arg.value, caller, call, via, depth + 1)):
                    self.expand_built(state, arg, caller, call, via, depth + 1, "high")
            return bool(callers)
        looked = {id(x): self.torch_getattr(x, held[1]) or self.getattr_constant(x, held[1]) for x in held[0]
                  if isinstance(x, cst.Call)}  # `act_cls = getattr(nn, cfg.act)` ... `act_cls()`
        if not all(isinstance(x, (cst.Subscript, cst.Name, cst.Attribute)) or _values_of(x) is not None or
                   looked.get(id(x)) for x in held[0]):
            return False
        for x in held[0]:
            if self.positional(state, x, name, held[1], via, depth, lambda el, c: self.expand_built(
                    state, el, c, call, via, depth + 1, "high")):  # `for cls, kw in SPEC.values(): cls(**kw)`
                continue
            if isinstance(looked.get(id(x)), list):
                for api in looked[id(x)]:
                    self.emit(state, api, x, call, via)
            elif looked.get(id(x)):
                self.emit(state, looked[id(x)][0], x, call, via)
                self.constant_callees(state, looked[id(x)][1])
            elif _values_of(x) is not None:  # `for make in OPS.values()`: every item, built
                for t, c in self.container_values(_values_of(x), held[1]) or ():
                    for r in self.keyed_elements(t, None):
                        self.expand_built(state, r, c, call, via, depth + 1, "high")
            elif isinstance(x, cst.Subscript):
                conf = "high" if _subscript_key(x) is not None else "medium"
                self.expand_item(state, x, held[1], via, depth + 1, lambda r, c, conf=conf: (
                    self.expand_built(state, r, c, call, via, depth + 1, conf)))
            elif id(x) in self.ex._loop_iters and (shown := self.sequence_displays(x, held[1])) is not None:
                for display, c in shown:  # `for act in cfg.acts: ... act()`: each class the list holds, built
                    for el in display.elements:
                        if _literal(el.value) is not None:  # (`[nn.CELU, None]`: None builds nothing)
                            self.expand_built(state, el.value, c, call, via, depth + 1, "high")
            else:
                self.expand_built(state, x, held[1], call, via, depth + 1, "high")
        return True

    def own_module_name(self, func, ctx: _Fn) -> str | None:
        """The module-level class or function of this file that `getattr(sys.modules[__name__], name)` looks up,
        name one known string (getattr_choices: `cfg.net` of a namespace), as `globals()[name]` does
        (_Values.container_values); None otherwise."""
        got = self.getattr_choices(func, ctx) if isinstance(func, cst.Call) else None
        mod = got[0] if got is not None and len(got[1]) == 1 else None
        if not (isinstance(mod, cst.Subscript) and dotted_name(mod.value) == "sys.modules" and len(mod.slice) == 1
                and isinstance(mod.slice[0].slice, cst.Index) and dotted_name(mod.slice[0].slice.value) == "__name__"):
            return None
        name, top = got[1][0], self.ex._module_fn
        return name if (name in self.ex._classes or name in top.defs) and self.lookup_assigns(top, name) is None \
            else None

    def factory_result(self, state, made, ctx: _Fn, call: cst.Call, via: str, depth: int, dry: bool = False) -> bool:
        """`call` calls what `made`, a call of a function of the file returning classes (`make_block(nn.ELU)`,
        `def make_block(act_cls): class Block(nn.Module): ...; return Block`), gives: each returned class or
        factory, built, with the function's parameters bound by `made`. False (nothing done) for anything else."""
        d = self.lookup_def(ctx, made.func.value) if isinstance(made, cst.Call) and \
            isinstance(made.func, cst.Name) and self.lookup_assigns(ctx, made.func.value) is None else None
        values = returned(d.node.body) if d is not None and isinstance(d.node, cst.FunctionDef) else []
        if not values or not all(isinstance(v, cst.Name) and v.value in self.ex._classes for v in values):
            return False
        if not dry:
            with self.bound_call(d, made, ctx):
                for value in self.returned_values(d):
                    if value is not None:
                        self.expand_built(state, value, d, call, _join(via, d.qual), depth + 1, "high")
        return True

    def positional(self, state, v, name: str, ctx: _Fn, via: str, depth: int, then) -> bool:
        """then(element, function) for what `name`, one name of a tuple target bound to `v`, holds by position
        (a None element holds nothing): in each row of a loop over v (`for k, (cls, kw) in SPEC.items()`), or in
        the table items v picks (`cls, kwargs = spec[name]`; an item that is no row display is said unresolved).
        False when name is not bound so."""
        rows = self.row_elements(v, name, ctx)
        at = self.ex._item_index.get((id(v), name)) if isinstance(v, cst.Subscript) else None
        if rows is None and at is None:
            return False
        for el, c in rows or ():
            if _literal(el) is not None:
                then(el, c)
        if rows is None:
            def item(row, c) -> None:
                el = self.element_at(row, at)
                if el is None:
                    self.unresolved(state, f"{_code(row)} (unpacked by position)")
                elif _literal(el) is not None:
                    then(el, c)
            self.expand_item(state, v, ctx, via, depth + 1, item)
        return True

    def def_over_assign(self, fn: _Fn, name: str, at: cst.CSTNode) -> _Fn | None:
        """The module-level def of `name` that a read of it runs when the module binds the name both by assignment
        and by def (`crit = F.cross_entropy`, later `def crit(logits, y)`): the binding last written before `at` for a
        read in a module-level statement, the module's last binding for a read in a function body; None when that
        binding is an assignment, or the name is bound so in fn or no such pair exists."""
        top = self.ex._module_fn
        if name not in self.ex._module_defs or binding(fn, name) != ("assign", top) or \
                (line := self.ex.entry_lines.get(id(at))) is None:
            return None
        last = self.module_binding(name, line if fn is top else None)
        return last if isinstance(last, _Fn) else None

    def rebound_global(self, func, ctx: _Fn) -> list | None:
        """The values a module-level name called in a function body is bound to, when the module binds it more than
        once, each to a dotted name (`act = nn.SiLU` ... `act = nn.Hardswish` in a notebook's later cell): the call
        runs whichever the module last bound before it, so any of them (the extractor's own reading of the call is
        the binding met before the function's text). None otherwise."""
        top = self.ex._module_fn
        values = top.assigns.get(func.value, ()) if isinstance(func, cst.Name) and ctx is not top else ()
        if len(values) < 2 or binding(ctx, func.value) != ("assign", top) or \
                not all(isinstance(x, (cst.Name, cst.Attribute)) and dotted_name(x) for x in values):
            return None  # (the cheap test first: call_ops asks it of every call on a path)
        return values

    def rebound_apis(self, func, ctx: _Fn) -> list[tuple] | None:
        """(value, torch API) for each value of rebound_global when every one is a torch function or module class
        (`inner_loss = F.mse_loss` ... `inner_loss = F.smooth_l1_loss`); None otherwise."""
        held = self.rebound_global(func, ctx)
        if held is None:
            return None
        out = []
        for ref in held:
            path = self.ex.resolve_path(ref)
            api = self.ex.canonical(path) if path is not None else None
            if api is None or not api.startswith("torch.") or self.kind(api) is None:
                return None
            out.append((ref, api))
        return out

    def expand_built(self, state, ref, ctx: _Fn, call: cst.Call, via: str, depth: int, conf: str) -> None:
        """`call` calls `ref`, an item of a container of classes or factories (`{"elu": nn.ELU}`): a torch module
        class is constructed where it is written (with the call's arguments), a class of this file is
        expanded, anything else is a factory whose result is what the call gives."""
        ex = self.ex
        api = ex.api_of(ref)
        if api is not None and self.kind(api) == "nn_module":
            made = self.partial_alias(ref, api)
            self.emit(state, api, made or ref, made or call, via, conf)
            return
        if isinstance(ref, cst.Name) and ref.value in ex._classes:  # (its __init__ bound by this call, where
            cls = ex._classes[ref.value]  # it is written: a registry build's function, registry_built)
            caller = (self.registry_built().get(id(call)) or (None, ex._fn_of_call.get(id(call))))[1]
            with self.bound_call(self.init_of(cls), call, caller) if caller is not None else nullcontext():
                self.expand_class(state, cls, via, depth + 1)
            return
        if isinstance(ref, cst.Lambda):  # `lambda c: nn.MaxPool2d(3)`: a factory, its body is what it builds
            self.expand_value(state, ref.body, ctx, via, depth + 1)
            return
        if self.expand_factory_def(state, ref, ctx, call, via, depth):
            return
        if isinstance(ref, cst.Call) or api is None:
            self.expand_value(state, ref, ctx, via, depth + 1) if isinstance(ref, cst.Call) else \
                self.expand_module_expr(state, ref, ctx, via, depth + 1)

    def expand_factory_def(self, state, ref, ctx: _Fn, call: cst.Call, via: str, depth: int) -> bool:
        """expand_built of a def of the file held in a table (`BLOCKS = {"conv": conv_block}`, `BLOCKS[name](c, w)`):
        a factory called by `call`, its whole body with its parameters bound by that call. The live argument slots
        of the path (state.live) are those of the module it builds, not the factory's: they are dropped here, as
        for any other entry. False when `ref` names no def of the file."""
        d = self.lookup_def(ctx, ref.value) if isinstance(ref, cst.Name) and \
            self.lookup_assigns(ctx, ref.value) is None else None
        if d is None:
            return False
        state.live = None
        with self.bound_call(d, call, ctx):
            self.expand_fn(state, d, _join(via, d.qual), depth + 1)
            if self.returned_classes(d):  # `def barrier_small(cfg): return BarrierNet(cfg)`: the instance's forward
                self.expand_returns(state, d, _join(via, d.qual), depth + 1)
        return True

    def expand_element(self, state, e, ctx, via, depth) -> None:
        if isinstance(e, cst.StarredElement):
            e = e.value
        if isinstance(e, (cst.Call, cst.List, cst.Tuple, cst.ListComp, cst.GeneratorExp, cst.IfExp,
                          cst.BinaryOperation, cst.Lambda)):
            self.expand_value(state, e, ctx, via, depth)  # (`[Gated(d) if cfg.gated else dense(d)]`: either one)
        elif isinstance(e, (cst.Name, cst.Attribute, cst.Subscript)):
            self.expand_module_expr(state, e, ctx, via, depth)
        elif isinstance(e, cst.Dict):
            for el in e.elements:
                if isinstance(el, cst.DictElement):
                    self.expand_element(state, el.value, ctx, via, depth)

    # ---------------------------------------------------------------- classes and nn.Sequential
    def expand_class(self, state, cls: _Cls, via: str, depth: int) -> None:
        key = ("class", cls.name)
        if key in state.visiting:
            return
        state.visiting.add(key)
        try:
            with self.instance_of(cls):
                self._expand_class(state, cls, via, depth)
        finally:
            state.visiting.discard(key)

    def _expand_class(self, state, cls: _Cls, via: str, depth: int) -> None:
        live, state.live = state.live, None
        call, state.call = state.call, None
        # an in-file base's forward when cls has none (`class Wide(Base)` changing only __init__)
        fwd = self.class_members(cls, "forward")[0] or self.class_members(cls, "__call__")[0]
        if fwd is None:
            if self.sequential_class(cls):  # `class ConvLayer(nn.Sequential)`: its forward runs its layers
                self.expand_sequential(state, cls, _join(via, cls.name), depth + 1)
                return
            subs = [m for m, _ in self.subclass_members(cls, "forward") if m is not None]
            subs = [m for m in subs if not self.never_built(m.cls)] or subs
            for m in subs:  # `self(x)` in a mixin's method: the forward of the file's classes mixing it in
                self.expand_fn(state, m, _join(via, f"{m.cls.name}.forward"), depth + 1, live)
            based = self.project_bases(cls) if not subs else []
            if based:  # `class Gated(FourierField)` of another file's base: that forward, dispatching to the
                overrides = self.overrides(cls)
                for m in overrides:  # methods this file overrides (any of them may be called)
                    self.expand_fn(state, m, _join(via, f"{cls.name}.{m.name}"), depth + 1)
                attrs = self.chain_attrs(cls)  # and the attributes its __init__ sets (`self.out = nn.Sequential(...)`)
                for attr, values in attrs.items():
                    for v, ctx in values:
                        self.expand_value(state, v, ctx, _join(via, f"self.{attr}"), depth + 1)
                state.live = live
                names = self.overridden_text(cls)
                for target in based:
                    self.project_hit(state, target, "instance", via, f"{cls.name} -> {target[1]}", param=names)
            elif not subs and not self.mixin_member(state, cls, "forward", via):  # (`self(x)` in a mixin: the
                self.unresolved(state, f"{cls.name} (no forward in this file)")  # other files' classes mixing it in)
            return
        # `self.net.forward(x, fast_weights)` into `if weights is None: return ...`: the branch that call takes;
        # `model(x, args.task)` into `self.heads[task](h)`: the head that call picks (context_params)
        with self.bound_call(fwd, *call, force=self.none_tested(fwd, *call)) if call is not None else \
                nullcontext():
            self.expand_fn(state, fwd, _join(via, f"{cls.name}.{fwd.name}"), depth + 1, live)

    @staticmethod
    def combinator(d: _Fn) -> bool:
        """A function returning only a function made of its function parameters: a lambda, or `functools.reduce`
        of a lambda over them (`def compose(*fs): return functools.reduce(lambda f, g: lambda x: g(f(x)), fs)`)."""
        if not isinstance(d.node, cst.FunctionDef) or not (d.params or isinstance(d.node.params.star_arg, cst.Param)):
            return False
        values = returned(d.node.body)
        return bool(values) and all(
            isinstance(v, cst.Lambda) or isinstance(v, cst.Call) and (dotted_name(v.func) or "").endswith("reduce")
            and v.args and isinstance(v.args[0].value, cst.Lambda) for v in values)

    def combined_args(self, call: cst.Call, fn: _Fn, d: _Fn) -> list:
        """The functions a call of a combinator (combinator) combines: its arguments, the elements of a starred one,
        and for `*map(compose, fs, gs)` (the same kind of function mapped) the items of fs and gs."""
        out = []
        for a in call.args:
            v = a.value
            if a.star == "*" and isinstance(v, cst.Call) and dotted_name(v.func) == "map" and len(v.args) >= 2 and \
                    isinstance(v.args[0].value, cst.Name) and \
                    (m := self.lookup_def(fn, v.args[0].value.value)) is not None and self.combinator(m):
                out += [x.value for x in v.args[1:] if not x.star]
            elif a.star != "**":
                out.append(v)
        return out

    def never_built(self, cls: _Cls) -> bool:
        """A class of a script (runs_code) named only in entries of a table no read picks (`"gru": partial(GRURisk,
        ...)` with `MODELS[args.model]` picking "tcn"): no instance of it exists, so a mixin's `self(x)` is not its
        forward. (Its definition and a subclass's bases do not count.)"""
        if not self.runs_code():
            return False
        used = [n for n, base in self.name_uses(cls.name) if not base]
        unpicked = self.unpicked_entries()
        return bool(used) and all(id(n) in unpicked for n in used)

    def overrides(self, cls: _Cls) -> list[_Fn]:
        """The methods of cls and its in-file bases (but __init__, static and class methods)."""
        return list({id(m): m for c in self.class_chain(cls) for m in c.methods.values()
                     if m.name != "__init__" and not self.class_method(m)}.values())

    def overridden_text(self, cls: _Cls, called: str = "") -> str:
        """The param (OVERRIDDEN) of a callee into another file's base of cls: the methods and attributes cls
        and its in-file bases define, which replace the base's (but `called`, the base's member called by
        `super().<called>(...)`)."""
        gone = {m.name for m in self.overrides(cls)} | {a for a in self.chain_attrs(cls) if "*" not in a}
        gone.discard(called)
        return OVERRIDDEN + ",".join(sorted(gone)) if gone else ""

    def base_target(self, base: str) -> tuple[str, str] | None:
        """(module, name) of a base class as written (`FourierField`, `fields.FourierField`) that another project
        file defines; None otherwise."""
        try:
            return self.project_target(cst.parse_expression(base), self.ex._module_fn)
        except cst.ParserSyntaxError:
            return None

    def project_bases(self, cls: _Cls) -> list[tuple[str, str]]:
        """(module, name) of the other project files' classes among the bases of cls and its in-file bases."""
        out = []
        for c in self.class_chain(cls):
            for b in c.bases:
                target = self.base_target(b)
                if target is not None and target not in out:
                    out.append(target)
        return out

    def own_submodules(self, state, owner, fn: _Fn, via: str, depth: int) -> bool:
        """`for name, m in self._modules.items()` / `self.named_children()` in a method of the file's module class
        (torchmeta's MetaSequential.forward): the submodules the instance holds. For an nn.Sequential subclass the
        layers its __init__ passes on and those the file's constructions of it give (`MetaSequential(conv,
        nn.PReLU(ch))`); for another module class the modules its methods assign to `self.<attr>`. False when
        `owner` is not `self` of such a class."""
        own = next((f for f in enclosing(fn) if f.self_name), None)
        if not (isinstance(owner, cst.Name) and own is not None and owner.value == own.self_name):
            return False
        cls = self.class_of(owner, fn)
        if cls is None or cls.torch_module == "no":
            return False
        state.any_path = True
        if self.sequential_base(cls):
            self.expand_sequential(state, cls, _join(via, cls.name), depth + 1)
            for f in self.all_fns():
                for c in f.calls:
                    if isinstance(c.func, cst.Name) and c.func.value == cls.name and \
                            self.names_class(c.func.value, f) is not None:
                        for a in c.args:
                            if a.keyword is None and not a.star:
                                self.expand_layer_arg(state, a.value, f, _join(via, cls.name), depth + 1)
            return True
        for c in self.class_chain(cls):
            for attr, held in c.attrs.items():
                if any(self.builds_module(x, ctx) for x, ctx in held):
                    self.expand_class_member(state, cls, attr, via, depth + 1)
        return True

    def sequential_base(self, cls: _Cls, seen: tuple = ()) -> bool:
        """cls derives (here or through the file's classes) from nn.Sequential, with or without a forward."""
        if "torch.nn.Sequential" in cls.torch_bases:
            return True
        classes = self.ex._classes
        return any(b in classes and b not in seen and self.sequential_base(classes[b], (*seen, b)) for b in cls.bases)

    def sequential_class(self, cls: _Cls, seen: tuple = ()) -> bool:
        """A class without forward of its own that derives (here or through the file's classes) from
        nn.Sequential, whose forward applies the layers given to its constructor in turn."""
        if "forward" in cls.methods or "__call__" in cls.methods:
            return False
        if "torch.nn.Sequential" in cls.torch_bases:
            return True
        classes = self.ex._classes
        return any(b in classes and b not in seen and self.sequential_class(classes[b], (*seen, b))
                   for b in cls.bases)

    def expand_sequential(self, state, cls: _Cls, via: str, depth: int) -> None:
        """The layers an nn.Sequential subclass holds: the arguments of `super().__init__(*layers)` (or
        `nn.Sequential.__init__(self, ...)`, an OrderedDict of them) and `self.add_module`/`self.append`
        calls in its __init__ (or an in-file base's __init__)."""
        state.any_path = True
        for c in self.class_chain(cls):
            init = c.methods.get("__init__")
            if init is None:
                continue
            for call in init.calls:
                for arg in self.sequential_layer_args(call, init):
                    self.expand_layer_arg(state, arg, init, via, depth + 1)

    def sequential_layer_args(self, call: cst.Call, init: _Fn) -> list[cst.BaseExpression]:
        func = call.func
        if not isinstance(func, cst.Attribute):
            return []
        attr, owner = func.attr.value, func.value
        args = [a.value for a in call.args if a.keyword is None]
        if attr == "__init__":
            if isinstance(owner, cst.Call) and dotted_name(owner.func) == "super":
                return args
            if self.ex.api_of(owner) == "torch.nn.Sequential":
                return args[1:]  # nn.Sequential.__init__(self, *layers)
            return []
        if isinstance(owner, cst.Name) and owner.value == init.self_name:
            if attr == "add_module":
                layer = _arg(call, 1, "module")
                return [layer] if layer is not None else []
            if attr in ("append", "extend", "insert"):
                return args[-1:]
        return []

    def expand_layer_arg(self, state, arg, ctx: _Fn, via: str, depth: int) -> None:
        if isinstance(arg, cst.Call) and (dotted_name(arg.func) or "").rpartition(".")[2] in ("OrderedDict", "dict"):
            for a in arg.args:  # OrderedDict([("conv", nn.Conv2d(...)), ...])
                self.expand_element(state, a.value, ctx, via, depth)
            return
        self.expand_element(state, arg, ctx, via, depth)

    # ---------------------------------------------------------------- function bodies
    def expand_fn(self, state, f: _Fn, via: str, depth: int, live: frozenset | None = None) -> None:
        """The ops of f's body; with `live` (argument slots, see live_slots) only of the calls that depend on
        the parameters those slots bind (sliced_calls)."""
        live_params = self.live_params(f, live)
        key = ("fn", id(f))
        outs = frozenset(t for t in live or () if t.startswith((">", "@")))
        parts = frozenset(t[1:] for t in outs if t.startswith("@") and "." not in t)
        # a body's ops do not depend on the way it is reached, only on the calls bound (Resolver.bound_call)
        done = (id(f), state.guessed > 0, live_params, outs, self._bound_sig)
        if key in state.visiting or done in state.done:
            return
        if depth > MAX_DEPTH:
            self.too_deep(state)
            return
        state.visiting.add(key)
        state.any_path = True
        try:
            wanted = self.output_calls(f, live)
            cut = self.detached_only(f)
            if cut:  # `return x + (q - x).detach()`: q's calls are constants of the result
                wanted = {id(c) for c in f.calls if id(c) not in cut} if wanted is None else wanted - cut
            kept = None
            if any(self.guards(f).values()):  # `F.elu(h) if self.use_elu else F.hardswish(h)`: the arm it takes
                kept = {id(c) for c, _ in self.reachable([(c, f) for c in f.calls])}
                wanted = kept if wanted is None else wanted & kept
            sliced = self.part_calls(f, parts, live_params) if parts else None
            if sliced is not None:
                for c, c_live in sliced:
                    if kept is None or id(c) in kept:
                        self.compared_call_ops(state, c, f, via, depth + 1, c_live, kept is not None)
            elif live_params is None:
                for c in f.calls:
                    if wanted is None or id(c) in wanted:
                        self.compared_call_ops(state, c, f, via, depth + 1, None, kept is not None)
            else:
                for c, c_live in self.sliced_calls(f, live_params, self.param_parts(f, live)):
                    if wanted is None or id(c) in wanted:
                        self.compared_call_ops(state, c, f, via, depth + 1, c_live, kept is not None)
            for d, wrapper in self.decorator_wrappers(f):  # `@unit_quaternion def forward(...)`: the wrapper
                self.expand_fn(state, wrapper, _join(via, d.qual), depth + 1)  # runs around the body
        finally:
            state.visiting.discard(key)
        state.done.add(done)

    def compared_call_ops(self, state, c: cst.Call, f: _Fn, via: str, depth: int, live, guarded: bool) -> None:
        """call_ops of a call of f's body; under `if <field> == "<s>":` that nothing here decides (`if self.up_mode
        == "nearest":` with `self.up_mode = up_mode` given `cfg.up_mode` by a construction of another file) its ops
        say so (GradOp.when, as a table's keys: the strings f compares the field with)."""
        start = len(state.site.ops)
        self.call_ops(state, c, f, via, depth, live)
        when = self.compared_when(c, f) if guarded and len(state.site.ops) > start else None
        for op in state.site.ops[start:] if when is not None else ():
            op.when = op.when or when

    def compared_when(self, c: cst.Call, f: _Fn) -> str | None:
        """compared_call_ops' GradOp.when "<class part>|<field>=<s>|<s1>,<s2>..." for a call f makes only where a
        field is the string s (the first such test over it); None when no test is so."""
        for test, taken in self.guards(f).get(id(c), ()):
            got = self.compared_field(test, f)
            if got is None or got[2] is not taken or \
                    isinstance(evaluate(test, {}, lambda n: self.const_value(f, n)), bool):
                continue
            keys = {g[1] for path in self.guards(f).values() for t, _ in path
                    if (g := self.compared_field(t, f)) is not None and g[0] == got[0]}
            return f"{got[0][0]}|{got[0][1]}={got[1]}|{','.join(sorted(keys))}"
        return None

    def compared_field(self, test, f: _Fn) -> tuple[tuple[str, str], str, bool] | None:
        """(the config field, the string, the branch where they are equal) of `<field> == "s"` / `!=`; None for
        any other test, or a field or string a GradOp.when cannot hold."""
        if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1 or \
                not isinstance(test.comparisons[0].operator, (cst.Equal, cst.NotEqual)):
            return None
        sides = [test.left, test.comparisons[0].comparator]
        lit = [x for x in (_literal(e) if isinstance(e, cst.SimpleString) else None for e in sides)
               if isinstance(x, str)]
        other = [e for e in sides if isinstance(e, (cst.Attribute, cst.Subscript))]
        if len(lit) != 1 or len(other) != 1 or not lit[0] or not when_safe(lit[0]):
            return None
        field = self._key_field(other[0], f, 0)
        if field is None or not when_safe(*field, also="="):
            return None
        return field, lit[0], isinstance(test.comparisons[0].operator, cst.Equal)

    def detached_only(self, f: _Fn) -> frozenset:
        """ids of the calls of f whose results its returned values read only through a graph cut (a straight-through
        `x + (q - x).detach()`, `torch.zeros_like(h)`): constants of what f returns. Calls the returns do not read
        at all (side effects, in-place updates) are not among them; memoised."""
        memo = self._detached_only
        if id(f) not in memo:
            values = [v for v in returned(f.node.body) if v is not None] if isinstance(f.node, cst.FunctionDef) \
                else []
            if not values:
                memo[id(f)] = frozenset()
                return memo[id(f)]
            every = values + self.trace_back(f, set().union(*(refs(v) for v in values)))
            live = values + self.trace_back(f, set().union(*(refs_besides(v) for v in values)), cuts=True)
            memo[id(f)] = frozenset({id(c) for e in every for c in calls_in(e)} -
                                    {id(c) for e in live for c in calls_besides(e)})
        return memo[id(f)]

    def decorator_wrappers(self, f: _Fn) -> list[tuple[_Fn, _Fn]]:
        """(decorator, wrapper) for each decorator of f that is a function of this file defining a nested function
        (`def unit_quaternion(forward): def wrapped(self, state): ... return wrapped`): calling f runs that wrapper."""
        node = f.node
        out = []
        for dec in node.decorators if isinstance(node, cst.FunctionDef) else ():
            d = self.lookup_def(f.parent or f, dec.decorator.value) if isinstance(dec.decorator, cst.Name) else None
            if d is not None and d is not f and d.params:
                out += [(d, w) for w in d.defs.values() if isinstance(w.node, cst.FunctionDef)]
        return out

    def factory_decorated(self, owner: _Fn) -> list[_Fn]:
        """The module-level functions decorated by `@fac(...)` where `fac`, a module-level function of this file,
        returns `owner`, a function it defines (`def input_gradient_penalty(weight): def deco(loss_fn): ...;
        return deco`): owner's first parameter holds each of them."""
        fac = owner.parent
        if fac is None or fac.parent is not self.ex._module_fn or not isinstance(owner.node, cst.FunctionDef) or \
                not any(isinstance(v, cst.Name) and v.value == owner.name for v in returned(fac.node.body)):
            return []
        return [f for f in self.ex._module_fn.defs.values() if isinstance(f.node, cst.FunctionDef) and any(
            isinstance(d.decorator, cst.Call) and isinstance(d.decorator.func, cst.Name) and
            d.decorator.func.value == fac.name for d in f.node.decorators)]

    def decorators(self) -> frozenset:
        """id() of this file's module-level functions used as bare decorators of functions (`@unit_quaternion`):
        the first parameter of each holds the function it decorates (decorator_wrappers)."""
        if self._decorators is None:
            names = {dec.decorator.value for f in self.all_fns() if isinstance(f.node, cst.FunctionDef)
                     for dec in f.node.decorators if isinstance(dec.decorator, cst.Name)}
            self._decorators = frozenset(id(self.ex._module_fn.defs[n]) for n in names if n in self.ex._module_fn.defs)
        return self._decorators

    @staticmethod
    def live_params(f: _Fn, live: frozenset | None) -> frozenset | None:
        """f's parameters that the live argument slots bind (positions count after `self`; a position past the
        named ones binds `*args`, a keyword none names `**kwargs`); None (the whole body) when a slot binds no
        parameter."""
        if live is None or not isinstance(f.node, cst.FunctionDef):
            return None
        p = f.node.params
        dropped = len(p.posonly_params) + len(p.params) + len(p.kwonly_params) - len(f.params)  # `self`: 1
        positional = len(p.posonly_params) + len(p.params) - dropped
        star = p.star_arg.name.value if isinstance(p.star_arg, cst.Param) else None
        kwstar = p.star_kwarg.name.value if p.star_kwarg is not None else None
        out = set()
        for slot in live:
            if slot.startswith((">", "@")):  # a returned element asked for (Resolver.output_calls), a submodule
                # whose weights are the inputs (Resolver.part_calls): not an input slot
                continue
            if slot.startswith("~"):  # a name the function reads from outside (Resolver.closure_live)
                out.add(slot[1:])
                continue
            if slot.isdigit():
                name = f.params[int(slot)] if int(slot) < positional else star
            else:
                name = slot if slot in f.params[max(len(p.posonly_params) - dropped, 0):] else kwstar
            if name is None:
                return None
            out.add(name)
        return frozenset(out) if out else None

    @staticmethod
    def param_parts(f: _Fn, live: frozenset | None) -> frozenset:
        """(parameter, submodule attribute) pairs of the "@<slot>.<attr>" tokens of `live` (Resolver.part_args):
        the parameter is a module of which only that submodule's weights are differentiated."""
        out = set()
        for t in live or ():
            if t.startswith("@") and "." in t:
                slot, _, attr = t[1:].partition(".")
                name = f.params[int(slot)] if slot.isdigit() and int(slot) < len(f.params) else slot
                if name in f.params and name not in f.assigns:
                    out.add((name, attr))
        return frozenset(out)

    def sliced_calls(self, f: _Fn, live_params: frozenset, parts: frozenset = frozenset()) -> list:
        """(call, its live slots) for the calls of f's body that read what the live parameters reach, through
        f's assignments (a data-flow slice of a forward: `b = self.branch(u)` is not on y's path). `parts`
        (param_parts): a call of such a parameter's module (`enc.embed(x)`) with no argument on the path puts
        on it only what the part reaches (part_slots), and passing the module on passes its part (part_args)."""
        visible = self.visible_assigns(f)
        reach = spread(visible, set(live_params))
        called = {c.func.value for c in f.calls if isinstance(c.func, cst.Name)}
        while more := self.closure_names(f, reach, called) - reach:  # `prior()` reading the live names from outside
            reach |= more
            spread(visible, reach)
        out = []
        for c in f.calls:
            if not refs_besides(c) & reach:
                continue
            live = self.live_slots(c, reach)
            if live is None:
                live = self.closure_live(c, f, reach)
            if parts and live is None:
                live = self.loop_part(c, parts, f) or self.part_slots(c, parts, reach, fn=f)
            elif parts:
                live |= self.part_args(c, parts)
            out.append((c, live))
        return out

    def weightless(self, values) -> bool:
        """Every value an attribute is assigned constructs a torch module without weights (`nn.ReflectionPad1d(2)`,
        `nn.MaxPool2d(2)`, `nn.SELU()`): calling it reads no weight."""
        return bool(values) and all(isinstance(v, cst.Call) and
                                    (self.torch_api(v) or "").rpartition(".")[2] in _WEIGHTLESS_MODULES and
                                    (self.torch_api(v) or "").startswith("torch.nn.") for v, _ in values)

    @staticmethod
    def plain_data(values) -> bool:
        """Every value an attribute is assigned is plain data, no module (`self.stem_pad = dict(cfg.stem_pad)`,
        `self.scale = 0.5`, `self.kinds = ["a", "b"]`): reading it reads no weight."""
        def plain(v) -> bool:
            if _literal(v) is not _NOLIT:
                return True
            if isinstance(v, (cst.List, cst.Tuple, cst.Set)):
                return all(plain(e.value) for e in v.elements)
            if isinstance(v, cst.Dict):
                return all(isinstance(e, cst.DictElement) and plain(e.key) and plain(e.value) for e in v.elements)
            return isinstance(v, cst.Call) and dotted_name(v.func) in _PLAIN_BUILDERS
        return bool(values) and all(plain(v) for v, _ in values)

    def leading_weightless(self, layers: list) -> int:
        """How many of the first layers of a chain run in order (`layers`: for each, the (value, function) pairs it
        can be, None when not shown) construct torch modules without weights (`nn.Sequential(nn.ReflectionPad1d(2),
        nn.Conv1d(...), ...)`): called with only the weights differentiated ("@*", not the input), they run on the
        input alone, before any weight, so they are not on the path. 0 when no layer after them is left (they stay)."""
        n = 0
        while n < len(layers) and layers[n] is not None and self.weightless(layers[n]):
            n += 1
        return n if n < len(layers) else 0

    def member_layers(self, cls: _Cls, values: list) -> list | None:
        """leading_weightless's layers of a list display a forward runs in a loop (`self.pipeline = [self.pad,
        self.conv_in, torch.tanh, ...]`): each element, or what the class's attribute it reads holds; None when
        the attribute is assigned anything else."""
        if len(values) != 1 or not isinstance(values[0][0], (cst.List, cst.Tuple)):
            return None
        display, ctx = values[0]
        out = []
        for el in display.elements:
            v = el.value
            held = self.class_members(cls, v.attr.value) if isinstance(v, cst.Attribute) and \
                isinstance(v.value, cst.Name) and v.value.value == ctx.self_name else None
            out.append(None if isinstance(el, cst.StarredElement) else
                       held[1] if held is not None and held[0] is None else [(v, ctx)])
        return out

    def part_calls(self, f: _Fn, parts: frozenset, live_params: frozenset | None = None) -> list | None:
        """(call, its live slots) for the calls of a forward f on the path when the differentiated inputs are the
        weights of its submodules `parts` only ("*": any of its weights) and of none of its arguments but those
        `live_params` bind (Resolver.part_slots: `model(x)` with `model.head.parameters()` differentiated): the
        top-level statements before the first that reads one of them run before those weights are applied, so
        their values cannot depend on them and are not on the path; from that statement on, the calls that read
        what the parts (and live parameters) reach. With "*", a method of the class is sliced the same way, from
        its arguments that depend on them. None (the whole body) when that is not shown: the parts not fresh
        submodules of f's class (built by a call reading no other submodule, none built from them), `self` used
        other than for an attribute read, a method of the class called that may read the parts (for named parts;
        one reading only other fresh submodules, Resolver.method_misses, is as one of them), a nested function,
        or no call left on the path."""
        if not isinstance(f.node, cst.FunctionDef) or not f.self_name or f.cls is None:
            return None
        # "^stem" (Resolver.hooked_activation): the output of the submodule `stem` is the input, its own calls are not
        # on the path, what reads their results is
        after = frozenset(p[1:] for p in parts if p.startswith("^"))
        parts = frozenset(p.lstrip("^") for p in parts)
        # "dec#3" (Resolver.submodule_of): the submodule `dec`, an nn.Sequential of which only the layers from
        # index 3 on hold the differentiated weights; a call of `self.dec` runs those layers only ("@#3")
        index = {p.partition("#")[0]: p.partition("#")[2] for p in parts if "#" in p[1:]}
        parts = frozenset(p.partition("#")[0] if "#" in p[1:] else p for p in parts)
        # "stages[mid]" (Resolver.input_parts): the entry under "mid" of the container `stages`; a call of
        # `self.stages[name]` in a loop over literal keys runs the entries from "mid" on only (loop_part)
        keyed = {p.partition("[")[0]: p[p.index("["):] for p in parts if "[" in p[1:] and p.endswith("]")}
        parts = frozenset(p.partition("[")[0] if "[" in p[1:] and p.endswith("]") else p for p in parts)
        if index and len(parts) != 1:
            return None
        me, every = f.self_name, "*" in parts
        attrs = self.chain_attrs(f.cls)
        if any(k.endswith("*") for k in attrs) or not all(p in attrs for p in parts - {"*"}):
            return None
        for k, vs in attrs.items() if not every else ():
            for v, ctx in vs:
                others = {f"{ctx.self_name}.{o}" for o in (attrs if k in parts else parts) if o != k}
                if k in parts and not isinstance(_unchain(v), cst.Call) or refs(v) & others:
                    return None  # `self.head = self.trunk[-1]`, `self.trunk = nn.Sequential(self.head, ...)`
        methods = {m for c in self.class_chain(f.cls) for m in c.methods}
        bare = 0
        for n in _walk(f.node.body):
            if isinstance(n, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                return None
            if isinstance(n, cst.Name) and n.value == me:
                bare += 1
            elif isinstance(n, cst.Attribute) and isinstance(n.value, cst.Name) and n.value.value == me:
                bare -= 1
                if n.attr.value in methods and not every and not self.method_misses(f.cls, n.attr.value, parts):
                    return None  # (`self.features(x)` reading only submodules other than the parts: as one of them)
            elif isinstance(n, cst.Call) and dotted_name(n.func) in ("super", "getattr", "vars"):
                return None
        if bare:
            return None  # `helper(self, x)`, `return self`: what it reads of the module is not known
        consts = self.constant_attrs(f.cls) if every else frozenset()  # (buffers: `(img - self.mean) / self.std`)
        owned = {r for r in refs(f.node.body) if r.startswith(me + ".") and not self.weightless(
            attrs.get(r[len(me) + 1:], ())) and not self.plain_data(attrs.get(r[len(me) + 1:], ())) and
            r[len(me) + 1:] not in consts} if every else {f"{me}.{p}" for p in parts}
        owned |= live_params or set()
        stmts = list(f.node.body.body)
        first = next((i for i, st in enumerate(stmts) if refs(st) & owned), None)
        if first is None:
            return None
        later = {id(n) for st in stmts[first:] for n in _walk(st)}
        reach = spread({k: [v for v in vs if id(v) in later] for k, vs in f.assigns.items()}, set(owned))
        out = []
        for c in f.calls:
            if id(c) not in later or not refs_besides(c) & reach:
                continue
            func = c.func
            if every and isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and \
                    func.value.value == me and func.attr.value in methods:
                # `self.features(eye)`: the method's part from its arguments that depend on the weights
                slots = {a.keyword.value if a.keyword is not None else str(i) for i, a in enumerate(c.args)
                         if refs_besides(a.value) & reach}
                if any(a.star for a in c.args):
                    return None
                out.append((c, frozenset(slots | {"@*"})))
                continue
            live = self.live_slots(c, reach)
            if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == me and \
                    func.attr.value in index and not any(a.star or refs_besides(a.value) & reach for a in c.args):
                live = frozenset({f"@#{index[func.attr.value]}"})
            held = dotted_name(func.value) if isinstance(func, cst.Subscript) else None
            if live is None and held is not None and held.startswith(me + ".") and held[len(me) + 1:] in keyed:
                live = self.loop_part(c, frozenset({(held, keyed[held[len(me) + 1:]])}), f)
            over = self.loop_over(f, func.value) if live is None and isinstance(func, cst.Name) else None
            attr = over[len(me) + 1:] if over is not None and over.startswith(me + ".") else None
            if attr is not None and (attr in index or every) and \
                    not any(a.star or refs_besides(a.value) & self.reach_besides(f, c, owned, later) for a in c.args):
                # `for block in self.blocks: x = block(x)` over `self.blocks[2]`'s weights: blocks 2, 3 ... only;
                # over every weight from the input (`for layer in self.pipeline: h = layer(h)`): from the first
                # that is not weightless on (its first layers run on data)
                first = index.get(attr) or self.leading_weightless(self.member_layers(f.cls, attrs.get(attr, ())) or [])
                live = frozenset({f"@#{first}"}) if first else live
            out.append((c, live))
        out = [(c, live) for c, live in out if not (isinstance(c.func, cst.Attribute) and
                                                    isinstance(c.func.value, cst.Name) and c.func.value.value == me and
                                                    c.func.attr.value in after)]
        return out or None  # a narrowing never empties a path

    @staticmethod
    def loop_over(f: _Fn, name: str) -> str | None:
        """The dotted name (`self.blocks`) that the one `for name in self.blocks` (or `for i, name in
        enumerate(self.blocks)`) loop of f iterates, when that loop is all that binds name in f; None otherwise."""
        values = f.assigns.get(name, [])
        if len(values) != 1 or name in f.params or not isinstance(f.node, cst.FunctionDef):
            return None
        for n in _walk(f.node.body):
            if isinstance(n, cst.For) and (n.iter is values[0] or isinstance(n.iter, cst.Call) and
                                           dotted_name(n.iter.func) == "enumerate" and n.iter.args and
                                           n.iter.args[0].value is values[0]):
                return dotted_name(values[0])
        return None

    @staticmethod
    def reach_besides(f: _Fn, c: cst.Call, owned: set, later: set) -> set:
        """What the names `owned` reach in f through the assignments after the first statement reading them
        (`later`), not through those that hold the call c (`x = block(x)` in a loop: x is block's input)."""
        return spread({k: [v for v in vs if id(v) in later and not any(n is c for n in _walk(v))]
                       for k, vs in f.assigns.items()}, set(owned))

    def expand_unpacked(self, state, v, name: str, ctx: _Fn, via: str, depth: int) -> bool:
        """`enc, dec = build_autoencoder(cfg)` with `enc` called: only the element of the factory's returned tuple
        displays the name is unpacked from (a def of this file, or another file's function: its "instance:>k"
        summary, grad_summaries). False when `v` is no such call (the whole value is taken, as before)."""
        k = (self.ex._unpacked_members if "." in name else self.ex._unpacked).get(id(v), {}).get(name) \
            if isinstance(v, cst.Call) else None
        given = self.passed_through(v, name) if "." not in name else None
        if given is not None:  # `model, opt = accelerator.prepare(net, opt)` (Accelerate, Fabric's `setup`): the
            self.expand_module_expr(state, given, ctx, via, depth + 1)  # objects given, wrapped for the devices
            return True
        if k is None and "." in name:
            return False
        if k is None and isinstance(v, cst.Call) and isinstance(v.func, cst.Name):
            return self.expand_nested_unpacked(state, v, name, ctx, via, depth)
        if k is None or not isinstance(v.func, (cst.Name, cst.Attribute)):
            return False
        d = self.lookup_def(ctx, v.func.value) if isinstance(v.func, cst.Name) and \
            self.lookup_assigns(ctx, v.func.value) is None else None
        if d is not None:
            returns = self.returned_values(d) if isinstance(d.node, cst.FunctionDef) else []
            if not tuple_slots(returns, k):
                return False
            with self.bound_call(d, v, ctx):
                for r in returns:
                    self.expand_value(state, r.elements[k].value, d, via, depth + 1)
            return True
        if isinstance(v.func, cst.Name) and (v.func.value in self.ex._classes or
                                             self.lookup_def(ctx, v.func.value) is not None):
            return False
        target = self.project_target(v.func, ctx)
        if target is None:
            return False
        state.live = (state.live or frozenset()) | {f">{k}"}  # the element's summary ("instance:>k", ms_scan.project)
        self.project_hit(state, target, "instance", via, _code(v.func), built=v, fn=ctx)
        return True

    def expand_nested_unpacked(self, state, v: cst.Call, name: str, ctx: _Fn, via: str, depth: int) -> bool:
        """`gen, (critic, ema) = build(cfg)` with critic called: the element at that path of each tuple display a
        def of this file returns. False when some return is not such a display (the whole value is taken)."""
        path = self.ex._unpacked_paths.get(id(v), {}).get(name)
        d = self.lookup_def(ctx, v.func.value) if path is not None and \
            self.lookup_assigns(ctx, v.func.value) is None else None
        if d is None or not isinstance(d.node, cst.FunctionDef):
            return False
        picked = []
        for r in self.returned_values(d):
            for i in path:
                ok = isinstance(r, (cst.Tuple, cst.List)) and len(r.elements) > i and \
                    not any(isinstance(e, cst.StarredElement) for e in r.elements[:i + 1])
                if not ok:
                    return False
                r = r.elements[i].value
            picked.append(r)
        if not picked:
            return False
        with self.bound_call(d, v, ctx):
            for r in picked:
                self.expand_value(state, r, d, via, depth + 1)
        return True

    def expand_returns(self, state, f: _Fn, via: str, depth: int) -> None:
        values = self.returned_values(f)
        chain = self.string_dispatch(f) if len([v for v in values if v is not None]) > 1 else None
        if chain is not None:  # `if cfg["arch"] == "selu_mlp": return SeluMLP(...) elif ...`, the key not known
            field, arms = chain  # here: each arm's ops say which value picks them (GradOp.when, as a table's)
            keys = ",".join(lit for lit, _ in arms)
            for lit, arm in arms:
                start = len(state.site.ops)
                for value in arm:
                    self.expand_value(state, value, f, via, depth + 1)
                for op in state.site.ops[start:]:
                    op.when = op.when or f"{field[0]}|{field[1]}={lit}|{keys}"
            values = [v for v in values if not any(v is x for _, arm in arms for x in arm)]
        for value in values:
            if value is not None:
                self.expand_value(state, value, f, via, depth + 1)
        self.expand_yields(state, f, via, depth)

    def string_dispatch(self, f: _Fn) -> tuple | None:
        """(GradOp.when field, [(literal, returned values)]) of a factory whose body opens with an if/elif chain
        comparing one config read to string literals (`if cfg["arch"] == "selu_mlp": return SeluMLP(w)`), each arm
        returning, the value read a config field other files give (_key_field); None otherwise."""
        body = f.node.body.body if isinstance(f.node, cst.FunctionDef) and \
            isinstance(f.node.body, cst.IndentedBlock) else ()
        st = next((x for x in body if isinstance(x, cst.If)), None)
        arms, subject = [], None
        while isinstance(st, cst.If):
            test = st.test
            if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and
                    isinstance(test.comparisons[0].operator, cst.Equal)):
                return None
            lit = _literal(test.comparisons[0].comparator)
            code = _code(test.left)
            if not isinstance(lit, str) or not when_safe(lit, also="!") or subject not in (None, code):
                return None
            subject = code
            values = returned(st.body)
            if not values or any(v is None for v in values):
                return None
            arms.append((lit, values))
            if isinstance(st.orelse, cst.If):  # (an elif)
                st = st.orelse
            elif st.orelse is None and _ends_in_return(st.body):  # (`if kind == "group": return ...` then `if`)
                i = next((i for i, x in enumerate(body) if x is st), len(body))
                st = body[i + 1] if i + 1 < len(body) else None
            else:
                st = None
        if len(arms) < 2:
            return None
        first = next(x for x in body if isinstance(x, cst.If))
        field = self._key_field(first.test.left, f, 0)
        if field is None or not when_safe(*field):
            return None
        return field, arms

    def expand_yields(self, state, f: _Fn, via: str, depth: int) -> None:
        """A generator function's call is the sequence of what it yields (`nn.Sequential(*layers(w))`,
        `nn.ModuleList(list(blocks()))`, a generator method `self._stages()`): each yielded value as a returned one."""
        for value in yielded(f.node.body) if isinstance(f.node, cst.FunctionDef) else ():
            self.expand_element(state, value, f, via, depth + 1)

    def expand_callable(self, state, f_expr, fn: _Fn, kind: str, argnums: set | None = None) -> None:
        """The ops a function given to a Hessian-like API or a torch.func transform runs on the path: for a def of
        the file (or a name bound once to a lambda), those from the parameters it is differentiated by (all, or the
        transforms' `argnums`) to what it returns; else what the callable runs."""
        if f_expr is None:
            state.site.resolved, state.site.reason = False, "no function given"
            return
        state.any_path = True
        bound = self.lookup_assigns(fn, f_expr.value) if isinstance(f_expr, cst.Name) else None
        made = bound[0][0] if bound is not None and len(bound[0]) == 1 else f_expr
        if isinstance(made, cst.Call) and _partial_of(made) is not None and not any(a.star for a in made.args):
            # `f_s = partial(forecast, s=station)` given to `jacrev(f_s, argnums=1)`: forecast, its positions
            # shifted by the arguments the partial binds first
            shift = sum(a.keyword is None for a in made.args[1:])
            self.expand_callable(state, made.args[0].value, bound[1] if made is not f_expr else fn, kind,
                                 {i + shift for i in argnums} if argnums else argnums)
            return
        d = self.lookup_def(fn, f_expr.value) if isinstance(f_expr, cst.Name) else None
        if bound is not None and not (d is not None and isinstance(d.node, cst.Lambda) and len(bound[0]) == 1 and
                                      bound[0][0] is d.node):
            d = None  # (a name bound otherwise; `single = lambda p, t: field(p, t)` is a function of the file)
        if d is None and isinstance(f_expr, cst.Name) and self.param_of(fn, f_expr.value):
            defs = self.function_defs(f_expr, fn)  # `def hvp_of(f): ... grad(f)`, every call passing one def
            d = defs[0] if defs is not None and len({id(x) for x in defs}) == 1 else None
        if d is not None and isinstance(d.node, (cst.FunctionDef, cst.Lambda)):
            # (`jacrev(single, argnums=0)` with `single = lambda p, t: field(p, t)`: its body, as a def's return)
            lam, star = isinstance(d.node, cst.Lambda), isinstance(d.node.params.star_arg, cst.Param)
            # `hvp(loss_of, w, v)` with loss_of putting w into a functional_call under a submodule's weight name:
            # that call runs only the part of the forward from that submodule on (Resolver.substituted_parts)
            subs = {} if lam else \
                {id(c): self.substituted_parts(c, d) for c in d.calls if self.torch_api(c) in _FUNCTIONAL_CALL}
            values = [d.node.body] if lam else [v for v in returned(d.node.body) if v is not None]
            if lam and star:
                params = []
            elif "func." in kind and argnums:  # `grad(energy, argnums=1)`: from the parameters it names
                params = [d.params[i] for i in sorted(argnums)] if max(argnums) < len(d.params) and not star else []
            else:
                params = list(d.params) if kind in ("hessian", "hvp", "vhp", "jacobian") else []
            whole = all(v == frozenset({"@*"}) for v in subs.values())  # (the parameter dict itself: every weight)
            if subs and all(subs.values()) and not (whole and values and params):
                for c in d.calls:
                    self.call_ops(state, c, d, d.qual, 1, subs.get(id(c)))
                return
            if values and params and (whole or not any(subs.values())):
                # `hessian(loss_at, W2)`: the ops from the function's parameters (the differentiated inputs) to
                # what it returns; `F.selu(x @ W1)` with W1 a global is computed once, outside the Hessian
                self.slice(state, d, values, [cst.Name(p) for p in params])
                return
        if d is None and "func." in kind and argnums:  # `jacrev(field, argnums=1)` of a module: its forward from
            state.live = frozenset(str(i) for i in argnums)  # those arguments (`gate = F.hardsigmoid(self.t_gate(t))`
            try:  # is a constant of the Jacobian in z)
                self.expand_module_expr(state, f_expr, fn, "", 0)
            finally:
                state.live = None
            return
        self.expand_module_expr(state, f_expr, fn, "", 0)
