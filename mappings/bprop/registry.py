"""Second-order verdicts from (registered names, emits per bprop body).

P supports second order iff every primitive its bprop emits, minus IGNORE, has a bprop itself.
IGNORE holds shape/structural, comparison, constant-filling and integer-output ops: their outputs
carry no gradient, so the autodiff engine never asks for their bprop on the second pass.
"""
from __future__ import annotations

import re

IGNORE_EXACT = frozenset("""
Shape TensorShape DynamicShape ShapeCalc ConcatOffset TupleGetItem MakeTuple MakeList ListGetItem
ZerosLike OnesLike ZerosLikeExt OnesLikeExt Zeros Ones Fill FillV2 Fills FillScalar FillTensor Empty EmptyLike
NewZeros NewOnes NewEmpty NewFull FullLike Range Arange Cast Equal NotEqual Less LessEqual Greater GreaterEqual
EqualCount Argmax Argmin ArgMaxExt ArgMinExt Argsort NonZero NonZeroExt IsInstance Depend UpdateState Load
StopGradient LogicalAnd LogicalOr LogicalNot LogicalXor IsNan IsInf IsFinite IsClose Size Rank DType
BroadcastGradientArgs DynamicBroadcastGradientArgs TensorToTuple TupleToTensor ScalarToTensor TensorToScalar
TensorToList ListToTensor ListToTuple ScalarCast Switch Partial Print Assign AssignAdd IsSubClass
""".split())
# Sparse-container plumbing (MakeRowTensor, RowTensorGetValues, ...) is structural like MakeTuple; it is
# reached only by the sparse branch of bprops such as Cast's, never for dense tensors.
IGNORE_PREFIXES = ('Scalar', 'Sequence', 'Tuple', 'List', 'make_', 'Bool', 'IsInstance', 'IsShape', 'IsDim',
                   'IsSequence', 'IsConstant', 'IsTensor', 'MakeRowTensor', 'RowTensorGet', 'MakeCOOTensor',
                   'COOTensorGet', 'MakeCSRTensor', 'CSRTensorGet')

FORWARD_EXCLUDE_RE = re.compile(r'(Grad(V\d+|Ext)?|Backward|Backprop[A-Za-z0-9]*)$')


def ignored(name: str) -> bool:
    return name in IGNORE_EXACT or name.startswith(IGNORE_PREFIXES) or not name[:1].isupper()


def is_forward(name: str) -> bool:
    """Forward primitive: a CamelCase primitive class name (not a lower-case graph op such as
    ``scalar_add`` or a private ``_Mirror*`` comm op) that is not itself a gradient primitive
    (…Grad, …GradV2, …GradExt, …Backward, …Backprop*)."""
    return name[:1].isupper() and not FORWARD_EXCLUDE_RE.search(name)


def verdicts(registered: set[str], emits: dict[str, set[str]]) -> dict[str, dict]:
    """For every P with a known body: {'missing': [...], 'second_order': bool, 'third_order': bool}."""
    out = {}
    for p, em in emits.items():
        missing = sorted(g for g in em if not ignored(g) and g not in registered)
        out[p] = {'missing': missing, 'second_order': not missing}
    for p, em in emits.items():
        ok = out[p]['second_order']
        if ok:
            for g in em:
                if ignored(g) or g == p:
                    continue
                if g in out and not out[g]['second_order']:
                    ok = False
                    break
        out[p]['third_order'] = ok
    return out


def branch_verdicts(registered: set[str], branches: list[dict]) -> list[dict]:
    """Per attribute branch of one bprop (cxx.attr_branches): sorted emits, missing and second_order."""
    out = []
    for b in branches:
        em = sorted(b['emits'])
        missing = sorted(g for g in em if not ignored(g) and g not in registered)
        sel = {k: b[k] for k in ('values', 'values_not') if k in b}
        out.append({'attr': b['attr'], **sel, 'emits': em, 'missing': missing, 'second_order': not missing})
    return out
