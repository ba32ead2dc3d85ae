"""Unit tests of the bprop body parser on small synthetic C++/Python snippets (no MindSpore needed)."""
import textwrap

from mappings.bprop import cxx, pysrc
from mappings.bprop.registry import ignored, is_forward, verdicts
from mappings.bprop.source import RefExtract, analyze_cpp

EMITTER_H = textwrap.dedent('''
    class Emitter {
     public:
      NodePtr Mul(const NodePtr &lhs, const NodePtr &rhs) { return UnifyDtypeAndEmit(kMulOpName, lhs, rhs); }
      NodePtr ReluGrad(const NodePtr &dy, const NodePtr &x) { return Emit("ReluGrad", {dy, x}); }
      NodePtr Square(const NodePtr &x) { return Mul(x, x); }
      NodePtr Exp(const NodePtr &x);
    };
    NodePtr Emitter::Exp(const NodePtr &x) { return Emit(kExpOpName, {x}); }
''')
CONSTS = {'kMulOpName': 'Mul', 'kExpOpName': 'Exp', 'kBarGradOpName': 'BarGradient'}


def run_cpp(body_src, helpers_src=''):
    res = RefExtract()
    analyze_cpp({'grad_x_ops.cc': body_src}, {'common_utils.cc': helpers_src} if helpers_src else {},
                [EMITTER_H], CONSTS, set(), res)
    return {k: e.emits for k, e in res.cpp.items()}, res


def test_string_literal_emit():
    src = 'REG_BPROP_BUILDER("Foo").SetBody(BODYFUNC(ib) { auto dx = ib->Emit("FooGrad", {x}); return {dx}; });'
    emits, _ = run_cpp(src)
    assert emits == {'Foo': {'FooGrad'}}


def test_op_name_constant_and_fallback():
    src = '''REG_BPROP_BUILDER("Bar").SetBody(BODYFUNC(ib) {
      auto a = ib->Emit(kBarGradOpName, {x});   // value differs from the identifier
      auto b = ib->Emit(ops::kNameBazGrad, {x});  // generated header not in git: naming fallback
      auto c = ib->Emit(prim::kPrimQuxGrad->name(), {x});
      return {a, b, c};
    });'''
    emits, _ = run_cpp(src)
    assert emits['Bar'] == {'BarGradient', 'BazGrad', 'QuxGrad'}


def test_registration_by_constant_name():
    src = 'REG_BPROP_BUILDER(kExpOpName).SetBody(BODYFUNC(ib) { return {ib->Emit("ExpGradX", {})}; });'
    emits, _ = run_cpp(src)
    assert emits == {'Exp': {'ExpGradX'}}


def test_emitter_methods_inline_out_of_line_and_transitive():
    src = '''REG_BPROP_BUILDER("ReLU").SetUnusedInputs({i0}).SetBody(BODYFUNC(ib) {
      auto out = ib->GetInput(i1);
      auto dx = ib->ReluGrad(ib->GetInput(i2), out);
      auto s = ib->Square(dx);
      return {ib->Exp(s)};
    });'''
    emits, _ = run_cpp(src)
    assert emits['ReLU'] == {'ReluGrad', 'Mul', 'Exp'}   # GetInput is structural, Square -> Mul


def test_helper_followed_transitively():
    helpers = '''
    NodePtr Deep(BpropBuilder *ib, const NodePtr &x) { return ib->Emit("DeepOp", {x}); }
    NodePtrList Mid(BpropBuilder *ib, const NodePtr &x) { auto y = Deep(ib, x); return {ib->Mul(y, y)}; }
    '''
    src = 'REG_BPROP_BUILDER("Top").SetBody(BODYFUNC(ib) { return Mid(ib, ib->GetInput(i0)); });'
    emits, _ = run_cpp(src, helpers)
    assert emits['Top'] == {'DeepOp', 'Mul'}


def test_named_setbody_function_and_comments_ignored():
    src = '''
    NodePtrList GeLUBpropExpander(BpropBuilder *ib) {
      // auto no = ib->Emit("Commented", {});
      /* ib->Emit("AlsoCommented", {}); */
      return {ib->Emit("GeLUGrad", {ib->GetInput(i2)})};
    }
    REG_BPROP_BUILDER("GeLU").SetBody(GeLUBpropExpander);
    REG_BPROP_BUILDER("Range").SetBody(ReturnZerosMissing);
    '''
    emits, res = run_cpp(src)
    assert emits['GeLU'] == {'GeLUGrad'}
    assert emits['Range'] == set()
    assert 'SetBody:ReturnZerosMissing' in res.unresolved_methods


