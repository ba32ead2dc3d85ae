"""Runtime probe: real double gradients on the installed MindSpore (CPU), PyNative and GRAPH_MODE.

    python -m mappings.bprop.probe [--jobs 2] [--timeout 240] [--only ID ...] [--out mappings/bprop/2.10/probe.json]

Each case is a gradient penalty around one primitive O (or one API):
    L(x, p) = sum(tanh(O(x, p) + 0.3));  g = dL/dx;  GP = sum(g * g);  result = dGP/d(x, p)
computed with nested ``mindspore.grad`` and compared with torch float64 ``autograd.grad(create_graph=True)``.
Forward values and first-order gradients are compared first, so a case whose reference is wrong is
reported as ``ref-mismatch`` instead of blaming MindSpore. Every case/mode runs in its own child
process with a timeout: a MindSpore crash cannot stop the probe.

Outcomes: ok | fails (key error line; bprop-missing when "Illegal primitive X's bprop not defined")
| no-kernel | zeros (silently all-zero) | wrong (values differ) | ref-mismatch | first-order-fails | ran (not comparable).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RTOL = 5e-3   # max|ms - ref| / max|ref|, float32 vs float64


@dataclass
class Case:
    id: str
    api: str                 # the MindSpore call being probed
    prims: list[str]         # primitives the API reaches, as in 2.10/api_primitives.csv (GRAPH_MODE IR);
    #                          static prediction = all of them second-order OK
    inputs: list[tuple]      # (shape, kind) kind: 'f' normal, 'p' positive, 'u' distinct values,
    #                          'i<N>' integers in [0, N) (indices: passed as int64, never differentiated)
    ms: str                  # python expression building the MindSpore callable; names: ms, ops, mint, nn, np, T
    torch: str | None        # expression building the torch callable; names: torch, F; None = not comparable
    note: str = ''
    setup: str = ''          # statements run before ``ms`` (e.g. constant index tensors)
    tsetup: str = ''
    attrs: dict | None = None  # primitive -> {attribute: value} the API sets (api_primitives.csv prim_attrs), for
    #                            bprops that branch on it (the registry's `branches`): the prediction uses that branch


def _c(id, api, prims, inputs, ms, torch, **kw):
    return Case(id, api, prims, inputs, ms, torch, **kw)


X4 = [((2, 3, 4, 4), 'f')]
X2 = [((3, 5), 'f')]
CASES: list[Case] = [
    _c('ReLU', 'ops.ReLU()', ['ReLU'], X2, 'ops.ReLU()', 'torch.relu'),
    _c('Sigmoid', 'ops.Sigmoid()', ['Sigmoid'], X2, 'ops.Sigmoid()', 'torch.sigmoid'),
    _c('Tanh', 'ops.Tanh()', ['Tanh'], X2, 'ops.Tanh()', 'torch.tanh'),
    _c('Softmax', 'ops.Softmax(axis=-1)', ['Softmax'], X2, 'ops.Softmax(axis=-1)', 'lambda x: torch.softmax(x, -1)'),
    _c('LogSoftmax', 'ops.LogSoftmax(axis=-1)', ['LogSoftmax'], X2, 'ops.LogSoftmax(axis=-1)',
       'lambda x: torch.log_softmax(x, -1)'),
    _c('GeLU', 'ops.GeLU()', ['GeLU'], X2, 'ops.GeLU()', 'F.gelu'),
    _c('FastGeLU', 'ops.FastGeLU()', ['FastGeLU'], X2, 'ops.FastGeLU()', 'lambda x: x * torch.sigmoid(1.702 * x)'),
    _c('Elu', 'ops.Elu()', ['Elu'], X2, 'ops.Elu()', 'F.elu'),
    _c('SiLU', 'ops.auto_generate.SiLU()', ['SiLU'], X2, 'ops.auto_generate.SiLU()', 'F.silu'),
    _c('Mish', 'ops.Mish()', ['Mish'], X2, 'ops.Mish()', 'F.mish'),
    _c('Softplus', 'ops.Softplus()', ['Softplus'], X2, 'ops.Softplus()', 'F.softplus'),
    _c('HSwish', 'ops.HSwish()', ['HSwish'], X2, 'ops.HSwish()', 'F.hardswish'),
    _c('Erf', 'ops.Erf()', ['Erf'], X2, 'ops.Erf()', 'torch.erf'),
    _c('Exp', 'ops.Exp()', ['Exp'], X2, 'ops.Exp()', 'torch.exp'),
    _c('Log', 'ops.Log()', ['Log'], [((3, 5), 'p')], 'ops.Log()', 'torch.log'),
    _c('Sqrt', 'ops.Sqrt()', ['Sqrt'], [((3, 5), 'p')], 'ops.Sqrt()', 'torch.sqrt'),
    _c('Pow', 'ops.Pow()(x, 3.0)', ['Pow'], [((3, 5), 'p')], 'lambda x: ops.Pow()(x, 3.0)', 'lambda x: x ** 3'),
    _c('Square', 'ops.Square()', ['Square'], X2, 'ops.Square()', 'torch.square'),
    _c('Abs', 'ops.Abs()', ['Abs'], X2, 'ops.Abs()', 'torch.abs'),
    _c('MatMul', 'ops.MatMul()', ['MatMul'], [((3, 4), 'f'), ((4, 5), 'f')], 'ops.MatMul()', 'torch.matmul'),
    _c('BatchMatMul', 'ops.BatchMatMul()', ['BatchMatMul'], [((2, 3, 4), 'f'), ((2, 4, 5), 'f')],
       'ops.BatchMatMul()', 'torch.bmm'),
    _c('Conv2D', 'ops.Conv2D(out_channel=2, kernel_size=3)', ['Conv2D'], [((2, 3, 5, 5), 'f'), ((2, 3, 3, 3), 'f')],
       'ops.Conv2D(out_channel=2, kernel_size=3)', 'F.conv2d'),
    _c('BiasAdd', 'ops.BiasAdd()', ['BiasAdd'], [((2, 3, 4, 4), 'f'), ((3,), 'f')], 'ops.BiasAdd()',
       'lambda x, b: x + b.view(1, -1, 1, 1)'),
    _c('Dense', 'ops.dense(x, w, b)', ['Dense'], [((3, 4), 'f'), ((5, 4), 'f'), ((5,), 'f')], 'ops.dense',
       'F.linear'),
    _c('BatchNorm', 'ops.BatchNorm(is_training=True)', ['BatchNorm'], [((4, 3, 2, 2), 'f'), ((3,), 'p'), ((3,), 'f')],
       'lambda x, s, b: ops.BatchNorm(is_training=True)(x, s, b, MEAN, VAR)[0]',
       'lambda x, s, b: F.batch_norm(x, None, None, s, b, training=True, eps=1e-5)',
       setup="MEAN = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name='m'); "
             "VAR = ms.Parameter(ms.Tensor(np.ones(3, np.float32)), name='v')"),
    _c('LayerNorm', 'ops.LayerNorm(begin_norm_axis=1, begin_params_axis=1)', ['LayerNorm'],
       [((3, 6), 'f'), ((6,), 'p'), ((6,), 'f')],
       'lambda x, g, b: ops.LayerNorm(begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7)(x, g, b)[0]',
       'lambda x, g, b: F.layer_norm(x, (6,), g, b, eps=1e-7)'),
    _c('MaxPool', 'ops.MaxPool(kernel_size=2, strides=2)', ['MaxPool'], [((2, 3, 4, 4), 'u')],
       'ops.MaxPool(kernel_size=2, strides=2)', 'lambda x: F.max_pool2d(x, 2, 2)'),
    _c('AvgPool', 'ops.AvgPool(kernel_size=2, strides=2)', ['AvgPool'], X4, 'ops.AvgPool(kernel_size=2, strides=2)',
       'lambda x: F.avg_pool2d(x, 2, 2)'),
    _c('AdaptiveAvgPool2D', 'ops.AdaptiveAvgPool2D((2, 2))', ['AdaptiveAvgPool2D'], X4,
       'ops.AdaptiveAvgPool2D((2, 2))', 'lambda x: F.adaptive_avg_pool2d(x, (2, 2))'),
    _c('ReduceMean', 'ops.ReduceMean(keep_dims=False)(x, 1)', ['ReduceMean'], X2,
       'lambda x: ops.ReduceMean(keep_dims=False)(x, 1)', 'lambda x: x.mean(1)'),
    _c('ReduceMean_keep', 'ops.ReduceMean(keep_dims=True)(x, 1)', ['ReduceMean'], X2,
       'lambda x: ops.ReduceMean(keep_dims=True)(x, 1)', 'lambda x: x.mean(1, keepdim=True)'),
    _c('ReduceSum', 'ops.ReduceSum(keep_dims=False)(x, 1)', ['ReduceSum'], X2,
       'lambda x: ops.ReduceSum(keep_dims=False)(x, 1)', 'lambda x: x.sum(1)'),
    _c('ReduceSum_keep', 'ops.ReduceSum(keep_dims=True)(x, 1)', ['ReduceSum'], X2,
       'lambda x: ops.ReduceSum(keep_dims=True)(x, 1)', 'lambda x: x.sum(1, keepdim=True)'),
    _c('ReduceMax', 'ops.ReduceMax(keep_dims=False)(x, 1)', ['ReduceMax'], [((3, 5), 'u')],
       'lambda x: ops.ReduceMax(keep_dims=False)(x, 1)', 'lambda x: x.amax(1)'),
    _c('Gather', 'ops.Gather()(x, idx, 0)', ['Gather'], [((5, 3), 'f')], 'lambda x: ops.Gather()(x, IDX, 0)',
       'lambda x: x.index_select(0, TIDX)', setup="IDX = ms.Tensor(np.array([0, 2, 2, 4], np.int32))",
       tsetup="TIDX = torch.tensor([0, 2, 2, 4])"),
    _c('GatherD', 'ops.GatherD()(x, 1, idx)', ['GatherD'], [((3, 4), 'f')], 'lambda x: ops.GatherD()(x, 1, IDX)',
       'lambda x: torch.gather(x, 1, TIDX)', setup="IDX = ms.Tensor(np.array([[0, 1], [3, 3], [2, 0]], np.int32))",
       tsetup="TIDX = torch.tensor([[0, 1], [3, 3], [2, 0]])"),
    _c('StridedSlice', 'x[0:2, 1:4]', ['StridedSlice'], X2, 'lambda x: ops.StridedSlice()(x, (0, 1), (2, 4), (1, 1))',
       'lambda x: x[0:2, 1:4]'),
    _c('Concat', 'ops.Concat(axis=1)', ['Concat'], [((3, 2), 'f'), ((3, 4), 'f')],
       'lambda a, b: ops.Concat(axis=1)((a, b))', 'lambda a, b: torch.cat((a, b), 1)'),
    _c('Transpose', 'ops.Transpose()(x, (1, 0))', ['Transpose'], X2, 'lambda x: ops.Transpose()(x, (1, 0))',
       'lambda x: x.t()'),
    _c('Reshape', 'ops.Reshape()(x, (5, 3))', ['Reshape'], X2, 'lambda x: ops.Reshape()(x, (5, 3))',
       'lambda x: x.reshape(5, 3)'),
    _c('Sort', 'ops.Sort(axis=-1)(x)[0]', ['Sort'], [((3, 5), 'u')], 'lambda x: ops.Sort(axis=-1)(x)[0]',
       'lambda x: torch.sort(x, -1)[0]'),
    _c('TopK', 'ops.TopK()(x, 2)[0]', ['TopK'], [((3, 5), 'u')], 'lambda x: ops.TopK()(x, 2)[0]',
       'lambda x: torch.topk(x, 2)[0]'),
    _c('ResizeBilinearV2', 'ops.ResizeBilinearV2(align_corners=True)(x, (6, 6))', ['ResizeBilinearV2'], X4,
       'lambda x: ops.ResizeBilinearV2(align_corners=True)(x, (6, 6))',
       "lambda x: F.interpolate(x, size=(6, 6), mode='bilinear', align_corners=True)"),
    _c('interpolate_bilinear', "ops.interpolate(x, size=(6, 6), mode='bilinear', align_corners=True)",
       ['ResizeBilinearV2'], X4, "lambda x: ops.interpolate(x, size=(6, 6), mode='bilinear', align_corners=True)",
       "lambda x: F.interpolate(x, size=(6, 6), mode='bilinear', align_corners=True)"),
    _c('Dropout', 'ops.Dropout(keep_prob=0.5)(x)[0]', ['Dropout'], X2, 'lambda x: ops.Dropout(keep_prob=0.5)(x)[0]',
       None, note='random mask: only checks that the double gradient runs and is finite and non-zero'),
    _c('CumSum', 'ops.CumSum()(x, 1)', ['CumSum'], X2, 'lambda x: ops.CumSum()(x, 1)', 'lambda x: torch.cumsum(x, 1)'),
    _c('Select', 'ops.Select()(cond, x, y)', ['Select'], [((3, 5), 'f'), ((3, 5), 'f')],
       'lambda x, y: ops.Select()(COND, x, y)', 'lambda x, y: torch.where(TCOND, x, y)',
       setup="COND = ms.Tensor(np.arange(15).reshape(3, 5) % 3 == 0)",
       tsetup="TCOND = torch.tensor(np.arange(15).reshape(3, 5) % 3 == 0)"),
    _c('Maximum', 'ops.Maximum()', ['Maximum'], [((3, 5), 'f'), ((3, 5), 'f')], 'ops.Maximum()', 'torch.maximum'),
    _c('RealDiv', 'ops.RealDiv()', ['RealDiv'], [((3, 5), 'f'), ((3, 5), 'p')], 'ops.RealDiv()', 'torch.div'),
    _c('Sin', 'ops.Sin()', ['Sin'], X2, 'ops.Sin()', 'torch.sin'),
    _c('Rsqrt', 'ops.Rsqrt()', ['Rsqrt'], [((3, 5), 'p')], 'ops.Rsqrt()', 'torch.rsqrt'),
    _c('Tile', 'ops.Tile()(x, (2, 1))', ['Tile'], X2, 'lambda x: ops.Tile()(x, (2, 1))', 'lambda x: x.repeat(2, 1)'),
    _c('BroadcastTo', 'ops.BroadcastTo((4, 3, 5))', ['BroadcastTo'], X2, 'ops.BroadcastTo((4, 3, 5))',
       'lambda x: x.expand(4, 3, 5)'),
    _c('L2Normalize', 'ops.L2Normalize(axis=1)', ['L2Normalize'], X2, 'ops.L2Normalize(axis=1, epsilon=1e-12)',
       'lambda x: F.normalize(x, dim=1, eps=1e-12)'),
    _c('PReLU', 'ops.PReLU()', ['PReLU'], [((2, 3, 4), 'f'), ((3,), 'p')], 'ops.PReLU()',
       'lambda x, w: F.prelu(x, w)'),
    # functional / layer APIs that expand into several primitives
    _c('ops.gelu_none', "ops.gelu(x, approximate='none')", ['Erf', 'Mul', 'Add', 'Div'], X2,
       "lambda x: ops.gelu(x, approximate='none')", 'F.gelu'),
    _c('ops.gelu_tanh', "ops.gelu(x, approximate='tanh')", ['GeLU'], X2, "lambda x: ops.gelu(x, approximate='tanh')",
       "lambda x: F.gelu(x, approximate='tanh')"),
    _c('nn.LeakyReLU', 'nn.LeakyReLU(0.2)', ['Maximum', 'Mul'], X2, 'nn.LeakyReLU(0.2)',
       'lambda x: F.leaky_relu(x, 0.2)'),
    _c('ops.log_softmax', 'ops.log_softmax(x, -1)', ['LogSoftmax'], X2, 'lambda x: ops.log_softmax(x, -1)',
       'lambda x: torch.log_softmax(x, -1)'),
    _c('ops.mse_loss', 'ops.mse_loss(x, y)', ['Cast', 'Sub', 'Square', 'ReduceMean'], [((3, 5), 'f'), ((3, 5), 'f')],
       'ops.mse_loss', 'F.mse_loss'),
    _c('ops.binary_cross_entropy_with_logits', 'ops.binary_cross_entropy_with_logits(x, y, w, pw)',
       ['BCEWithLogitsLoss'], [((3, 5), 'f')],
       'lambda x: ops.binary_cross_entropy_with_logits(x, TGT, W1, W1)',
       'lambda x: F.binary_cross_entropy_with_logits(x, TTGT)',
       setup="TGT = ms.Tensor((np.arange(15).reshape(3, 5) % 2).astype(np.float32)); "
             "W1 = ms.Tensor(np.ones((3, 5), np.float32))",
       tsetup="TTGT = torch.tensor((np.arange(15).reshape(3, 5) % 2).astype(np.float64))"),
    # mint (torch-like) APIs
    _c('mint.relu', 'mint.nn.functional.relu', ['ReLU'], X2, 'mint.nn.functional.relu', 'torch.relu'),
    _c('mint.sigmoid', 'mint.sigmoid', ['Sigmoid'], X2, 'mint.sigmoid', 'torch.sigmoid'),
    _c('mint.tanh', 'mint.tanh', ['Tanh'], X2, 'mint.tanh', 'torch.tanh'),
    _c('mint.silu', 'mint.nn.functional.silu', ['SiLU'], X2, 'mint.nn.functional.silu', 'F.silu'),
    _c('mint.softmax', 'mint.nn.functional.softmax(x, dim=-1)', ['Softmax'], X2,
       'lambda x: mint.nn.functional.softmax(x, dim=-1)', 'lambda x: torch.softmax(x, -1)'),
    _c('mint.log_softmax', 'mint.nn.functional.log_softmax(x, dim=-1)', ['LogSoftmaxExt'], X2,
       'lambda x: mint.nn.functional.log_softmax(x, dim=-1)', 'lambda x: torch.log_softmax(x, -1)'),
    _c('mint.gelu', 'mint.nn.functional.gelu', ['GeluExt'], X2, 'mint.nn.functional.gelu', 'F.gelu'),
    _c('mint.leaky_relu', 'mint.nn.functional.leaky_relu(x, 0.2)', ['LeakyReLUExt'], X2,
       'lambda x: mint.nn.functional.leaky_relu(x, 0.2)', 'lambda x: F.leaky_relu(x, 0.2)'),
    _c('mint.matmul', 'mint.matmul', ['MatMulExt'], [((3, 4), 'f'), ((4, 5), 'f')], 'mint.matmul', 'torch.matmul'),
    _c('mint.linear', 'mint.nn.functional.linear', ['Dense'], [((3, 4), 'f'), ((5, 4), 'f'), ((5,), 'f')],
       'mint.nn.functional.linear', 'F.linear'),
    _c('mint.mean', 'mint.mean(x, 1)', ['MeanExt'], X2, 'lambda x: mint.mean(x, 1)', 'lambda x: x.mean(1)'),
    _c('mint.sum', 'mint.sum(x, 1)', ['SumExt'], X2, 'lambda x: mint.sum(x, 1)', 'lambda x: x.sum(1)'),
    _c('mint.exp', 'mint.exp', ['Exp'], X2, 'mint.exp', 'torch.exp'),
    _c('mint.gather', 'mint.gather(x, 1, idx)', ['GatherD'], [((3, 4), 'f')], 'lambda x: mint.gather(x, 1, IDX)',
       'lambda x: torch.gather(x, 1, TIDX)', setup="IDX = ms.Tensor(np.array([[0, 1], [3, 3], [2, 0]], np.int64))",
       tsetup="TIDX = torch.tensor([[0, 1], [3, 3], [2, 0]])"),
    _c('mint.where', 'mint.where(cond, x, y)', ['Select'], [((3, 5), 'f'), ((3, 5), 'f')],
       'lambda x, y: mint.where(COND, x, y)', 'lambda x, y: torch.where(TCOND, x, y)',
       setup="COND = ms.Tensor(np.arange(15).reshape(3, 5) % 3 == 0)",
       tsetup="TCOND = torch.tensor(np.arange(15).reshape(3, 5) % 3 == 0)"),
    _c('mint.conv2d', 'mint.nn.functional.conv2d', ['Conv2DExt'], [((2, 3, 5, 5), 'f'), ((2, 3, 3, 3), 'f')],
       'mint.nn.functional.conv2d', 'F.conv2d'),
    _c('mint.avg_pool2d', 'mint.nn.functional.avg_pool2d(x, 2, 2)', ['AvgPool2D'], X4,
       'lambda x: mint.nn.functional.avg_pool2d(x, 2, 2)', 'lambda x: F.avg_pool2d(x, 2, 2)'),
    _c('mint.max_pool2d', 'mint.nn.functional.max_pool2d(x, 2, 2)', ['MaxPoolWithMask'], [((2, 3, 4, 4), 'u')],
       'lambda x: mint.nn.functional.max_pool2d(x, 2, 2)', 'lambda x: F.max_pool2d(x, 2, 2)'),
    _c('mint.layer_norm', 'mint.nn.functional.layer_norm', ['LayerNormExt'], [((3, 6), 'f'), ((6,), 'p'), ((6,), 'f')],
       'lambda x, g, b: mint.nn.functional.layer_norm(x, (6,), g, b, 1e-7)',
       'lambda x, g, b: F.layer_norm(x, (6,), g, b, eps=1e-7)'),
    _c('mint.sqrt', 'mint.sqrt', ['Sqrt'], [((3, 5), 'p')], 'mint.sqrt', 'torch.sqrt'),
    _c('mint.cumsum', 'mint.cumsum(x, 1)', ['CumsumExt'], X2, 'lambda x: mint.cumsum(x, 1)',
       'lambda x: torch.cumsum(x, 1)'),
    # issue #5, second pass: APIs whose primitive was a name guess before api_primitives.csv had their rows;
    # an integer input ('i10') is an index tensor that is not differentiated
    _c('mint.embedding', 'mint.nn.functional.embedding(idx, w)', ['Embedding'], [((3, 5), 'i10'), ((10, 4), 'f')],
       'mint.nn.functional.embedding', 'F.embedding'),
    _c('Gather_embedding', 'ops.Gather()(w, idx, 0) (nn.Embedding)', ['Gather'], [((3, 5), 'i10'), ((10, 4), 'f')],
       'lambda i, w: ops.Gather()(w, i, 0)', 'lambda i, w: w[i]'),
    _c('Hardtanh', 'mint.nn.functional.hardtanh', ['Hardtanh'], X2, 'mint.nn.functional.hardtanh', 'F.hardtanh'),
    _c('ops.hardtanh', 'ops.hardtanh', ['Cast', 'Maximum', 'Minimum'], X2, 'ops.hardtanh', 'F.hardtanh'),
    _c('LogSigmoid', 'mint.nn.functional.logsigmoid', ['LogSigmoid'], X2, 'mint.nn.functional.logsigmoid',
       'F.logsigmoid'),
    _c('nn.LogSigmoid', 'nn.LogSigmoid()', ['Mul', 'Exp', 'Add', 'Reciprocal', 'Log'], X2, 'nn.LogSigmoid()',
       'F.logsigmoid'),
    _c('Einsum', 'ops.einsum', ['Einsum'], [((3, 4), 'f'), ((4, 5), 'f')], "lambda x, y: ops.einsum('ij,jk->ik', x, y)",
       "lambda x, y: torch.einsum('ij,jk->ik', x, y)"),
    _c('Roll', 'ops.roll', ['Roll'], X2, 'lambda x: ops.roll(x, 1, 1)', 'lambda x: torch.roll(x, 1, 1)'),
    _c('AvgPool1D', 'mint.nn.functional.avg_pool1d(x, 2, 2)', ['AvgPool1D'], [((2, 3, 8), 'f')],
       'lambda x: mint.nn.functional.avg_pool1d(x, 2, 2)', 'lambda x: F.avg_pool1d(x, 2, 2)'),
    _c('SeLU', 'ops.selu', ['SeLU'], X2, 'ops.selu', 'F.selu'),
    _c('ReLU6', 'ops.relu6', ['ReLU6'], X2, 'ops.relu6', 'F.relu6'),
    _c('Softsign', 'ops.softsign', ['Softsign'], X2, 'ops.softsign', 'F.softsign'),
    _c('CeLU', 'nn.CELU()', ['CeLU'], X2, 'nn.CELU()', 'F.celu'),
    _c('GLU', 'mint.nn.functional.glu', ['GLU'], [((3, 6), 'f')], 'mint.nn.functional.glu', 'F.glu'),
    # issue #5: PadV3's bprop branches on `mode`: constant emits PadV3 (or Slice), the others PadV3Grad
    _c('PadV3_constant', 'nn.ZeroPad2d(1)', ['PadV3'], X4, 'nn.ZeroPad2d(1)', 'lambda x: F.pad(x, (1, 1, 1, 1))',
       attrs={'PadV3': {'mode': 'constant'}}),
    _c('PadV3_edge', 'nn.ReplicationPad2d(1)', ['PadV3'], X4, 'nn.ReplicationPad2d(1)',
       "lambda x: F.pad(x, (1, 1, 1, 1), mode='replicate')", attrs={'PadV3': {'mode': 'edge'}}),
    _c('PadV3_reflect', "ops.pad(x, (1, 1, 1, 1), mode='reflect')", ['PadV3'], X4,
       "lambda x: ops.pad(x, (1, 1, 1, 1), mode='reflect')", "lambda x: F.pad(x, (1, 1, 1, 1), mode='reflect')",
       attrs={'PadV3': {'mode': 'reflect'}}),
]
CASE_BY_ID = {c.id: c for c in CASES}


def _is_int(kind: str) -> bool:
    return kind.startswith('i')


def _inputs(case: Case, seed: int = 0):
    import numpy as np
    rng = np.random.RandomState(seed)
    arrs = []
    for shape, kind in case.inputs:
        n = int(np.prod(shape))
        if _is_int(kind):
            arrs.append(rng.randint(0, int(kind[1:]), size=shape).astype(np.int64))
            continue
        if kind == 'p':
            a = rng.uniform(0.5, 2.0, size=shape)
        elif kind == 'u':   # distinct values, no ties (max/sort/topk)
            a = (rng.permutation(n).reshape(shape) / n * 4.0 - 2.0) + rng.uniform(0, 0.01, size=shape)
        else:
            a = rng.randn(*shape) * 0.8
        arrs.append(a.astype(np.float64))
    return arrs


KIND_PATTERNS = [
    ('bprop-missing', re.compile(r"Illegal primitive:?\s*(?:Primitive\s+)?(\w+)'s bprop not defined")),
    ('no-kernel', re.compile(r'kernel \w+ unregistered|does not support on CPU|not support(ed)? on (the )?CPU|'
                             r'Not found op|Unsupported op|kernel .*not (registered|found)|'
                             r'Can not find .*kernel|not supported in CPU|has no CPU|Create kernelmod for op \w+ failed', re.I)),
]


def key_line(text: str, exception: bool = True) -> str:
    """The line worth showing: a bprop/kernel line if any, else the exception's first line
    (MindSpore appends banners and C++ call stacks after it), else the last error-looking line."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith('[WARNING]')]
    for kind, pat in KIND_PATTERNS:
        for ln in lines:
            m = pat.search(ln)
            if m:
                return ln[:300]
    if exception and lines:
        return lines[0][:300]
    for ln in reversed(lines):
        if re.match(r'^(\w+Error|RuntimeError|TypeError|ValueError)', ln):
            return ln[:300]
    return (lines[-1] if lines else '')[:300]


