"""Meta-SGD (Li et al., 2017) for few-shot time-series classification: per-parameter learned inner
learning rates; the learner is assembled with add_module, and second-order meta-gradients are a flag."""
from collections import OrderedDict

import torch
import torch.nn as nn
from torch.func import functional_call


def build_learner(in_ch=1, ch=32, n_way=5, depth=3):
    net = nn.Sequential()
    for i in range(depth):
        net.add_module(f"conv{i}", nn.Conv1d(in_ch if i == 0 else ch, ch, 5, padding=2))
        net.add_module(f"bn{i}", nn.BatchNorm1d(ch, track_running_stats=False))
        net.add_module(f"act{i}", nn.LeakyReLU(0.1))
    net.add_module("gap", nn.AdaptiveMaxPool1d(1))
    net.add_module("flat", nn.Flatten())
    net.add_module("fc", nn.Linear(ch, n_way))
    net.add_module("logp", nn.LogSoftmax(dim=1))
    return net


class MetaSGD(nn.Module):
    def __init__(self, learner, init_lr=0.01, first_order=False):
        super().__init__()
        self.learner = learner
        self.second_order = not first_order
        self.lrs = nn.ParameterDict({
            k.replace(".", "_"): nn.Parameter(torch.full_like(p, init_lr)) for k, p in learner.named_parameters()
        })
        self.loss = nn.NLLLoss()

    def adapt(self, x, y):
        params = OrderedDict(self.learner.named_parameters())
        out = functional_call(self.learner, params, (x,))
        grads = torch.autograd.grad(self.loss(out, y), list(params.values()), create_graph=self.second_order)
        return OrderedDict(
            (k, p - self.lrs[k.replace(".", "_")] * g) for (k, p), g in zip(params.items(), grads)
        )

    def forward(self, xs, ys, xq, yq):
        fast = self.adapt(xs, ys)
        return self.loss(functional_call(self.learner, fast, (xq,)), yq)


def meta_train(task_sampler, iters=20000, meta_batch=4):
    meta = MetaSGD(build_learner(), first_order=False)
    opt = torch.optim.Adam(meta.parameters(), lr=1e-3)
    for _ in range(iters):
        opt.zero_grad()
        loss = sum(meta(*task_sampler()) for _ in range(meta_batch)) / meta_batch
        loss.backward()
        opt.step()
