"""MAML (second order) for few-shot intent detection on frozen sentence embeddings (5-way, 2-shot).
Hand-written functional forward over an OrderedDict of fast weights, as in the original MAML ports."""
from collections import OrderedDict

import torch
import torch.nn.functional as F

EMB, HID, N_WAY = 96, 64, 5


def init_params():
    p = OrderedDict()
    p["l1.w"] = torch.nn.init.xavier_uniform_(torch.empty(HID, EMB)).requires_grad_()
    p["l1.b"] = torch.zeros(HID, requires_grad=True)
    p["l2.w"] = torch.nn.init.xavier_uniform_(torch.empty(HID, HID)).requires_grad_()
    p["l2.b"] = torch.zeros(HID, requires_grad=True)
    p["out.w"] = torch.nn.init.xavier_uniform_(torch.empty(N_WAY, HID)).requires_grad_()
    p["out.b"] = torch.zeros(N_WAY, requires_grad=True)
    return p


def forward(x, params):
    h = F.selu(F.linear(x, params["l1.w"], params["l1.b"]))
    h = F.layer_norm(h, (HID,))
    h = torch.tanh(F.linear(h, params["l2.w"], params["l2.b"]))
    return F.linear(h, params["out.w"], params["out.b"])


def inner_adapt(params, xs, ys, steps=2, lr=0.4):
    fast = OrderedDict(params)
    for _ in range(steps):
        support_loss = F.cross_entropy(forward(xs, fast), ys)
        grads = torch.autograd.grad(support_loss, list(fast.values()), create_graph=True)
        fast = OrderedDict((k, w - lr * g) for (k, w), g in zip(fast.items(), grads))
    return fast


def sample_task(n_shot=2, n_query=6):
    protos = torch.randn(N_WAY, EMB)
    ys = torch.arange(N_WAY).repeat_interleave(n_shot)
    yq = torch.arange(N_WAY).repeat_interleave(n_query)
    return protos[ys] + 0.3 * torch.randn(len(ys), EMB), ys, protos[yq] + 0.3 * torch.randn(len(yq), EMB), yq


params = init_params()
meta_opt = torch.optim.Adam(params.values(), lr=1e-3)
for it in range(3):
    meta_opt.zero_grad()
    total = 0.0
    for _ in range(4):
        xs, ys, xq, yq = sample_task()
        fast = inner_adapt(params, xs, ys)
        logp = F.log_softmax(forward(xq, fast), dim=-1)
        query_loss = F.nll_loss(logp, yq)
        (query_loss / 4).backward()
        total += query_loss.item()
    meta_opt.step()
    print(it, total / 4)