def classify_error(text: str, exception: bool = True) -> dict:
    kl = key_line(text, exception)
    m = KIND_PATTERNS[0][1].search(text)
    if m:
        return {'error_kind': 'bprop-missing', 'missing': m.group(1), 'error': kl}
    if KIND_PATTERNS[1][1].search(text):
        return {'error_kind': 'no-kernel', 'error': kl}
    return {'error_kind': 'error', 'error': kl}


def _rel_err(a, b) -> float:
    import numpy as np
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    if a.shape != b.shape:
        return float('inf')
    scale = max(float(np.max(np.abs(b))) if b.size else 0.0, 1e-6)
    return float(np.max(np.abs(a - b))) / scale if a.size else 0.0


def _load_ms_op(case: Case):
    """Materialise the case's MindSpore callable from a real temp .py file.

    GRAPH_MODE compiles Python source, and code created by eval() has none, so the case's
    expression is written to a module in a temp dir and imported from there.
    """
    import importlib.util
    import tempfile
    import atexit
    import shutil
    tmp = tempfile.mkdtemp(prefix='ms_scan_probe_')
    atexit.register(shutil.rmtree, tmp, True)
    path = os.path.join(tmp, 'probe_case.py')
    with open(path, 'w') as f:
        f.write('import numpy as np\nimport mindspore as ms\nfrom mindspore import ops, mint, nn\n'
                'T = ms.Tensor\n' + (case.setup + '\n' if case.setup else '') + f'OP = {case.ms}\n')
    spec = importlib.util.spec_from_file_location('probe_case', path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules['probe_case'] = mod
    spec.loader.exec_module(mod)
    return mod.OP


def run_case(case: Case, mode: str) -> dict:
    """Child-process body: returns the outcome dict for one case in one mode."""
    import numpy as np
    import mindspore as ms
    from mindspore import mint, nn, ops
    ms.set_context(mode=ms.GRAPH_MODE if mode == 'graph' else ms.PYNATIVE_MODE)
    ms.set_device('CPU')
    op = _load_ms_op(case)
    arrs = _inputs(case)
    pos = tuple(i for i, (_, kind) in enumerate(case.inputs) if not _is_int(kind))  # differentiated inputs

    def L(*a):
        return ops.tanh(op(*a) + 0.3).sum()

    g1 = ms.grad(L, grad_position=pos[0])

    def GP(*a):
        g = g1(*a)
        return (g * g).sum()

    g2 = ms.grad(GP, grad_position=pos)

    def as_list(r):
        return list(r) if isinstance(r, (tuple, list)) else [r]

    nets = {}

    def call(fn, values=None):
        tensors = [ms.Tensor(a if a.dtype == np.int64 else a.astype(np.float32))
                   for a in (arrs if values is None else values)]
        if mode == 'graph':
            if id(fn) not in nets:
                class Net(nn.Cell):
                    def construct(self, *a):
                        return fn(*a)
                nets[id(fn)] = Net()
            return nets[id(fn)](*tensors)
        return fn(*tensors)

    def finite_diff(i, h=1e-2):
        """Central differences of MindSpore's own GP (first order only) w.r.t. argument i."""
        fd = np.zeros_like(arrs[i])
        for k in range(arrs[i].size):
            vals = []
            for sgn in (1.0, -1.0):
                moved = [a.copy() for a in arrs]
                moved[i].flat[k] += sgn * h
                vals.append(float(call(GP, moved).asnumpy()))
            fd.flat[k] = (vals[0] - vals[1]) / (2 * h)
        return fd

    ref = None
    if case.torch:
        import torch
        import torch.nn.functional as F
        tenv = {'torch': torch, 'F': F, 'np': np}
        if case.tsetup:
            exec(case.tsetup, tenv)  # noqa: S102
        top = eval(case.torch, tenv)  # noqa: S307
        ts = [torch.tensor(a) if a.dtype == np.int64 else torch.tensor(a, dtype=torch.float64, requires_grad=True)
              for a in arrs]
        y = top(*ts)
        lt = torch.tanh(y + 0.3).sum()
        (gt,) = torch.autograd.grad(lt, ts[pos[0]], create_graph=True)
        gpt = (gt * gt).sum()
        refs2 = torch.autograd.grad(gpt, [ts[i] for i in pos], allow_unused=True)
        ref = {'fwd': y.detach().numpy(), 'g1': gt.detach().numpy(),
               'g2': [r.detach().numpy() if r is not None else np.zeros_like(arrs[i]) for r, i in zip(refs2, pos)]}
    out = {'stage': 'forward'}
    try:
        fwd = call(op)
        fwd = fwd[0] if isinstance(fwd, (tuple, list)) else fwd
        fwd = fwd.asnumpy()
    except Exception as e:  # noqa: BLE001
        err = classify_error(str(e))
        return {**out, 'outcome': 'no-kernel' if err['error_kind'] == 'no-kernel' else 'fails', **err}
    if ref is not None and _rel_err(fwd, ref['fwd']) > RTOL:
        return {**out, 'outcome': 'ref-mismatch', 'rel_err': round(_rel_err(fwd, ref['fwd']), 6)}
    out['stage'] = 'first-order'
    try:
        g1v = call(g1).asnumpy()
    except Exception as e:  # noqa: BLE001
        err = classify_error(str(e))
        return {**out, 'outcome': 'no-kernel' if err['error_kind'] == 'no-kernel' else 'first-order-fails', **err}
    if ref is not None and _rel_err(g1v, ref['g1']) > RTOL:
        return {**out, 'outcome': 'first-order-wrong', 'rel_err': round(_rel_err(g1v, ref['g1']), 6)}
    out['stage'] = 'second-order'
    try:
        res = [r.asnumpy() for r in as_list(call(g2))]
    except Exception as e:  # noqa: BLE001
        err = classify_error(str(e))
        return {**out, 'outcome': 'no-kernel' if err['error_kind'] == 'no-kernel' else 'fails', **err}
    if not all(np.all(np.isfinite(r)) for r in res):
        return {**out, 'outcome': 'wrong', 'detail': 'non-finite values'}
    if ref is None:
        nz = any(np.max(np.abs(r)) > 0 for r in res)
        return {**out, 'outcome': 'ran' if nz else 'zeros', 'detail': case.note}
    errs = [_rel_err(r, rr) for r, rr in zip(res, ref['g2'])]
    if max(errs) <= RTOL:
        return {**out, 'outcome': 'ok', 'rel_err': round(max(errs), 6)}
    bad = [i for i, e in enumerate(errs) if e > RTOL]
    # independent judge for the anomaly: finite differences of MindSpore's own first-order GP
    try:
        fd_err = [round(_rel_err(finite_diff(pos[i]), ref['g2'][i]), 4) for i in bad]
    except Exception as e:  # noqa: BLE001
        fd_err = ['fd failed: ' + str(e).splitlines()[0][:80]]
    zero_args = [i for i in bad if np.max(np.abs(res[i])) == 0 and np.max(np.abs(ref['g2'][i])) > 1e-6]
    if zero_args:
        return {**out, 'outcome': 'zeros', 'args': zero_args, 'fd_vs_torch_rel_err': fd_err,
                'ref_absmax': [round(float(np.max(np.abs(ref['g2'][i]))), 4) for i in zero_args]}
    return {**out, 'outcome': 'wrong', 'args': bad, 'rel_err': [round(errs[i], 4) for i in bad],
            'fd_vs_torch_rel_err': fd_err}


def _spawn_once(case_id: str, mode: str, timeout: int) -> dict:
    import tempfile
    cmd = [sys.executable, '-m', 'mappings.bprop.probe', '--child', case_id, mode]
    env = dict(os.environ, GLOG_v='3', OMP_NUM_THREADS='1',
               PYTHONPATH=ROOT + os.pathsep + os.environ.get('PYTHONPATH', ''))
    # run in a scratch cwd: MindSpore drops rank_0/ and analyze_fail.ir files into the cwd
    with tempfile.TemporaryDirectory(prefix='ms_scan_probe_cwd_') as cwd:
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=cwd, env=env)
        except subprocess.TimeoutExpired:
            return {'outcome': 'fails', 'error_kind': 'timeout', 'error': f'timeout after {timeout}s'}
    for line in reversed(r.stdout.splitlines()):
        if line.startswith('PROBE_RESULT '):
            return json.loads(line[len('PROBE_RESULT '):])
    err = classify_error(r.stderr + r.stdout, exception=False)
    return {'outcome': 'no-kernel' if err['error_kind'] == 'no-kernel' else 'fails', 'stage': 'crash',
            'returncode': r.returncode, **err}


