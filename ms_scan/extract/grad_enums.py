"""Enum classes of the scanned file and the member a value is: `class Act(enum.Enum): GELU_TANH =
enum.member(partial(nn.GELU, approximate="tanh"))`, `cfg.act` with the dataclass default `Act.GELU_TANH`,
`Act[args.act]`, `Act.GELU_TANH.name`. A member is a literal of literal_choices (EnumMember), so a member a value
picks is known wherever a string key would be; `act.build()` then runs the member's method with `self.value` that
member's value (enum_bound). Lookups only: no op is emitted here.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass

import libcst as cst

from ms_scan.extract.grad_common import _NOLIT, _Cls, _Fn, _literal
from ms_scan.extract.visitor import dotted_name

_ENUM_BASES = frozenset({"Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "ReprEnum"})
_WRAPS = frozenset({"member", "enum.member"})  # `enum.member(partial(...))`: the member's value is the argument
_NOT_MEMBERS = frozenset({"nonmember", "enum.nonmember", "property", "staticmethod", "classmethod"})


@dataclass(frozen=True)
class EnumMember:
    """A member of the file's enum class `cls` (a literal_choices value: never a string, so no table key)."""
    cls: str
    name: str


def _is_member(name: str, value) -> bool:
    return not name.startswith("_") and not (isinstance(value, cst.Call) and dotted_name(value.func) in _NOT_MEMBERS) \
        and not isinstance(value, cst.Lambda)


class _Enums:
    """_Resolver's view of the file's enum classes (grad_values.literal_choices asks enum_choices first)."""

    def enum_class(self, cls: _Cls | None) -> bool:
        """cls is one of the file's enum classes (enum_classes)."""
        return cls is not None and cls.name in self.enum_classes() and self._derives_enum(cls, 0)

    def enum_classes(self) -> frozenset:
        """The names of the file's classes deriving from enum.Enum (IntEnum, StrEnum, Flag ...), directly or through
        the file's classes; memoised."""
        if self._enums is None:
            self._enums = frozenset(name for name, c in self.ex._classes.items() if self._derives_enum(c, 0))
        return self._enums

    def _derives_enum(self, cls: _Cls | None, depth: int) -> bool:
        if cls is None or depth > 4:
            return False
        return any(base.rpartition(".")[2] in _ENUM_BASES or self._derives_enum(self.ex._classes.get(base), depth + 1)
                   for base in cls.bases)

    def enum_members(self, cls: _Cls) -> dict[str, tuple[cst.BaseExpression, _Fn]]:
        """name -> (value, function) of each member cls's body assigns, in order, `enum.member(x)` read as x; the
        attributes its methods set (`self._cache = ...`) and `_sunder_` names are not members."""
        out = {}
        for name, values in cls.attrs.items():
            body = [(v, f) for v, f in values if f.cls is not cls]  # (a method's `self.x = ...` has f.cls cls)
            if len(body) != 1 or not isinstance(body[0][0], cst.BaseExpression) or not _is_member(name, body[0][0]):
                continue
            v, f = body[0]
            if isinstance(v, cst.Call) and dotted_name(v.func) in _WRAPS and len(v.args) == 1:
                v = v.args[0].value
            out[name] = (v, f)
        return out

    def enum_choices(self, expr, fn: _Fn, depth: int = 0):
        """literal_choices' part for enums: {EnumMember} for `Act.GELU` and `Act[key]` (each literal key that names
        a member), the member names for `<member>.name` and the literal values for `<member>.value`; _NOLIT for
        any other expression, None when it is such a read but what it picks is not known."""
        if not self.enum_classes():
            return _NOLIT
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
            cls = self.names_class(expr.value.value, fn)
            if self.enum_class(cls):
                return {EnumMember(cls.name, expr.attr.value)} if expr.attr.value in self.enum_members(cls) \
                    else _NOLIT
        if isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Name) and len(expr.slice) == 1 and \
                isinstance(expr.slice[0].slice, cst.Index):
            cls = self.names_class(expr.value.value, fn)
            if not self.enum_class(cls):
                return _NOLIT
            keys = self.literal_choices(expr.slice[0].slice.value, fn, lambda k: isinstance(k, str), depth + 1)
            members = self.enum_members(cls)
            if keys is None or not keys <= set(members):
                return None
            return {EnumMember(cls.name, k) for k in keys}
        if isinstance(expr, cst.Attribute) and expr.attr.value in ("name", "value"):
            held = self.literal_choices(expr.value, fn, lambda m: isinstance(m, EnumMember), depth + 1)
            if held is None:
                return _NOLIT
            if expr.attr.value == "name":
                return {m.name for m in held}
            out = set()
            for m in held:
                lit = _literal(self.enum_members(self.ex._classes[m.cls])[m.name][0])
                if lit is _NOLIT:
                    return None
                out.add(lit)
            return out
        return _NOLIT

    def picked_members(self, expr, fn: _Fn) -> list[tuple[_Cls, str]] | None:
        """(enum class, member name) of each member `expr` can be (`act` a parameter every call gives `cfg.act`);
        None when not known (or the file has no enum class)."""
        if not self.enum_classes():
            return None
        held = self.literal_choices(expr, fn, lambda m: isinstance(m, EnumMember))
        if not held:
            return None
        return [(self.ex._classes[m.cls], m.name) for m in sorted(held, key=lambda m: (m.cls, m.name))
                if m.cls in self.ex._classes]

    def enum_values(self, cls: _Cls) -> list[tuple[cst.BaseExpression, _Fn]]:
        """What `self.value` is in a method of the enum class cls: the bound member's value (enum_bound), else
        every member's."""
        members = self.enum_members(cls)
        bound = self._enum_bound.get(cls.name)
        if bound is not None:
            return [members[bound]] if bound in members else []
        return list(members.values())

    @contextlib.contextmanager
    def enum_bound(self, cls: _Cls, name: str):
        """While expanding a method of the member `cls.name` (`act.build()`, act that member): its `self.value` is
        the member's value. Part of the memos' bindings (_bound_sig)."""
        old, sig = self._enum_bound.get(cls.name), self._bound_sig
        self._enum_bound[cls.name] = name
        self._bound_sig = sig + (("enum", cls.name, name),)
        try:
            yield
        finally:
            if old is None:
                del self._enum_bound[cls.name]
            else:
                self._enum_bound[cls.name] = old
            self._bound_sig = sig
