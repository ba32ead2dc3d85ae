"""Functional 1-D conv learner with per-step batch-norm statistics (MAML++ BNRS/BNWB)."""
import torch
import torch.nn.functional as F


def init_weights(n_way, channels=(1, 8, 8)):
    weights = {}
    for i, (cin, cout) in enumerate(zip(channels[:-1], channels[1:])):
        w = torch.empty(cout, cin, 3)
        torch.nn.init.kaiming_uniform_(w)
        weights[f"conv{i}.w"] = w.requires_grad_(True)
        weights[f"conv{i}.b"] = torch.zeros(cout, requires_grad=True)
    weights["head.w"] = (0.1 * torch.randn(n_way, channels[-1])).requires_grad_(True)
    weights["head.b"] = torch.zeros(n_way, requires_grad=True)
    return weights


def init_bn(n_steps, channels=(8, 8)):
    bn = {}
    for i, c in enumerate(channels):
        for s in range(n_steps + 1):
            bn[f"bn{i}.{s}.g"] = torch.ones(c, requires_grad=True)
            bn[f"bn{i}.{s}.b"] = torch.zeros(c, requires_grad=True)
    return bn


def forward(x, weights, bn, step, n_blocks=2):
    h = x
    for i in range(n_blocks):
        h = F.conv1d(h, weights[f"conv{i}.w"], weights[f"conv{i}.b"], padding=1)
        h = F.batch_norm(h, None, None, bn[f"bn{i}.{step}.g"], bn[f"bn{i}.{step}.b"], training=True)
        h = F.hardswish(h)
        h = F.max_pool1d(h, 2)
    return F.linear(h.mean(-1), weights["head.w"], weights["head.b"])