def _spawn(case_id: str, mode: str, timeout: int) -> dict:
    """One run; an unexplained failure (not bprop-missing / no-kernel) is retried once, and a
    pass on retry is kept as ``ok`` with the first error recorded under ``flaky``."""
    r = _spawn_once(case_id, mode, timeout)
    if r['outcome'] in ('fails', 'first-order-fails') and r.get('error_kind') in ('error', 'timeout'):
        r2 = _spawn_once(case_id, mode, timeout)
        if r2['outcome'] != r['outcome'] or r2.get('error') != r.get('error'):
            r2['flaky'] = r.get('error', r['outcome'])
        r = r2
    return r


def _branch(entry: dict, attrs: dict | None) -> dict | None:
    """The entry's attribute branch selected by `attrs` (as ms_scan.tables.bprop.matching_branch)."""
    for b in entry.get('branches', ()) if attrs else ():
        v = attrs.get(b['attr'])
        if v is not None and (v in b.get('values', ()) or ('values_not' in b and v not in b['values_not'])):
            return b
    return None


def prediction(prims: list[str], reg: dict, attrs: dict | None = None) -> dict:
    """Static verdict for a case: all of its primitives second-order OK in the 2.10 registry (for a primitive
    whose bprop branches on an attribute the case sets, the branch it selects)."""
    missing, unknown = [], []
    for p in prims:
        e = reg['primitives'].get(p)
        if e is None:
            unknown.append(p)
        elif e['second_order'] is None:
            unknown.append(p)
        else:
            b = _branch(e, (attrs or {}).get(p))
            missing += (b or e)['missing']
    if unknown:
        return {'second_order': None, 'unknown': unknown, 'missing': sorted(set(missing))}
    return {'second_order': not missing, 'missing': sorted(set(missing))}