def test_statement_end_is_string_aware():
    text = 'REG_BPROP_BUILDER("S").SetBody(BODYFUNC(ib) { auto s = ";)"; return {ib->Emit("SGrad", {})}; });'
    emits, _ = run_cpp(text)
    assert emits == {'S': {'SGrad'}}


PY_SRC = textwrap.dedent('''
    from .. import functional as F
    from .. import operations as P
    from ..operations import _grad_ops as G
    from ..operations import _inner_ops as inner
    from mindspore.ops.operations.nn_ops import MaxPoolWithArgmax
    from .grad_base import bprop_getters, bprops
    from .. import _constants

    reduce_sum = P.ReduceSum()

    def _helper(x):
        return inner.HelperPrim()(x)

    @bprop_getters.register(P.ReLU)
    def get_bprop_relu(self):
        input_grad = G.ReluGrad()
        def bprop(x, out, dout):
            return (input_grad(dout, out),)
        return bprop

    @bprop_getters.register(P.Softmax)
    def get_bprop_softmax(self):
        def bprop(x, out, dout):
            if F.is_sequence_value_unknown(F.shape(x)):
                return (P.DynamicStitch()(x),)
            return (F.tensor_mul(reduce_sum(dout), _helper(out)),)
        return bprop

    @bprop_getters.register(MaxPoolWithArgmax)
    def get_bprop_mpwa(self):
        return lambda x, out, dout: (G.MaxPoolGradWithArgmax()(x, dout, out[1]),)

    @bprops.register("Mul")
    def bprop_mul(x, y, out, dout):
        return dout * y, dout * x

    @bprops.register(_constants.kScalarPow)
    def bprop_scalar_pow(x, y, out, dout):
        return dout, dout
''')


def test_python_getters():
    pysrc.set_constants('kScalarPow = "ScalarPow"\n')
    an = pysrc.PyAnalyzer(functional_map={'tensor_mul': {'Mul'}, 'shape': {'Shape'}})
    regs = {r.name: r for r in an.parse_file(PY_SRC, 'grad_nn_ops.py')}
    assert set(regs) == {'ReLU', 'Softmax', 'MaxPoolWithArgmax', 'Mul', 'ScalarPow'}
    assert regs['ReLU'].emits == {'ReluGrad'}                     # G.X() in the getter
    assert regs['Softmax'].emits == {'Mul', 'ReduceSum', 'HelperPrim', 'Shape'}   # F., instance, helper
    assert 'DynamicStitch' not in regs['Softmax'].emits           # dynamic-shape branch skipped
    assert regs['MaxPoolWithArgmax'].emits == {'MaxPoolGradWithArgmax'}
    assert regs['Mul'].emits == set()
    assert regs['ReLU'].line == PY_SRC.splitlines().index('@bprop_getters.register(P.ReLU)') + 1
    pysrc.set_constants('')


def test_verdicts_and_ignore():
    registered = {'ReLU', 'ReluGrad', 'AvgPool', 'Concat', 'Slice', 'BatchNorm', 'BatchNormGrad'}
    emits = {'ReLU': {'ReluGrad'}, 'ReluGrad': {'Mul'}, 'AvgPool': {'AvgPoolGrad'},
             'Concat': {'ConcatOffset', 'Slice', 'Shape'}, 'BatchNorm': {'BatchNormGrad'},
             'BatchNormGrad': {'BatchNormGradGrad'}}
    v = verdicts(registered | {'Mul'}, emits)
    assert v['ReLU']['second_order'] and v['ReLU']['third_order']
    assert not v['AvgPool']['second_order'] and v['AvgPool']['missing'] == ['AvgPoolGrad']
    assert v['Concat']['second_order']                            # ConcatOffset/Shape are IGNORE
    assert v['BatchNorm']['second_order'] and not v['BatchNorm']['third_order']
    assert ignored('ScalarAdd') and ignored('tuple_getitem') and not ignored('Mul')
    assert is_forward('Conv2D') and not is_forward('Conv2DBackpropInput') and not is_forward('ReluGradV2')
    assert not is_forward('scalar_add')


def test_strip_comments_keeps_lines():
    text = 'a // x\n/* y\n z */ b "//not"\n'
    out = cxx.strip_comments(text)
    assert out.count('\n') == text.count('\n') and '"//not"' in out and 'x' not in out