def agreement(cases: list[dict], mode: str) -> dict:
    """Registry verdict vs probe. Excluded: no prediction, no CPU kernel for the forward or first-order step
    (nothing second order was run), reference or first-order problems."""
    agree, total, rows = 0, 0, []
    for c in cases:
        pred = c['predicted']['second_order']
        res = c['modes'].get(mode)
        if res is None or pred is None:
            continue
        oc = res['outcome']
        if (oc == 'no-kernel' and res.get('stage') in ('forward', 'first-order')) or oc in (
                'ref-mismatch', 'first-order-fails', 'first-order-wrong', 'ran'):
            continue
        total += 1
        ok = (pred and oc == 'ok') or (not pred and oc == 'fails' and res.get('error_kind') == 'bprop-missing')
        agree += ok
        if not ok:
            rows.append({'id': c['id'], 'predicted': pred, 'outcome': oc,
                         'detail': res.get('error') or res.get('rel_err') or res.get('args')})
    return {'cases': total, 'agree': agree, 'rate': round(agree / total, 4) if total else None,
            'disagreements': rows}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == '--child':
        res = run_case(CASE_BY_ID[argv[1]], argv[2])
        print('PROBE_RESULT ' + json.dumps(res, sort_keys=True), flush=True)
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--timeout', type=int, default=240)
    ap.add_argument('--only', nargs='*')
    ap.add_argument('--modes', nargs='*', default=['pynative', 'graph'])
    ap.add_argument('--registry', default=os.path.join(HERE, '2.10', 'bprop_registry.json'))
    ap.add_argument('--out', default=os.path.join(HERE, '2.10', 'probe.json'))
    args = ap.parse_args(argv)
    with open(args.registry) as f:
        reg = json.load(f)
    cases = [c for c in CASES if not args.only or c.id in args.only]
    jobs = [(c.id, m) for c in cases for m in args.modes]
    results: dict = {}
    if args.only and os.path.exists(args.out):   # partial rerun: keep the other rows
        with open(args.out) as f:
            for row in json.load(f).get('cases', []):
                for m, r in row['modes'].items():
                    results[(row['id'], m)] = r

    def work(job):
        r = _spawn(job[0], job[1], args.timeout)
        print(f'{job[0]:28} {job[1]:9} {r["outcome"]:12} {r.get("error", "")[:110]}', file=sys.stderr, flush=True)
        return job, r

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        for job, r in ex.map(work, jobs):
            results[job] = r
    import mindspore
    import torch
    rows = []
    for c in CASES:
        modes = {m: results[(c.id, m)] for m in ('pynative', 'graph') if (c.id, m) in results}
        if not modes:
            continue
        rows.append({'id': c.id, 'api': c.api, 'prims': c.prims, 'reference': 'torch-float64' if c.torch else None,
                     'note': c.note, 'predicted': prediction(c.prims, reg, c.attrs), 'modes': modes,
                     'evidence': 'probe', **({'attrs': c.attrs} if c.attrs else {})})
    doc = {'schema_version': 1, 'release': '2.10', 'evidence': 'probe',
           'mindspore_version': mindspore.__version__, 'torch_version': torch.__version__.split('+')[0],
           'device': 'CPU', 'rtol': RTOL,
           'method': 'GP = sum((d/dx sum(tanh(O(x,p)+0.3)))^2); nested mindspore.grad vs torch float64 '
                     'autograd.grad(create_graph=True); forward and first order checked first',
           'cases': rows,
           'agreement': {m: agreement(rows, m) for m in ('pynative', 'graph')}}
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, 'w') as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write('\n')
    for m in ('pynative', 'graph'):
        a = doc['agreement'][m]
        print(f"{m}: {a['agree']}/{a['cases']} agree ({a['rate']})", file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main())
